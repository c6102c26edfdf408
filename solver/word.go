//go:build !race

package solver

// word is one 64-bit word of the table, read and written with plain loads
// and stores. Threads race on it by design: the Go memory model gives a
// word-sized racy read some value that was written (never a mix of two),
// and the table's check word (key XOR data) rejects an entry whose two
// words come from different writes. An atomic store would cost a locked
// exchange on amd64 (docs/PERFORMANCE.md, "Solver").
//
// Under the race detector, word_race.go makes the same accesses atomic, so
// that the detector checks the rest of the program.
type word struct{ v uint64 }

func (w *word) load() uint64 { return w.v }

func (w *word) store(x uint64) { w.v = x }
