package enumerate

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync/atomic"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// ErrTooLarge is what a *TooLargeError is (errors.Is): the positions do
// not fit the memory budget.
var ErrTooLarge = errors.New("the positions do not fit the memory budget")

// TooLargeError reports a table that does not fit its memory budget: when
// it was found out and with what it had found.
type TooLargeError struct {
	// Phase is what was stopped: "enumeration" or "backward pass".
	Phase string
	// Positions found and tiers complete when it stopped.
	Positions, Tiers int
	// Bytes is the heap in use when the enumeration stopped, or the
	// estimate of what the backward pass needs; Budget is the bound.
	Bytes, Budget int64
}

func (e *TooLargeError) Error() string {
	if e.Phase == "backward pass" {
		return fmt.Sprintf("the positions do not fit the memory budget: the backward pass over %d positions in %d tiers needs about %s, the budget is %s",
			e.Positions, e.Tiers, FormatBytes(e.Bytes), FormatBytes(e.Budget))
	}
	return fmt.Sprintf("the positions do not fit the memory budget: the enumeration stopped at %s of heap with %d positions in %d complete tiers and more to come; the budget is %s",
		FormatBytes(e.Bytes), e.Positions, e.Tiers, FormatBytes(e.Budget))
}

// Is makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// FormatBytes writes a byte count for people in the units the command
// line's sizes use (a GB is 2^30 bytes, as in --memory 8GB): 3.2 GB,
// 512 MB, 12 KB.
func FormatBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.0f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// HeapBytes returns the bytes of live and not yet collected heap objects,
// what memory budgets are checked against.
func HeapBytes() int64 { return heapBytes() }

// Enumerate finds every position reachable from p (a board of at most 64
// cells), up to symmetry, and returns them by tier. maxBytes bounds the
// heap (0: no bound): the count checks the live heap as it goes, every set
// counted, and ends with ErrTooLarge before it outgrows the bound.
// progress and stop as in CountAll.
func Enumerate(p *positions.Position, maxBytes int64, progress func(done, total int), stop func() bool) (map[int]*KeySet, error) {
	if p.Board.Size() > 64 {
		return nil, errors.New("tables are made for boards of at most 64 cells")
	}
	var tooLarge atomic.Int64 // the heap when the budget was passed
	var calls atomic.Int64
	check := func() bool {
		if stop != nil && stop() {
			return true
		}
		if maxBytes > 0 && calls.Add(1)%(1<<10) == 0 { // every 65,536 positions (see expandShards)
			if h := heapBytes(); h > maxBytes {
				tooLarge.CompareAndSwap(0, h)
			}
		}
		return tooLarge.Load() != 0
	}
	pk, err := newKeyPacking(p)
	if err != nil {
		return nil, err
	}
	// Each tier, once complete, is packed to half its size.
	kept := map[int]*KeySet{}
	found := 0
	keep := func(t int, s *shardedSet[positions.SmallKey]) error {
		ks, err := newKeySet(pk, s)
		if err != nil {
			return fmt.Errorf("tier %d: %w", t, err)
		}
		kept[t] = ks
		found += ks.Len()
		if maxBytes > 0 {
			if h := heapBytes(); h > maxBytes {
				runtime.GC() // the unpacked set may still count
				if h := heapBytes(); h > maxBytes {
					tooLarge.CompareAndSwap(0, h)
					return ErrTooLarge
				}
			}
		}
		return nil
	}
	_, _, err = countTiers(p, smallCodec(p, positions.NewCanonicalizer(p.Board)), progress, check, keep)
	if h := tooLarge.Load(); h != 0 {
		return nil, &TooLargeError{Phase: "enumeration", Positions: found, Tiers: len(kept), Bytes: h, Budget: maxBytes}
	}
	if err != nil {
		return nil, err
	}
	return kept, nil
}

// heapBytes returns the bytes of live and not yet collected heap objects.
func heapBytes() int64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(sample[0].Value.Uint64())
}
