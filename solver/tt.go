package solver

import (
	"math/bits"
	"unsafe"

	"github.com/leapfrog-solver/leapfrog/internal/hugepages"
	"github.com/leapfrog-solver/leapfrog/internal/prefetch"
)

// Table is the transposition table: a fixed number of 4-entry buckets of
// 16 bytes each, shared by all search threads without locks. Each entry
// holds the key XOR the data beside the data (Hyatt's lockless hashing): a
// torn write between threads shows up as a key that does not match, never
// as a wrong value.
//
// An entry stores both a lower and an upper bound on the exact value, the
// index of the best move found and the work (log2 of the nodes) that found
// them. The games are finite and no position repeats, so bounds do not
// depend on depth or path: an entry stays true for ever.
type Table struct {
	buckets []bucket
	mask    uint64
}

type bucket [4]struct{ check, data word }

// Entry is what the table knows of a position.
type Entry struct {
	Lower, Upper int16
	// Best is the index of the best move in generation order, or NoMove.
	Best uint16
	// Work is log2 of the nodes searched to find the bounds, plus one.
	Work uint8
}

// NoMove marks an entry without a best move.
const NoMove = 0xffff

func (e Entry) pack() uint64 {
	return uint64(uint16(e.Lower)) | uint64(uint16(e.Upper))<<16 | uint64(e.Best)<<32 | uint64(e.Work)<<48
}

func unpack(d uint64) Entry {
	return Entry{Lower: int16(uint16(d)), Upper: int16(uint16(d >> 16)), Best: uint16(d >> 32), Work: uint8(d >> 48)}
}

// NewTable returns a table of about mb megabytes (at least one bucket).
func NewTable(mb int) *Table {
	n := uint64(mb) << 20 / 64
	if n < 1 {
		n = 1
	}
	n = 1 << (63 - bits.LeadingZeros64(n)) // a power of two
	t := &Table{buckets: hugepages.Make[bucket](int(n)), mask: n - 1}
	return t
}

// Key identifies a position: Index picks the bucket, Check confirms the
// entry. They come from independent hashes, so a false match needs 128 bits
// to collide by chance.
type Key struct{ Index, Check uint64 }

// Probe returns the entry for k, if the table has one.
func (t *Table) Probe(k Key) (Entry, bool) {
	b := &t.buckets[k.Index&t.mask]
	for i := range b {
		d := b[i].data.load()
		if b[i].check.load()^d == k.Check && d != 0 {
			return unpack(d), true
		}
	}
	return Entry{}, false
}

// Prefetch starts loading k's bucket into the processor's caches, so that
// a Probe of k soon after does not wait for memory.
func (t *Table) Prefetch(k Key) {
	prefetch.Line(unsafe.Pointer(&t.buckets[k.Index&t.mask]))
}

// Store records e for k: over k's own entry if the bucket has one, else
// over the entry that cost the least work to find.
func (t *Table) Store(k Key, e Entry) {
	b := &t.buckets[k.Index&t.mask]
	d := e.pack()
	victim, least := 0, 1<<30
	for i := range b {
		old := b[i].data.load()
		if b[i].check.load()^old == k.Check && old != 0 {
			victim = i
			break
		}
		if w := int(unpack(old).Work); old == 0 {
			victim, least = i, -1
		} else if w < least {
			victim, least = i, w
		}
	}
	b[victim].data.store(d)
	b[victim].check.store(k.Check ^ d)
}

// Clear empties the table.
func (t *Table) Clear() {
	for i := range t.buckets {
		for j := range t.buckets[i] {
			t.buckets[i][j].data.store(0)
			t.buckets[i][j].check.store(0)
		}
	}
}

// Bytes returns the table's size.
func (t *Table) Bytes() int { return len(t.buckets) * 64 }
