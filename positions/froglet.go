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
	movers := p.Occ
	if empty := b.Cells.AndNot(p.Occ); empty.Count() < p.Occ.Count() {
		// A dense board: every jump lands on one of the few empty cells, so
		// find the frogs that can jump from there (jumps are symmetric: e is
		// two steps from s exactly when s is two steps from e).
		movers = Set{}
		for w := 0; w < b.words; w++ {
			for x := empty[w]; x != 0; x &= x - 1 {
				e := w<<6 + bits.TrailingZeros64(x)
				for d := 0; d < numDirs; d++ {
					if s := int(b.jump[d][e]); s >= 0 && p.Occ.Has(s) && p.Occ.Has(int(b.step[d][e])) {
						movers.Add(s)
					}
				}
			}
		}
	}
	for w := 0; w < b.words; w++ {
		for x := movers[w]; x != 0; x &= x - 1 {
			s := w<<6 + bits.TrailingZeros64(x)
			n := len(buf)
			buf = p.frogletJumps(buf, s)
			if len(buf)-n > 0 && buf[len(buf)-1].Jumps >= 2 {
				multi = true
			}
		}
	}
	if multi && dedupe {
		buf = p.dedupeAcrossStarts(buf, first)
	}
	return buf
}

// frogletJumps appends every end state of jump sequences by the frog on s.
// It walks the states breadth first, using the appended moves themselves as
// the queue: states with k frogs taken form one contiguous layer, so a new
// state need only be compared with the states of its own layer.
func (p *Position) frogletJumps(buf []Move, s int) []Move {
	b := p.Board
	start := len(buf)
	// The first layer: single jumps straight from s.
	buf = p.singleJumpsFrom(buf, s)
	layerStart := start
	for i := start; i < len(buf); i++ {
		if i == layerStart {
			layerStart = len(buf) // the next layer starts after what is queued now
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
			if !containsState(buf[layerStart:], &next) {
				buf = append(buf, next)
			}
		}
	}
	return buf
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
