package positions

import "math/bits"

// Child is a child of a position as a tablebase's backward pass wants it:
// its canonical key, its tier and the points of the move that makes it.
type Child struct {
	Key    SmallKey
	Tier   int32
	Points int16
}

// ChildScratch is the working space of Children, reused from call to
// call; one per goroutine.
type ChildScratch struct {
	moves  []SmallMove
	states []chain
	im     Images
}

// Children appends to buf a Child for each move that SmallChildren gives
// for s, a position of game g on the Canonicalizer's board b, in the same
// order: the key ChildKey gives for the move's child, the tier SmallTier
// gives and the move's points.
//
// Froglet positions (not on a full board) take a path of their own, the
// backward pass's inner loop (the cross: 13 children a position): it walks
// the jumps and makes each child's key from the position's words, with no
// move or child position made and no copy of either. On boards where keys
// come from their parent's images (see incremental), a chain carries the
// images of its position, and each jump toggles the three cells it
// changes in one table look-up. The other positions go through the moves;
// the tests compare both ways.
func (c Canonicalizer) Children(g Game, b *Board, s *Small, sc *ChildScratch, buf []Child) []Child {
	if g == Froglet && s.Occ != b.Cells[0] {
		return c.codec.frogletChildren(b, s, sc, buf)
	}
	return c.childrenByMoves(g, b, s, sc, buf)
}

// childrenByMoves is Children by SmallChildren, Apply and ChildKey.
func (c Canonicalizer) childrenByMoves(g Game, b *Board, s *Small, sc *ChildScratch, buf []Child) []Child {
	sc.moves = b.SmallChildren(g, s, sc.moves[:0])
	c.Images(s, &sc.im)
	for i := range sc.moves {
		m := &sc.moves[i]
		child := *s
		child.Apply(g, m)
		buf = pushChild(buf, c.ChildKey(g, &sc.im, s, &child), int32(SmallTier(g, &child)), m.Points)
	}
	return buf
}

// chain is a frog's chain of jumps so far (Froglet): where it stands,
// the frogs it took and their points, and the occupied cells' images
// under the symmetries of the position it leaves.
type chain struct {
	img     [7]uint64
	removed uint64
	at      int
	points  int16
	jumps   int32
}

// frogletChildren is Children for Froglet positions, not on a full board,
// of boards where keys are made incrementally. It walks each frog's jumps
// as frogMoves and smallContinue do (single jumps in direction order, then
// longer chains breadth first, a state reached twice in one layer kept
// once), carrying the images of each chain's position. Children and
// chains are written field by field where they stay (see pushMove).
func (c smallCodec) frogletChildren(b *Board, s *Small, sc *ChildScratch, buf []Child) []Child {
	im := &sc.im
	c.images(s, im)
	inc := c.incremental() // else each child's key from the child alone
	tier := int32(bits.OnesCount64(s.Occ))
	fj := b.firstJumps(s.Occ)
	goesOn := b.goesOn(s.Occ, &fj)
	offs := b.offsets()
	for x := fj[0] | fj[1] | fj[2] | fj[3]; x != 0; x &= x - 1 {
		from := bits.TrailingZeros64(x)
		f := uint(from)
		states := sc.states[:0]
		for dirs := firstJumpDirs(&fj, f); dirs != 0; dirs &= dirs - 1 {
			// A single jump, on locals: most children are.
			d := bits.TrailingZeros64(dirs)
			mid := from + offs[d]
			to := uint(mid+offs[d]) & 63
			gone := uint64(1)<<f | cellBit(mid)
			points := s.frogValue(mid)
			if !inc {
				buf = pushChild(buf, c.least(jumped(s, f, gone, to)), tier-1, points)
				if goesOn>>f&1 != 0 {
					states = growChains(states)
					st := &states[len(states)-1]
					st.removed, st.at, st.points, st.jumps = cellBit(mid), int(to), points, 1
				}
				continue
			}
			row := &c.jumps[from][d]
			o0, o1, o2, o3 := im.occ[0]^row[0], im.occ[1]^row[1], im.occ[2]^row[2], im.occ[3]^row[3]
			o4, o5, o6 := im.occ[4]^row[4], im.occ[5]^row[5], im.occ[6]^row[6]
			occ := s.Occ&^gone | 1<<to
			k := SmallKey{Occ: min(occ, o0, o1, o2, o3, o4, o5, o6)}
			if s.C0|s.C1 != 0 {
				img := [7]uint64{o0, o1, o2, o3, o4, o5, o6}
				k = c.colouredChild(s, im, f, gone, to, &img, k.Occ)
			}
			buf = pushChild(buf, k, tier-1, points)
			if goesOn>>f&1 != 0 {
				states = growChains(states)
				st := &states[len(states)-1]
				st.img[0], st.img[1], st.img[2], st.img[3] = o0, o1, o2, o3
				st.img[4], st.img[5], st.img[6] = o4, o5, o6
				st.removed, st.at, st.points, st.jumps = cellBit(mid), int(to), points, 1
			}
		}
		// Longer chains, breadth first (smallContinue).
		layerStart := 0
		for i := 0; i < len(states); i++ {
			if i == layerStart {
				layerStart = len(states)
			}
			cur := &states[i]
			at, removed, points, jumps := cur.at, cur.removed, cur.points, cur.jumps
			frogs := chainFrogs(s.Occ, from, removed)
			dirs := b.jumpDirsNS(uint(at), frogs, ^frogs) | b.jumpDirsEW(uint(at), frogs, ^frogs)
			for ; dirs != 0; dirs &= dirs - 1 {
				mid, to := jumpCells(at, &offs, dirs)
				taken := removed | cellBit(mid)
				if seenState(states[layerStart:], to, taken) {
					continue
				}
				states = growChains(states)
				cur = &states[i] // growing may have moved it
				next := &states[len(states)-1]
				next.removed, next.at, next.points, next.jumps = taken, to, points+s.frogValue(mid), jumps+1
				if !inc {
					buf = pushChild(buf, c.least(jumped(s, f, 1<<f|taken, uint(to)&63)), tier-next.jumps, next.points)
					continue
				}
				row := &c.jumps[at][bits.TrailingZeros(dirs)]
				next.img[0], next.img[1], next.img[2], next.img[3] = cur.img[0]^row[0], cur.img[1]^row[1], cur.img[2]^row[2], cur.img[3]^row[3]
				next.img[4], next.img[5], next.img[6] = cur.img[4]^row[4], cur.img[5]^row[5], cur.img[6]^row[6]
				buf = pushChild(buf, c.chainKey(s, im, f, next), tier-next.jumps, next.points)
			}
		}
		sc.states = states
	}
	return buf
}

// jumped returns the key words of Froglet position s after the frog on
// cell from has landed on cell to, the cells of gone (its start and the
// frogs it took) emptied.
func jumped(s *Small, from uint, gone uint64, to uint) SmallKey {
	from, to = from&63, to&63 // cells of one word: no check for counts past 63
	return SmallKey{
		Occ: s.Occ&^gone | 1<<to,
		C0:  s.C0&^gone | (s.C0>>from&1)<<to,
		C1:  s.C1&^gone | (s.C1>>from&1)<<to,
	}
}

// pushChild appends a child to buf, field by field in its slot.
func pushChild(buf []Child, k SmallKey, tier int32, points int16) []Child {
	n := len(buf)
	if n == cap(buf) {
		buf = append(buf, Child{})
	}
	buf = buf[:n+1]
	ch := &buf[n]
	ch.Key.Occ, ch.Key.C0, ch.Key.C1, ch.Key.Meta = k.Occ, k.C0, k.C1, k.Meta
	ch.Tier, ch.Points = tier, points
	return buf
}

// growChains makes room for one more chain at the end of states, its
// fields left to the caller.
func growChains(states []chain) []chain {
	n := len(states)
	if n == cap(states) {
		states = append(states, chain{})
	}
	return states[:n+1]
}

// seenState reports whether a chain in states ends on cell at having
// taken the frogs of removed.
func seenState(states []chain, at int, removed uint64) bool {
	for i := range states {
		if states[i].at == at && states[i].removed == removed {
			return true
		}
	}
	return false
}

// chainKey returns the key of the child of Froglet position s (whose
// images are im) that the frog on cell from reaches by the chain st.
func (c smallCodec) chainKey(s *Small, im *Images, from uint, st *chain) SmallKey {
	gone := uint64(1)<<from | st.removed
	to := uint(st.at) & 63
	occ := s.Occ&^gone | 1<<to
	m := min(occ, st.img[0], st.img[1], st.img[2], st.img[3], st.img[4], st.img[5], st.img[6])
	if s.C0|s.C1 == 0 {
		return SmallKey{Occ: m}
	}
	return c.colouredChild(s, im, from, gone, to, &st.img, m)
}

// colouredChild returns the key of the child of s, a Froglet position
// with colours whose images are im, in which the frog on cell from has
// landed on cell to, the frogs it took and its start gone: img are the
// images of the child's occupied cells, m the least of them and the
// child's own.
func (c smallCodec) colouredChild(s *Small, im *Images, from uint, gone uint64, to uint, img *[7]uint64, m uint64) SmallKey {
	k := jumped(s, from, gone, to)
	return c.leastColoured(k, img, m, im, s.C0^k.C0, s.C1^k.C1)
}
