package solver

import (
	"bufio"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"strings"
	"unsafe"

	"github.com/leapfrog-solver/leapfrog/internal/hash"
	"github.com/leapfrog-solver/leapfrog/internal/hugepages"
	"github.com/leapfrog-solver/leapfrog/internal/prefetch"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/proof"
	"github.com/leapfrog-solver/leapfrog/score"
)

// Depth-first proof-number search (Nagai's df-pn, with Pawlewicz and
// Lew's 1+ε thresholds) answers a yes-or-no question about a position:
// can the player to move reach a goal? Hüpfer: win. Froglet: gain at least
// g more points than the opponent from here on, so that who wins (WDL)
// is one or two such questions. Each position carries a proof number (how
// many leaves must still be proven to show the goal is reached) and a
// disproof number (to show it is not), in the negamax form: a position's
// proof number is the least disproof number among its children, its
// disproof number the sum of their proof numbers. The search always
// expands the most proving child, within thresholds, and keeps the numbers
// in a table of its own (pnTable).

const pnInfinity = 1 << 30

// pnKey names a position and goal in the proof-number table: the
// canonical key of the position (boards of up to 64 cells; a larger
// board's search key in its first two words) and the goal.
type pnKey struct {
	k positions.SmallKey
	g int32
}

func (k *pnKey) hash() uint64 {
	return hash.Mix(k.k.Occ ^ hash.Mix(k.k.C0^hash.Mix(k.k.C1^hash.Mix(k.k.Meta+uint64(k.g)))))
}

// pnEntry is what the proof-number table knows of a position and goal,
// under the 64-bit hash of their key (a false match needs two keys with
// one hash, about one in 2^64 per look-up).
type pnEntry struct {
	check  uint64
	pn, dn uint32
	work   uint32
}

// pnTable is a table of proof and disproof numbers: 4-entry buckets,
// replacing the entry that took the least work. It starts small and
// doubles, up to its most, once as many entries have gone into empty
// slots as it has slots (collisions leave some empty; the rest of the
// time, new entries replace those of least work): a question of a few
// thousand nodes then costs no more than it needs, and a long one gets
// room. Growing sooner made each node slower (a larger table misses the
// caches more: 6x6 7-7 66 s against 45 s).
type pnTable struct {
	buckets  [][4]pnEntry
	mask     uint64
	maxSlots uint64
	added    uint64
}

// pnEntryBytes is the size of an entry.
const pnEntryBytes = 24

func newPNTable(mb int) *pnTable {
	t := &pnTable{maxSlots: max(uint64(mb)<<20/pnEntryBytes, 4096)}
	t.buckets = hugepages.Make[[4]pnEntry](int(min(1<<14, t.maxSlots/4)))
	t.mask = uint64(len(t.buckets)) - 1
	return t
}

func (t *pnTable) get(h uint64) (pn, dn uint32, ok bool) {
	b := &t.buckets[h&t.mask]
	for i := range b {
		if b[i].check == h && b[i].work > 0 {
			return b[i].pn, b[i].dn, true
		}
	}
	return 1, 1, false
}

// prefetch starts loading h's bucket into the processor's cache.
func (t *pnTable) prefetch(h uint64) {
	prefetch.Line(unsafe.Pointer(&t.buckets[h&t.mask]))
}

func (t *pnTable) put(h uint64, pn, dn, work uint32) {
	b := &t.buckets[h&t.mask]
	victim := 0
	for i := range b {
		if b[i].check == h {
			victim = i
			break
		}
		if b[i].work < b[victim].work {
			victim = i
		}
	}
	if b[victim].work == 0 {
		t.added++
	}
	b[victim] = pnEntry{check: h, pn: pn, dn: dn, work: max(work, 1)}
	if slots := uint64(len(t.buckets)) * 4; t.added >= slots && slots*2 <= t.maxSlots {
		t.grow()
	}
}

// grow doubles the table, keeping every entry.
func (t *pnTable) grow() {
	old := t.buckets
	t.buckets = hugepages.Make[[4]pnEntry](len(old) * 2)
	t.mask = uint64(len(t.buckets)) - 1
	t.added = 0
	for i := range old {
		for j := range old[i] {
			if e := &old[i][j]; e.work > 0 {
				t.put(e.check, e.pn, e.dn, e.work)
			}
		}
	}
}

// pnSearch is one proof-number search.
type pnSearch struct {
	s     *Solver
	tt    *pnTable
	canon positions.Canonicalizer
	small bool
	nodes int64
	plies []pnPly[positions.Position, positions.Move]
	// The one-word path (boards of at most 64 cells): its board, game
	// and plies.
	board      *positions.Board
	game       positions.Game
	smallPlies []pnPly[positions.Small, positions.SmallMove]
	stop       bool
	// budget, if not 0, stops the search after that many nodes
	// (overBudget).
	budget     int64
	overBudget bool
	// published is how many of nodes the solver's count already holds.
	published int64
}

// pnPly holds one ply's moves and children (positions P, made by moves
// M: the general or the one-word form), so that the search allocates
// nothing once it has been that deep.
type pnPly[P, M any] struct {
	moves    []M
	children []P
	hashes   []uint64
	goals    []int
	pns, dns []uint32
	replies  []M
}

// plyAt returns the ply's buffers, with room for n children.
func plyAt[P, M any](plies *[]pnPly[P, M], ply, n int) *pnPly[P, M] {
	for len(*plies) <= ply {
		*plies = append(*plies, pnPly[P, M]{})
	}
	pl := &(*plies)[ply]
	if cap(pl.children) < n {
		pl.children = make([]P, n)
		pl.hashes = make([]uint64, n)
		pl.goals = make([]int, n)
		pl.pns = make([]uint32, n)
		pl.dns = make([]uint32, n)
	}
	return pl
}

// key returns the table's key of p with goal g (Hüpfer's goal is always
// to win: 0).
func (ps *pnSearch) key(p *positions.Position, g int) pnKey {
	if ps.small {
		return pnKey{ps.canon.Key(p), int32(g)}
	}
	k := key(p)
	return pnKey{positions.SmallKey{Occ: k.Index, C0: k.Check, Meta: ^uint64(0)}, int32(g)}
}

// childGoal is the goal of the position a move makes, for its mover, such
// that the move reaches g exactly when the child does not reach its goal.
func childGoal(p *positions.Position, m *positions.Move, g int) int {
	if p.Game == positions.Hupfer {
		return 0
	}
	// points - child's gain >= g  <=>  child's gain <= points - g,
	// that is not (child's gain >= points - g + 1).
	return int(m.Points) - g + 1
}

// pnBudget is how many nodes WDL's MethodAuto gives proof-number search
// before alpha-beta: enough for the Hüpfer 5x5 starts' wins (2 to 20
// thousand nodes), a tenth of a second where it does not settle.
const pnBudget = 1 << 16

// Prove answers whether the player to move in p reaches goal g (Hüpfer:
// wins; Froglet: gains at least g more points than the opponent from here
// on), by df-pn.
func (s *Solver) Prove(p *positions.Position, g int) (bool, error) {
	won, _, err := s.prove(p, g, 0)
	return won, err
}

// prove is Prove within budget nodes (0: no budget); decided is false
// when the budget ran out first.
func (s *Solver) prove(p *positions.Position, g int, budget int64) (won, decided bool, err error) {
	return s.newPNSearch(p, budget).prove(p, g)
}

// prove is Solver.prove on the search ps.
func (ps *pnSearch) prove(p *positions.Position, g int) (won, decided bool, err error) {
	s := ps.s
	var pn, dn uint32
	if sp, ok := p.Small(); ok {
		pn, dn = ps.midSmall(&sp, g, 0, pnInfinity, pnInfinity)
	} else {
		pn, dn = ps.mid(p, g, 0, pnInfinity, pnInfinity)
	}
	ps.flush()
	switch {
	case ps.stop && ps.overBudget:
		return false, false, nil
	case ps.stop:
		return false, false, s.limitErr()
	case pn == 0:
		return true, true, nil
	case dn == 0:
		return false, true, nil
	}
	return false, false, fmt.Errorf("proof-number search of %s ended undecided (%d, %d)", p, pn, dn)
}

// WDLProof answers who wins p, as WDL does, by proof-number search alone.
func (s *Solver) WDLProof(p *positions.Position) (score.Outcome, error) {
	if p.Game == positions.Hupfer {
		won, err := s.Prove(p, 0)
		if err != nil || !won {
			return -1, err
		}
		return 1, nil
	}
	d := p.Counts[p.Side] - p.Counts[p.Side^1]
	won, err := s.Prove(p, 1-d)
	if err != nil || won {
		return 1, err
	}
	drawn, err := s.Prove(p, -d)
	if err != nil || !drawn {
		return -1, err
	}
	return 0, nil
}

// mid searches p (goal g, ply plies from the root) until its proof number
// reaches thPN or its disproof number thDN, and returns both.
func (ps *pnSearch) mid(p *positions.Position, g, ply int, thPN, thDN uint32) (uint32, uint32) {
	ps.count()
	k := ps.key(p, g)
	h := k.hash()
	pl := plyAt(&ps.plies, ply, 0)
	pl.moves = p.GenerateMoves(pl.moves[:0])
	n := len(pl.moves)
	if n == 0 {
		pn, dn := firstNumbers(p.Game, 0, g)
		ps.tt.put(h, pn, dn, 1)
		return pn, dn
	}
	pl = plyAt(&ps.plies, ply, n)
	children, hashes, goals := pl.children[:n], pl.hashes[:n], pl.goals[:n]
	pns, dns := pl.pns[:n], pl.dns[:n]
	for i := range pl.moves {
		children[i] = *p
		children[i].Apply(&pl.moves[i])
		goals[i] = childGoal(p, &pl.moves[i], g)
		k := ps.key(&children[i], goals[i])
		hashes[i] = k.hash()
		if _, _, ok := ps.tt.get(hashes[i]); !ok {
			pl.replies = children[i].GenerateMoves(pl.replies[:0])
			cpn, cdn := firstNumbers(p.Game, len(pl.replies), goals[i])
			ps.tt.put(hashes[i], cpn, cdn, 1)
		}
		pns[i], dns[i], _ = ps.tt.get(hashes[i])
	}
	start := ps.nodes
	for {
		pn, dn, best, childPN, childDN, done := pnStep(pns, dns, thPN, thDN)
		if done || ps.stop {
			ps.tt.put(h, pn, dn, uint32(min(ps.nodes-start+1, 1<<31)))
			return pn, dn
		}
		pns[best], dns[best] = ps.mid(&children[best], goals[best], ply+1, childPN, childDN)
	}
}

// pnStep works out a position's numbers from its children's (negamax:
// its proof number is the least disproof number of a child, its disproof
// number the sum of their proof numbers) and reports done when they
// reach the thresholds; else it names the child to search next and that
// child's thresholds: the child's disproof number may rise until it is no
// longer the most proving (1+ε of the second least), its proof number
// until the parent's disproof number reaches its threshold.
func pnStep(pns, dns []uint32, thPN, thDN uint32) (pn, dn uint32, best int, childPN, childDN uint32, done bool) {
	pn, second := uint32(pnInfinity), uint32(pnInfinity)
	for i := range pns {
		cpn, cdn := pns[i], dns[i]
		// Sums stop short of infinity, which only a disproved child (a
		// proof of this position) reaches.
		if cpn >= pnInfinity {
			dn = pnInfinity
		} else if dn < pnInfinity {
			dn = min(dn+cpn, pnInfinity-1)
		}
		if cdn < pn {
			second = pn
			pn, best = cdn, i
		} else if cdn < second {
			second = cdn
		}
	}
	if pn >= thPN || dn >= thDN {
		return pn, dn, best, 0, 0, true
	}
	childDN = min(thPN, second+second/4+1)
	childPN = uint32(min(uint64(thDN)-uint64(dn)+uint64(pns[best]), pnInfinity))
	return pn, dn, best, childPN, childDN, false
}

// firstNumbers are the numbers of a child met for the first time, whose
// mover has replies moves and goal g: a child without a move is decided
// at once; else its disproof number starts at its count of replies, so
// that the fewer replies the opponent has, the sooner the search looks.
func firstNumbers(game positions.Game, replies, g int) (pn, dn uint32) {
	switch {
	case replies == 0 && game == positions.Froglet && g <= 0:
		return 0, pnInfinity
	case replies == 0:
		return pnInfinity, 0
	}
	return 1, uint32(replies)
}

// flush adds the nodes searched since the last flush to the solver's
// count.
func (ps *pnSearch) flush() {
	ps.s.nodes.Add(ps.nodes - ps.published)
	ps.published = ps.nodes
}

// count counts a node, and reports whether the search must stop.
func (ps *pnSearch) count() bool {
	ps.nodes++
	if ps.nodes&4095 == 0 {
		// The solver's count, which --max-nodes and progress read.
		ps.flush()
		if ps.s.limitReached(ps.nodes) {
			ps.stop = true
		}
	}
	if ps.budget > 0 && ps.nodes >= ps.budget {
		ps.stop, ps.overBudget = true, true
	}
	return ps.stop
}

// midSmall is mid on the one-word form, its twin for boards of at most
// 64 cells: the moves, keys and children's first numbers come from
// package positions' one-word functions (SmallMoves, ChildKey, SmallChildren),
// several times faster than the general ones.
func (ps *pnSearch) midSmall(p *positions.Small, g, ply int, thPN, thDN uint32) (uint32, uint32) {
	ps.count()
	k := pnKey{ps.canon.SmallKey(ps.game, p), int32(g)}
	h := k.hash()
	pl := plyAt(&ps.smallPlies, ply, 0)
	pl.moves = ps.board.SmallMoves(ps.game, p, pl.moves[:0])
	n := len(pl.moves)
	if n == 0 {
		pn, dn := firstNumbers(ps.game, 0, g)
		ps.tt.put(h, pn, dn, 1)
		return pn, dn
	}
	pl = plyAt(&ps.smallPlies, ply, n)
	children, hashes, goals := pl.children[:n], pl.hashes[:n], pl.goals[:n]
	pns, dns := pl.pns[:n], pl.dns[:n]
	var im positions.Images
	ps.canon.Images(p, &im)
	for i := range pl.moves {
		m := &pl.moves[i]
		children[i] = *p
		children[i].Apply(ps.game, m)
		goals[i] = 0
		if ps.game == positions.Froglet {
			goals[i] = int(m.Points) - g + 1
		}
		k := pnKey{ps.canon.ChildKey(ps.game, &im, p, &children[i]), int32(goals[i])}
		hashes[i] = k.hash()
		ps.tt.prefetch(hashes[i])
	}
	for i := range pl.moves {
		var ok bool
		pns[i], dns[i], ok = ps.tt.get(hashes[i])
		if ok {
			continue
		}
		// (SmallChildren: the count of replies without the search for
		// moves of two pieces that make one position, near enough.)
		pl.replies = ps.board.SmallChildren(ps.game, &children[i], pl.replies[:0])
		pns[i], dns[i] = firstNumbers(ps.game, len(pl.replies), goals[i])
		ps.tt.put(hashes[i], pns[i], dns[i], 1)
	}
	start := ps.nodes
	for {
		pn, dn, best, childPN, childDN, done := pnStep(pns, dns, thPN, thDN)
		if done || ps.stop {
			ps.tt.put(h, pn, dn, uint32(min(ps.nodes-start+1, 1<<31)))
			return pn, dn
		}
		pns[best], dns[best] = ps.midSmall(&children[best], goals[best], ply+1, childPN, childDN)
	}
}

// ProofByNumbers writes to w a proof (package proof) of who wins p, a
// Hüpfer position, found by proof-number search: at every position the
// winner meets against every defence, a move the search proved wins. Its
// strategy need not be the quickest win: the proof claims the most plies
// it takes against any defence, which the checker measures again. A
// proof-number search's proof tree is small, so this proof is far
// shorter than Proof's (docs/RESULTS.md, "Proofs").
func (s *Solver) ProofByNumbers(p *positions.Position, w io.Writer) (ProofStats, error) {
	if p.Game != positions.Hupfer {
		return ProofStats{}, fmt.Errorf("%s: proofs are written for Hüpfer positions, won or lost", p)
	}
	ps := s.newPNSearch(p, 0)
	won, err := ps.decide(p)
	if err != nil {
		return ProofStats{}, err
	}
	winner := p.Side
	if !won {
		winner ^= 1
	}
	// The strategy's lines go to a temporary file as they are found (a
	// big proof does not fit in memory as positions), and the header,
	// which claims the plies, is written once the walk knows them.
	tmp, err := os.CreateTemp("", "leapfrog-proof-*")
	if err != nil {
		return ProofStats{}, err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	lines := bufio.NewWriter(tmp)
	d, err := ps.strategyPlies(p, winner, func(text, move string) {
		fmt.Fprintf(lines, "%s\t%s\n", text, move)
	})
	if err != nil {
		return ProofStats{}, err
	}
	if err := lines.Flush(); err != nil {
		return ProofStats{}, err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return ProofStats{}, err
	}
	pw, err := proof.NewWriter(w, p, winner, int(d))
	if err != nil {
		return ProofStats{}, err
	}
	sc := bufio.NewScanner(tmp)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		pos, move, _ := strings.Cut(sc.Text(), "\t")
		if err := pw.MoveText(pos, move); err != nil {
			return ProofStats{}, err
		}
	}
	if err := sc.Err(); err != nil {
		return ProofStats{}, err
	}
	digest, err := pw.Close()
	return ProofStats{Lines: pw.Lines(), SHA256: digest, Won: won}, err
}

// strategyPlies walks the winner's strategy that ps proved from p (a
// move at each of the winner's positions, every reply of the loser's) and
// returns the most plies it takes against any defence; emit, if not nil,
// gets each of the winner's positions, as text, with its move.
func (ps *pnSearch) strategyPlies(p *positions.Position, winner int, emit func(text, move string)) (int32, error) {
	// plies holds, by a 128-bit hash of each position's text, the plies
	// its strategy takes: a position met again is not walked again. (Two
	// texts with one hash would leave a position out, which the checker
	// finds; the proof would not pass.)
	seed0, seed1 := maphash.MakeSeed(), maphash.MakeSeed()
	plies := map[[2]uint64]int32{}
	var walk func(q *positions.Position) (int32, error)
	walk = func(q *positions.Position) (int32, error) {
		text := q.String()
		h := [2]uint64{maphash.String(seed0, text), maphash.String(seed1, text)}
		if d, ok := plies[h]; ok {
			return d, nil
		}
		var d int32
		if q.Side != winner {
			for _, m := range q.LegalMoves() {
				cd, err := walk(m.Result)
				if err != nil {
					return 0, err
				}
				d = max(d, cd+1)
			}
		} else {
			m, err := ps.winningMove(q)
			if err != nil {
				return 0, err
			}
			if emit != nil {
				emit(text, m.Text)
			}
			cd, err := walk(m.Result)
			if err != nil {
				return 0, err
			}
			d = cd + 1
		}
		plies[h] = d
		return d, nil
	}
	return walk(p)
}

// newPNSearch makes a proof-number search of positions like p.
func (s *Solver) newPNSearch(p *positions.Position, budget int64) *pnSearch {
	mb := s.opts.HashMB
	if mb == 0 {
		mb = AutoHashMB(p.Board.Size())
	}
	ps := &pnSearch{s: s, tt: newPNTable(mb), small: p.Board.Size() <= 64, budget: budget}
	if ps.small {
		ps.canon = positions.NewCanonicalizer(p.Board)
		ps.board, ps.game = p.Board, p.Game
	}
	return ps
}

// decide runs the search from p (goal 0: a Hüpfer win) until p is proved
// or disproved, and reports which.
func (ps *pnSearch) decide(p *positions.Position) (bool, error) {
	var pn, dn uint32
	if sp, ok := p.Small(); ok {
		pn, dn = ps.midSmall(&sp, 0, 0, pnInfinity, pnInfinity)
	} else {
		pn, dn = ps.mid(p, 0, 0, pnInfinity, pnInfinity)
	}
	ps.flush()
	switch {
	case ps.stop:
		return false, ps.s.limitErr()
	case pn == 0:
		return true, nil
	case dn == 0:
		return false, nil
	}
	return false, fmt.Errorf("proof-number search of %s ended undecided (%d, %d)", p, pn, dn)
}

// winningMove returns a move of the Hüpfer position q, which its mover
// wins, to a position the table shows lost for its mover; when the table
// has let those entries go, it searches q again.
func (ps *pnSearch) winningMove(q *positions.Position) (positions.LegalMove, error) {
	moves := q.LegalMoves()
	proved := func() (positions.LegalMove, bool) {
		for _, m := range moves {
			if !m.Result.HasMoves() {
				return m, true
			}
			k := ps.key(m.Result, 0)
			if _, dn, ok := ps.tt.get(k.hash()); ok && dn == 0 {
				return m, true
			}
		}
		return positions.LegalMove{}, false
	}
	if m, ok := proved(); ok {
		return m, nil
	}
	// The table let the entries go: search q again, and failing that
	// (its children's entries gone again) each child.
	won, err := ps.decide(q)
	if err != nil {
		return positions.LegalMove{}, err
	}
	if !won {
		return positions.LegalMove{}, fmt.Errorf("%s: the winner's position is not won: the search contradicts itself", q)
	}
	if m, ok := proved(); ok {
		return m, nil
	}
	for _, m := range moves {
		won, err := ps.decide(m.Result)
		if err != nil {
			return positions.LegalMove{}, err
		}
		if !won {
			return m, nil
		}
	}
	return positions.LegalMove{}, fmt.Errorf("%s: no move found that the search proved", q)
}

// proofBudget is how many nodes solve gives proof numbers before it
// searches a Hüpfer position's exact value: enough for the wins they find
// fast (the 5x5 starts with supplies 4-4, 5-5 and 8-8), whose strategy
// bounds the distance within a few plies of the quickest and spares
// alpha-beta most of its null windows (docs/PERFORMANCE.md, "Nodes
// against the reference solver"). Where it does not settle, it costs
// about 10 ms; 2^15 nodes settled more starts but cost 45 ms.
var proofBudget int64 = 1 << 13

// boundByProof bounds the distance of the Hüpfer position p by proof
// numbers, within proofBudget nodes, when neither the table nor the
// persistent store knows anything of p: the strategy proved takes at most
// some plies against every defence, and that bound goes into the table,
// where the exact search starts from it. It gives up quietly: the search
// that follows reports any limit.
func (s *Solver) boundByProof(p *positions.Position) {
	tt, k := s.table(p), s.key(p)
	if _, ok := tt.Probe(k); ok {
		return
	}
	if pe := s.opts.Persistent; pe != nil {
		if _, _, ok := pe.Load(p); ok {
			return
		}
	}
	if !p.HasMoves() {
		return
	}
	ps := s.newPNSearch(p, proofBudget)
	won, decided, err := ps.prove(p, 0)
	if err != nil || !decided {
		return
	}
	winner := p.Side
	if !won {
		winner ^= 1
	}
	d, err := ps.strategyPlies(p, winner, nil)
	if err != nil {
		return
	}
	e := Entry{Lower: -infinity, Upper: infinity, Best: NoMove, Work: 1}
	if won {
		e.Lower = int16(score.Hupfer(true, int(d)))
	} else {
		e.Upper = int16(score.Hupfer(false, int(d)))
	}
	tt.Store(k, e)
}
