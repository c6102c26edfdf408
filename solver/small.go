package solver

import (
	"math/bits"
	"sync/atomic"

	"github.com/leapfrog-solver/leapfrog/score"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// smallBoard is a searcher's state for a board of at most 64 cells, where
// the search runs on positions.Small and positions.SmallMove (one word per
// set) instead of the general forms. It searches the same tree in the same
// order and shares the table and its keys with the general search: only
// the representation differs.
type smallBoard struct {
	board *positions.Board
	game  positions.Game
	// seed is where the keys of the board's positions start (keySeed).
	seed Key
	// canon makes keys canonical under the symmetries the Solver was
	// oriented by (Solver.orient), when symmetric.
	canon     positions.Canonicalizer
	symmetric bool
	moves     [][]positions.SmallMove
	// hint[ply] holds the moves of the piece that names the table's best
	// move, apart from moves[ply], which a Hüpfer node fills before it
	// asks the table.
	hint [][]positions.SmallMove
	// keys[ply] holds the search keys of the moves of ply (see
	// searchSmall).
	keys [][]uint64
	// stack[ply] is the position searched at ply and next[ply] the child
	// of it to be searched next; ckeys[ply] are the keys of its children
	// (Froglet, where they are all made at once).
	stack, next []positions.Small
	ckeys       [][]Key
	// deferred[ply] holds the moves of ply put off because another
	// thread was searching their child.
	deferred [][]int
	// images[ply] holds the images of the position at ply under the
	// symmetries (Froglet, symmetric), from which its children's keys
	// come cheaper (childKey).
	images []positions.Images
	// up[ply] is where the node at ply keeps its position and images
	// (Froglet, symmetric): its children's images come from them
	// (searchSmall). Pointers, not places in stack and images, which move
	// when the search first goes deeper and they grow.
	up []imagedNode
}

// imagedNode is a symmetric Froglet node's position and its images.
type imagedNode struct {
	pos *positions.Small
	im  *positions.Images
}

// smallFor prepares s to search positions of p's game and board on the
// one-word path, and reports whether p's board is small enough for it.
func (s *searcher) smallFor(p *positions.Position) (positions.Small, bool) {
	sp, ok := p.Small()
	if !ok {
		return sp, false
	}
	if s.small.board != p.Board || s.small.game != p.Game {
		s.small.orient(p.Board, p.Game, nil)
	}
	return sp, true
}

// orient makes the keys of positions of game g on board b canonical under
// syms (none: the positions as they stand).
func (sb *smallBoard) orient(b *positions.Board, g positions.Game, syms []positions.Symmetry) {
	sb.board, sb.game, sb.seed = b, g, keySeed(b, g)
	sb.canon, sb.symmetric = positions.CanonicalizerUnder(b, syms), len(syms) > 0
}

// key is the solver's key (see key in search.go) of a small position: the
// same value for the same position.
func (sb *smallBoard) key(p *positions.Small) Key {
	k := positions.SmallKey{Occ: p.Occ, C0: p.C0, C1: p.C1}
	side := int(p.Side)
	if sb.game == positions.Hupfer {
		k.C0 = moverPieces(p.Occ, p.C0, side) // the mover's view (hupferWord)
	}
	if sb.symmetric {
		k = sb.canon.Least(k)
	}
	if sb.game == positions.Froglet {
		return sb.seed.frogletWord(k.Occ, k.C0, k.C1)
	}
	return sb.seed.hupferMeta(int(p.Counts[side]), int(p.Counts[side^1])).hupferView(k.Occ, k.C0)
}

// childKey is key for child, a position one move from parent. When im
// is not nil (Froglet, under symmetries), it holds the parent's images
// under them, and the least image comes from those and the few cells the
// move changed, not from the child's whole words
// (positions.Canonicalizer.ChildKey; where the board is too small for
// that to pay, ChildKey works from the child alone).
func (sb *smallBoard) childKey(im *positions.Images, parent, child *positions.Small) Key {
	if im == nil {
		return sb.key(child)
	}
	k := sb.canon.ChildKey(positions.Froglet, im, parent, child)
	return sb.seed.frogletWord(k.Occ, k.C0, k.C1)
}

// movesOrEnd returns the moves of p, the node keyed k: listed, when the
// node listed them already (Hüpfer), else listed now in buf (moveList);
// or, with end, returns what the node returns without them: the end of a
// game, stored, or a stopped search where they are too many.
func (s *searcher) movesOrEnd(p *positions.Small, k Key, buf, listed []positions.SmallMove) (moves []positions.SmallMove, v int, end bool) {
	moves = listed
	if moves == nil {
		moves = s.small.moveList(p, buf)
	}
	if positions.TooManyMoves(moves, 0) {
		return nil, s.tooMany(), true
	}
	if len(moves) == 0 {
		v := score.Terminal(s.small.game)
		s.store(k, Entry{Lower: int16(v), Upper: int16(v), Best: NoMove, Work: 1})
		return nil, v, true
	}
	return moves, 0, false
}

// moveList returns the moves a node of p searches, in buf: SmallChildren,
// which may list two moves of different pieces that reach the same
// position (the second is a table hit) rather than spend 6% of the
// search's time looking for them (docs/PERFORMANCE.md, "Move
// generation"); SmallMoves where the repeats would take the list past
// positions.MaxMoves.
func (sb *smallBoard) moveList(p *positions.Small, buf []positions.SmallMove) []positions.SmallMove {
	moves := sb.board.SmallChildren(sb.game, p, buf)
	if positions.TooManyMoves(moves, 0) {
		moves = sb.board.SmallMoves(sb.game, p, buf)
	}
	return moves
}

// smallBuffers returns the move buffer of ply, making the buffers of every
// ply up to it.
func (s *searcher) smallBuffers(ply int) []positions.SmallMove {
	for len(s.small.moves) <= ply+1 {
		s.small.moves = append(s.small.moves, make([]positions.SmallMove, 0, 64))
		s.small.hint = append(s.small.hint, make([]positions.SmallMove, 0, 64))
		s.small.stack = append(s.small.stack, positions.Small{})
		s.small.next = append(s.small.next, positions.Small{})
		s.small.ckeys = append(s.small.ckeys, make([]Key, 0, 64))
		s.small.deferred = append(s.small.deferred, make([]int, 0, 64))
		s.small.keys = append(s.small.keys, make([]uint64, 0, 64))
		s.small.images = append(s.small.images, positions.Images{})
		s.small.up = append(s.small.up, imagedNode{})
	}
	return s.small.moves[ply][:0]
}

// searchSmall is search (search.go) on the one-word forms. Each step is
// the same as there; the tests hold both to the reference minimax.
//
// The parent passes the position's key k, which it computed to prefetch
// the position's entry in the table while it searched the previous child,
// and all, whether the node is expected to fail low: an all node, where
// every move is searched and none refutes. The first child searched of a
// node expected to fail high (a cut node) is expected to be an all node,
// every other child a cut node. On ggggy 99% of the nodes so expected
// to fail low did, and only 0.6% of them were cut off by the table
// (docs/PERFORMANCE.md, "Transposition cut-offs"): they skip the
// cut-offs' look-ups.
func (s *searcher) searchSmall(p *positions.Small, k Key, alpha, beta, ply int, all bool) int {
	sb := &s.small
	froglet := sb.game == positions.Froglet
	if !froglet {
		if v, ok := hupferOutside(alpha, beta); ok {
			return v
		}
	}
	if s.tick() {
		return 0
	}
	bound, cheapest := infinity, 0
	var listed []positions.SmallMove
	if froglet {
		bound, cheapest = smallFrogletBound(p)
	} else {
		// Hüpfer lists its moves before it asks the table: the table
		// seldom knows a Hüpfer node, and meanwhile the entry the parent
		// fetched arrives from memory.
		listed = sb.moveList(p, s.smallBuffers(ply))
	}
	lower, upper, best, v, done := s.known(k, ply, alpha, beta, bound, func() positions.Position { return p.Position(sb.game, sb.board) })
	if done {
		return v
	}
	// Now lower < beta, upper > alpha and lower < upper: the window
	// narrowed to the bounds is not empty.
	alpha, beta = max(alpha, lower), min(beta, upper)
	if !froglet && alpha >= winScore-3 {
		// Only a win in 1 would do: no child needs a search.
		return s.hupferWinsInOne(p, k, listed, alpha, beta, ply, lower, upper, best)
	}
	start := s.nodes
	origAlpha := alpha
	bestScore, bestMove := -infinity, positions.SmallMove{From: -1}
	skipped := -infinity // the most a move left unsearched by its bound scores
	buf := s.smallBuffers(ply)
	child, next := &sb.stack[ply+1], &sb.next[ply]
	hinted := false
	// A symmetric Froglet node makes its children's keys from its own
	// images (childKey): cheaper than each child's least image alone.
	// Below the root they come from its parent's (up).
	var im *positions.Images
	if froglet && sb.symmetric {
		im = &sb.images[ply]
		if ply > 0 {
			up := sb.up[ply-1]
			sb.canon.ChildImages(up.im, up.pos, p, im)
		} else {
			sb.canon.Images(p, im)
		}
		sb.up[ply] = imagedNode{p, im}
	}
	if froglet && best != NoMove && frogletMoveBound(bound, cheapest) <= alpha {
		// The node may fail low on its moves' points alone
		// (smallFailsLow): before the table's best move is searched.
		moves := sb.moveList(p, buf)
		if !positions.TooManyMoves(moves, 0) {
			if v, ok := s.smallFailsLow(p, moves, bound, cheapest, alpha, false, nil); ok {
				newLower, newUpper := combine(v, origAlpha, beta, lower, upper)
				s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: best, Work: 1})
				return v
			}
		}
	}
	if best != NoMove {
		// The table's best move first, found among the moves of its piece
		// alone: when it refutes, no other move is ever generated.
		hm := sb.board.SmallMovesFrom(sb.game, p, int(best>>hintSeqBits), sb.hint[ply][:0])
		if seq := int(best & hintSeqMask); seq < len(hm) {
			hinted, bestMove = true, hm[seq]
			*child = *p
			child.Apply(sb.game, &bestMove)
			bestScore = s.smallChild(child, sb.childKey(im, p, child), &bestMove, alpha, beta, ply, !all)
			if s.aborted {
				return 0
			}
			if bestScore > alpha {
				alpha = bestScore
			}
		}
	}
	// Unless the hint refuted (failed high), every move is searched; a
	// window that is empty from the start (beyond the scores that can
	// occur, as a parent's window makes at a proven end) is searched as
	// search does, move by move.
	if !hinted || bestScore < beta {
		moves, v, end := s.movesOrEnd(p, k, buf, listed)
		if end {
			return v
		}
		sb.moves[ply] = moves
		if froglet {
			if v, ok := s.smallFailsLow(p, moves, bound, cheapest, alpha, hinted, &bestMove); ok {
				v = max(v, bestScore)
				newLower, newUpper := combine(v, origAlpha, beta, lower, upper)
				s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: best, Work: 1})
				return v
			}
			// Or high on them (frogletMoveFloor).
			top, most := 0, moves[0].Points // the largest so far in a register, not reloaded
			for i := 1; i < len(moves); i++ {
				if pts := moves[i].Points; pts > most {
					top, most = i, pts
				}
			}
			if v := frogletMoveFloor(int(most), bound); v >= beta {
				newLower, newUpper := combine(v, origAlpha, beta, lower, upper)
				s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: encodeHint(&moves[top]), Work: 1})
				return v
			}
		}
		// Each move gets a key: its rank (frogletRank, hupferRank), then a tie-break
		// (generation order, rotated on the other threads so that they
		// spread over the tree), then its index. The search picks the
		// largest key left each time: most nodes are refuted by their
		// first move or two, and the rest never need sorting.
		if len(moves) > moveMask {
			// Too many moves for the keys: the general path, whose wide
			// search takes any number.
			pos := p.Position(sb.game, sb.board)
			return s.search(&pos, alpha, beta, ply, all)
		}
		rot := 0
		if s.shuffle > 0 && ply > 0 {
			// Ties in another order on every ply of the other threads
			// but the root's: they meet the first thread's subtrees
			// later, having searched others. At the root that is a bet
			// on another first move, lost whenever the first thread's
			// refutes (docs/PERFORMANCE.md, "Solver"); there the threads
			// share by deferring alone.
			rot = s.shuffle % len(moves)
		}
		// Froglet makes every child's key and fetches its bucket before
		// any child is searched, and asks the table about all of them
		// (enhanced transposition cut-offs: a child already known to
		// refute the window ends the node), unless the node is expected
		// to fail low (all). Hüpfer does not: its nodes
		// fell by 7% but its time rose (docs/PERFORMANCE.md, "Nodes
		// against the reference solver").
		etc := froglet
		keys, ckeys := sb.keys[ply][:0], sb.ckeys[ply][:0]
		wonBy := -1
		for i := range moves {
			m := &moves[i]
			if hinted && m.From == bestMove.From && m.Seq == bestMove.Seq {
				ckeys = append(ckeys, Key{})
				continue // searched already
			}
			c := *p
			c.Apply(sb.game, m)
			var ck Key
			if etc {
				ck = sb.childKey(im, p, &c) // before the replies are counted: the fetch arrives meanwhile
				s.tt.Prefetch(ck)
			}
			var rank int16
			if froglet {
				// The opponent's dearest reply bounds the move (frogletMoveBound): its
				// dearest single jump, or one of two jumps where that decides
				// (dearerReply). A move that cannot beat alpha needs no child.
				n, top, threat := sb.board.FrogletReplies(&c)
				if n == 0 {
					rank = endsGame
					if v := int(m.Points); v >= beta {
						// It ends the game, and refutes: the other moves need no ranks.
						newLower, newUpper := combine(v, origAlpha, beta, lower, upper)
						s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: encodeHint(m), Work: 1})
						return v
					}
				} else if most := frogletMoveBound(bound, top); most <= alpha || most-alpha <= twoJumpsGap && sb.dearerReply(&c, bound, alpha, &most) {
					skipped = max(skipped, most)
					ckeys = append(ckeys, Key{})
					continue
				} else {
					rank = frogletRank(m.Points, int16(m.Jumps), n, threat)
				}
			}
			ckeys = append(ckeys, ck)
			if !froglet {
				if rank = s.hupferRank(sb, &c, m); rank == endsGame {
					wonBy = i
					break
				}
			}
			tie := i - rot
			if tie < 0 {
				tie += len(moves)
			}
			keys = append(keys, uint64(uint16(rank)+0x8000)<<48|uint64(moveMask-tie)<<24|uint64(i))
		}
		if wonBy >= 0 {
			// The opponent has no move: a win in 1, the best score there
			// is, decided without searching the child or ranking the
			// other moves.
			v := score.Parent(score.Terminal(sb.game))
			s.store(k, Entry{Lower: int16(v), Upper: int16(v), Best: encodeHint(&moves[wonBy]), Work: 1})
			return v
		}
		sb.keys[ply], sb.ckeys[ply] = keys, ckeys
		if etc && !all {
			for _, mk := range keys {
				i := int(mk & moveMask)
				v, ok := 0, false // an end of the game reaching beta stopped the ranking: any here falls short
				if !endsGameKey(mk) {
					v, ok = s.cutByTable(ckeys[i], sb.game, moves[i].Points, beta)
				}
				if ok {
					newLower, newUpper := combine(v, origAlpha, beta, lower, upper)
					s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: encodeHint(&moves[i]), Work: 1})
					return v
				}
			}
		}
		// Hüpfer makes the children one ahead: while one is searched, the
		// next one's table entry is on its way from memory. Froglet
		// fetched every child's entry above (etc), so it makes each
		// child only when its turn comes: most nodes cut at their first
		// child, and a child made ahead of a cut is made for nothing.
		// With other threads, a child another thread is searching now
		// waits (ABDADA): the others are searched first, and by the time
		// it comes the table may know it.
		shared := s.busy != nil && ply < busyPlies
		deferred := sb.deferred[ply][:0]
		var ck, nk Key
		if len(keys) > 0 {
			ck = s.prepare(child, p, moves, ckeys, pickMove(keys, 0), etc)
		}
		for j, n := 0, len(keys); j < n+len(deferred); j++ {
			var i int
			if j < n {
				i = int(keys[j] & moveMask)
				if !etc && j+1 < n {
					nk = s.prepare(next, p, moves, ckeys, pickMove(keys, j+1), etc)
				}
				if shared && j > 0 && !endsGameKey(keys[j]) && s.busy.has(ck) {
					deferred = append(deferred, i)
					sb.deferred[ply] = deferred
					ck = s.nextChild(child, next, nk, p, moves, ckeys, keys, j, etc)
					continue
				}
			} else {
				i = deferred[j-n]
				ck = s.prepare(child, p, moves, ckeys, i, etc)
			}
			m := &moves[i]
			var v int
			if j < n && endsGameKey(keys[j]) {
				// The child has no move (Froglet): the move is worth its
				// points, and the child needs no node.
				v = int(m.Points)
			} else if firstAll := !all && !hinted && j == 0; shared {
				slot := s.busy.mark(ck)
				v = s.smallChild(child, ck, m, alpha, beta, ply, firstAll)
				s.busy.unmark(slot)
			} else {
				v = s.smallChild(child, ck, m, alpha, beta, ply, firstAll)
			}
			if s.aborted {
				return 0
			}
			if v > bestScore {
				bestScore, bestMove = v, *m
				if v > alpha {
					alpha = v
					if alpha >= beta {
						break
					}
				}
			}
			ck = s.nextChild(child, next, nk, p, moves, ckeys, keys, j, etc)
		}
	}
	bestScore = max(bestScore, skipped)
	newLower, newUpper := combine(bestScore, origAlpha, beta, lower, upper)
	hint := best // a fail-low proves no move best; keep the old hint
	if bestScore > origAlpha || best == NoMove {
		hint = encodeHint(&bestMove)
	}
	work := uint8(64 - bits.LeadingZeros64(uint64(s.nodes-start+1)))
	s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: hint, Work: work})
	if s.persist != nil && work >= persistWork {
		pos := p.Position(sb.game, sb.board)
		s.persist.Save(&pos, newLower, newUpper)
	}
	return bestScore
}

// twoJumpsGap is how far above alpha the bound by a child's dearest single
// jump may lie for dearerReply to be asked. Further up the chains seldom
// take enough to pay for the asking (docs/PERFORMANCE.md, "Replies of two
// jumps").
const twoJumpsGap = 2

// dearerReply reports whether the opponent, to move in the Froglet child
// c, has a reply of two jumps dear enough to hold the move that made c to
// alpha or less, where bound is the parent's (smallFrogletBound); *most
// is then the move's bound by that reply.
func (sb *smallBoard) dearerReply(c *positions.Small, bound, alpha int, most *int) bool {
	need := (bound - alpha + 1) / 2 // the least reply with bound - 2 x need <= alpha
	if !sb.board.FrogletTwoJumps(c, need) {
		return false
	}
	*most = frogletMoveBound(bound, need)
	return true
}

// hupferWinsInOne searches a Hüpfer node whose window (alpha, beta), with
// alpha at least winScore-3, only a win in 1 can beat: its children are
// not searched, only asked whether they have a move. The node listed its
// moves (listed); the table knew the bounds (lower, upper) and the hint
// best.
func (s *searcher) hupferWinsInOne(p *positions.Small, k Key, listed []positions.SmallMove, alpha, beta, ply, lower, upper int, best uint16) int {
	sb := &s.small
	moves, v, end := s.movesOrEnd(p, k, nil, listed)
	if end {
		return v
	}
	child, buf := &sb.stack[ply+1], s.smallBuffers(ply+1)
	for i := range moves {
		*child = *p
		child.Apply(sb.game, &moves[i])
		if !sb.board.HupferHasMove(child, buf) {
			v := score.Parent(score.Terminal(sb.game))
			s.store(k, Entry{Lower: int16(v), Upper: int16(v), Best: encodeHint(&moves[i]), Work: 1})
			return v
		}
	}
	// Every move leaves the opponent one: a win in 3 at best.
	v = winScore - 3
	newLower, newUpper := combine(v, alpha, beta, lower, upper)
	s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: best, Work: 1})
	return v
}

// On the one-word path, an entry's best move is a hint named by the piece
// that makes it and its index among that piece's moves (SmallMove.Seq):
// From<<hintSeqBits | Seq.
const (
	hintSeqBits = 10
	hintSeqMask = 1<<hintSeqBits - 1
)

// encodeHint returns the table's name for m, or NoMove when m has none.
func encodeHint(m *positions.SmallMove) uint16 {
	if m.From < 0 || int(m.Seq) >= hintSeqMask {
		return NoMove
	}
	return uint16(m.From)<<hintSeqBits | m.Seq
}

// prepare makes into c the child of p by moves[i] and returns its key:
// from ckeys when they were all made (etc), else made now, its bucket
// fetched.
func (s *searcher) prepare(c, p *positions.Small, moves []positions.SmallMove, ckeys []Key, i int, etc bool) Key {
	*c = *p
	c.Apply(s.small.game, &moves[i])
	if etc {
		return ckeys[i]
	}
	k := s.small.key(c)
	s.tt.Prefetch(k)
	return k
}

// nextChild makes into child the child of p that the search order keys
// puts after the j-th and returns its key: without etc (Hüpfer), the one
// made ahead into next (keyed nk); with etc (Froglet), made now from the
// keys in ckeys. Past the last key it does nothing (the deferred moves
// are made as their turn comes).
func (s *searcher) nextChild(child, next *positions.Small, nk Key, p *positions.Small, moves []positions.SmallMove, ckeys []Key, keys []uint64, j int, etc bool) Key {
	if !etc {
		*child = *next
		return nk
	}
	if j+1 < len(keys) {
		return s.prepare(child, p, moves, ckeys, pickMove(keys, j+1), etc)
	}
	return Key{}
}

// smallChild searches child, which m made from the position at ply and
// whose key is ck, and returns the score of m for the player making it,
// within the window (alpha, beta) of the parent; all is the child's
// expected kind.
func (s *searcher) smallChild(child *positions.Small, ck Key, m *positions.SmallMove, alpha, beta, ply int, all bool) int {
	if s.small.game == positions.Froglet {
		pts := int(m.Points)
		return pts - s.searchSmall(child, ck, pts-beta, pts-alpha, ply+1, all)
	}
	return score.Parent(s.searchSmall(child, ck, -childBound(beta), -childBound(alpha), ply+1, all))
}

// moveMask selects the index of a move in its search key (24 bits; a
// position with more moves goes to the general path).
const moveMask = 1<<24 - 1

// pickMove moves the largest key of keys[j:] to keys[j] and returns the
// index of its move.
func pickMove(keys []uint64, j int) int {
	// The largest so far in a register, and a conditional move rather
	// than a branch: which key is larger is data no predictor learns.
	b, top := j, keys[j]
	for k := j + 1; k < len(keys); k++ {
		x := keys[k]
		if x > top {
			b, top = k, x
		}
	}
	keys[j], keys[b] = top, keys[j]
	return int(top & moveMask)
}

// smallFailsLow reports whether no move of the Froglet position p but the
// hinted one (hint, when hinted) can score more than alpha, bound and
// cheapest being p's frogletBound, and if so a score no move exceeds: no
// move after which the opponent can move scores more than
// frogletMoveBound, so only moves taking more than alpha need a look at
// their children, for one that leaves the opponent no move.
func (s *searcher) smallFailsLow(p *positions.Small, moves []positions.SmallMove, bound, cheapest, alpha int, hinted bool, hint *positions.SmallMove) (int, bool) {
	most := frogletMoveBound(bound, cheapest)
	if most > alpha {
		return 0, false
	}
	sb := &s.small
	for i := range moves {
		m := &moves[i]
		pts := int(m.Points)
		if pts <= alpha {
			most = max(most, pts) // worth its points if it ends the game
			continue
		}
		if hinted && m.From == hint.From && m.Seq == hint.Seq {
			continue
		}
		c := *p
		c.Apply(sb.game, m)
		if _, _, none := sb.board.Mobility(sb.game, &c); none {
			return 0, false
		}
	}
	return most, true
}

// smallFrogletBound is frogletBound on one word.
func smallFrogletBound(p *positions.Small) (bound, cheapest int) {
	return boundOf(frogPoints(p.Occ, p.C0, p.C1))
}

// hupferRank orders the moves of a Hüpfer node, largest first, by c, the
// child m makes, which it may change (docs/PERFORMANCE.md, "Nodes against
// the reference solver"): a move after which the opponent surely has no
// move goes first of all, then captures, then moves that leave the
// opponent a compulsory capture, then the difference between the pieces
// able to hop (or capture) of the mover and of the opponent. (Froglet's
// rank is frogletRank.)
func (s *searcher) hupferRank(sb *smallBoard, c *positions.Small, m *positions.SmallMove) int16 {
	n, capture, none := sb.board.Mobility(sb.game, c)
	if none {
		return endsGame
	}
	r := int16(m.Jumps) * 256
	if capture {
		return r + 128 - int16(min(n, 63))
	}
	c.Side ^= 1
	mine, _ := sb.board.HupferMovers(c)
	return r + int16(min(mine, 63)) - int16(min(n, 63))
}

// endsGame is the rank of a move after which the opponent has no move: it
// goes first, and its child is never searched (Hüpfer: the node is won in
// 1; Froglet: the move is worth its points).
const endsGame int16 = 0x3fff

// endsGameKey reports whether a move's search key (searchSmall) holds the
// rank endsGame.
func endsGameKey(mk uint64) bool { return uint16(mk>>48) == uint16(endsGame)+0x8000 }

// frogletRank is a Froglet move's rank on both paths: 12 per frog and 8
// per point taken, less 4 per single jump (replies) left to the opponent
// and the points those jumps threaten (threat): each frog taken is a jump
// fewer for both sides, and a move that leaves dear frogs open invites
// the reply that takes them (docs/PERFORMANCE.md, "Move ordering"). At
// most 14212 on 18x18, below endsGame.
func frogletRank(points, frogs int16, replies, threat int) int16 {
	return 4*(3*frogs+2*points-int16(min(replies, 63))) - int16(threat)
}

// cutByTable reports whether the table already proves that a move of game
// g taking points (Froglet), whose child has the key ck, scores at least
// beta, and that score: the enhanced transposition cut-off of both paths.
func (s *searcher) cutByTable(ck Key, g positions.Game, points int16, beta int) (int, bool) {
	e, ok := s.tt.Probe(ck)
	if !ok {
		return 0, false
	}
	v := int(points) - int(e.Upper)
	if g != positions.Froglet {
		v = score.Parent(int(e.Upper))
	}
	return v, v >= beta
}

// busyPlies: nodes this close to the root tell the other threads which
// child they are searching (busyTable). Deferring at the root alone gave
// most of the gain; 1 to 64 measured alike (docs/PERFORMANCE.md,
// "Solver").
const busyPlies = 8

// busyTable is where threads mark the positions they are searching, one
// word a slot (the key's check word; 0 is free), so that a thread about
// to search the same position can put it off.
type busyTable struct {
	slots []atomic.Uint64
	mask  uint64
}

func newBusyTable(bits int) *busyTable {
	return &busyTable{slots: make([]atomic.Uint64, 1<<bits), mask: 1<<bits - 1}
}

// mark records that k is being searched and returns its slot, or -1 when
// the slot was taken (by k or another position: nothing is recorded).
func (b *busyTable) mark(k Key) int {
	i := k.Index & b.mask
	if b.slots[i].CompareAndSwap(0, k.Check|1) {
		return int(i)
	}
	return -1
}

// unmark frees a slot that mark returned.
func (b *busyTable) unmark(slot int) {
	if slot >= 0 {
		b.slots[slot].Store(0)
	}
}

// has reports whether another search has marked k.
func (b *busyTable) has(k Key) bool {
	return b.slots[k.Index&b.mask].Load() == k.Check|1
}
