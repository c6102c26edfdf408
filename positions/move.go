package positions

// Move is a legal move as the generators produce it: what it does to the
// board, not how it is spelled. The piece on From goes to To (To is -1 for
// the Froglet first removal, which takes the piece off), every cell of
// Removed is emptied, and a Hüpfer birth puts a piece of the mover's colour
// on Birth.
type Move struct {
	From, To int16
	// Birth is the Hüpfer birth point, or -1.
	Birth int16
	// Points is what the move scores (Froglet); 0 in Hüpfer.
	Points int16
	// Jumps is the number of jumps (Froglet) or captures (Hüpfer) made.
	Jumps int16
	// Removed holds the cells of the frogs jumped or the pieces captured.
	Removed Set
}

// Apply plays m on p, which it changes in place: the board, the score or
// supply, and the side to move.
func (p *Position) Apply(m *Move) {
	col := 0
	if m.From >= 0 {
		col = p.ColourAt(int(m.From))
		p.Clear(int(m.From))
	}
	for w := 0; w < p.Board.words; w++ {
		r := m.Removed[w]
		p.Occ[w] &^= r
		p.Colour[0][w] &^= r
		p.Colour[1][w] &^= r
	}
	if m.To >= 0 {
		p.Put(int(m.To), col)
	}
	if m.Birth >= 0 {
		p.Put(int(m.Birth), p.Side)
		p.Counts[p.Side]--
	}
	if p.Game == Froglet {
		p.Counts[p.Side] += int(m.Points)
	}
	p.Side ^= 1
}

// Child returns a copy of p with m played.
func (p *Position) Child(m *Move) *Position {
	q := *p
	q.Apply(m)
	return &q
}

// Clone returns a copy of p.
func (p *Position) Clone() *Position {
	q := *p
	return &q
}

// GenerateMoves appends every legal move of p to buf and returns it. Each move
// appears once: no two moves produce the same position. The order is fixed
// for a given position. It allocates nothing once buf has room enough.
func (p *Position) GenerateMoves(buf []Move) []Move {
	if p.Game == Hupfer {
		return p.hupferMoves(buf, true)
	}
	return p.frogletMoves(buf, true)
}

// HasMoves reports whether the player to move has a legal move.
func (p *Position) HasMoves() bool {
	var buf [64]Move
	return len(p.GenerateMoves(buf[:0])) > 0
}

// dedupeAcrossStarts removes moves that start from different pieces yet
// produce the same position. Within one start the generators never repeat a
// position; across starts that needs each piece to jump over the other's
// start or to come back to its own, which the cheap test below looks for
// before positions are compared.
func (p *Position) dedupeAcrossStarts(moves []Move, first int) []Move {
	out := moves[:first]
	for i := first; i < len(moves); i++ {
		m := &moves[i]
		dup := false
		if m.Jumps >= 2 {
			for j := first; j < len(out); j++ {
				o := &out[j]
				if o.From == m.From || o.Jumps != m.Jumps || o.Points != m.Points {
					continue
				}
				if !(o.Removed.Has(int(m.From)) || m.To == m.From) || !(m.Removed.Has(int(o.From)) || o.To == o.From) {
					continue
				}
				if p.Child(o).Equal(p.Child(m)) {
					dup = true
					break
				}
			}
		}
		if !dup {
			out = append(out, *m)
		}
	}
	return out
}

// smallDedupe is dedupeAcrossStarts for small moves, its twin (the tests
// hold SmallMoves to GenerateMoves).
func (b *Board) smallDedupe(g Game, s *Small, moves []SmallMove, first int) []SmallMove {
	out := moves[:first]
	// A move can repeat an earlier one only if that one took its frog,
	// or it comes back to its start: taken is every frog the earlier
	// moves of two jumps or more took, which rules most moves out at once.
	var taken uint64
	for i := first; i < len(moves); i++ {
		m := moves[i]
		dup := false
		if m.Jumps >= 2 && (taken>>(uint(m.From)&63)&1 != 0 || m.To == m.From) {
			for j := first; j < len(out); j++ {
				o := &out[j]
				if o.From == m.From || o.Jumps != m.Jumps || o.Points != m.Points {
					continue
				}
				if !(o.Removed>>(uint(m.From)&63)&1 != 0 || m.To == m.From) || !(m.Removed>>(uint(o.From)&63)&1 != 0 || o.To == o.From) {
					continue
				}
				a, c := *s, *s
				a.Apply(g, o)
				c.Apply(g, &m)
				if a == c {
					dup = true
					break
				}
			}
		}
		if !dup {
			out = append(out, m)
			if m.Jumps >= 2 {
				taken |= m.Removed
			}
		}
	}
	return out
}
