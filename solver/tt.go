package solver

import (
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
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
//
// A table made by NewGrowingTable starts small and doubles as the search
// goes on (see grow): a search runs fastest on the smallest table that
// holds what it needs, since every probe of a large table goes to memory.
type Table struct {
	buckets []bucket
	mask    uint64
	// maxBuckets is the most buckets a growing table may have, and growAt
	// the node count (Solver.Nodes) at which it doubles next; MaxInt64
	// for a table of fixed size.
	maxBuckets uint64
	growAt     atomic.Int64
	// perEntry is the nodes per entry at which a growing table doubles.
	perEntry int64
	// Searchers hold mu for reading while they search; the searcher that
	// claims growing takes it for writing to double the table (see grow).
	mu      sync.RWMutex
	growing atomic.Bool
	// movers is how many goroutines move the entries when the table
	// doubles: the number of searchers, which wait for it meanwhile.
	movers int
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
	n := bucketsFor(mb)
	t := &Table{buckets: hugepages.Make[bucket](int(n)), mask: n - 1, maxBuckets: n}
	t.growAt.Store(math.MaxInt64)
	return t
}

// bucketsFor returns the number of buckets of a table of about mb
// megabytes: a power of two, at least one.
func bucketsFor(mb int) uint64 {
	n := uint64(max(mb, 0)) << 20 / 64
	if n < 1 {
		n = 1
	}
	return 1 << (63 - bits.LeadingZeros64(n))
}

// growNodesFor is how many nodes per entry a growing table lets a search run
// before it doubles, by the board's cells (docs/PERFORMANCE.md, "Table
// size"). On boards of up to 64 cells (the one-word search, a node in
// some 0.3 µs) a search runs fastest on a table far smaller than its node
// count, since every probe of a large table goes to memory. Larger boards
// take the general search, whose node costs some 0.6 µs, a miss far less
// in proportion, and whose endgames transpose more than a small table
// holds: there the table grows with the node count.
func growNodesFor(cells int) int64 {
	if growNodes > 0 {
		return growNodes
	}
	if cells > 64 {
		return 1
	}
	return 64
}

// growNodes, when positive, overrides growNodesFor (tests make tables grow
// early with it).
var growNodes int64

// NewGrowingTable returns a table of about startMB megabytes that doubles
// up to about maxMB as the searches of the Solver it serves go on: each
// time their node count (Solver.Nodes, from nodes) reaches perEntry nodes
// per entry of the table.
func NewGrowingTable(startMB, maxMB int, perEntry, nodes int64) *Table {
	t := NewTable(min(startMB, maxMB))
	t.maxBuckets = max(bucketsFor(maxMB), uint64(len(t.buckets)))
	t.perEntry = perEntry
	t.setGrowAt(nodes)
	return t
}

// setGrowAt sets when the table doubles next, nodes being the node count
// now.
func (t *Table) setGrowAt(nodes int64) {
	if uint64(len(t.buckets)) >= t.maxBuckets {
		t.growAt.Store(math.MaxInt64)
		return
	}
	t.growAt.Store(nodes + t.perEntry*4*int64(len(t.buckets)))
}

// enter and leave bracket a searcher's use of the table during a search;
// the table grows only while every searcher is outside (or in grow).
func (t *Table) enter() { t.mu.RLock() }
func (t *Table) leave() { t.mu.RUnlock() }

// grow doubles the table if the node count reached growAt, nodes being
// the count now. A searcher calls it between nodes, inside enter/leave:
// it steps out, and one searcher (the one that claims growing) waits until
// every other has stepped out too (each checks growAt every few thousand
// nodes), doubles the table and moves growAt on; the others step straight
// back in, waiting only while the table doubles. A searcher that queued
// for the write lock instead would, once another had doubled the table,
// wait for readers that no longer step out until the next doubling: the
// second thread idled for 17 and 34 s of a 6x6 search that way.
func (t *Table) grow(nodes int64) {
	t.mu.RUnlock()
	if t.growing.CompareAndSwap(false, true) {
		if nodes >= t.growAt.Load() { // not yet doubled by another
			t.mu.Lock()
			t.double()
			t.setGrowAt(nodes)
			t.mu.Unlock()
		}
		t.growing.Store(false)
	}
	t.mu.RLock()
}

// An entry's data word keeps bits indexLow to indexLow+7 of its key's
// Index in its top byte, so that doubling a table of 2^b buckets, for b
// in that range, knows which of the two new buckets each entry goes to.
const indexLow = 16

// double makes the table twice as large, moving every entry to its bucket
// in the new one. Callers hold mu for writing, so the other searchers wait:
// the move is split between as many goroutines as there are searchers
// (Table.movers), since most of its time is the kernel handing out and
// clearing the new table's pages, which runs in parallel.
func (t *Table) double() {
	n := uint64(len(t.buckets))
	next := hugepages.Make[bucket](int(2 * n))
	if parts := uint64(t.movers); parts <= 1 || n < parts*minMoveBuckets {
		t.move(next, 0, n)
	} else {
		var wg sync.WaitGroup
		for w := uint64(0); w < parts; w++ {
			lo, hi := n*w/parts, n*(w+1)/parts
			wg.Go(func() { t.move(next, lo, hi) })
		}
		wg.Wait()
	}
	t.buckets, t.mask = next, 2*n-1
}

// minMoveBuckets is the fewest buckets worth a goroutine of their own
// when the table doubles.
const minMoveBuckets = 1 << 14

// move moves the entries of buckets lo to hi of the table into next, a
// table twice as large: bucket i goes to next's buckets i and i+n.
func (t *Table) move(next []bucket, lo, hi uint64) {
	n := uint64(len(t.buckets))
	b := bits.TrailingZeros64(n)
	for i := lo; i < hi; i++ {
		var filled [2]int
		for j := range t.buckets[i] {
			d, c := t.buckets[i][j].data.load(), t.buckets[i][j].check.load()
			if d == 0 {
				continue
			}
			for half := uint64(0); half < 2; half++ {
				// Where the key's bit b is not kept, the entry goes to both
				// buckets: in the wrong one it matches no key.
				if b >= indexLow && b < indexLow+8 && d>>(56+b-indexLow)&1 != half {
					continue
				}
				slot := &next[i+half*n][filled[half]]
				slot.data.store(d)
				slot.check.store(c)
				filled[half]++
			}
		}
	}
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
// over the entry that cost the least work to find. It returns the work of
// the entry of another position that it replaced, or 0 when it took an
// empty slot or k's own.
func (t *Table) Store(k Key, e Entry) (replaced uint8) {
	b := &t.buckets[k.Index&t.mask]
	d := e.pack() | (k.Index>>indexLow&0xff)<<56
	victim, least := 0, 1<<30
	for i := range b {
		old := b[i].data.load()
		if b[i].check.load()^old == k.Check && old != 0 {
			victim, least = i, 0
			break
		}
		if w := int(unpack(old).Work); old == 0 {
			victim, least = i, 0
		} else if w < least {
			victim, least = i, w
		}
	}
	b[victim].data.store(d)
	b[victim].check.store(k.Check ^ d)
	return uint8(least)
}

// TableStats counts what a search asked of the table.
type TableStats struct {
	// Bytes is the table's size.
	Bytes int64 `json:"bytes"`
	// Probes counts look-ups, Hits those that found the position.
	Probes int64 `json:"probes"`
	Hits   int64 `json:"hits"`
	// Stores counts entries written, Replaced those written over another
	// position's entry (a bucket collision that cost the older entry).
	Stores   int64 `json:"stores"`
	Replaced int64 `json:"replaced"`
	// LostWork estimates the nodes it took to find the replaced entries:
	// what the search may have to do again.
	LostWork int64 `json:"lost_work"`
}

// Since returns the counts of st made after before was taken (Bytes as
// in st).
func (st TableStats) Since(before TableStats) TableStats {
	return TableStats{Bytes: st.Bytes, Probes: st.Probes - before.Probes, Hits: st.Hits - before.Hits,
		Stores: st.Stores - before.Stores, Replaced: st.Replaced - before.Replaced, LostWork: st.LostWork - before.LostWork}
}

// add adds o's counts to st (not Bytes).
func (st *TableStats) add(o TableStats) {
	st.Probes += o.Probes
	st.Hits += o.Hits
	st.Stores += o.Stores
	st.Replaced += o.Replaced
	st.LostWork += o.LostWork
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
