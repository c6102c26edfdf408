package positions

import (
	"errors"
	"math/bits"
	"sort"
)

// Counting identifies a Froglet position by its board alone: the scores do
// not change what can follow, and both players have the same moves, so the
// side to move does not either. A Hüpfer position is its board, side and
// supplies.

// PlyCount is what CountDepth finds at one ply.
type PlyCount struct {
	Ply       int    `json:"ply"`
	Paths     uint64 `json:"paths"`
	Positions int    `json:"positions"`
}

// ErrOverflow is returned when a count no longer fits 64 bits.
var ErrOverflow = errors.New("count exceeds 2^64")

// countKey identifies a position for counting.
type countKey struct {
	occ, c0, c1 Set
	meta        uint64
}

func keyOf(p *Position) countKey {
	k := countKey{occ: p.Occ, c0: p.Colour[0], c1: p.Colour[1]}
	if p.Game == Hupfer {
		k.meta = uint64(p.Side) | uint64(p.Counts[0])<<1 | uint64(p.Counts[1])<<32
	}
	return k
}

// CountDepth counts, for each ply from 1 to depth, the move sequences of
// that length from p and the distinct positions they reach. stop, if not
// nil, is polled between positions; when it returns true the count ends
// with the plies finished so far and a nil error.
func CountDepth(p *Position, depth int, stop func() bool) ([]PlyCount, error) {
	type entry struct {
		pos   *Position
		paths uint64
	}
	level := map[countKey]*entry{keyOf(p): {p, 1}}
	var out []PlyCount
	var buf []Move
	for ply := 1; ply <= depth; ply++ {
		next := map[countKey]*entry{}
		var paths uint64
		for _, e := range level {
			if stop != nil && stop() {
				return out, nil
			}
			buf = e.pos.GenerateMoves(buf[:0])
			for i := range buf {
				child := e.pos.Child(&buf[i])
				k := keyOf(child)
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
		level = next
		if len(level) == 0 {
			break
		}
	}
	return out, nil
}

// LevelCount is the number of positions with a given number of pieces.
type LevelCount struct {
	Pieces    int `json:"pieces"`
	Positions int `json:"positions"`
}

// tier strictly falls with every move: Froglet frogs, or Hüpfer pieces on the
// board plus twice the pieces in the supplies (rules.md, Decision 6).
func tier(p *Position) int {
	if p.Game == Hupfer {
		return p.Pieces() + 2*(p.Counts[0]+p.Counts[1])
	}
	return p.Pieces()
}

// CountAll counts every distinct position reachable from p, p included,
// grouped by the number of pieces on the board, largest first. With
// symmetry, positions that a symmetry of the board maps onto each other
// count once. progress, if not nil, is called after each tier with the
// positions found so far; stop as in CountDepth (a stopped count returns
// ErrStopped).
func CountAll(p *Position, symmetry bool, progress func(done, total int), stop func() bool) ([]LevelCount, int, error) {
	var syms []Symmetry
	if symmetry {
		syms = p.Board.Symmetries()
	}
	canon := func(q *Position) countKey {
		k := keyOf(q)
		for i := 1; i < len(syms); i++ {
			c := countKey{occ: syms[i].Map(&q.Occ), c0: syms[i].Map(&q.Colour[0]), c1: syms[i].Map(&q.Colour[1]), meta: k.meta}
			if countKeyLess(&c, &k) {
				k = c
			}
		}
		return k
	}
	tiers := map[int]map[countKey]struct{}{}
	start := canon(p)
	tiers[tier(p)] = map[countKey]struct{}{start: {}}
	byPieces := map[int]int{}
	total := 0
	var buf []Move
	for {
		// The highest tier left: every position that can reach it has been
		// expanded already.
		top := -1
		for t := range tiers {
			if t > top {
				top = t
			}
		}
		if top < 0 {
			break
		}
		set := tiers[top]
		delete(tiers, top)
		for k := range set {
			if stop != nil && stop() {
				return nil, total, ErrStopped
			}
			q := fromKey(p, k)
			byPieces[q.Pieces()]++
			total++
			if q.Game == Froglet && !q.IsFull() {
				buf = q.singleJumps(buf[:0])
			} else {
				buf = q.GenerateMoves(buf[:0])
			}
			for i := range buf {
				child := q.Child(&buf[i])
				t := tier(child)
				ts := tiers[t]
				if ts == nil {
					ts = map[countKey]struct{}{}
					tiers[t] = ts
				}
				ts[canon(child)] = struct{}{}
			}
		}
		if progress != nil {
			progress(total, total+pending(tiers))
		}
	}
	var levels []LevelCount
	for pieces, n := range byPieces {
		levels = append(levels, LevelCount{pieces, n})
	}
	sort.Slice(levels, func(i, j int) bool { return levels[i].Pieces > levels[j].Pieces })
	return levels, total, nil
}

// ErrStopped is returned by a count that its stop function ended.
var ErrStopped = errors.New("stopped")

func pending(tiers map[int]map[countKey]struct{}) int {
	n := 0
	for _, s := range tiers {
		n += len(s)
	}
	return n
}

func countKeyLess(a, b *countKey) bool {
	if a.occ != b.occ {
		return a.occ.Less(&b.occ)
	}
	if a.c0 != b.c0 {
		return a.c0.Less(&b.c0)
	}
	return a.c1.Less(&b.c1)
}

func fromKey(p *Position, k countKey) *Position {
	q := &Position{Game: p.Game, Board: p.Board, Occ: k.occ, Colour: [2]Set{k.c0, k.c1}}
	if p.Game == Hupfer {
		q.Side = int(k.meta & 1)
		q.Counts = [2]int{int(k.meta >> 1 & 0x7fffffff), int(k.meta >> 32)}
	}
	return q
}

// singleJumps appends the Froglet moves of one jump each. Every Froglet move
// is a chain of single jumps, each of which is a move on its own, so the
// positions reachable by single jumps are exactly those reachable by moves:
// CountAll uses them as the cheaper way to enumerate.
func (p *Position) singleJumps(buf []Move) []Move {
	b := p.Board
	for w := 0; w < b.words; w++ {
		for x := p.Occ[w]; x != 0; x &= x - 1 {
			s := w<<6 + bits.TrailingZeros64(x)
			for d := 0; d < numDirs; d++ {
				to := int(b.jump[d][s])
				if to < 0 {
					continue
				}
				mid := int(b.step[d][s])
				if p.Occ.Has(mid) && !p.Occ.Has(to) {
					m := Move{From: int16(s), To: int16(to), Birth: -1, Jumps: 1, Points: int16(p.ColourAt(mid) + 1)}
					m.Removed.Add(mid)
					buf = append(buf, m)
				}
			}
		}
	}
	return buf
}
