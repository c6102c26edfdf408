//go:build race

package solver

import "sync/atomic"

// word is the table's word made atomic for the race detector (see
// word.go, which the other builds use).
type word struct{ v atomic.Uint64 }

func (w *word) load() uint64 { return w.v.Load() }

func (w *word) store(x uint64) { w.v.Store(x) }
