package positions

import (
	"math/bits"
	"sync"
)

// Symmetry is a rotation or reflection of the grid that maps a board's
// cells (holes included) onto themselves.
type Symmetry struct {
	// Name says which one: "identity", "rot90", "rot180", "rot270",
	// "flip-files", "flip-ranks", "diagonal", "anti-diagonal".
	Name string
	// Perm maps each cell to its image.
	Perm []int16
	// lo[k][v] is the image of the bits v of byte k of a one-word set
	// (boards of at most 64 cells), hi[k][v] that of byte 4+k; hi is nil
	// on boards of at most 32 cells, and tables past the board's cells
	// are zero. A set maps in four or eight look-ups, unrolled (map4).
	lo, hi *[4][256]uint64
	// bit[c] is the image of cell c as a one-word set, for sets of few
	// cells (see mapFew).
	bit []uint64
}

var symCache sync.Map // board key -> []Symmetry

type boardKey struct {
	w, h  int
	cells Set
}

// Symmetries returns the symmetries of the board, the identity first.
func (b *Board) Symmetries() []Symmetry {
	key := boardKey{b.Width, b.Height, b.Cells}
	if v, ok := symCache.Load(key); ok {
		return v.([]Symmetry)
	}
	w, h := b.Width, b.Height
	type tf struct {
		name string
		f    func(f, r int) (int, int)
	}
	tfs := []tf{
		{"identity", func(f, r int) (int, int) { return f, r }},
		{"rot180", func(f, r int) (int, int) { return w - 1 - f, h - 1 - r }},
		{"flip-files", func(f, r int) (int, int) { return w - 1 - f, r }},
		{"flip-ranks", func(f, r int) (int, int) { return f, h - 1 - r }},
	}
	if w == h {
		tfs = append(tfs,
			tf{"diagonal", func(f, r int) (int, int) { return r, f }},
			tf{"anti-diagonal", func(f, r int) (int, int) { return w - 1 - r, w - 1 - f }},
			tf{"rot90", func(f, r int) (int, int) { return r, w - 1 - f }},
			tf{"rot270", func(f, r int) (int, int) { return w - 1 - r, f }},
		)
	}
	var out []Symmetry
	for _, t := range tfs {
		perm := make([]int16, b.Size())
		ok := true
		for c := 0; c < b.Size(); c++ {
			f, r := t.f(c%w, c/w)
			img := r*w + f
			perm[c] = int16(img)
			if b.Cells.Has(c) != b.Cells.Has(img) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		sy := Symmetry{Name: t.name, Perm: perm}
		if b.words == 1 {
			sy.bit = make([]uint64, b.Size())
			for c := range sy.bit {
				sy.bit[c] = 1 << uint(perm[c])
			}
			sy.lo = new([4][256]uint64)
			if b.Size() > 32 {
				sy.hi = new([4][256]uint64)
			}
			for k := 0; k*8 < b.Size(); k++ {
				table := &sy.lo[k&3]
				if k >= 4 {
					table = &sy.hi[k&3]
				}
				for v := 0; v < 256; v++ {
					var img uint64
					for bit := 0; bit < 8; bit++ {
						c := k*8 + bit
						if v>>bit&1 != 0 && c < b.Size() {
							img |= 1 << uint(perm[c])
						}
					}
					table[v] = img
				}
			}
		}
		out = append(out, sy)
	}
	v, _ := symCache.LoadOrStore(key, out)
	return v.([]Symmetry)
}

// Map returns the image of a set of cells.
func (sy *Symmetry) Map(s *Set) Set {
	var out Set
	if sy.lo != nil {
		out[0] = sy.mapWord(s[0])
		return out
	}
	for w, word := range s {
		for word != 0 {
			c := w<<6 + bits.TrailingZeros64(word)
			out.Add(int(sy.Perm[c]))
			word &= word - 1
		}
	}
	return out
}

// mapWord is Map for the one-word set x of a board of at most 64 cells.
func (sy *Symmetry) mapWord(x uint64) uint64 {
	img := map4(sy.lo, x)
	if sy.hi != nil {
		img |= map4(sy.hi, x>>32)
	}
	return img
}

// map4 is the image of the four low bytes of x under t (lo or hi).
func map4(t *[4][256]uint64, x uint64) uint64 {
	return t[0][x&0xff] | t[1][x>>8&0xff] | t[2][x>>16&0xff] | t[3][x>>24&0xff]
}

// mapFew is mapWord for sets of a few cells: a look-up per cell.
func (sy *Symmetry) mapFew(x uint64) uint64 {
	var img uint64
	for ; x != 0; x &= x - 1 {
		img |= sy.bit[bits.TrailingZeros64(x)]
	}
	return img
}

// Transform returns the image of p under sy; side and counts are kept.
func (p *Position) Transform(sy *Symmetry) *Position {
	q := *p
	q.Occ = sy.Map(&p.Occ)
	q.Colour[0] = sy.Map(&p.Colour[0])
	q.Colour[1] = sy.Map(&p.Colour[1])
	return &q
}

// Canonical returns the representative of p's symmetry class: the image of
// p, under the board's symmetries, whose pieces come first in a fixed order
// (BigCanonicalizer's, whose keys it shares). Positions that a symmetry
// turns into each other have the same Canonical. The second result is the
// index (in Board.Symmetries) of the symmetry that maps p to it.
func (p *Position) Canonical() (*Position, int) {
	k, at := leastImage(p.Board.Symmetries(), p.Occ, p.Colour)
	q := p.Clone()
	q.Occ, q.Colour = k.Occ, [2]Set{k.C0, k.C1}
	return q, at
}

// Stabilizer returns the symmetries of p's board, the identity left out,
// that map p onto itself: positions that they map onto each other are
// reached by lines that are images of each other, the transpositions a
// search of p can share.
func (p *Position) Stabilizer() []Symmetry {
	var out []Symmetry
	syms := p.Board.Symmetries()
	for i := 1; i < len(syms); i++ {
		sy := &syms[i]
		if sy.Map(&p.Occ) == p.Occ && sy.Map(&p.Colour[0]) == p.Colour[0] && sy.Map(&p.Colour[1]) == p.Colour[1] {
			out = append(out, *sy)
		}
	}
	return out
}

// FromMover returns p as the player to move sees it, the one view the
// keys of Hüpfer positions are made from: with Turquoise to move, every
// piece's colour swapped and the supplies swapped, so that Red moves. The
// rules are the same for both sides, so the value is too. Froglet
// positions are returned as they are.
func (p *Position) FromMover() *Position {
	q := p.Clone()
	if q.Game == Hupfer && q.Side == Turquoise {
		q.Colour[0] = q.Occ.AndNot(q.Colour[0])
		q.Counts = [2]int{q.Counts[1], q.Counts[0]}
		q.Side = RedSide
	}
	return q
}
