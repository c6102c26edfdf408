package positions

import "math/bits"

// Small is a position on a board of at most 64 cells, held in single words:
// the form the solver's search uses on small boards, where a Position's
// sets, sized for 18x18, are mostly zeros and a move's removed set is six
// times larger than it needs to be. The game and the board are not part of
// it; they are passed to the functions that need them.
//
// The fields mean what Position's do: Occ is the occupied cells, a cell's
// colour is its C0 bit plus twice its C1 bit, Counts are the scores
// (Froglet) or supplies (Hüpfer), Side is the player to move.
type Small struct {
	Occ, C0, C1 uint64
	Counts      [2]int32
	Side        uint8
}

// SmallMove is a Move on a board of at most 64 cells: 16 bytes instead of
// 64. From, To and Birth are cells or -1, as in Move.
type SmallMove struct {
	Removed         uint64
	From, To, Birth int8
	Jumps           uint8
	Points          int16
	// Seq is the move's index among the moves of the piece on From, in
	// the order SmallMovesFrom gives them: From and Seq name the move, and
	// SmallMovesFrom finds it again without generating every move.
	Seq uint16
}

// Small returns p in its one-word form; ok is false when p's board has more
// than 64 cells.
func (p *Position) Small() (s Small, ok bool) {
	if p.Board.words != 1 {
		return Small{}, false
	}
	return Small{Occ: p.Occ[0], C0: p.Colour[0][0], C1: p.Colour[1][0],
		Counts: [2]int32{int32(p.Counts[0]), int32(p.Counts[1])}, Side: uint8(p.Side)}, true
}

// Position returns s as a Position of game g on board b.
func (s *Small) Position(g Game, b *Board) Position {
	p := Position{Game: g, Board: b, Side: int(s.Side), Counts: [2]int{int(s.Counts[0]), int(s.Counts[1])}}
	p.Occ[0], p.Colour[0][0], p.Colour[1][0] = s.Occ, s.C0, s.C1
	return p
}

// Move returns m in the general form.
func (m *SmallMove) Move() Move {
	mv := Move{From: int16(m.From), To: int16(m.To), Birth: int16(m.Birth), Points: m.Points, Jumps: int16(m.Jumps)}
	mv.Removed[0] = m.Removed
	return mv
}

// Apply plays m on s (a position of game g), in place: what Position.Apply
// does, on words.
func (s *Small) Apply(g Game, m *SmallMove) {
	var c0, c1 uint64
	if m.From >= 0 {
		f := uint(m.From) & 63 // a cell of one word: no check for counts past 63
		c0, c1 = s.C0>>f&1, s.C1>>f&1
		clear := ^(uint64(1) << f)
		s.Occ &= clear
		s.C0 &= clear
		s.C1 &= clear
	}
	s.Occ &^= m.Removed
	s.C0 &^= m.Removed
	s.C1 &^= m.Removed
	if m.To >= 0 {
		// The landing cell is empty now: the mover has left its start and
		// what it took is gone.
		t := uint(m.To) & 63
		s.Occ |= 1 << t
		s.C0 |= c0 << t
		s.C1 |= c1 << t
	}
	if m.Birth >= 0 {
		b := uint(m.Birth) & 63
		s.Occ |= 1 << b
		s.C0 |= uint64(s.Side&1) << b // a piece of the mover's colour
		s.Counts[s.Side]--
	}
	if g == Froglet {
		s.Counts[s.Side] += int32(m.Points)
	}
	s.Side ^= 1
}

// offsets returns the step from a cell to its neighbour in each direction.
// On a board of at most 64 cells, canJump[d] holds exactly the cells from
// which that step, taken twice, stays on existing cells.
func (b *Board) offsets() [numDirs]int {
	return [numDirs]int{North: b.Width, East: 1, South: -b.Width, West: -1}
}

// jumpDirs returns, on a board of at most 64 cells, the directions (bit d
// for direction d) in which a piece on at can jump over a cell of over onto
// a cell of onto. It is two halves, each cheap enough for the inliner (the
// whole is not): the hottest loops, the Froglet chains of smallContinue and
// Children, call both.
func (b *Board) jumpDirs(at int, over, onto uint64) uint {
	return b.jumpDirsNS(uint(at), over, onto) | b.jumpDirsEW(uint(at), over, onto)
}

// chainFrogs returns the frogs that a Froglet frog, which started on cell
// from and has taken the frogs of removed, can jump over: on the board at
// the start, not itself, not taken yet. Every other cell is empty for
// landing.
func chainFrogs(occ uint64, from int, removed uint64) uint64 {
	return occ &^ (1 << (uint(from) & 63)) &^ removed
}

// jumpCells returns the cell jumped over and the landing of the jump from
// cell at in the lowest direction of dirs (offs as offsets gives them).
func jumpCells(at int, offs *[numDirs]int, dirs uint) (mid, to int) {
	d := bits.TrailingZeros(dirs)
	return at + offs[d], at + 2*offs[d]
}

// firstJumpDirs returns the directions (bit d for direction d) of the
// first jumps of the frog on cell f, given every frog's in fj (firstJumps).
func firstJumpDirs(fj *[numDirs]uint64, f uint) uint64 {
	f &= 63
	return fj[0]>>f&1 | fj[1]>>f&1<<1 | fj[2]>>f&1<<2 | fj[3]>>f&1<<3
}

// jumpDirsNS is jumpDirs for North and South.
func (b *Board) jumpDirsNS(a uint, over, onto uint64) uint {
	w, w2 := b.shifts()
	return uint((b.canJump[North][0]&(over>>w)&(onto>>w2))>>(a&63)&1) |
		uint((b.canJump[South][0]&(over<<w)&(onto<<w2))>>(a&63)&1)<<2
}

// jumpDirsEW is jumpDirs for East and West.
func (b *Board) jumpDirsEW(a uint, over, onto uint64) uint {
	return uint((b.canJump[East][0]&(over>>1)&(onto>>2))>>(a&63)&1)<<1 |
		uint((b.canJump[West][0]&(over<<1)&(onto<<2))>>(a&63)&1)<<3
}

// SmallMoves appends the legal moves of s, a position of game g on board b
// (of at most 64 cells), to buf: the moves GenerateMoves gives for the same
// position, in the same order, so that a move's index means the same move
// in both forms.
func (b *Board) SmallMoves(g Game, s *Small, buf []SmallMove) []SmallMove {
	if g == Hupfer {
		return b.smallHupfer(s, buf, true)
	}
	return b.smallFroglet(s, buf, true)
}

// SmallChildren appends to buf moves of s that reach every position
// SmallMoves reaches, and no other, for callers that want the children
// and not the moves: the moves of SmallMoves and also those it leaves out
// because a move of another piece gives the same position, without the
// search for them (a child may come twice). A tablebase's backward pass
// takes the best value over the children, which a repeat does not change.
func (b *Board) SmallChildren(g Game, s *Small, buf []SmallMove) []SmallMove {
	if g == Hupfer {
		return b.smallHupfer(s, buf, false)
	}
	return b.smallFroglet(s, buf, false)
}

// cellBit returns the word of cell c, a cell of a board of at most 64
// cells: the mask tells the compiler the count is below 64, so the shift
// needs no check for larger ones.
func cellBit(c int) uint64 { return 1 << (uint(c) & 63) }

// frogValue returns the points of the frog on cell c of s.
func (s *Small) frogValue(c int) int16 {
	return int16(1 + s.C0>>(uint(c)&63)&1 + 2*(s.C1>>(uint(c)&63)&1))
}

// smallFroglet is frogletMoves on one word; without dedupe it keeps the
// moves that repeat another piece's position (see SmallChildren).
func (b *Board) smallFroglet(s *Small, buf []SmallMove, dedupe bool) []SmallMove {
	first := len(buf)
	if s.Occ == b.Cells[0] {
		for x := s.Occ &^ s.C0 &^ s.C1; x != 0; x &= x - 1 {
			buf = pushMove(buf, 0, int8(bits.TrailingZeros64(x)), -1, -1, 0, 0)
		}
		return buf
	}
	multi := false
	fj := b.firstJumps(s.Occ)
	goesOn := b.goesOn(s.Occ, &fj)
	for x := fj[0] | fj[1] | fj[2] | fj[3]; x != 0; x &= x - 1 {
		from := bits.TrailingZeros64(x)
		if goesOn>>uint(from)&1 == 0 {
			// Single jumps only: no walk of jump states.
			n := len(buf)
			buf = numberMoves(b.firstJumpsFrom(s, buf, from, &fj), n)
			continue
		}
		buf = b.frogMoves(s, buf, from, &fj)
		if TooManyMoves(buf, first) {
			return cut(buf, first)
		}
		if buf[len(buf)-1].Jumps >= 2 {
			multi = true
		}
	}
	if multi && dedupe {
		buf = b.smallDedupe(Froglet, s, buf, first)
	}
	return buf
}

// goesOn returns the frogs of occ that have a first jump (fj, as
// firstJumps gives them) after which a second jump can follow. After a
// jump from s over m in direction d, the frog on the landing cell can go
// on in any direction but back over m, now gone; the cells it would jump
// over and onto are then neither s nor m, so the board as it was decides.
func (b *Board) goesOn(occ uint64, fj *[numDirs]uint64) uint64 {
	w, w2 := b.shifts()
	empty := b.Cells[0] &^ occ
	n := b.canJump[North][0] & (occ >> w) & (empty >> w2)
	e := b.canJump[East][0] & (occ >> 1) & (empty >> 2)
	so := b.canJump[South][0] & (occ << w) & (empty << w2)
	we := b.canJump[West][0] & (occ << 1) & (empty << 2)
	// Each direction's landing cells, those that can go on, and back to
	// the frogs that jumped there.
	return (fj[North]<<w2&(n|e|we))>>w2 |
		(fj[East]<<2&(n|e|so))>>2 |
		(fj[South]>>w2&(e|so|we))<<w2 |
		(fj[West]>>2&(n|so|we))<<2
}

// frogMoves appends the jump moves of the frog on from, whose first jumps
// are its bits in fj.
func (b *Board) frogMoves(s *Small, buf []SmallMove, from int, fj *[numDirs]uint64) []SmallMove {
	n := len(buf)
	buf = b.smallContinue(s, b.firstJumpsFrom(s, buf, from, fj), from, n)
	return numberMoves(buf, n)
}

// firstJumpsFrom appends the single jumps of the frog on from, whose
// directions are its bits in fj (see firstJumps).
func (b *Board) firstJumpsFrom(s *Small, buf []SmallMove, from int, fj *[numDirs]uint64) []SmallMove {
	offs := b.offsets()
	for dirs := firstJumpDirs(fj, uint(from)); dirs != 0; dirs &= dirs - 1 {
		d := bits.TrailingZeros64(dirs)
		mid := from + offs[d]
		buf = pushMove(buf, cellBit(mid), int8(from), int8(mid+offs[d]), -1, 1, s.frogValue(mid))
	}
	return buf
}

// smallSingleJumps appends every single jump of s (Froglet, not a full
// board), as singleJumps does.
func (b *Board) smallSingleJumps(s *Small, buf []SmallMove) []SmallMove {
	fj := b.firstJumps(s.Occ)
	for x := fj[0] | fj[1] | fj[2] | fj[3]; x != 0; x &= x - 1 {
		buf = b.firstJumpsFrom(s, buf, bits.TrailingZeros64(x), &fj)
	}
	return buf
}

// pushMove appends a move to buf, written field by field in its slot (Seq
// 0). A SmallMove made apart and appended is copied 16 bytes at a time
// from its smaller writes, a load that must wait for them to reach the
// cache (docs/PERFORMANCE.md, "Tablebases").
func pushMove(buf []SmallMove, removed uint64, from, to, birth int8, jumps uint8, points int16) []SmallMove {
	n := len(buf)
	if n == cap(buf) {
		buf = append(buf, SmallMove{})
	}
	buf = buf[:n+1]
	m := &buf[n]
	m.Removed, m.From, m.To, m.Birth, m.Jumps, m.Points, m.Seq = removed, from, to, birth, jumps, points, 0
	return buf
}

// numberMoves sets the Seq of the moves of one piece, buf[n:].
func numberMoves(buf []SmallMove, n int) []SmallMove {
	for i := n; i < len(buf); i++ {
		buf[i].Seq = uint16(i - n)
	}
	return buf
}

// SmallMovesFrom appends the moves of the piece on cell from in s, a
// position of game g on board b (of at most 64 cells), to buf: the moves of
// SmallMoves whose From is from, with the Seq of each as its index, and
// also those SmallMoves leaves out because a move of another piece gives
// the same position.
func (b *Board) SmallMovesFrom(g Game, s *Small, from int, buf []SmallMove) []SmallMove {
	first := len(buf)
	if buf = b.smallMovesFrom(g, s, from, buf); TooManyMoves(buf, first) {
		return buf[:first] // a list cut short names no move
	}
	return buf
}

func (b *Board) smallMovesFrom(g Game, s *Small, from int, buf []SmallMove) []SmallMove {
	if from < 0 || from >= 64 || s.Occ>>uint(from)&1 == 0 {
		return buf
	}
	first := len(buf)
	if g == Hupfer {
		mine := s.sideSet(s.Side)
		theirs := s.Occ &^ mine
		if capturers := b.captureFrom(mine, theirs); capturers != 0 {
			if capturers>>uint(from)&1 == 0 {
				return buf
			}
			return numberMoves(b.smallChains(s, buf, from, from, theirs), first)
		}
		if mine>>uint(from)&1 == 0 {
			return buf
		}
		return numberMoves(b.smallHops(s, buf, from, mine, theirs), first)
	}
	if s.Occ == b.Cells[0] {
		if (s.C0|s.C1)>>uint(from)&1 == 0 {
			buf = append(buf, SmallMove{From: int8(from), To: -1, Birth: -1})
		}
		return buf
	}
	fj := b.firstJumps(s.Occ)
	return b.frogMoves(s, buf, from, &fj)
}

// smallContinue is continueJumps on one word: the single jumps of the frog
// on from, buf[start:], extended to every end state, breadth first.
func (b *Board) smallContinue(s *Small, buf []SmallMove, from, start int) []SmallMove {
	layerStart := start
	var layer smallIndex
	for i := start; i < len(buf) && len(buf)-start <= MaxMoves; i++ {
		if i == layerStart {
			layerStart = len(buf)
			layer.reset()
		}
		// The chain's fields one by one (see pushMove).
		cur := &buf[i]
		at, removed, jumps, points := int(cur.To), cur.Removed, cur.Jumps, cur.Points
		offs := b.offsets()
		frogs := chainFrogs(s.Occ, from, removed)
		dirs := b.jumpDirsNS(uint(at), frogs, ^frogs) | b.jumpDirsEW(uint(at), frogs, ^frogs)
		for ; dirs != 0; dirs &= dirs - 1 {
			mid, to := jumpCells(at, &offs, dirs)
			taken := removed | cellBit(mid)
			if !layer.contains(buf[layerStart:], int8(to), taken) {
				buf = pushMove(buf, taken, int8(from), int8(to), -1, jumps+1, points+s.frogValue(mid))
			}
		}
	}
	return buf
}

// containsSmall is containsState for small moves.
func containsSmall(ms []SmallMove, to int8, removed uint64) bool {
	for i := range ms {
		if ms[i].To == to && ms[i].Removed == removed {
			return true
		}
	}
	return false
}

// sideSet returns the pieces of side (Hüpfer).
func (s *Small) sideSet(side uint8) uint64 {
	if side == Turquoise {
		return s.C0
	}
	return s.Occ &^ s.C0
}

// smallHupfer is hupferMoves on one word.
func (b *Board) smallHupfer(s *Small, buf []SmallMove, dedupe bool) []SmallMove {
	first := len(buf)
	mine := s.sideSet(s.Side)
	theirs := s.Occ &^ mine
	for x := b.captureFrom(mine, theirs); x != 0 && !TooManyMoves(buf, first); x &= x - 1 {
		from, n := bits.TrailingZeros64(x), len(buf)
		buf = numberMoves(b.smallChains(s, buf, from, from, theirs), n)
	}
	if len(buf) == first {
		// Only a piece with a first hop has hops.
		hoppers := b.jumpSources(mine, mine, b.Cells[0]&^s.Occ)
		for x := hoppers; x != 0 && !TooManyMoves(buf, first); x &= x - 1 {
			n := len(buf)
			buf = numberMoves(b.smallHops(s, buf, bits.TrailingZeros64(x), mine, theirs), n)
		}
	}
	if TooManyMoves(buf, first) {
		return cut(buf, first)
	}
	if !dedupe {
		return buf
	}
	return b.smallDedupe(Hupfer, s, buf, first)
}

// smallHops is hopsSmall for small moves: a flood fill of the points the
// piece on from can reach by hops, births beside them, and captures from
// the points where it can capture.
func (b *Board) smallHops(s *Small, buf []SmallMove, from int, mine, theirs uint64) []SmallMove {
	start := cellBit(from)
	empty := b.Cells[0]&^s.Occ | start
	ends, captures := b.hopReach(start, mine&^start, theirs, empty)
	if s.Counts[s.Side] > 0 {
		for x := ends; x != 0; x &= x - 1 {
			to := bits.TrailingZeros64(x)
			for e := 0; e < numDirs; e++ {
				if birth := b.step[e][to]; birth >= 0 && empty>>(uint(birth)&63)&1 != 0 {
					buf = pushMove(buf, 0, int8(from), int8(to), int8(birth), 0, 0)
				}
			}
		}
	}
	firstMove := len(buf)
	for x := captures; x != 0; x &= x - 1 {
		n := len(buf)
		buf = b.smallChains(s, buf, from, bits.TrailingZeros64(x), theirs)
		// Chains from different capture points may end alike.
		out := buf[:n]
		for i := n; i < len(buf); i++ {
			if !containsSmall(buf[firstMove:n], buf[i].To, buf[i].Removed) {
				out = append(out, buf[i])
			}
		}
		buf = out
	}
	return buf
}

// Mobility measures, cheaply, the moves of the player to move in s (a
// position of game g on board b): Froglet, the single jumps (each a move;
// longer jumps start with one); Hüpfer, the pieces that can capture, and
// failing that the pieces that can hop (over one of their own onto an
// empty point). none reports that the player surely has no move: no
// single jump (on a board that is not full), or no capture and no hop
// (with an empty supply, none that leads to a capture); it is exact but
// for a Hüpfer player with a supply whose hops all end where no piece can
// be born.
// The search orders moves by their children's mobility: fewer replies
// first.
func (b *Board) Mobility(g Game, s *Small) (n int, capture, none bool) {
	if g == Froglet {
		n, _, _ = b.FrogletReplies(s)
		return n, false, n == 0
	}
	movers, capture := b.hupferMovers(s)
	if capture {
		return bits.OnesCount64(movers), true, false
	}
	if movers != 0 && s.Counts[s.Side] == 0 {
		mine := s.sideSet(s.Side)
		if !b.hopsCapture(movers, mine, s.Occ&^mine, s.Occ) {
			// With an empty supply only a hop that leads to a capture
			// is a move: none is then exact. A quarter of the search's
			// nodes were such ends, each a table probe and store.
			return 0, false, true
		}
	}
	return bits.OnesCount64(movers), false, movers == 0
}

// FrogletReplies is Mobility's Froglet count with the dearest of those
// jumps and what they threaten: n, the single jumps of the player to move
// in s (on a full board, the frogs that may be removed); top, the most
// points one of them takes (0 when there is none, or on a full board); and
// threat, the points of the distinct frogs they could take (0 on a full
// board). The player's best move takes at least top, which bounds what the
// move before it can score (docs/PERFORMANCE.md, "Fail-low by the points
// left"); the search ranks moves by n and threat.
func (b *Board) FrogletReplies(s *Small) (n, top, threat int) {
	if s.Occ == b.Cells[0] {
		return bits.OnesCount64(s.Occ &^ s.C0 &^ s.C1), 0, 0
	}
	fj := b.firstJumps(s.Occ)
	n = bits.OnesCount64(fj[0]) + bits.OnesCount64(fj[1]) + bits.OnesCount64(fj[2]) + bits.OnesCount64(fj[3])
	w, _ := b.shifts()
	// The frogs jumped over: each jump's source moved one cell its way.
	over := fj[North]<<w | fj[East]<<1 | fj[South]>>w | fj[West]>>1
	switch {
	case over&s.C0&s.C1 != 0:
		top = 4
	case over&s.C1 != 0:
		top = 3
	case over&s.C0 != 0:
		top = 2
	case over != 0:
		top = 1
	}
	return n, top, FrogPoints(over, s.C0, s.C1)
}

// FrogletTwoJumps reports whether the player to move in s (Froglet, on a
// board of at most 64 cells that is not full) has a move of two jumps
// that takes at least need points. FrogletReplies' top counts single
// jumps alone; a chain can take more, and the search asks this where the
// difference decides whether a move can beat its window (solver,
// "dearerReply").
func (b *Board) FrogletTwoJumps(s *Small, need int) bool {
	fj := b.firstJumps(s.Occ)
	offs := b.offsets()
	for x := b.goesOn(s.Occ, &fj); x != 0; x &= x - 1 {
		from := bits.TrailingZeros64(x)
		for dirs := firstJumpDirs(&fj, uint(from)); dirs != 0; dirs &= dirs - 1 {
			mid, at := jumpCells(from, &offs, uint(dirs))
			rest := need - int(s.frogValue(mid))
			frogs := chainFrogs(s.Occ, from, cellBit(mid))
			for d := b.jumpDirsNS(uint(at), frogs, ^frogs) | b.jumpDirsEW(uint(at), frogs, ^frogs); d != 0; d &= d - 1 {
				if mid2, _ := jumpCells(at, &offs, d); int(s.frogValue(mid2)) >= rest {
					return true
				}
			}
		}
	}
	return false
}

// FrogPoints is the points of the Froglet frogs of set, one word of cells,
// given the colour words c0 and c1 of the same cells (Small's C0 and C1):
// one each, one more for c0, two more for c1.
func FrogPoints(set, c0, c1 uint64) int {
	return bits.OnesCount64(set) + bits.OnesCount64(set&c0) + 2*bits.OnesCount64(set&c1)
}

// HupferMovers counts, cheaply, the Hüpfer pieces of the player to move in
// s (on a board of at most 64 cells) that can capture, or when none can,
// those that can hop, whether or not an empty supply lets the hop be a
// move; capture says which.
func (b *Board) HupferMovers(s *Small) (n int, capture bool) {
	movers, capture := b.hupferMovers(s)
	return bits.OnesCount64(movers), capture
}

// HupferHasMove reports whether the Hüpfer player to move in s (on a board
// of at most 64 cells) has a legal move: Mobility's "none" made exact. A
// capture is a move, and so is a single hop onto a point beside an empty
// one (a piece is born there, or the hop captures on); only where neither
// settles it are the moves listed, in buf.
func (b *Board) HupferHasMove(s *Small, buf []SmallMove) bool {
	mine := s.sideSet(s.Side)
	theirs := s.Occ &^ mine
	if b.captureFrom(mine, theirs) != 0 {
		return true
	}
	empty := b.Cells[0] &^ s.Occ
	hoppers := b.jumpSources(mine, mine, empty)
	switch {
	case hoppers == 0:
		return false
	case s.Counts[s.Side] == 0:
		return b.hopsCapture(hoppers, mine, theirs, s.Occ)
	}
	// A single hop's start is never beside its landing, so the points
	// beside the landing are empty after it as they are now.
	for x := b.shiftJumps(mine, mine, empty); x != 0; x &= x - 1 {
		to := bits.TrailingZeros64(x)
		for d := 0; d < numDirs; d++ {
			if c := b.step[d][to]; c >= 0 && empty>>(uint(c)&63)&1 != 0 {
				return true
			}
		}
	}
	return len(b.smallHupfer(s, buf[:0], false)) > 0
}

func (b *Board) hupferMovers(s *Small) (movers uint64, capture bool) {
	mine := s.sideSet(s.Side)
	theirs := s.Occ &^ mine
	if c := b.captureFrom(mine, theirs); c != 0 {
		return c, true
	}
	return b.jumpSources(mine, mine, b.Cells[0]&^s.Occ), false
}

// hopsCapture reports whether one of the pieces of hoppers (of mine) can
// hop its way to a point from which it captures a piece of theirs; the
// caller knows that none of mine can capture where it stands.
//
// One flood fill from all the hoppers at once answers for every one of
// them (hopsCaptureEach in the tests fills from each alone). A hop lands
// two points away, so a piece lands only on points of its own parity (row
// and column mod 2) and hops over points of another: its own start is
// never hopped over, and the other hoppers' points are occupied in its
// fill as in theirs. Its start, empty in its own fill alone, could only be
// the landing of a capture made from two points away over an enemy beside
// the start, and then that capture could be made from the start itself.
func (b *Board) hopsCapture(hoppers, mine, theirs, occ uint64) bool {
	_, captures := b.hopReach(hoppers, mine, theirs, b.Cells[0]&^occ)
	return captures != 0
}

// JumpCount is FrogletReplies' count and threat on any board: the single
// jumps of p (on a full board, the frogs that may be removed), the points
// of the distinct frogs they could take, and whether there is no jump.
// The general search orders its moves by them.
func (p *Position) JumpCount() (n, threat int, none bool) {
	b := p.Board
	if p.IsFull() {
		for w := 0; w < b.words; w++ {
			n += bits.OnesCount64(p.Occ[w] &^ p.Colour[0][w] &^ p.Colour[1][w])
		}
		return n, 0, n == 0
	}
	// The frogs jumped over: each jump's source moved one cell its way,
	// carried into the next or the previous word. Word w-1 of them is
	// whole once word w's jumps are known. A loop of its own, not
	// firstJumpSets: making the four sets measured slower at every child.
	wi := uint(b.Width) & 63
	var prevOcc, prevEmpty, prev, cur uint64
	for w := 0; w < b.words; w++ {
		o := p.Occ[w]
		empty := b.Cells[w] &^ o
		var nextOcc, nextEmpty uint64
		if w+1 < b.words {
			nextOcc, nextEmpty = p.Occ[w+1], b.Cells[w+1]&^p.Occ[w+1]
		}
		north, south := b.jumpWordNS(w, o, empty, prevOcc, prevEmpty, nextOcc, nextEmpty)
		east, west := b.jumpWordEW(w, o, empty, prevOcc, prevEmpty, nextOcc, nextEmpty)
		prevOcc, prevEmpty = o, empty
		n += bits.OnesCount64(north) + bits.OnesCount64(east) + bits.OnesCount64(south) + bits.OnesCount64(west)
		cur |= north<<wi | east<<1 | south>>wi | west>>1
		if w > 0 {
			prev |= south<<((64-wi)&63) | west<<63
			threat += FrogPoints(prev, p.Colour[0][w-1], p.Colour[1][w-1])
		}
		prev, cur = cur, north>>((64-wi)&63)|east>>63
	}
	threat += FrogPoints(prev, p.Colour[0][b.words-1], p.Colour[1][b.words-1])
	return n, threat, n == 0
}

// firstJumpSets is firstJumps on any board: for each direction, the frogs
// of occ that can jump that way, over a frog onto an empty cell. It works
// word by word, each shift carrying bits across from the neighbouring
// words: a jump spans at most 2*MaxSide cells, less than a word.
func (b *Board) firstJumpSets(occ *Set) (fj [numDirs]Set) {
	var prevOcc, prevEmpty uint64
	for w := 0; w < b.words; w++ {
		o := occ[w]
		empty := b.Cells[w] &^ o
		var nextOcc, nextEmpty uint64
		if w+1 < b.words {
			nextOcc, nextEmpty = occ[w+1], b.Cells[w+1]&^occ[w+1]
		}
		fj[North][w], fj[South][w] = b.jumpWordNS(w, o, empty, prevOcc, prevEmpty, nextOcc, nextEmpty)
		fj[East][w], fj[West][w] = b.jumpWordEW(w, o, empty, prevOcc, prevEmpty, nextOcc, nextEmpty)
		prevOcc, prevEmpty = o, empty
	}
	return fj
}

// jumpWordNS and jumpWordEW are word w of firstJumpSets' four sets, from
// the occupied (o) and empty cells of w and of the words before and after
// it; two functions, each small enough to inline.
func (b *Board) jumpWordNS(w int, o, empty, prevOcc, prevEmpty, nextOcc, nextEmpty uint64) (north, south uint64) {
	wi := uint(b.Width) & 63
	return o & b.canJump[North][w] & (o>>wi | nextOcc<<((64-wi)&63)) & (empty>>((2*wi)&63) | nextEmpty<<((64-2*wi)&63)),
		o & b.canJump[South][w] & (o<<wi | prevOcc>>((64-wi)&63)) & (empty<<((2*wi)&63) | prevEmpty>>((64-2*wi)&63))
}

// jumpWordEW: see jumpWordNS.
func (b *Board) jumpWordEW(w int, o, empty, prevOcc, prevEmpty, nextOcc, nextEmpty uint64) (east, west uint64) {
	return o & b.canJump[East][w] & (o>>1 | nextOcc<<63) & (empty>>2 | nextEmpty<<62),
		o & b.canJump[West][w] & (o<<1 | prevOcc>>63) & (empty<<2 | prevEmpty>>62)
}
