package positions

import (
	"math/rand/v2"
	"testing"
)

// hopsCaptureEach is hopsCapture the plain way: a flood fill from each
// hopper alone, its own start empty and not hopped over.
func (b *Board) hopsCaptureEach(hoppers, mine, theirs, occ uint64) bool {
	for x := hoppers; x != 0; x &= x - 1 {
		start := x & -x
		if _, captures := b.hopReach(start, mine&^start, theirs, b.Cells[0]&^occ|start); captures != 0 {
			return true
		}
	}
	return false
}

// TestHopsCaptureOneFill holds hopsCapture's one fill from every hopper to
// a fill from each alone, on random pieces of two sides on boards of 3x3 to
// 8x8, where no piece of the player can capture where it stands (its
// callers' case).
func TestHopsCaptureOneFill(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	counts := map[bool]int{}
	for i := 0; i < 200000; i++ {
		b := MustBoard(3+rng.IntN(6), 3+rng.IntN(6), Set{})
		cells := b.Cells[0]
		density := 0.2 + 0.6*rng.Float64()
		var mine, theirs uint64
		for x := cells; x != 0; x &= x - 1 {
			bit := x & -x
			switch r := rng.Float64(); {
			case r < density*0.6:
				mine |= bit
			case r < density:
				theirs |= bit
			}
		}
		if b.captureFrom(mine, theirs) != 0 {
			continue
		}
		occ := mine | theirs
		hoppers := b.jumpSources(mine, mine, cells&^occ)
		want := b.hopsCaptureEach(hoppers, mine, theirs, occ)
		if got := b.hopsCapture(hoppers, mine, theirs, occ); got != want {
			t.Fatalf("%dx%d, mine %#x, theirs %#x: hopsCapture %v, each hopper alone %v", b.Width, b.Height, mine, theirs, got, want)
		}
		counts[want]++
	}
	if counts[false] < 1000 || counts[true] < 1000 {
		t.Errorf("too few of each answer: %v", counts)
	}
	t.Logf("a capture reached, none: %d, %d", counts[true], counts[false])
}

// FuzzHopsCapture holds hopsCapture to hopsCaptureEach on any board of up
// to 8x8 and any two disjoint sets of pieces on it.
func FuzzHopsCapture(f *testing.F) {
	f.Add(uint8(6), uint8(6), uint64(0x0303), uint64(0x30c0000000))
	f.Add(uint8(8), uint8(8), uint64(0x00ff00ff), uint64(0xff00ff0000000000))
	f.Fuzz(func(t *testing.T, w, h uint8, mine, theirs uint64) {
		b := MustBoard(1+int(w)%8, 1+int(h)%8, Set{})
		mine &= b.Cells[0]
		theirs &= b.Cells[0] &^ mine
		if b.captureFrom(mine, theirs) != 0 {
			return
		}
		occ := mine | theirs
		hoppers := b.jumpSources(mine, mine, b.Cells[0]&^occ)
		if got, want := b.hopsCapture(hoppers, mine, theirs, occ), b.hopsCaptureEach(hoppers, mine, theirs, occ); got != want {
			t.Fatalf("%dx%d, mine %#x, theirs %#x: hopsCapture %v, each hopper alone %v", b.Width, b.Height, mine, theirs, got, want)
		}
	})
}
