package prefetch

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// chain returns a table of mb megabytes of 64-byte lines whose first words
// link every line once, in a random order: following it from line 0 visits
// them all, each load waiting for the one before.
func chain(mb int) []uint64 {
	lines := mb << 20 / 64
	t := make([]uint64, lines*8)
	order := rand.New(rand.NewPCG(1, 2)).Perm(lines)
	for i, l := range order {
		t[l*8] = uint64(order[(i+1)%lines] * 8)
	}
	return t
}

// TestChainVisitsEveryLine: the benchmarks below walk one cycle through all
// the lines, so that each table size is what they measure.
func TestChainVisitsEveryLine(t *testing.T) {
	tab := chain(1)
	seen := make(map[uint64]bool)
	for at := uint64(0); !seen[at]; at = tab[at] {
		seen[at] = true
	}
	if want := len(tab) / 8; len(seen) != want {
		t.Fatalf("the chain visits %d lines of %d", len(seen), want)
	}
}

// BenchmarkDependentLoad measures the time of one random load that waits
// for the one before, by the size of the table it reads: what a probe of
// the transposition table costs when nothing fetched it early, as the
// table outgrows each cache (docs/PERFORMANCE.md, "Table size").
// go test ./internal/prefetch -run XXX -bench DependentLoad
func BenchmarkDependentLoad(b *testing.B) {
	for _, mb := range []int{1, 2, 4, 8, 16, 64, 256} {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			tab := chain(mb)
			at := uint64(0)
			b.ResetTimer()
			for range b.N {
				at = tab[at]
			}
			sink = at
		})
	}
}

// BenchmarkPrefetchedLoads measures random lines of tables of the same
// sizes read in groups of eight, each group's lines fetched (Line) before
// any is read, as a Froglet node fetches its children's buckets: the time
// per line, with the waits overlapped.
func BenchmarkPrefetchedLoads(b *testing.B) {
	for _, mb := range []int{1, 8, 256} {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			tab := chain(mb)
			lines := uint64(len(tab) / 8)
			rng := rand.New(rand.NewPCG(3, 4))
			var group [8]uint64
			var sum uint64
			b.ResetTimer()
			for i := 0; i < b.N; i += len(group) {
				for j := range group {
					group[j] = rng.Uint64N(lines) * 8
					Line(unsafe.Pointer(&tab[group[j]]))
				}
				for _, at := range group {
					sum += tab[at]
				}
			}
			sink = sum
		})
	}
}

var sink uint64
