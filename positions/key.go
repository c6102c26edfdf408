package positions

import (
	"math/bits"

	"github.com/leapfrog-solver/leapfrog/internal/hash"
)

// This file is the canonical key, one identity per symmetry class of
// positions: the least image under the board's symmetries. A position of
// a board of at most 64 cells is a SmallKey, made by a Canonicalizer, whose
// fast paths for children (ChildKey, and the jump walk of Children) sit
// here beside the plain least image they must equal; a larger board's is a
// BigKey. Position.Canonical gives the same class as a Position.

// SmallKey is a position of a board of at most 64 cells, packed: its
// occupied cells, colour planes and (Hüpfer) side and supplies. Keys made
// by CanonicalKey are the same for positions that a symmetry of the board
// maps onto each other.
type SmallKey struct{ Occ, C0, C1, Meta uint64 }

// CanonicalKey returns p's SmallKey, the least of its images under the
// board's symmetries. p's board must have at most 64 cells. Callers with
// many positions of one board should use a Canonicalizer.
func CanonicalKey(p *Position) SmallKey {
	return NewCanonicalizer(p.Board).Key(p)
}

// Canonicalizer makes the canonical keys of positions of one board.
type Canonicalizer struct{ codec smallCodec }

// NewCanonicalizer returns a Canonicalizer for board b.
func NewCanonicalizer(b *Board) Canonicalizer {
	return Canonicalizer{newSmallCodec(b, b.Symmetries()[1:])}
}

// CanonicalizerUnder returns a Canonicalizer for board b whose keys are
// the least images under syms, symmetries of b that with the identity
// form a group (all of them, those of a Stabilizer, or none).
func CanonicalizerUnder(b *Board, syms []Symmetry) Canonicalizer {
	return Canonicalizer{newSmallCodec(b, syms)}
}

// Least returns the least image of k under the Canonicalizer's
// symmetries: its canonical key.
func (c Canonicalizer) Least(k SmallKey) SmallKey { return c.codec.least(k) }

// Symmetric reports whether the Canonicalizer has symmetries besides the
// identity.
func (c Canonicalizer) Symmetric() bool { return len(c.codec.syms) > 0 }

// PlainCanonicalizer returns a Canonicalizer for board b under no
// symmetry: a key is its position's, as it stands.
func PlainCanonicalizer(b *Board) Canonicalizer {
	return Canonicalizer{newSmallCodec(b, nil)}
}

// Key returns p's canonical key (see CanonicalKey).
func (c Canonicalizer) Key(p *Position) SmallKey { return c.codec.key(*p) }

// SmallKey returns the canonical key of s, a position of game g on the
// Canonicalizer's board: what Key gives for it.
func (c Canonicalizer) SmallKey(g Game, s *Small) SmallKey {
	return c.codec.least(smallKeyOf(g, s))
}

// Images holds a position's images under its board's symmetries, so that
// the canonical keys of its children come cheaper (ChildKey): a child
// differs from it in a few cells. On boards where that does not pay (see
// incremental) it is empty, and ChildKey works from the child alone.
type Images struct{ occ, c0, c1 [7]uint64 }

// incremental reports whether children's keys are made from their
// parent's images (see newSmallCodec).
func (c smallCodec) incremental() bool { return c.rows != nil }

// Images sets im to the images of s under the symmetries (on boards where
// they do not pay it leaves im as it is: ChildKey does not read it).
func (c Canonicalizer) Images(s *Small, im *Images) { c.codec.images(s, im) }

func (c smallCodec) images(s *Small, im *Images) {
	if !c.incremental() {
		return
	}
	for i := range c.syms {
		sy := &c.syms[i]
		im.occ[i] = sy.mapWord(s.Occ)
		im.c0[i], im.c1[i] = 0, 0
		if s.C0|s.C1 != 0 {
			im.c0[i], im.c1[i] = sy.mapWord(s.C0), sy.mapWord(s.C1)
		}
	}
	// A board with fewer symmetries: images no key is greater than, so
	// that childKey's minimum can take all seven.
	for i := len(c.syms); i < len(im.occ); i++ {
		im.occ[i] = ^uint64(0)
	}
}

// ChildImages sets im to the images of child, a position one move from
// parent, whose images pim are: pim with the images of the cells the move
// changed toggled, as ChildKey does for the occupied cells; a few rows
// where Images looks up every byte of every word under every symmetry.
// Like Images it leaves im as it is where children's keys do not use it.
func (c Canonicalizer) ChildImages(pim *Images, parent, child *Small, im *Images) {
	c.codec.childImages(pim, parent, child, im)
}

func (c smallCodec) childImages(pim *Images, parent, child *Small, im *Images) {
	if !c.incremental() {
		return
	}
	// In seven variables, as in childKey. A missing symmetry's row is 0:
	// its image stays ^0.
	o0, o1, o2, o3 := pim.occ[0], pim.occ[1], pim.occ[2], pim.occ[3]
	o4, o5, o6 := pim.occ[4], pim.occ[5], pim.occ[6]
	for x := parent.Occ ^ child.Occ; x != 0; x &= x - 1 {
		row := &c.cells[bits.TrailingZeros64(x)]
		o0, o1, o2, o3 = o0^row[0], o1^row[1], o2^row[2], o3^row[3]
		o4, o5, o6 = o4^row[4], o5^row[5], o6^row[6]
	}
	im.occ = [7]uint64{o0, o1, o2, o3, o4, o5, o6}
	if parent.C0|parent.C1|child.C0|child.C1 == 0 {
		// One colour (as images leaves them): no colour planes to map.
		im.c0, im.c1 = [7]uint64{}, [7]uint64{}
		return
	}
	im.c0, im.c1 = pim.c0, pim.c1
	if dC0, dC1 := parent.C0^child.C0, parent.C1^child.C1; dC0|dC1 != 0 {
		for i := range c.syms {
			sy := &c.syms[i]
			im.c0[i] ^= sy.mapFew(dC0)
			im.c1[i] ^= sy.mapFew(dC1)
		}
	}
}

// ChildKey returns the canonical key of child, a position of game g one
// move from parent, whose images im are: what SmallKey gives for it.
func (c Canonicalizer) ChildKey(g Game, im *Images, parent, child *Small) SmallKey {
	return c.codec.childKey(g, im, parent, child)
}

func (c smallCodec) childKey(g Game, im *Images, parent, child *Small) SmallKey {
	k := smallKeyOf(g, child)
	if !c.incremental() {
		return c.least(k)
	}
	// The images of the occupied cells: the parent's, with the changed
	// cells' images toggled, a row of every symmetry's per cell (one
	// cache line). In seven variables, not an array, so that they stay in
	// registers (docs/PERFORMANCE.md, "Tablebases").
	o0, o1, o2, o3 := im.occ[0], im.occ[1], im.occ[2], im.occ[3]
	o4, o5, o6 := im.occ[4], im.occ[5], im.occ[6]
	for x := parent.Occ ^ child.Occ; x != 0; x &= x - 1 {
		row := &c.cells[bits.TrailingZeros64(x)]
		o0, o1, o2, o3 = o0^row[0], o1^row[1], o2^row[2], o3^row[3]
		o4, o5, o6 = o4^row[4], o5^row[5], o6^row[6]
	}
	// The least occupied cells, without a branch on each image: which one
	// wins is data the branch predictor cannot learn.
	m := min(k.Occ, o0, o1, o2, o3, o4, o5, o6)
	if child.C0|child.C1 == 0 {
		return SmallKey{Occ: m, Meta: k.Meta}
	}
	occ := [7]uint64{o0, o1, o2, o3, o4, o5, o6}
	return c.leastColoured(k, &occ, m, im, parent.C0^child.C0, parent.C1^child.C1)
}

// leastColoured returns the least of key k and its images under the
// symmetries, given m, the least occupied cells among them, and the
// images' occupied cells occ: k itself if its cells are m and its colours
// least, else the image with cells m and the least colour planes. The
// images' colour planes are those of the parent (im) toggled by dC0 and
// dC1, where the parent's differ from k's. A key without colours is
// {Occ: m} and needs no call.
func (c smallCodec) leastColoured(k SmallKey, occ *[7]uint64, m uint64, im *Images, dC0, dC1 uint64) SmallKey {
	least := k
	for i := range c.syms {
		if occ[i] != m {
			continue
		}
		sy := &c.syms[i]
		img := SmallKey{Occ: m, C0: im.c0[i] ^ sy.mapFew(dC0), C1: im.c1[i] ^ sy.mapFew(dC1), Meta: k.Meta}
		if least.Occ != m || img.C0 < least.C0 || (img.C0 == least.C0 && img.C1 < least.C1) {
			least = img
		}
	}
	return least
}

// Word returns the key's words in order of significance: 0 Occ, 1 C0,
// 2 C1, 3 Meta (the order keys are sorted in).
func (k *SmallKey) Word(i int) uint64 {
	switch i {
	case 0:
		return k.Occ
	case 1:
		return k.C0
	case 2:
		return k.C1
	}
	return k.Meta
}

// Small returns the position of a key in game g, in the one-word form.
func (k SmallKey) Small(g Game) Small {
	s := Small{Occ: k.Occ, C0: k.C0, C1: k.C1}
	if g == Hupfer {
		side, red, turquoise := unpackMeta(k.Meta)
		s.Side, s.Counts = uint8(side), [2]int32{int32(red), int32(turquoise)}
	}
	return s
}

// SmallTier is Tier for a position of game g in the one-word form.
func SmallTier(g Game, s *Small) int {
	n := bits.OnesCount64(s.Occ)
	if g == Hupfer {
		n += 2 * int(s.Counts[0]+s.Counts[1])
	}
	return n
}

// Position returns the position of a key on board b in game g.
func (k SmallKey) Position(g Game, b *Board) Position {
	return smallCodec{}.position(&Position{Game: g, Board: b}, k)
}

// Tier returns the tier of p: a number that falls with every move (Froglet
// Tier returns the tier of p: a number that strictly falls with every move
// (Froglet frogs; Hüpfer pieces on the board plus twice the pieces in the
// supplies, rules.md Decision 6), by which positions are enumerated.
func Tier(p *Position) int {
	if p.Game == Hupfer {
		return p.Pieces() + 2*(p.Counts[0]+p.Counts[1])
	}
	return p.Pieces()
}

// Expand calls emit with the tier, canonical key and Hash of every
// position one move from the position of k (game g on the
// Canonicalizer's board b), and returns the number of pieces on k's
// board. Froglet positions are expanded by single jumps: a longer jump
// ends where a run of single jumps does, so the positions reached are the
// same. buf is scratch space.
func (c Canonicalizer) Expand(g Game, b *Board, k *SmallKey, buf *[]SmallMove, emit func(t int, ck SmallKey, h uint64)) int {
	s := k.Small(g)
	if g == Froglet && s.Occ != b.Cells[0] {
		*buf = b.smallSingleJumps(&s, (*buf)[:0])
	} else {
		*buf = b.SmallChildren(g, &s, (*buf)[:0])
	}
	var im Images
	c.codec.images(&s, &im)
	for i := range *buf {
		child := s
		child.Apply(g, &(*buf)[i])
		// By value: a pointer passed to emit would move ck to the heap,
		// an allocation per child.
		ck := c.codec.childKey(g, &im, &s, &child)
		emit(SmallTier(g, &child), ck, ck.Hash())
	}
	return bits.OnesCount64(s.Occ)
}

type smallCodec struct {
	syms []Symmetry
	// rows holds the images of cells, where children's keys come from
	// their parents' images (see incremental); nil elsewhere. One
	// pointer: the codec is passed by value on every child, in registers.
	*rows
}

// rows are the images of cells under a codec's symmetries, as one-word
// sets, by which a child's images come from its parent's.
type rows struct {
	// cells[c][i] is the image of cell c under syms[i].
	cells [64][7]uint64
	// jumps[c][d][i] is the image under syms[i] of the three cells a jump
	// from cell c in direction d changes (its start, the cell it jumps
	// over and its landing), where the jump stays on the board.
	jumps [64][numDirs][7]uint64
}

// newSmallCodec returns the codec of one-word keys of positions of board
// b canonical under syms, symmetries of b (the identity left out).
func newSmallCodec(b *Board, syms []Symmetry) smallCodec {
	c := smallCodec{syms: syms}
	// Children's keys come from their parent's images on boards of more
	// than 40 cells, where a word's image takes eight table look-ups and a
	// child's few changed cells fewer; on small boards it costs
	// (docs/PERFORMANCE.md, "Tablebases"). The codec says so by having the
	// rows (a field, not the test: a pointer chase on every child).
	if len(syms) > 0 && len(syms[0].Perm) > 40 {
		c.rows = new(rows)
		for i := range syms {
			for cell, img := range syms[i].bit {
				c.cells[cell][i] = img
			}
		}
		offs := b.offsets()
		for d := range numDirs {
			for x := b.canJump[d][0]; x != 0; x &= x - 1 {
				from := bits.TrailingZeros64(x)
				mid, to := from+offs[d], from+2*offs[d]
				for i := range c.jumps[from][d] {
					c.jumps[from][d][i] = c.cells[from][i] ^ c.cells[mid][i] ^ c.cells[to][i]
				}
			}
		}
	}
	return c
}

func (c smallCodec) key(q Position) SmallKey {
	return c.least(SmallKey{q.Occ[0], q.Colour[0][0], q.Colour[1][0], meta(&q)})
}

// least returns the least image of k under the codec's symmetries.
func (c smallCodec) least(k SmallKey) SmallKey {
	occ, c0, c1 := k.Occ, k.C0, k.C1
	plain := c0|c1 == 0 // one colour only: the colour planes map to 0
	for i := range c.syms {
		sy := &c.syms[i]
		o := map4(sy.lo, occ) // sy.mapWord(occ), inlined: every key of every child
		if sy.hi != nil {
			o |= map4(sy.hi, occ>>32)
		}
		if o > k.Occ {
			continue
		}
		img := SmallKey{Occ: o, Meta: k.Meta}
		if !plain {
			img.C0 = sy.mapWord(c0)
			if c1 != 0 { // Hüpfer has one colour plane
				img.C1 = sy.mapWord(c1)
			}
		}
		if o < k.Occ || img.C0 < k.C0 || (img.C0 == k.C0 && img.C1 < k.C1) {
			k = img
		}
	}
	return k
}

func (smallCodec) position(p *Position, k SmallKey) Position {
	q := Position{Game: p.Game, Board: p.Board}
	q.Occ[0], q.Colour[0][0], q.Colour[1][0] = k.Occ, k.C0, k.C1
	setMeta(&q, k.Meta)
	return q
}

// Hash mixes a key's words: C1 and Meta multiplied by odd constants (each
// a bijection) and xored into C0, mixed, xored into Occ and mixed again.
// Two finalisers instead of one per word: every child of the backward pass
// and the enumeration is hashed. Tables' slots depend on it.
func (k *SmallKey) Hash() uint64 {
	return hash.Mix(k.Occ ^ hash.Mix(k.C0^k.C1*0x9e3779b97f4a7c15^k.Meta*0xc2b2ae3d27d4eb4f))
}

// BigKey is a position of any board as a set of keys holds it: its sets
// and (Hüpfer) side and supplies. A BigCanonicalizer makes them.
type BigKey struct {
	Occ, C0, C1 Set
	Meta        uint64
}

// BigCanonicalizer makes the keys of positions of one board of any size,
// canonical under the symmetries it holds.
type BigCanonicalizer struct{ syms []Symmetry }

// NewBigCanonicalizer returns a BigCanonicalizer for board b, under its
// symmetries if symmetry is true (else a key is the position itself).
func NewBigCanonicalizer(b *Board, symmetry bool) BigCanonicalizer {
	syms := b.Symmetries()
	if !symmetry {
		syms = syms[:1]
	}
	return BigCanonicalizer{syms}
}

// Key returns the key of q: of its images under the symmetries, the one
// whose sets come first (Position.Canonical's order).
func (c BigCanonicalizer) Key(q *Position) BigKey {
	k, _ := leastImage(c.syms, q.Occ, q.Colour)
	k.Meta = meta(q)
	return k
}

// leastImage returns the sets of the least image of a position's sets
// under syms (the identity first), and the index of its symmetry.
func leastImage(syms []Symmetry, occ Set, colour [2]Set) (BigKey, int) {
	best, at := BigKey{Occ: occ, C0: colour[0], C1: colour[1]}, 0
	for i := 1; i < len(syms); i++ {
		sy := &syms[i]
		img := BigKey{Occ: sy.Map(&occ), C0: sy.Map(&colour[0]), C1: sy.Map(&colour[1])}
		if img.less(&best) {
			best, at = img, i
		}
	}
	return best, at
}

// less orders keys of one board by their sets.
func (k *BigKey) less(o *BigKey) bool {
	if k.Occ != o.Occ {
		return k.Occ.Less(&o.Occ)
	}
	if k.C0 != o.C0 {
		return k.C0.Less(&o.C0)
	}
	return k.C1.Less(&o.C1)
}

// Position returns the position of k in game g on board b.
func (k *BigKey) Position(g Game, b *Board) Position {
	q := Position{Game: g, Board: b, Occ: k.Occ, Colour: [2]Set{k.C0, k.C1}}
	setMeta(&q, k.Meta)
	return q
}

// Hash mixes a key's words.
func (k *BigKey) Hash() uint64 {
	h := hash.Mix(k.Meta)
	for i := range k.Occ {
		h = hash.Mix(h ^ k.Occ[i] ^ hash.Mix(k.C0[i]^hash.Mix(k.C1[i])))
	}
	return h
}

// meta packs what a key holds besides the board: nothing for
// Froglet, side and supplies for Hüpfer.
func meta(q *Position) uint64 {
	if q.Game != Hupfer {
		return 0
	}
	return packMeta(q.Side, q.Counts[0], q.Counts[1])
}

func setMeta(q *Position, m uint64) {
	if q.Game == Hupfer {
		side, red, turquoise := unpackMeta(m)
		q.Side, q.Counts = side, [2]int{red, turquoise}
	}
}

// packMeta packs a Hüpfer side and supplies into a key's Meta word;
// unpackMeta undoes it.
func packMeta(side, red, turquoise int) uint64 {
	return uint64(side) | uint64(red)<<1 | uint64(turquoise)<<32
}

func unpackMeta(m uint64) (side, red, turquoise int) {
	return int(m & 1), int(m >> 1 & 0x7fffffff), int(m >> 32)
}

// smallKeyOf is the key of s (game g) before symmetries: what meta and
// the sets of a Position give for it.
func smallKeyOf(g Game, s *Small) SmallKey {
	k := SmallKey{Occ: s.Occ, C0: s.C0, C1: s.C1}
	if g == Hupfer {
		k.Meta = packMeta(int(s.Side), int(s.Counts[0]), int(s.Counts[1]))
	}
	return k
}

// SingleJumps appends the Froglet moves of one jump each. Every Froglet move
// is a chain of single jumps, each of which is a move on its own, so the
// positions reachable by single jumps are exactly those reachable by moves:
// enumerations use them as the cheaper way.
func (p *Position) SingleJumps(buf []Move) []Move {
	for w := 0; w < p.Board.words; w++ {
		for x := p.Occ[w]; x != 0; x &= x - 1 {
			buf = p.singleJumpsFrom(buf, w<<6+bits.TrailingZeros64(x))
		}
	}
	return buf
}
