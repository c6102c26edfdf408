package solver

import "testing"

// TestBusyTable: a marked position is busy until unmarked; a second mark
// of a taken slot records nothing, and its unmark frees nothing.
func TestBusyTable(t *testing.T) {
	b := newBusyTable(4)
	k := Key{Index: 3, Check: 0xabc0}
	other := Key{Index: 3 + 16, Check: 0x1230} // the same slot
	if b.has(k) {
		t.Fatal("an empty table has k")
	}
	slot := b.mark(k)
	if slot < 0 || !b.has(k) {
		t.Fatalf("mark gave slot %d, has %v", slot, b.has(k))
	}
	if b.has(other) {
		t.Error("another key of the slot is seen as busy")
	}
	s2 := b.mark(other)
	if s2 != -1 {
		t.Errorf("a taken slot was marked again: %d", s2)
	}
	b.unmark(s2)
	if !b.has(k) {
		t.Error("unmarking a failed mark freed the slot")
	}
	b.unmark(slot)
	if b.has(k) {
		t.Error("k is busy after unmark")
	}
}
