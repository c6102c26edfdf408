package enumerate

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// Counting identifies a Froglet position by its board alone: the scores do
// not change what can follow, and both players have the same moves, so the
// side to move does not either. A Hüpfer position is its board, side and
// supplies. Both are what positions' keys hold.

// PlyCount is what CountDepth finds at one ply.
type PlyCount struct {
	Ply       int    `json:"ply"`
	Paths     uint64 `json:"paths"`
	Positions int    `json:"positions"`
}

// ErrOverflow is returned when a count no longer fits 64 bits.
var ErrOverflow = errors.New("count exceeds 2^64")

// ErrStopped is returned by a count that its stop function ended.
var ErrStopped = errors.New("stopped")

// CountDepth counts, for each ply from 1 to depth, the move sequences of
// that length from p and the distinct positions they reach (zeros once
// every game has ended). stop, if not nil, is polled between positions;
// when it returns true the count ends with the plies finished so far and a
// nil error.
func CountDepth(p *positions.Position, depth int, stop func() bool) ([]PlyCount, error) {
	type entry struct {
		pos   *positions.Position
		paths uint64
	}
	keys := positions.NewBigCanonicalizer(p.Board, false)
	level := map[positions.BigKey]*entry{keys.Key(p): {p, 1}}
	var out []PlyCount
	var buf []positions.Move
	for ply := 1; ply <= depth; ply++ {
		next := map[positions.BigKey]*entry{}
		var paths uint64
		for _, e := range level {
			if stop != nil && stop() {
				return out, nil
			}
			buf = e.pos.GenerateMoves(buf[:0])
			if positions.TooManyMoves(buf, 0) {
				return out, fmt.Errorf("%s: %w", e.pos, positions.ErrTooManyMoves)
			}
			for i := range buf {
				child := e.pos.Child(&buf[i])
				k := keys.Key(child)
				n, ok := next[k]
				if !ok {
					n = &entry{pos: child}
					next[k] = n
				}
				var carry uint64
				n.paths, carry = bits.Add64(n.paths, e.paths, 0)
				if carry != 0 {
					return out, ErrOverflow
				}
				paths, carry = bits.Add64(paths, e.paths, 0)
				if carry != 0 {
					return out, ErrOverflow
				}
			}
		}
		out = append(out, PlyCount{Ply: ply, Paths: paths, Positions: len(next)})
		level = next // once empty, the plies left are rows of zeros
	}
	return out, nil
}

// LevelCount is the number of positions with a given number of pieces.
type LevelCount struct {
	Pieces    int `json:"pieces"`
	Positions int `json:"positions"`
}

// CountAll counts every distinct position reachable from p, p included,
// grouped by the number of pieces on the board, largest first. With
// symmetry, positions that a symmetry of the board maps onto each other
// count once. Tiers (positions.Tier) are expanded from the highest down,
// each by all cores. progress, if not nil, is called after each tier with
// the positions counted and found so far; stop, if not nil, is polled
// every 64 positions and ends the count with ErrStopped.
func CountAll(p *positions.Position, symmetry bool, progress func(done, total int), stop func() bool) ([]LevelCount, int, error) {
	if p.Board.Size() <= 64 {
		keys := positions.NewCanonicalizer(p.Board)
		if !symmetry {
			keys = positions.PlainCanonicalizer(p.Board)
		}
		return countTiers(p, smallCodec(p, keys), progress, stop, nil)
	}
	return countTiers(p, bigCodec(p, positions.NewBigCanonicalizer(p.Board, symmetry)), progress, stop, nil)
}

// codec is what countTiers needs of a key type.
type codec[K comparable] struct {
	// key returns the key of a position.
	key func(*positions.Position) K
	// hash is the hash of a key, by which the sets place it.
	hash func(*K) uint64
	// expander returns one worker's expansion of a key: it calls emit
	// with the tier, key and hash of each position one move on, and
	// returns the number of pieces on the key's board.
	expander func() func(k *K, emit func(t int, ck K, h uint64)) int
}

// smallCodec is the codec of the positions of p's game and board (of at
// most 64 cells): one-word keys, expanded without making positions.
func smallCodec(p *positions.Position, keys positions.Canonicalizer) codec[positions.SmallKey] {
	return codec[positions.SmallKey]{
		key:  keys.Key,
		hash: (*positions.SmallKey).Hash,
		expander: func() func(*positions.SmallKey, func(int, positions.SmallKey, uint64)) int {
			var buf []positions.SmallMove
			return func(k *positions.SmallKey, emit func(int, positions.SmallKey, uint64)) int {
				return keys.Expand(p.Game, p.Board, k, &buf, emit)
			}
		},
	}
}

// bigCodec is the codec of the positions of p's game and board of any
// size, expanded through Positions.
func bigCodec(p *positions.Position, keys positions.BigCanonicalizer) codec[positions.BigKey] {
	return codec[positions.BigKey]{
		key:  keys.Key,
		hash: (*positions.BigKey).Hash,
		expander: func() func(*positions.BigKey, func(int, positions.BigKey, uint64)) int {
			var buf []positions.Move
			return func(k *positions.BigKey, emit func(int, positions.BigKey, uint64)) int {
				q := k.Position(p.Game, p.Board)
				if q.Game == positions.Froglet && !q.IsFull() {
					buf = q.SingleJumps(buf[:0]) // as Canonicalizer.Expand does
				} else {
					buf = q.GenerateMoves(buf[:0])
				}
				for i := range buf {
					child := q
					child.Apply(&buf[i])
					ck := keys.Key(&child)
					emit(positions.Tier(&child), ck, ck.Hash())
				}
				return q.Pieces()
			}
		},
	}
}

// countTiers counts the positions reachable from p, tier by tier from the
// highest, and hands each tier's set, once expanded, to keep if not nil
// (Enumerate keeps them all); keep's error ends the count.
func countTiers[K comparable](p *positions.Position, codec codec[K], progress func(done, total int), stop func() bool, keep func(int, *shardedSet[K]) error) ([]LevelCount, int, error) {
	tiers := map[int]*shardedSet[K]{}
	tierOf := func(t int) *shardedSet[K] {
		if tiers[t] == nil {
			tiers[t] = newShardedSet(codec.hash)
		}
		return tiers[t]
	}
	k0 := codec.key(p)
	h0 := codec.hash(&k0)
	var first batcher[K]
	first.add(tierOf(positions.Tier(p)), k0, h0)
	first.flush(tierOf(positions.Tier(p)))
	byPieces := map[int]int{}
	total := 0
	for {
		top := -1
		for t := range tiers {
			top = max(top, t)
		}
		if top < 0 {
			break
		}
		set := tiers[top]
		delete(tiers, top)
		// Children of one tier fall into lower tiers; make those sets now
		// so that workers only read them, from a slice: map look-ups per
		// child were a sixth of the enumeration.
		lower := make([]*shardedSet[K], top)
		for t := range lower {
			lower[t] = tierOf(t)
		}
		if !expandTier(set, lower, codec, stop, byPieces, &total) {
			return nil, total, ErrStopped
		}
		if keep != nil {
			if err := keep(top, set); err != nil {
				return nil, total, err
			}
		}
		for t, s := range tiers {
			if s.size.Load() == 0 {
				delete(tiers, t)
			}
		}
		if progress != nil {
			n := 0
			for _, s := range tiers {
				n += int(s.size.Load())
			}
			progress(total, total+n)
		}
	}
	var levels []LevelCount
	for pieces, n := range byPieces {
		levels = append(levels, LevelCount{pieces, n})
	}
	sort.Slice(levels, func(i, j int) bool { return levels[i].Pieces > levels[j].Pieces })
	return levels, total, nil
}

// expandTier expands every position of set on all cores, adding their
// children to the lower tiers' sets, and counts the positions in
// byPieces and total; false means that stop ended it.
func expandTier[K comparable](set *shardedSet[K], lower []*shardedSet[K], codec codec[K], stop func() bool, byPieces map[int]int, total *int) bool {
	workers := runtime.GOMAXPROCS(0)
	var stopped atomic.Bool
	var wg sync.WaitGroup
	var mu sync.Mutex
	for w := range workers {
		wg.Go(func() {
			local, done := expandShards(set, lower, w, workers, codec.expander(), stop)
			if !done {
				stopped.Store(true)
				return
			}
			mu.Lock()
			for n, c := range local {
				if c != 0 {
					byPieces[n] += c
					*total += c
				}
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	return !stopped.Load()
}

// expandShards is one worker's share of a tier: it expands the keys of
// every workers-th shard of set from shard w, adding the children to the
// lower tiers' sets in batches, and returns the positions it expanded by
// their pieces, and false if stop ended it.
func expandShards[K comparable](set *shardedSet[K], lower []*shardedSet[K], w, workers int, expand func(*K, func(int, K, uint64)) int, stop func() bool) ([]int, bool) {
	local := make([]int, positions.MaxCells+1)
	batchers := make([]*batcher[K], len(lower)) // one per target tier
	defer func() {
		for t, b := range batchers {
			if b != nil {
				b.flush(lower[t])
			}
		}
	}()
	emit := func(t int, ck K, h uint64) {
		b := batchers[t]
		if b == nil {
			b = &batcher[K]{}
			batchers[t] = b
		}
		b.add(lower[t], ck, h)
	}
	polled := 0
	for si := w; si < len(set.shards); si += workers {
		done := set.shards[si].set.each(func(k *K) bool {
			// stop every 64 positions: a shared counter it may keep
			// moves between the cores' caches.
			if polled++; polled&63 == 0 && stop != nil && stop() {
				return false
			}
			local[expand(k, emit)]++
			return true
		})
		if !done {
			return nil, false
		}
	}
	return local, true
}
