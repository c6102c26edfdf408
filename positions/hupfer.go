package positions

import "math/bits"

// hupferMoves appends the Hüpfer moves of p: the captures if any piece of the
// side to move can capture, otherwise the hops (with a birth, or turning into
// a capture). With dedupe off, moves from different pieces that produce the
// same position are all kept, as in frogletMoves.
func (p *Position) hupferMoves(buf []Move, dedupe bool) []Move {
	b := p.Board
	first := len(buf)
	mine := p.SideSet(p.Side)
	var none Set
	if b.words == 1 {
		// Small boards: the pieces that can capture, all at once.
		theirs := p.Occ[0] &^ mine[0]
		for x := b.captureFrom(mine[0], theirs); x != 0 && !TooManyMoves(buf, first); x &= x - 1 {
			buf = p.captureChains(buf, bits.TrailingZeros64(x), bits.TrailingZeros64(x), Set{})
		}
	} else {
		for w := 0; w < b.words; w++ {
			for x := mine[w]; x != 0; x &= x - 1 {
				s := w<<6 + bits.TrailingZeros64(x)
				if p.canCapture(s, s, &none) && !TooManyMoves(buf, first) {
					buf = p.captureChains(buf, s, s, Set{})
				}
			}
		}
	}
	if TooManyMoves(buf, first) {
		return cut(buf, first)
	}
	if len(buf) > first {
		if dedupe {
			buf = p.dedupeAcrossStarts(buf, first)
		}
		return buf
	}
	for w := 0; w < b.words; w++ {
		for x := mine[w]; x != 0 && !TooManyMoves(buf, first); x &= x - 1 {
			buf = p.hops(buf, w<<6+bits.TrailingZeros64(x))
		}
	}
	if TooManyMoves(buf, first) {
		return cut(buf, first)
	}
	if dedupe {
		buf = p.dedupeAcrossStarts(buf, first)
	}
	return buf
}

// hupferEmpty reports whether cell c is empty while the piece that started on
// s is moving and the pieces in taken have been captured.
func (p *Position) hupferEmpty(c, s int, taken *Set) bool {
	return !p.Occ.Has(c) || c == s || taken.Has(c)
}

// canCapture reports whether the piece of the side to move standing on at
// (having started on s, with taken captured) can capture.
func (p *Position) canCapture(at, s int, taken *Set) bool {
	b := p.Board
	for d := 0; d < numDirs; d++ {
		to := int(b.jump[d][at])
		if to < 0 {
			continue
		}
		mid := int(b.step[d][at])
		if p.isEnemy(mid, s, taken) && p.hupferEmpty(to, s, taken) {
			return true
		}
	}
	return false
}

// isEnemy reports whether c holds a piece of the side not to move that has
// not been captured.
func (p *Position) isEnemy(c, s int, taken *Set) bool {
	return c != s && p.Occ.Has(c) && !taken.Has(c) && (p.Colour[0].Has(c) != (p.Side == Turquoise))
}

// isOwn reports whether c holds a piece of the side to move other than the
// moving one.
func (p *Position) isOwn(c, s int) bool {
	return c != s && p.Occ.Has(c) && (p.Colour[0].Has(c) == (p.Side == Turquoise))
}

// captureChains appends the end states of every capture sequence by the
// piece that started on s and now stands on at, having captured taken (the
// sequence so far is not a move yet). A sequence ends only when the piece
// cannot capture again. The states are walked breadth first in a queue;
// states with the same number of captures form one layer, the only place a
// repeat can occur.
func (p *Position) captureChains(buf []Move, s, at int, taken Set) []Move {
	b := p.Board
	var queue [16]Move // longer chains spill to the heap
	q := queue[:0]
	q = append(q, Move{From: int16(s), To: int16(at), Birth: -1, Removed: taken, Jumps: int16(taken.Count())})
	layerStart, firstMove := 0, len(buf)
	var layer, ends stateIndex
	// The walk stops past MaxMoves states, end states or not, so that
	// the caller sees too many moves either way.
	for i := 0; i < len(q) && len(q)+len(buf)-firstMove <= MaxMoves; i++ {
		if i == layerStart {
			layerStart = len(q)
			layer.reset()
		}
		cur := q[i]
		c := int(cur.To)
		extended := false
		for d := 0; d < numDirs; d++ {
			to := int(b.jump[d][c])
			if to < 0 {
				continue
			}
			mid := int(b.step[d][c])
			if !p.isEnemy(mid, s, &cur.Removed) || !p.hupferEmpty(to, s, &cur.Removed) {
				continue
			}
			extended = true
			next := cur
			next.To = int16(to)
			next.Jumps++
			next.Removed.Add(mid)
			if !layer.contains(q[layerStart:], &next) {
				q = append(q, next)
			}
		}
		if !extended && i > 0 && !ends.contains(buf[firstMove:], &cur) {
			buf = append(buf, cur)
		}
	}
	if len(q)+len(buf)-firstMove > MaxMoves {
		return overflow(buf, firstMove)
	}
	return buf
}

// smallChains is captureChains on one word, its twin (the tests hold
// SmallMoves to GenerateMoves): every end state of the capture
// sequences of the piece that started on from and stands on at, breadth
// first.
func (b *Board) smallChains(s *Small, buf []SmallMove, from, at int, theirs uint64) []SmallMove {
	open := b.Cells[0]&^s.Occ | cellBit(from)
	// Most often no capture can be followed by another: then the moves
	// are the single captures, in the order of their directions, which is
	// the order the walk below would give them.
	offs := b.offsets()
	first := b.jumpDirs(at, theirs, open)
	single := true
	for dirs := first; dirs != 0 && single; dirs &= dirs - 1 {
		d := bits.TrailingZeros(dirs)
		mid := cellBit(at + offs[d])
		single = b.jumpDirs(at+2*offs[d], theirs&^mid, open|mid) == 0
	}
	if single {
		for dirs := first; dirs != 0; dirs &= dirs - 1 {
			d := bits.TrailingZeros(dirs)
			buf = pushMove(buf, cellBit(at+offs[d]), int8(from), int8(at+2*offs[d]), -1, 1, 0)
		}
		return buf
	}
	var queue [16]SmallMove // longer chains spill to the heap
	q := append(queue[:0], SmallMove{From: int8(from), To: int8(at), Birth: -1})
	layerStart, firstMove := 0, len(buf)
	var layer, ends smallIndex
	for i := 0; i < len(q) && len(q)+len(buf)-firstMove <= MaxMoves; i++ {
		if i == layerStart {
			layerStart = len(q)
			layer.reset()
		}
		cur := q[i]
		c := int(cur.To)
		enemy, empty := theirs&^cur.Removed, open|cur.Removed
		extended := false
		for dirs := b.jumpDirs(c, enemy, empty); dirs != 0; dirs &= dirs - 1 {
			d := bits.TrailingZeros(dirs)
			mid, to := c+offs[d], c+2*offs[d]
			extended = true
			next := cur
			next.To = int8(to)
			next.Jumps++
			next.Removed |= 1 << (uint(mid) & 63)
			if !layer.contains(q[layerStart:], next.To, next.Removed) {
				q = append(q, next)
			}
		}
		if !extended && i > 0 && !ends.contains(buf[firstMove:], cur.To, cur.Removed) {
			buf = append(buf, cur)
		}
	}
	for len(q)+len(buf)-firstMove > MaxMoves && len(buf)-firstMove <= MaxMoves {
		buf = append(buf, SmallMove{From: -1, To: -1, Birth: -1}) // the mark of a cut list
	}
	return buf
}

// overflow pads buf to more than MaxMoves moves from first, the mark of a
// list cut short (TooManyMoves), when states rather than moves ran out.
func overflow(buf []Move, first int) []Move {
	for len(buf)-first <= MaxMoves {
		buf = append(buf, Move{From: -1, To: -1, Birth: -1})
	}
	return buf
}

// hops appends the hop moves of the piece on s: every point it can reach by
// hops over its own pieces, never landing twice on a point, with a birth
// beside it; where it lands able to capture, the move goes on as a capture.
// Since hops leave the board unchanged, where the piece can go does not
// depend on the path: a breadth-first search over points finds it.
func (p *Position) hops(buf []Move, s int) []Move {
	b := p.Board
	if b.words == 1 {
		return p.hopsSmall(buf, s)
	}
	var visited Set
	visited.Add(s)
	var queue [MaxCells]int16
	q := queue[:0]
	q = append(q, int16(s))
	var none Set
	firstMove := len(buf)
	supply := p.Counts[p.Side] > 0
	for i := 0; i < len(q); i++ {
		at := int(q[i])
		for d := 0; d < numDirs; d++ {
			to := int(b.jump[d][at])
			if to < 0 || visited.Has(to) || !p.isOwn(int(b.step[d][at]), s) || !p.hupferEmpty(to, s, &none) {
				continue
			}
			visited.Add(to)
			if p.canCapture(to, s, &none) {
				n := len(buf)
				buf = p.captureChains(buf, s, to, Set{})
				// Chains from different capture points may end alike.
				buf = append(buf[:n], uniqueStates(buf[firstMove:n], buf[n:])...)
				continue
			}
			q = append(q, int16(to))
			if !supply {
				continue
			}
			for e := 0; e < numDirs; e++ {
				birth := int(b.step[e][to])
				if birth >= 0 && p.hupferEmpty(birth, s, &none) {
					buf = append(buf, Move{From: int16(s), To: int16(to), Birth: int16(birth)})
				}
			}
		}
	}
	return buf
}

// hopReach is the flood fill of hopsSmall: from the cell start, hops over
// pieces of mine onto cells of empty (start counted empty), a round at a
// time. ends are the points the piece can stop on (a birth follows);
// captures are the points from which it can capture an enemy of theirs,
// where its hops stop and a capture must follow. (hopsCapture passes
// several starts at once.)
func (b *Board) hopReach(start, mine, theirs, empty uint64) (ends, captures uint64) {
	captureAt := b.jumpSources(b.Cells[0], theirs, empty)
	visited, frontier := start, start
	for frontier != 0 {
		next := b.shiftJumps(frontier, mine, empty) &^ visited
		visited |= next
		captures |= next & captureAt
		frontier = next &^ captureAt
		ends |= frontier
	}
	return ends, captures
}

// uniqueStates returns the moves of add whose end state is not in have. It
// reuses add's storage.
func uniqueStates(have, add []Move) []Move {
	out := add[:0]
	for i := range add {
		if add[i].Birth < 0 && containsState(have, &add[i]) {
			continue
		}
		out = append(out, add[i])
	}
	return out
}

// hopsSmall is hops on a board of at most 64 cells: the points the piece
// can reach are found by a flood fill over one word, a round of hops at a
// time; points from which it could capture stop the fill.
func (p *Position) hopsSmall(buf []Move, s int) []Move {
	b := p.Board
	start := cellBit(s)
	mine := p.SideSet(p.Side)[0] &^ start
	theirs := p.Occ[0] &^ mine &^ start
	empty := b.Cells[0]&^p.Occ[0] | start
	ends, captures := b.hopReach(start, mine, theirs, empty)
	if p.Counts[p.Side] > 0 {
		for x := ends; x != 0; x &= x - 1 {
			to := bits.TrailingZeros64(x)
			for e := 0; e < numDirs; e++ {
				if birth := int(b.step[e][to]); birth >= 0 && empty>>(uint(birth)&63)&1 != 0 {
					buf = append(buf, Move{From: int16(s), To: int16(to), Birth: int16(birth)})
				}
			}
		}
	}
	firstMove := len(buf)
	for x := captures; x != 0; x &= x - 1 {
		n := len(buf)
		buf = p.captureChains(buf, s, bits.TrailingZeros64(x), Set{})
		// Chains from different capture points may end alike.
		buf = append(buf[:n], uniqueStates(buf[firstMove:n], buf[n:])...)
	}
	return buf
}
