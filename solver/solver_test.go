package solver

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/leapfrog-solver/leapfrog/internal/testenv"
	"github.com/leapfrog-solver/leapfrog/score"

	"github.com/leapfrog-solver/leapfrog/internal/reference"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// smallPosition makes a random position small enough for the plain
// minimax: up to 4x4 at any density, up to 6x6 with few pieces.
func smallPosition(rng *rand.Rand) *positions.Position {
	game := positions.Froglet
	if rng.IntN(2) == 1 {
		game = positions.Hupfer
	}
	w, h := 1+rng.IntN(4), 1+rng.IntN(4)
	density := rng.Float64()
	if rng.IntN(4) == 0 {
		w, h = 3+rng.IntN(4), 3+rng.IntN(4)
		density = 0.1 + 0.25*rng.Float64()
	}
	var holes positions.Set
	if game == positions.Froglet && rng.IntN(3) == 0 {
		for c := 0; c < w*h; c++ {
			if rng.IntN(6) == 0 {
				holes.Add(c)
			}
		}
	}
	b := positions.MustBoard(w, h, holes)
	p := &positions.Position{Game: game, Board: b, Side: rng.IntN(2)}
	if game == positions.Froglet && w*h <= 12 && rng.IntN(6) == 0 {
		density = 1.1 // a full board: the first removal
	}
	for c := 0; c < w*h; c++ {
		if b.IsCell(c) && rng.Float64() < density {
			p.Put(c, rng.IntN(map[positions.Game]int{positions.Froglet: 4, positions.Hupfer: 2}[game]))
		}
	}
	if game == positions.Froglet {
		p.Counts = [2]int{rng.IntN(20), rng.IntN(20)}
	} else {
		p.Counts = [2]int{rng.IntN(3), rng.IntN(3)}
	}
	return p
}

func refOf(v score.Value) reference.Value {
	if v.Game == positions.Froglet {
		return reference.Value{Score: v.Score}
	}
	return reference.Value{Win: v.Win(), Distance: v.Distance()}
}

// checkSolve compares Solve and Analyze with the reference on p.
func checkSolve(s *Solver, mm *reference.Minimax, p *positions.Position) (bool, error) {
	want, ok := mm.Value(p)
	if !ok {
		return false, nil
	}
	sol, err := s.Solve(p)
	if err != nil {
		return true, err
	}
	if got := refOf(sol.Value); got != want {
		return true, fmt.Errorf("value %+v, reference %+v", got, want)
	}
	// The principal variation replays, move by move from its text, to the
	// claimed value and ends the game.
	q := p
	total := 0
	sign := 1
	for i, m := range sol.PV {
		lm, err := q.ParseMove(m.Text)
		if err != nil {
			return true, fmt.Errorf("pv move %d %s: %v", i, m.Text, err)
		}
		total += sign * int(lm.Points)
		sign = -sign
		q = lm.Result
	}
	if len(q.LegalMoves()) != 0 {
		return true, fmt.Errorf("pv %v does not end the game", sol.PV)
	}
	if p.Game == positions.Froglet && total != want.Score {
		return true, fmt.Errorf("pv %v scores %d, value %d", sol.PV, total, want.Score)
	}
	if p.Game == positions.Hupfer && len(sol.PV) != want.Distance {
		return true, fmt.Errorf("pv %v has %d plies, distance %d", sol.PV, len(sol.PV), want.Distance)
	}
	// Analyze: every move's value equals the reference's, best first, and
	// the first equals the position's value.
	an, err := s.Analyze(p)
	if err != nil {
		return true, err
	}
	refMoves, _ := reference.Moves(p)
	if len(an) != len(refMoves) {
		return true, fmt.Errorf("analyze has %d moves, reference %d", len(an), len(refMoves))
	}
	for i, mv := range an {
		rm := refMoves[mv.Result.String()]
		child, _ := positions.ParsePosition(rm.Result)
		cv, _ := mm.Value(child)
		if got, want := refOf(mv.Value), reference.MoveValue(p.Game, rm, cv); got != want {
			return true, fmt.Errorf("analyze %s: %+v, reference %+v", mv.Text, got, want)
		}
		if i > 0 && an[i-1].Value.Less(mv.Value) {
			return true, fmt.Errorf("analyze is not sorted best first at %s", mv.Text)
		}
	}
	if len(an) > 0 && (an[0].Value != sol.Value || sol.PV[0].Text != firstBest(an)) {
		return true, fmt.Errorf("analyze's best %s %+v differs from solve's %s %+v", an[0].Text, an[0].Value, sol.PV[0].Text, sol.Value)
	}
	return true, nil
}

// firstBest is the best move Solve must pick: the first optimal one in
// spelling order.
func firstBest(an []MoveValue) string {
	best := an[0]
	for _, mv := range an {
		if mv.Value == an[0].Value && mv.Text < best.Text {
			best = mv
		}
	}
	return best.Text
}

func TestSolveAgainstMinimax(t *testing.T) {
	// 3,500 positions in the long run (LEAPFROG_LONG=1, as CI runs it),
	// 450 in the quick one.
	n := testenv.Scale(450, 3500)
	// One reference for all runs: they ask about the same positions.
	mm := reference.NewMinimax(200000)
	for _, c := range []struct {
		threads int
		general bool
		// grow starts each solver's table at one bucket, to double
		// every few nodes.
		grow bool
		// noProof gives solve's proof numbers (boundByProof) too few
		// nodes to settle anything, so that Hüpfer values come from
		// alpha-beta alone; elsewhere they settle almost every position
		// here and bound its distance first.
		noProof bool
	}{{1, false, false, false}, {2, false, false, false}, {1, true, false, false}, {2, true, false, false}, {2, false, true, false}, {1, false, false, true}} {
		threads := c.threads
		t.Run(fmt.Sprintf("threads=%d,general=%v,grow=%v,noProof=%v", threads, c.general, c.grow, c.noProof), func(t *testing.T) {
			defer setGeneral(c.general)()
			if c.noProof {
				old := proofBudget
				proofBudget = 1
				defer func() { proofBudget = old }()
			}
			hashMB := 1
			if c.grow {
				hashMB = 0
				defer setGrowth(0, 1)()
			}
			rng := rand.New(rand.NewPCG(11, 12))
			n := n
			if c.general || c.grow || c.noProof {
				// The general path is the same search on other types;
				// a third of the positions suffice to hold it to the
				// reference (boards over 64 cells use it everywhere).
				// So does a third for growing tables.
				n /= 3
			}
			checked := map[positions.Game]int{}
			for i := 0; i < n; i++ {
				p := smallPosition(rng)
				// A fresh solver now and then, so that both cold and warm
				// tables are tested.
				s := New(Options{HashMB: hashMB, Threads: threads})
				ok, err := checkSolve(s, mm, p)
				if err != nil {
					t.Fatalf("position %d, %s: %v", i, p, err)
				}
				if ok && i%4 == 0 {
					// The value alone (solve --value), from a cold table of
					// its own; every fourth position, for the time.
					want, _ := mm.Value(p)
					v, err := New(Options{HashMB: hashMB, Threads: threads}).ExactValue(p)
					if err != nil || refOf(v) != want {
						t.Fatalf("position %d, %s: ExactValue %+v, reference %+v: %v", i, p, refOf(v), want, err)
					}
				}
				if ok {
					checked[p.Game]++
				}
			}
			if checked[positions.Froglet] < n/3 || checked[positions.Hupfer] < n/3 {
				t.Errorf("only %v positions were small enough for the reference", checked)
			}
			t.Logf("checked %v", checked)
		})
	}
}

// setGrowth makes growing tables start at startMB and double every
// nodes nodes per entry, checked at every node, until the returned
// function is called.
func setGrowth(startMB int, nodes int64) func() {
	oldStart, oldNodes, oldCheck := startHashMB, growNodes, checkEvery
	startHashMB, growNodes, checkEvery = startMB, nodes, 1
	return func() { startHashMB, growNodes, checkEvery = oldStart, oldNodes, oldCheck }
}

func TestWDL(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	s := New(Options{HashMB: 4, Threads: 1})
	for i := 0; i < 500; i++ {
		p := smallPosition(rng)
		v, err := New(Options{HashMB: 1, Threads: 1}).Value(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.WDL(p)
		if err != nil {
			t.Fatal(err)
		}
		want := score.Outcome(0)
		if p.Game == positions.Hupfer {
			want = -1
			if v.Win() {
				want = 1
			}
		} else if d := p.Counts[p.Side] - p.Counts[p.Side^1] + v.Score; d > 0 {
			want = 1
		} else if d < 0 {
			want = -1
		}
		if got != want {
			t.Fatalf("%s: WDL %d, value %+v says %d", p, got, v, want)
		}
	}
}

// TestWidePositions sends every position with two moves or more through
// searchWide, the path of positions with more moves than a move index
// holds, and checks it against the reference.
// The one-word path has no such limit (its move keys hold 24-bit
// indexes), so the test runs on the general path.
func TestWidePositions(t *testing.T) {
	defer setGeneral(true)()
	testWidePositions(t)
}

// setGeneral sends every search down the general path (when general is
// true) instead of the one-word path of small boards, and returns the
// function that restores the default.
func setGeneral(general bool) func() {
	old := noSmall
	noSmall = general
	return func() { noSmall = old }
}

func testWidePositions(t *testing.T) {
	old := wideMoves
	wideMoves = 2
	defer func() { wideMoves = old }()
	rng := rand.New(rand.NewPCG(21, 22))
	mm := reference.NewMinimax(200000)
	checked := 0
	for i := 0; i < 400; i++ {
		p := smallPosition(rng)
		want, ok := mm.Value(p)
		if !ok {
			continue
		}
		v, err := New(Options{HashMB: 1, Threads: 1}).Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if refOf(v) != want {
			t.Fatalf("%s: %+v, reference %+v", p, refOf(v), want)
		}
		checked++
	}
	if checked < 200 {
		t.Errorf("only %d positions checked", checked)
	}
}

// TestOrderMoves holds orderMoves to its definition: the best move first,
// then by rank, highest first, ties in generation order (thread 0).
func TestOrderMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for i := 0; i < 5000; i++ {
		rank := make([]int16, rng.IntN(40))
		for j := range rank {
			rank[j] = int16(rng.IntN(6))
		}
		best := uint16(NoMove)
		if len(rank) > 0 && rng.IntN(2) == 0 {
			best = uint16(rng.IntN(len(rank) + 1)) // sometimes out of range
		}
		var want []uint16
		if int(best) < len(rank) {
			want = append(want, best)
		}
		var rest []uint16
		for j := range rank {
			if uint16(j) != best {
				rest = append(rest, uint16(j))
			}
		}
		sort.SliceStable(rest, func(a, b int) bool { return rank[rest[a]] > rank[rest[b]] })
		want = append(want, rest...)
		got := orderMoves(nil, rank, best, 0, 5)
		if !slices.Equal(got, want) {
			t.Fatalf("ranks %v, best %d: order %v, want %v", rank, best, got, want)
		}
	}
}

// TestSmallKeysAndBounds holds the one-word path's key and Froglet bound
// to the general ones on random positions of boards of up to 64 cells.
func TestSmallKeysAndBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	var s searcher
	for i := 0; i < 3000; i++ {
		p := reference.RandomPosition(rng)
		sp, ok := s.smallFor(p)
		if !ok {
			continue
		}
		if got, want := s.small.key(&sp), key(p); got != want {
			t.Fatalf("%s: one-word key %x, key %x", p, got, want)
		}
		if p.Game == positions.Froglet {
			gb, gc := smallFrogletBound(&sp)
			wb, wc := frogletBound(p)
			if gb != wb || gc != wc {
				t.Fatalf("%s: one-word bound %d (cheapest %d), bound %d (%d)", p, gb, gc, wb, wc)
			}
		}
	}
}

// TestFrogletMoveBound holds frogletMoveBound and frogletMoveFloor to the
// reference minimax: no Froglet move after which the opponent can still
// move scores more than the first, no move less than the second, and some
// score exactly those (a sharper bound would be wrong).
func TestFrogletMoveBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	mm := reference.NewMinimax(20000)
	checked, atMost, atFloor, atReplies := 0, 0, 0, 0
	for i := 0; i < testenv.Scale(1500, 3000); i++ {
		p := smallPosition(rng)
		if p.Game != positions.Froglet {
			continue
		}
		refMoves, ok := reference.Moves(p)
		if !ok {
			continue
		}
		bound, cheapest := frogletBound(p)
		most := frogletMoveBound(bound, cheapest)
		for _, m := range refMoves {
			child, err := positions.ParsePosition(m.Result)
			if err != nil {
				t.Fatalf("%s: move %s: %v", p, m.Text, err)
			}
			cv, ok := mm.Value(child)
			if !ok {
				continue
			}
			v := reference.MoveValue(p.Game, m, cv).Score
			if floor := frogletMoveFloor(m.Points, bound); v < floor {
				t.Fatalf("%s: move %s scores %d, under the floor %d", p, m.Text, v, floor)
			} else if v == floor {
				atFloor++
			}
			checked++
			if len(child.LegalMoves()) == 0 {
				continue // its points alone
			}
			if v > most {
				t.Fatalf("%s: move %s scores %d, over the bound %d", p, m.Text, v, most)
			} else if v == most {
				atMost++
			}
			// The bound from the opponent's dearest single jump.
			sc, ok := child.Small()
			if !ok {
				continue
			}
			_, top, _ := child.Board.FrogletReplies(&sc)
			if mostAfter := frogletMoveBound(bound, top); v > mostAfter {
				t.Fatalf("%s: move %s scores %d, over the bound %d of its replies", p, m.Text, v, mostAfter)
			} else if v == mostAfter {
				atReplies++
			}
		}
	}
	if checked < 500 || atMost == 0 || atFloor == 0 || atReplies == 0 {
		t.Fatalf("%d moves checked, %d at the bound, %d at its replies' bound, %d at the floor", checked, atMost, atReplies, atFloor)
	}
	t.Logf("%d moves checked, %d at the bound, %d at its replies' bound, %d at the floor", checked, atMost, atReplies, atFloor)
}

// TestChildKeys: a symmetric Froglet node's children's keys, made from
// its images (childKey), are the keys of the children themselves, on
// boards where the images are used (more than 40 cells) and where not.
func TestChildKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	for _, size := range []int{4, 6, 7, 8} {
		b := positions.MustBoard(size, size, positions.Set{})
		var s searcher
		for i := 0; i < 300; i++ {
			p := &positions.Position{Game: positions.Froglet, Board: b, Side: rng.IntN(2)}
			for c := 0; c < size*size; c++ {
				if rng.IntN(3) != 0 {
					p.Put(c, rng.IntN(4))
				}
			}
			sp, _ := p.Small()
			s.small.orient(b, positions.Froglet, b.Symmetries()[1:])
			var im positions.Images
			s.small.canon.Images(&sp, &im)
			for _, m := range b.SmallMoves(positions.Froglet, &sp, nil) {
				c := sp
				c.Apply(positions.Froglet, &m)
				if got, want := s.small.childKey(&im, &sp, &c), s.small.key(&c); got != want {
					t.Fatalf("%s, move %+v: key from the images %x, the child's %x", p, m, got, want)
				}
			}
		}
	}
}

// fakeAnswers is a Persistent that keeps whole answers in memory.
type fakeAnswers struct {
	score map[string]int
	pv    map[string][]string
}

func (f *fakeAnswers) Load(*positions.Position) (int, int, bool) { return 0, 0, false }
func (f *fakeAnswers) Save(*positions.Position, int, int)        {}
func (f *fakeAnswers) LoadAnswer(p *positions.Position) (int, []string, bool) {
	sc, ok := f.score[p.String()]
	return sc, f.pv[p.String()], ok
}
func (f *fakeAnswers) SaveAnswer(p *positions.Position, sc int, pv []string) {
	f.score[p.String()], f.pv[p.String()] = sc, pv
}

// TestStoredAnswers: a solved root is stored whole and answered from the
// store the next time without a search; a stored line that does not play
// is no answer, and the root is searched again.
func TestStoredAnswers(t *testing.T) {
	store := &fakeAnswers{score: map[string]int{}, pv: map[string][]string{}}
	p, _ := positions.ParsePosition("froglet rbg./..ry/bgyg w 0-0")
	s := New(Options{HashMB: 1, Threads: 1, Persistent: store})
	first, err := s.Solve(p)
	if err != nil || len(store.pv[p.String()]) != len(first.PV) {
		t.Fatalf("first solve: %v, stored %v", err, store.pv)
	}
	s2 := New(Options{HashMB: 1, Threads: 1, Persistent: store})
	again, err := s2.Solve(p)
	if err != nil || again.Value != first.Value || len(again.PV) != len(first.PV) || again.Final.String() != first.Final.String() || s2.Nodes() != 0 {
		t.Fatalf("from the store: %+v, %d nodes, %v", again, s2.Nodes(), err)
	}
	// The value alone comes from the stored answer too.
	sv := New(Options{HashMB: 1, Threads: 1, Persistent: store})
	if v, err := sv.ExactValue(p); err != nil || v != first.Value || sv.Nodes() != 0 {
		t.Fatalf("the value from the store: %+v, %d nodes, %v", v, sv.Nodes(), err)
	}
	store.pv[p.String()] = []string{"a1-a9"}
	store.score[p.String()] = 99
	s3 := New(Options{HashMB: 1, Threads: 1, Persistent: store})
	third, err := s3.Solve(p)
	if err != nil || third.Value != first.Value || s3.Nodes() == 0 {
		t.Fatalf("a line that does not play: %+v, %d nodes, %v", third, s3.Nodes(), err)
	}
	// A line that plays but does not come to the stored score: no answer.
	line := append([]string(nil), store.pv[p.String()]...)
	store.score[p.String()] = first.Value.Score + 1
	s5 := New(Options{HashMB: 1, Threads: 1, Persistent: store})
	if sol, err := s5.Solve(p); err != nil || sol.Value != first.Value || s5.Nodes() == 0 {
		t.Fatalf("a score its line does not bear out (%v, %d): %+v, %d nodes, %v", line, first.Value.Score+1, sol, s5.Nodes(), err)
	}
	store.pv[p.String()] = []string{"a1-a9"}
	store.score[p.String()] = 99
	s4 := New(Options{HashMB: 1, Threads: 1, Persistent: store})
	if v, err := s4.ExactValue(p); err != nil || v != first.Value || s4.Nodes() == 0 {
		t.Fatalf("the value where the stored line does not play: %+v, %d nodes, %v", v, s4.Nodes(), err)
	}
	// Hüpfer: a stored distance its line does not last is no answer.
	h, _ := positions.ParsePosition("hupfer ..tt/..tt/rr../rr.. r 2-2")
	hs, err := New(Options{HashMB: 1, Threads: 1, Persistent: store}).Solve(h)
	if err != nil {
		t.Fatal(err)
	}
	store.score[h.String()] = hs.Value.Score - 2 // the same winner, two plies later
	s6 := New(Options{HashMB: 1, Threads: 1, Persistent: store})
	if v, err := s6.ExactValue(h); err != nil || v != hs.Value || s6.Nodes() == 0 {
		t.Fatalf("a distance its line does not last: %+v against %+v, %d nodes, %v", v, hs.Value, s6.Nodes(), err)
	}
}

// symmetricPosition returns a random small position that a symmetry of
// its board maps onto itself, or nil when the board has none: each orbit
// of cells under the symmetry is filled alike.
func symmetricPosition(rng *rand.Rand) *positions.Position {
	p := smallPosition(rng)
	if rng.IntN(2) == 0 {
		// A square board of many frogs of every colour, where lines
		// cross often: wrong keys would show.
		p = &positions.Position{Game: positions.Froglet, Board: positions.MustBoard(4, 4, positions.Set{}), Side: rng.IntN(2)}
		for c := 0; c < 16; c++ {
			if rng.IntN(3) != 0 {
				p.Put(c, rng.IntN(4))
			}
		}
	}
	if rng.IntN(4) == 0 {
		// A board of more than 40 cells, where children's keys come
		// from their parent's images (smallBoard.childKey): few frogs,
		// so that the reference can solve it.
		p = &positions.Position{Game: positions.Froglet, Board: positions.MustBoard(7, 7, positions.Set{}), Side: rng.IntN(2)}
		for c := 0; c < 49; c++ {
			if rng.IntN(7) == 0 {
				p.Put(c, rng.IntN(4))
			}
		}
	}
	syms := p.Board.Symmetries()
	if len(syms) < 2 {
		return nil
	}
	sy := &syms[1+rng.IntN(len(syms)-1)]
	q := &positions.Position{Game: p.Game, Board: p.Board, Side: p.Side, Counts: p.Counts}
	done := map[int]bool{}
	for c := 0; c < p.Board.Size(); c++ {
		if !p.Board.IsCell(c) || done[c] {
			continue
		}
		full := p.Occ.Has(c)
		for o := c; !done[o]; o = int(sy.Perm[o]) {
			done[o] = true
			if full {
				q.Put(o, p.ColourAt(c))
			}
		}
	}
	return q
}

// TestSymmetricRoots: a position that a symmetry maps onto itself is
// searched with keys canonical under its Stabilizer (Solver.orient); its
// value, line and move values must still be the reference's.
func TestSymmetricRoots(t *testing.T) {
	n := testenv.Scale(100, 1000)
	mm := reference.NewMinimax(200000)
	rng := rand.New(rand.NewPCG(21, 22))
	checked, symmetric := 0, 0
	for i := 0; i < n; i++ {
		p := symmetricPosition(rng)
		if p == nil {
			continue
		}
		if len(p.Stabilizer()) == 0 {
			t.Fatalf("%s: built symmetric, no stabilizer", p)
		}
		symmetric++
		s := New(Options{HashMB: 1, Threads: 1 + i%2})
		ok, err := checkSolve(s, mm, p)
		if err != nil {
			t.Fatalf("position %d, %s: %v", i, p, err)
		}
		if ok {
			checked++
		}
	}
	if checked < symmetric/2 {
		t.Errorf("only %d of %d symmetric positions were small enough for the reference", checked, symmetric)
	}
	t.Logf("checked %d of %d symmetric positions", checked, symmetric)
}

// TestBigBoardEndgames holds the general path, which boards over 64 cells
// take everywhere (its move order by the opponent's jumps and its
// transposition cut-offs included), to the reference on 12x12 and 18x18
// endgames small enough for it.
func TestBigBoardEndgames(t *testing.T) {
	mm := reference.NewMinimax(200000)
	checked := 0
	for seed := uint64(1); checked < testenv.Scale(20, 60) && seed < 2000; seed++ {
		side := 12
		if seed%3 == 0 {
			side = 18
		}
		p, err := positions.NewFroglet(side, side, seed)
		if err != nil {
			t.Fatal(err)
		}
		// Random jumps until 14 to 19 frogs are left.
		for p.Occ.Count() > 14+int(seed%6) && p.HasMoves() {
			p = positions.RandomPlies(p, 1, seed*977+uint64(p.Occ.Count()))
		}
		ok, err := checkSolve(New(Options{HashMB: 1, Threads: 1}), mm, p)
		if err != nil {
			t.Fatalf("seed %d, %s: %v", seed, p, err)
		}
		if ok {
			checked++
		}
	}
	if checked < testenv.Scale(20, 60) {
		t.Errorf("only %d endgames were small enough for the reference", checked)
	}
}

// TestHupferLimitBounds: a Hüpfer value search stopped by a node limit at
// any point of its climb from the shortest losses up reports bounds that
// hold the exact value, and resumes to it.
func TestHupferLimitBounds(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		start, err := positions.NewHupfer(5, 5, 6)
		if err != nil {
			t.Fatal(err)
		}
		p := positions.RandomPlies(start, int(seed%4), seed)
		exact, err := New(Options{Threads: 1, HashMB: 16}).Value(p)
		if err != nil {
			t.Fatal(err)
		}
		for limit := int64(16); limit < 1<<20; limit *= 4 {
			s := New(Options{Threads: 1, HashMB: 16, MaxNodes: limit})
			v, err := s.Value(p)
			var le *LimitError
			switch {
			case err == nil:
				if v != exact {
					t.Fatalf("%s, limit %d: %v, want %v", p, limit, v, exact)
				}
			case errors.As(err, &le):
				if le.Lower > exact.Score || le.Upper < exact.Score {
					t.Fatalf("%s, limit %d: bounds [%d, %d] miss %d", p, limit, le.Lower, le.Upper, exact.Score)
				}
				if k := score.KnownFrom(p.Game, le.Lower, le.Upper); k.Lasts != nil && !exact.Win() && exact.Distance() < *k.Lasts {
					t.Fatalf("%s, limit %d: lasts %d, but loses in %d", p, limit, *k.Lasts, exact.Distance())
				}
				s.RestartLimits()
				s.opts.MaxNodes = 0
				if v, err := s.Value(p); err != nil || v != exact {
					t.Fatalf("%s, limit %d, resumed: %v %v, want %v", p, limit, v, err, exact)
				}
			default:
				t.Fatal(err)
			}
		}
	}
}
