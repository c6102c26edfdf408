package solver

import (
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/leapfrog-solver/leapfrog/internal/hash"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// The search's scores are package score's: winScore and infinity name
// them here, in the hottest code.
const (
	winScore = score.Win
	infinity = score.Infinity
)

// childBound maps a bound on a parent's score to the child's side of it:
// the parent's score exceeds x exactly when the child's is below
// -childBound(x).
func childBound(x int) int {
	switch {
	case x > 0:
		return x + 1
	case x < 0:
		return x - 1
	}
	return 0
}

// hupferOutside answers a Hüpfer search whose window lies outside the
// scores a position can have, from -winScore (no move) to winScore-1 (a
// move that leaves the opponent none), without a node. A question "does
// the mover win within n plies?" asks it of the positions n plies down, and
// searching them would follow a line to the end of the game.
func hupferOutside(alpha, beta int) (int, bool) {
	switch {
	case alpha >= winScore-1:
		return winScore - 1, true
	case beta <= -winScore:
		return -winScore, true
	}
	return 0, false
}

// searcher is one thread's search state. Threads share the table and the
// stop flag, nothing else.
type searcher struct {
	tt    *Table
	nodes int64 // nodes of the current run
	// published is the shared node counter, to which the searcher adds its
	// nodes every checkEvery nodes and at the end of a run.
	published *atomic.Int64
	stop      *atomic.Bool
	limit     func(nodes int64) bool
	aborted   bool
	// limitHit is the Solver's record of why the search stopped.
	limitHit *atomic.Int32
	// moves[ply] is the move buffer of each ply, kept between searches so
	// that the search allocates nothing once it has reached its depth.
	moves [][]positions.Move
	// order[ply] holds the search order (indexes into moves[ply]) and
	// rank[ply] the rank of each move that decides it.
	order [][]uint16
	rank  [][]int16
	// ckeys[ply] holds the keys of the children of the position at ply
	// (Froglet), made and fetched before the table is asked about any.
	ckeys [][]Key
	// deferred[ply] holds the moves of ply put off because another thread
	// was searching their child.
	deferred [][]uint16
	// stack[ply] holds the position searched at ply, so that children
	// live in the searcher and not on the heap.
	stack []positions.Position
	// persist is the persistent store, or nil.
	persist Persistent
	// busy is the threads' shared record of what they are searching
	// (busyTable), nil on one thread.
	busy *busyTable
	// small is the state of the one-word path (small.go).
	small smallBoard
	// shuffle, non-zero on all threads but the first, rotates the order
	// of tied moves so that threads sharing the table do not all walk the
	// same tree: below the root on the one-word path, in the first three
	// plies on the general one (orderMoves).
	shuffle int
	// stats counts this searcher's use of the table.
	stats TableStats
}

// probe looks k up in the table, counting the look-up.
func (s *searcher) probe(k Key) (Entry, bool) {
	e, ok := s.tt.Probe(k)
	s.stats.Probes++
	if ok {
		s.stats.Hits++
	}
	return e, ok
}

// store records e for k in the table, counting the store and what it
// replaced.
func (s *searcher) store(k Key, e Entry) {
	s.stats.Stores++
	if w := s.tt.Store(k, e); w > 0 {
		s.stats.Replaced++
		s.stats.LostWork += 1 << min(w-1, 40) // searchWide stores work 63
	}
}

// checkEvery is how often (in nodes, a power of two) a search looks at
// its limits and at whether its table must grow: a variable so that tests
// can make it 1.
var checkEvery int64 = 4096

// key hashes the part of a position that decides its value. A Froglet
// value depends on the board alone: frogs are shared and the scores so far
// do not count. A Hüpfer position is seen from the side to move ("mine" and
// "theirs"), since the rules are the same for both.
func key(p *positions.Position) Key {
	n := (p.Board.Size() + 63) / 64
	h := keySeed(p.Board, p.Game)
	if p.Game == positions.Froglet {
		for w := 0; w < n; w++ {
			h = h.frogletWord(p.Occ[w], p.Colour[0][w], p.Colour[1][w])
		}
		return h
	}
	h = h.hupferMeta(p.Counts[p.Side], p.Counts[p.Side^1])
	for w := 0; w < n; w++ {
		h = h.hupferWord(p.Occ[w], p.Colour[0][w], p.Side)
	}
	return h
}

// keySeed is where the key of every position of game g on board b starts.
func keySeed(b *positions.Board, g positions.Game) Key {
	shape := b.Shape()
	return Key{hash.Mix(shape ^ uint64(g)), hash.Mix2(shape + uint64(g))}
}

// frogletWord mixes one word of a Froglet position's sets into the key.
// The two halves come from two chains of folded products (fold), each
// word entering both but in another order, so that no 64-bit value is
// common to both: a false match needs both chains to collide. Four
// products in two chains of two are cheaper than six SplitMix steps in
// chains of three, and every child of a Froglet node is keyed.
func (h Key) frogletWord(occ, c0, c1 uint64) Key {
	return Key{fold(fold(occ^h.Index^keyK[0], c0^keyK[1])^keyK[2], c1^keyK[3]),
		fold(fold(occ^h.Check^keyK[4], c1^keyK[5])^keyK[6], c0^keyK[7])}
}

// keyK are the constants of the keys' folds: random odd words (the digits
// of pi), none of which an input word of a board of up to 64 cells can
// cancel but one set of cells.
var keyK = [8]uint64{
	0x243f6a8885a308d3, 0x13198a2e03707345, 0xa4093822299f31d1, 0x082efa98ec4e6c89,
	0x452821e638d01377, 0xbe5466cf34e90c6d, 0xc0ac29b7c97c50dd, 0x3f84d5b5b5470917,
}

// fold is the folded 128-bit product of a and b, the mixing step of
// wyhash: every input bit reaches the middle bits of the product, and the
// fold brings the high half's down to the low bits the table indexes by.
func fold(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// hupferMeta mixes the supplies, the mover's first, into a Hüpfer key.
func (h Key) hupferMeta(mine, theirs int) Key {
	meta := uint64(mine) | uint64(theirs)<<32
	return Key{hash.Mix(h.Index ^ meta), hash.Mix2(h.Check ^ meta)}
}

// hupferWord mixes one word of a Hüpfer position into the key, its pieces
// seen from the side to move: c0 holds the Turquoise pieces, so Red's
// view flips it.
func (h Key) hupferWord(occ, c0 uint64, side int) Key {
	return h.hupferView(occ, moverPieces(occ, c0, side))
}

// moverPieces returns the pieces of the side to move of a word of a
// Hüpfer position: c0 holds the Turquoise pieces.
func moverPieces(occ, c0 uint64, side int) uint64 {
	if side == positions.RedSide {
		c0 = ^c0
	}
	return c0 & occ
}

// hupferView mixes one word of a Hüpfer position seen from the side to
// move, its occupied cells and the mover's pieces, into the key: two
// chains of folds, as frogletWord.
func (h Key) hupferView(occ, mine uint64) Key {
	return Key{fold(fold(occ^h.Index^keyK[0], mine^keyK[1])^keyK[2], occ^keyK[3]),
		fold(fold(mine^h.Check^keyK[4], occ^keyK[5])^keyK[6], mine^keyK[7])}
}

// buffers returns the move and order buffers of ply.
func (s *searcher) buffers(ply int) ([]positions.Move, []uint16) {
	for len(s.moves) <= ply {
		s.moves = append(s.moves, make([]positions.Move, 0, 64))
		s.order = append(s.order, make([]uint16, 0, 64))
		s.rank = append(s.rank, make([]int16, 0, 64))
		s.ckeys = append(s.ckeys, make([]Key, 0, 64))
		s.deferred = append(s.deferred, make([]uint16, 0, 64))
		s.stack = append(s.stack, positions.Position{})
	}
	return s.moves[ply][:0], s.order[ply][:0]
}

// tooMany aborts the search at a position with more moves than the
// generators list (positions.MaxMoves): its result would be a guess.
func (s *searcher) tooMany() int {
	if s.limitHit != nil {
		s.limitHit.Store(limitTooManyMoves)
	}
	s.stop.Store(true)
	s.aborted = true
	return 0
}

// tick counts a node and reports whether the search must stop.
func (s *searcher) tick() bool {
	s.nodes++
	if s.nodes&(checkEvery-1) == 0 {
		if total := s.published.Add(checkEvery); total >= s.tt.growAt.Load() {
			s.tt.grow(total)
		}
		if s.stop.Load() || (s.limit != nil && s.limit(s.nodes)) {
			s.stop.Store(true)
			s.aborted = true
		}
	}
	return s.aborted
}

// search returns the score of p for the player to move, searched with the
// window (alpha, beta): the exact score when it lies inside, else a bound
// on the side it falls (fail-soft). After an abort the result means nothing.
// all says whether the node is expected to fail low (searchSmall).
func (s *searcher) search(p *positions.Position, alpha, beta, ply int, all bool) int {
	return s.searchKeyed(p, key(p), alpha, beta, ply, all)
}

// searchKeyed is search for p, whose key k the caller made (a Froglet
// parent makes its children's keys to fetch their entries early).
func (s *searcher) searchKeyed(p *positions.Position, k Key, alpha, beta, ply int, all bool) int {
	froglet := p.Game == positions.Froglet
	if !froglet {
		if v, ok := hupferOutside(alpha, beta); ok {
			return v
		}
	}
	if s.tick() {
		return 0
	}
	bound, cheapest := infinity, 0
	if froglet {
		bound, cheapest = frogletBound(p)
	}
	lower, upper, best, v, done := s.known(k, ply, alpha, beta, bound, func() positions.Position { return *p })
	if done {
		return v
	}
	if lower > alpha {
		alpha = lower
	}
	if upper < beta {
		beta = upper
	}
	moves, order := s.buffers(ply)
	moves = p.GenerateMoves(moves)
	s.moves[ply] = moves
	if positions.TooManyMoves(moves, 0) {
		return s.tooMany()
	}
	if len(moves) == 0 {
		v := 0
		if !froglet {
			v = score.Hupfer(false, 0)
		}
		s.store(k, Entry{Lower: int16(v), Upper: int16(v), Best: NoMove, Work: 1})
		return v
	}
	if len(moves) >= wideMoves {
		// Move indexes are 16 bits wide; a position with this many moves
		// (long chains on a big sparse board) is searched in generation
		// order, without a best move in the table.
		return s.searchWide(p, alpha, beta, ply, k)
	}
	if !froglet && alpha >= winScore-3 {
		// Only a win in 1 would do: no child needs a search.
		return s.winsInOne(p, k, moves, alpha, beta, ply, lower, upper, best)
	}
	rank, ckeys := s.rank[ply][:0], s.ckeys[ply][:0]
	s.buffers(ply + 1)
	child := &s.stack[ply+1]
	if froglet {
		if v, ok := failsLow(p, moves, child, bound, cheapest, alpha); ok {
			newLower, newUpper := combine(v, alpha, beta, lower, upper)
			s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: best, Work: 1})
			return v
		}
		top := 0
		for i := range moves {
			if moves[i].Points > moves[top].Points {
				top = i
			}
		}
		if v := frogletMoveFloor(int(moves[top].Points), bound); v >= beta {
			newLower, newUpper := combine(v, alpha, beta, lower, upper)
			s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: uint16(top), Work: 1})
			return v
		}
	}
	for i := range moves {
		m := &moves[i]
		if !froglet {
			rank = append(rank, m.Jumps)
			continue
		}
		// frogletRank, as on the one-word path.
		*child = *p
		child.Apply(m)
		n, threat, none := child.JumpCount()
		r := frogletRank(m.Points, m.Jumps, n, threat)
		var ck Key
		if none {
			r = endsGame
			if v := int(m.Points); v >= beta {
				// It ends the game, and refutes: the other moves need no
				// ranks (as on the one-word path).
				newLower, newUpper := combine(v, alpha, beta, lower, upper)
				s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: uint16(i), Work: 1})
				return v
			}
		} else {
			// Fetched now, asked about below: the table far outgrows
			// the caches on these boards.
			ck = key(child)
			s.tt.Prefetch(ck)
		}
		rank, ckeys = append(rank, r), append(ckeys, ck)
	}
	s.rank[ply], s.ckeys[ply] = rank, ckeys
	if froglet && !all {
		// Enhanced transposition cut-offs, as on the one-word path (here
		// before the table's best move is searched: it paid, measured on
		// 12x12 endgames). A move that ends the game falls short of beta
		// here: the ranking stopped at one that reached it.
		for i := range moves {
			if rank[i] == endsGame {
				continue
			}
			if v, ok := s.cutByTable(ckeys[i], positions.Froglet, moves[i].Points, beta); ok {
				newLower, newUpper := combine(v, alpha, beta, lower, upper)
				s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: uint16(i), Work: 1})
				return v
			}
		}
	}
	order = orderMoves(order, rank, best, s.shuffle, ply)
	s.order[ply] = order
	start := s.nodes
	origAlpha := alpha
	bestScore, bestIdx := -infinity, uint16(NoMove)
	// With other threads, a child another thread is searching now waits
	// (ABDADA), as on the one-word path (searchSmall): the others are
	// searched first, and by the time it comes the table may know it.
	shared := s.busy != nil && ply < busyPlies
	deferred := s.deferred[ply][:0]
	for j, n := 0, len(order); j < n+len(deferred); j++ {
		var i uint16
		if j < n {
			i = order[j]
		} else {
			i = deferred[j-n]
		}
		m := &s.moves[ply][i]
		var v int
		if froglet && rank[i] == endsGame {
			v = int(m.Points) // the child has no move
		} else {
			child := &s.stack[ply+1]
			*child = *p
			child.Apply(m)
			var ck Key
			if froglet {
				ck = ckeys[i]
			} else {
				ck = key(child)
			}
			if shared && j > 0 && j < n && s.busy.has(ck) {
				deferred = append(deferred, i)
				s.deferred[ply] = deferred
				continue
			}
			firstAll := !all && j == 0
			if shared {
				slot := s.busy.mark(ck)
				v = s.childScore(child, ck, m, alpha, beta, ply, firstAll)
				s.busy.unmark(slot)
			} else {
				v = s.childScore(child, ck, m, alpha, beta, ply, firstAll)
			}
		}
		if s.aborted {
			return 0
		}
		if v > bestScore {
			bestScore, bestIdx = v, i
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	newLower, newUpper := combine(bestScore, origAlpha, beta, lower, upper)
	if bestScore <= origAlpha && best != NoMove {
		bestIdx = best // a fail-low proves no move best; keep the old hint
	}
	work := uint8(64 - bits.LeadingZeros64(uint64(s.nodes-start+1)))
	s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: bestIdx, Work: work})
	if s.persist != nil && work >= persistWork {
		s.persist.Save(p, newLower, newUpper)
	}
	return bestScore
}

// known is how every node starts: the bounds on the score of key k that
// the table holds, with its best move, or failing that those of the
// persistent store in the first persistPlies plies (pos gives the
// position for it), narrowed by bound, the most the mover can still gain
// (Froglet: no side can take the last frog, so neither gains more than
// the values of all the frogs but one; infinity where there is no such
// bound). done means that they settle the search in (alpha, beta), at v.
//
// Not inlined: inlined into searchSmall it made the Froglet rows 5% slower
// (docs/PERFORMANCE.md, "Profile-guided builds").
//
//go:noinline
func (s *searcher) known(k Key, ply, alpha, beta, bound int, pos func() positions.Position) (lower, upper int, best uint16, v int, done bool) {
	lower, upper, best = -infinity, infinity, uint16(NoMove)
	if e, ok := s.probe(k); ok {
		lower, upper, best = int(e.Lower), int(e.Upper), e.Best
	} else if s.persist != nil && ply < persistPlies {
		q := pos()
		lower, upper = s.persisted(k, &q)
	}
	if v, ok := settled(lower, upper, alpha, beta); ok {
		return lower, upper, best, v, true
	}
	if bound < upper {
		upper, lower = bound, max(lower, -bound)
		if v, ok := settled(lower, upper, alpha, beta); ok {
			return lower, upper, best, v, true
		}
	}
	return lower, upper, best, 0, false
}

// winsInOne is hupferWinsInOne on the general path: the Hüpfer node p,
// keyed k, with the moves moves, whose window only a win in 1 can beat
// asks each child whether it has a move (its moves listed in the next
// ply's buffer: Position.HasMoves would take a 4 KB array each time).
func (s *searcher) winsInOne(p *positions.Position, k Key, moves []positions.Move, alpha, beta, ply, lower, upper int, best uint16) int {
	buf, _ := s.buffers(ply + 1)
	child := &s.stack[ply+1]
	for i := range moves {
		*child = *p
		child.Apply(&moves[i])
		if len(child.GenerateMoves(buf)) == 0 {
			v := score.Parent(score.Terminal(positions.Hupfer))
			s.store(k, Entry{Lower: int16(v), Upper: int16(v), Best: uint16(i), Work: 1})
			return v
		}
	}
	v := winScore - 3 // every move leaves the opponent one
	newLower, newUpper := combine(v, alpha, beta, lower, upper)
	s.store(k, Entry{Lower: int16(newLower), Upper: int16(newUpper), Best: best, Work: 1})
	return v
}

// persisted returns what the persistent store knows of the position p
// with key k, which the table does not know (infinite bounds if nothing),
// and copies it into the table. Searches ask it in the first plies only.
func (s *searcher) persisted(k Key, p *positions.Position) (lower, upper int) {
	if lo, hi, ok := s.persist.Load(p); ok {
		s.store(k, Entry{Lower: int16(lo), Upper: int16(hi), Best: NoMove, Work: persistWork})
		return lo, hi
	}
	return -infinity, infinity
}

// settled reports whether the bounds (lower, upper) decide a search with
// the window (alpha, beta), and the score it returns then.
func settled(lower, upper, alpha, beta int) (int, bool) {
	switch {
	case lower >= beta || lower == upper:
		return lower, true
	case upper <= alpha:
		return upper, true
	}
	return 0, false
}

// combine joins what a search with the window (alpha, beta) proved, its
// fail-soft result best, with the bounds (lower, upper) the table knew.
func combine(best, alpha, beta, lower, upper int) (int, int) {
	switch {
	case best <= alpha:
		return lower, min(upper, best)
	case best >= beta:
		return max(lower, best), upper
	}
	return best, best
}

// searchRoot searches the root p on the one-word path when its board is
// small enough, else on the general one.
func (s *searcher) searchRoot(p *positions.Position, alpha, beta int) int {
	if sp, ok := s.smallFor(p); ok && !noSmall {
		s.smallBuffers(0)
		return s.searchSmall(&sp, s.small.key(&sp), alpha, beta, 0, false)
	}
	s.buffers(0)
	return s.search(p, alpha, beta, 0, false)
}

// noSmall sends every search down the general path (for tests that compare
// the two).
var noSmall = false

// moveScore plays m from p (in the searcher's slot for the next ply) and
// returns the move's score for the player making it, searched within the
// parent's window (alpha, beta).
func (s *searcher) moveScore(p *positions.Position, m *positions.Move, alpha, beta, ply int, all bool) int {
	child := &s.stack[ply+1]
	*child = *p
	child.Apply(m)
	if p.Game == positions.Froglet {
		pts := int(m.Points)
		return pts - s.search(child, pts-beta, pts-alpha, ply+1, all)
	}
	return score.Parent(s.search(child, -childBound(beta), -childBound(alpha), ply+1, all))
}

// childScore returns the score of m, which made child (whose key is ck)
// from the position at ply, for the player making it, searched within
// the parent's window (alpha, beta); all is the child's expected kind.
func (s *searcher) childScore(child *positions.Position, ck Key, m *positions.Move, alpha, beta, ply int, all bool) int {
	if child.Game == positions.Froglet {
		pts := int(m.Points)
		return pts - s.searchKeyed(child, ck, pts-beta, pts-alpha, ply+1, all)
	}
	return score.Parent(s.searchKeyed(child, ck, -childBound(beta), -childBound(alpha), ply+1, all))
}

// wideMoves is the number of moves from which a position is searched by
// searchWide (a variable so that tests can send small positions there).
var wideMoves = int(NoMove)

// searchWide is search for a position with more moves than a 16-bit index
// holds: every move in generation order, the result stored as bounds only.
func (s *searcher) searchWide(p *positions.Position, alpha, beta, ply int, k Key) int {
	moves := s.moves[ply]
	origAlpha := alpha
	bestScore := -infinity
	s.buffers(ply + 1)
	for i := range moves {
		v := s.moveScore(p, &moves[i], alpha, beta, ply, false)
		if s.aborted {
			return 0
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	lower, upper := -infinity, infinity
	switch {
	case bestScore <= origAlpha:
		upper = bestScore
	case bestScore >= beta:
		lower = bestScore
	default:
		lower, upper = bestScore, bestScore
	}
	s.store(k, Entry{Lower: int16(lower), Upper: int16(upper), Best: NoMove, Work: 63})
	return bestScore
}

// frogletBound is the most either side can still gain: the values of all
// frogs on the board but the cheapest. cheapest is that frog's value.
func frogletBound(p *positions.Position) (bound, cheapest int) {
	n := (p.Board.Size() + 63) / 64
	total, present := 0, 0
	for w := 0; w < n; w++ {
		t, c := frogPoints(p.Occ[w], p.Colour[0][w], p.Colour[1][w])
		total, present = total+t, present|c
	}
	return boundOf(total, present)
}

// frogPoints returns the points of the frogs of one word of a Froglet
// position's sets, and which colours are there (bit c for colour c).
func frogPoints(occ, c0, c1 uint64) (total, present int) {
	total = positions.FrogPoints(occ, c0, c1)
	for c, cells := range [4]uint64{occ &^ c0 &^ c1, occ & c0 &^ c1, occ &^ c0 & c1, occ & c0 & c1} {
		if cells != 0 {
			present |= 1 << c
		}
	}
	return total, present
}

// boundOf is frogletBound from the points on the board and the colours
// there: all but the cheapest frog.
func boundOf(total, present int) (bound, cheapest int) {
	if total == 0 {
		return 0, 0
	}
	cheapest = bits.TrailingZeros8(uint8(present)) + 1
	return total - cheapest, cheapest
}

// failsLow is smallFailsLow on the general forms (without a hint), child
// a scratch position.
func failsLow(p *positions.Position, moves []positions.Move, child *positions.Position, bound, cheapest, alpha int) (int, bool) {
	most := frogletMoveBound(bound, cheapest)
	if most > alpha {
		return 0, false
	}
	for i := range moves {
		m := &moves[i]
		if pts := int(m.Points); pts <= alpha {
			most = max(most, pts)
			continue
		}
		*child = *p
		child.Apply(m)
		if _, _, none := child.JumpCount(); none {
			return 0, false
		}
	}
	return most, true
}

// frogletMoveFloor is the least a Froglet move taking points scores, in
// a position whose frogletBound is bound: the opponent gains at most all
// the rest but the cheapest frog. A node with a move whose floor reaches
// beta fails high without searching a child.
func frogletMoveFloor(points, bound int) int {
	return 2*points - bound
}

// frogletMoveBound is the most a Froglet move after which the opponent
// can still move scores, in a position whose frogletBound is bound and
// cheapest: the opponent then jumps a frog worth at least cheapest, which
// the mover never scores and which the opponent scores against it. (A
// move after which the opponent cannot move scores its points.) Below
// frogletBound by twice the cheapest frog, it fails nodes low without
// their children: on ggggy 21% fewer nodes (docs/PERFORMANCE.md).
func frogletMoveBound(bound, cheapest int) int {
	return bound - 2*cheapest
}

// orderMoves fills order with the indexes of the moves in search order:
// the table's best move first, then by rank, highest first (Froglet: the
// points a move takes; Hüpfer: the pieces it captures), ties in generation
// order. rank holds each move's rank. Threads other than the first rotate
// the order near the root, so that they spread over the tree.
func orderMoves(order []uint16, rank []int16, best uint16, shuffle, ply int) []uint16 {
	if len(rank) <= 32 && (shuffle == 0 || ply >= 3) {
		// The common case, without indirection: sort keys that hold the
		// rank above the index, the index complemented so that ties keep
		// generation order.
		var keys [32]uint32
		n := 0
		if best != NoMove && int(best) < len(rank) {
			order = append(order, best)
		}
		for i, r := range rank {
			if uint16(i) != best {
				keys[n] = uint32(uint16(r)+0x8000)<<16 | uint32(0xffff-i)
				n++
			}
		}
		for i := 1; i < n; i++ {
			k := keys[i]
			j := i
			for ; j > 0 && keys[j-1] < k; j-- {
				keys[j] = keys[j-1]
			}
			keys[j] = k
		}
		for _, k := range keys[:n] {
			order = append(order, uint16(0xffff-k&0xffff))
		}
		return order
	}
	first := 0
	if best != NoMove && int(best) < len(rank) {
		order = append(order, best)
		first = 1
	}
	for i := range rank {
		if uint16(i) != best {
			order = append(order, uint16(i))
		}
	}
	rest := order[first:]
	if shuffle > 0 && ply < 3 && len(rest) > 1 {
		r := shuffle % len(rest)
		slices.Reverse(rest[:r])
		slices.Reverse(rest[r:])
		slices.Reverse(rest)
	}
	for i := 1; i < len(rest); i++ {
		for j := i; j > 0 && rank[rest[j]] > rank[rest[j-1]]; j-- {
			rest[j], rest[j-1] = rest[j-1], rest[j]
		}
	}
	return order
}
