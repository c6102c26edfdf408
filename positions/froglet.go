package positions

import "math/bits"

// frogletMoves appends the Froglet moves of p. On a full board they are the
// removals of green frogs; otherwise every frog's jump sequences, each
// distinct end state (final cell, set of frogs taken) once. With dedupe off,
// moves from different frogs that happen to produce the same position are all
// kept (the spelling code wants them to pick the smallest spelling).
func (p *Position) frogletMoves(buf []Move, dedupe bool) []Move {
	b := p.Board
	first := len(buf)
	if p.IsFull() {
		greens := p.Occ.AndNot(p.Colour[0]).AndNot(p.Colour[1])
		for w := 0; w < b.words; w++ {
			for x := greens[w]; x != 0; x &= x - 1 {
				c := int16(w<<6 + bits.TrailingZeros64(x))
				buf = append(buf, Move{From: c, To: -1, Birth: -1})
			}
		}
		return buf
	}
	multi := false
	if b.words == 1 {
		// Small boards: the first jumps of every frog at once, by shifts.
		fj := b.firstJumps(p.Occ[0])
		for x := fj[0] | fj[1] | fj[2] | fj[3]; x != 0; x &= x - 1 {
			s := bits.TrailingZeros64(x)
			n := len(buf)
			for d := 0; d < numDirs; d++ {
				if fj[d]>>uint(s)&1 != 0 {
					buf = p.appendJump(buf, s, d)
				}
			}
			buf = p.continueJumps(buf, s, n)
			if TooManyMoves(buf, first) {
				return cut(buf, first)
			}
			if buf[len(buf)-1].Jumps >= 2 {
				multi = true
			}
		}
	} else {
		fj := b.firstJumpSets(&p.Occ)
		var movers Set
		for d := range fj {
			movers = movers.Or(fj[d])
		}
		for w := 0; w < b.words; w++ {
			for x := movers[w]; x != 0; x &= x - 1 {
				s := w<<6 + bits.TrailingZeros64(x)
				n := len(buf)
				for d := 0; d < numDirs; d++ {
					if fj[d].Has(s) {
						buf = p.appendJump(buf, s, d)
					}
				}
				buf = p.continueJumps(buf, s, n)
				if TooManyMoves(buf, first) {
					return cut(buf, first)
				}
				if buf[len(buf)-1].Jumps >= 2 {
					multi = true
				}
			}
		}
	}
	if multi && dedupe {
		buf = p.dedupeAcrossStarts(buf, first)
	}
	return buf
}

// continueJumps extends the single jumps of the frog on s, which are
// buf[start:], to every end state of its jump sequences. It walks the
// states breadth first, using the appended moves themselves as the queue:
// states with k frogs taken form one contiguous layer, so a new state need
// only be compared with the states of its own layer. It stops once the
// frog has more than MaxMoves.
func (p *Position) continueJumps(buf []Move, s, start int) []Move {
	b := p.Board
	layerStart := start
	var layer stateIndex
	for i := start; i < len(buf) && len(buf)-start <= MaxMoves; i++ {
		if i == layerStart {
			layerStart = len(buf) // the next layer starts after what is queued now
			layer.reset()
		}
		cur := buf[i]
		at := int(cur.To)
		for d := 0; d < numDirs; d++ {
			to := int(b.jump[d][at])
			if to < 0 {
				continue
			}
			mid := int(b.step[d][at])
			// mid must hold a frog: occupied at the start, not taken yet, not s.
			if mid == s || !p.Occ.Has(mid) || cur.Removed.Has(mid) {
				continue
			}
			// to must be empty: empty at the start, or taken, or s.
			if p.Occ.Has(to) && to != s && !cur.Removed.Has(to) {
				continue
			}
			next := cur
			next.To = int16(to)
			next.Jumps++
			next.Points += int16(p.ColourAt(mid) + 1)
			next.Removed.Add(mid)
			if !layer.contains(buf[layerStart:], &next) {
				buf = append(buf, next)
			}
		}
	}
	return buf
}

// appendJump appends the single jump of the frog on s in direction d,
// known to be legal.
func (p *Position) appendJump(buf []Move, s, d int) []Move {
	b := p.Board
	mid := int(b.step[d][s])
	m := Move{From: int16(s), To: b.jump[d][s], Birth: -1, Jumps: 1, Points: int16(p.ColourAt(mid) + 1)}
	m.Removed.Add(mid)
	return append(buf, m)
}

// singleJumpsFrom appends the single jumps of the frog on s: over an
// adjacent frog onto the empty cell beyond.
func (p *Position) singleJumpsFrom(buf []Move, s int) []Move {
	b := p.Board
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
	return buf
}

// containsState reports whether some move in ms ends on the same cell having
// taken the same frogs as m.
func containsState(ms []Move, m *Move) bool {
	for i := range ms {
		if ms[i].To == m.To && ms[i].Removed == m.Removed {
			return true
		}
	}
	return false
}
