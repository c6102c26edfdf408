package positions_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/leapfrog-solver/leapfrog/internal/reference"
	. "github.com/leapfrog-solver/leapfrog/positions"
)

// checkSmall compares the one-word generator and Apply with GenerateMoves
// and Position.Apply on p: the same moves in the same order, and the same
// children.
func checkSmall(p *Position) string {
	s, ok := p.Small()
	if !ok {
		return ""
	}
	back := s.Position(p.Game, p.Board)
	if !back.Equal(p) {
		return fmt.Sprintf("Small round trip gives %s", back.String())
	}
	canon := NewCanonicalizer(p.Board)
	key := canon.Key(p)
	if k := canon.SmallKey(p.Game, &s); k != key {
		return fmt.Sprintf("SmallKey %+v, Key %+v", k, key)
	}
	ks, kp := key.Small(p.Game), key.Position(p.Game, p.Board)
	if q := ks.Position(p.Game, p.Board); !q.Equal(&kp) {
		return fmt.Sprintf("key %+v: Small gives %s, Position %s", key, q.String(), kp.String())
	}
	if SmallTier(p.Game, &s) != Tier(p) {
		return fmt.Sprintf("SmallTier %d, Tier %d", SmallTier(p.Game, &s), Tier(p))
	}
	want := p.GenerateMoves(nil)
	got := p.Board.SmallMoves(p.Game, &s, nil)
	var im Images
	canon.Images(&s, &im)
	if len(got) != len(want) {
		return fmt.Sprintf("SmallMoves has %d moves, GenerateMoves %d", len(got), len(want))
	}
	for i := range got {
		if m := got[i].Move(); m != want[i] {
			return fmt.Sprintf("move %d: SmallMoves %+v, GenerateMoves %+v", i, m, want[i])
		}
		from := p.Board.SmallMovesFrom(p.Game, &s, int(got[i].From), nil)
		if int(got[i].Seq) >= len(from) || from[got[i].Seq] != got[i] {
			return fmt.Sprintf("move %d %+v is not number %d of SmallMovesFrom's %+v", i, got[i], got[i].Seq, from)
		}
		c := s
		c.Apply(p.Game, &got[i])
		if cp := c.Position(p.Game, p.Board); !cp.Equal(p.Child(&want[i])) {
			return fmt.Sprintf("move %d (%s): Small.Apply gives %s, Apply %s", i, p.Spell(&want[i]), cp.String(), p.Child(&want[i]))
		}
		if ck, sk := canon.ChildKey(p.Game, &im, &s, &c), canon.SmallKey(p.Game, &c); ck != sk {
			return fmt.Sprintf("move %d (%s): ChildKey %+v, SmallKey %+v", i, p.Spell(&want[i]), ck, sk)
		}
		var cim, fresh Images
		canon.ChildImages(&im, &s, &c, &cim)
		if canon.Images(&c, &fresh); cim != fresh {
			return fmt.Sprintf("move %d (%s): ChildImages %+v, Images %+v", i, p.Spell(&want[i]), cim, fresh)
		}
	}
	// Every piece's moves, taken together, give the same positions as
	// all the moves.
	children := map[Small]bool{}
	for i := range got {
		c := s
		c.Apply(p.Game, &got[i])
		children[c] = true
	}
	// SmallChildren reaches the same positions, each at least once.
	reached := map[Small]bool{}
	for _, m := range p.Board.SmallChildren(p.Game, &s, nil) {
		c := s
		c.Apply(p.Game, &m)
		if !children[c] {
			return fmt.Sprintf("SmallChildren has %+v, which no move of SmallMoves makes", m)
		}
		reached[c] = true
	}
	if len(reached) != len(children) {
		return fmt.Sprintf("SmallChildren reaches %d positions, SmallMoves %d", len(reached), len(children))
	}
	// Children gives SmallChildren's children, in order, each with the key,
	// tier and points that the move, Apply and ChildKey give.
	var sc ChildScratch
	kids := canon.Children(p.Game, p.Board, &s, &sc, nil)
	moves := p.Board.SmallChildren(p.Game, &s, nil)
	if len(kids) != len(moves) {
		return fmt.Sprintf("Children gives %d children, SmallChildren %d", len(kids), len(moves))
	}
	for i := range moves {
		c := s
		c.Apply(p.Game, &moves[i])
		want := Child{Key: canon.SmallKey(p.Game, &c), Tier: int32(SmallTier(p.Game, &c)), Points: moves[i].Points}
		if kids[i] != want {
			return fmt.Sprintf("child %d (%+v): Children gives %+v, the move %+v", i, moves[i], kids[i], want)
		}
	}
	for cell := -1; cell <= 64; cell++ {
		for _, m := range p.Board.SmallMovesFrom(p.Game, &s, cell, nil) {
			c := s
			c.Apply(p.Game, &m)
			if !children[c] {
				return fmt.Sprintf("SmallMovesFrom(%d) has %+v, which no move of SmallMoves makes", cell, m)
			}
		}
	}
	return ""
}

func TestSmallMovesEqualGenerateMoves(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 4000
	}
	rng := rand.New(rand.NewPCG(7, 8))
	games := map[Game]int{}
	for i := 0; i < n; i++ {
		p := reference.RandomPosition(rng)
		if p.Board.Size() > 64 {
			continue
		}
		games[p.Game]++
		if problem := checkSmall(p); problem != "" {
			t.Fatalf("position %d, %s: %s", i, p, problem)
		}
	}
	t.Logf("compared %v positions", games)
}

func TestSmallMovesOnGames(t *testing.T) {
	// Whole random games from start positions, where the moves are those
	// real searches meet.
	rng := rand.New(rand.NewPCG(9, 10))
	var starts []*Position
	for _, text := range []string{
		"hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14",
		"hupfer ...tt/....t/...../r..../rr... r 4-4",
		"froglet ##ggg##/##ggg##/ggggggg/ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0",
	} {
		p, err := ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		for g := 0; g < 50; g++ {
			starts = append(starts, p)
		}
	}
	for seed := uint64(1); seed <= 20; seed++ {
		p, err := NewFroglet(8, 8, seed)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	for _, start := range starts {
		for p := start.Clone(); ; {
			if problem := checkSmall(p); problem != "" {
				t.Fatalf("%s: %s", p, problem)
			}
			moves := p.GenerateMoves(nil)
			if len(moves) == 0 {
				break
			}
			p.Apply(&moves[rng.IntN(len(moves))])
		}
	}
}

// FuzzSmallMoves checks the one-word generator against GenerateMoves on
// any position that parses.
func FuzzSmallMoves(f *testing.F) {
	for _, s := range []string{
		"froglet rbg./..ry/bgyg w 0-0",
		"froglet ggy/gyg/ygb w 0-0",
		"hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14",
		"hupfer ....../..t.../....../r...../r...../rr.... r 0-0",
		"froglet ##ggg##/##ggg##/ggggggg/ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		if problem := checkSmall(p); problem != "" {
			t.Fatalf("%s: %s", p, problem)
		}
	})
}

// TestHupferHasMove: HupferHasMove is exact, on random positions and on
// each with its supply emptied and filled, so that captures, hops with and
// without room to be born and empty supplies all come up.
func TestHupferHasMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	buf := make([]SmallMove, 0, 64)
	counts := map[bool]int{}
	for i := 0; i < 20000; i++ {
		p := reference.RandomPosition(rng)
		if p.Game != Hupfer {
			continue
		}
		for _, supply := range []int{p.Counts[p.Side], 0, 1} {
			q := *p
			q.Counts[q.Side] = supply
			s, ok := q.Small()
			if !ok {
				continue
			}
			want := len(q.GenerateMoves(nil)) > 0
			if got := q.Board.HupferHasMove(&s, buf); got != want {
				t.Fatalf("%s: HupferHasMove %v, but it has %d moves", &q, got, len(q.GenerateMoves(nil)))
			}
			counts[want]++
		}
	}
	if counts[false] < 100 || counts[true] < 100 {
		t.Errorf("too few of each answer: %v", counts)
	}
	t.Logf("with a move, without: %d, %d", counts[true], counts[false])
}

// TestMobilityNoneIsSound: the search takes a move after which Mobility
// says the opponent surely has no move as a win (Hüpfer) or an end, so
// "none" must never be said of a position with a move; and a Froglet
// position's count is its single jumps. It is also exact (no move is
// always said) in Froglet and for a Hüpfer player with an empty supply.
// FrogletReplies and FrogletTwoJumps are held to the moves there too.
func TestMobilityNoneIsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	said := 0
	for i := 0; i < 20000; i++ {
		p := reference.RandomPosition(rng)
		s, ok := p.Small()
		if !ok {
			continue
		}
		n, _, none := p.Board.Mobility(p.Game, &s)
		moves := p.GenerateMoves(nil)
		if p.Game == Froglet {
			if gn, _, gnone := p.JumpCount(); gn != n || gnone != none {
				t.Fatalf("%s: JumpCount %d %v, Mobility %d %v", p, gn, gnone, n, none)
			}
		}
		if none {
			said++
			if len(moves) > 0 {
				t.Fatalf("%s: Mobility says no move, but it has %d", p, len(moves))
			}
		}
		if exact := p.Game == Froglet || p.Counts[p.Side] == 0; exact && !none && len(moves) == 0 {
			t.Fatalf("%s: no move, but Mobility does not say so", p)
		}
		if p.Game == Froglet && !p.IsFull() {
			singles, top, threat := 0, 0, singleJumpThreat(p, moves)
			for _, m := range moves {
				if m.Jumps == 1 {
					singles++
					top = max(top, int(m.Points))
				}
			}
			if singles != n {
				t.Fatalf("%s: Mobility %d, single jumps %d", p, n, singles)
			}
			if rn, rtop, rthreat := p.Board.FrogletReplies(&s); rn != n || rtop != top || rthreat != threat {
				t.Fatalf("%s: FrogletReplies %d, %d, %d; single jumps %d, the dearest %d, their frogs' points %d", p, rn, rtop, rthreat, singles, top, threat)
			}
			top2 := -1 // the dearest move of two jumps
			for _, m := range moves {
				if m.Jumps == 2 {
					top2 = max(top2, int(m.Points))
				}
			}
			for _, need := range []int{top2, top2 + 1, top + 1, rng.IntN(10)} {
				if got, want := p.Board.FrogletTwoJumps(&s, need), top2 >= 0 && top2 >= need; got != want {
					t.Fatalf("%s: FrogletTwoJumps(%d) %v; the dearest move of two jumps takes %d", p, need, got, top2)
				}
			}
		}
	}
	if said == 0 {
		t.Error("no position without moves was met")
	}
}

// TestJumpCountEverywhere holds JumpCount to the move generator on
// boards of every size, the big ones included (where Mobility cannot go).
func TestJumpCountEverywhere(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	big := 0
	for i := 0; i < 20000; i++ {
		p := reference.RandomPosition(rng)
		if p.Game != Froglet {
			continue
		}
		if p.Board.Size() > 64 {
			big++
		}
		moves := p.GenerateMoves(nil)
		n, threat, none := p.JumpCount()
		if none != (len(moves) == 0) {
			t.Fatalf("%s: JumpCount says none=%v, with %d moves", p, none, len(moves))
		}
		if want := singleJumpThreat(p, moves); threat != want {
			t.Fatalf("%s: JumpCount's threat %d, the single jumps' frogs are worth %d", p, threat, want)
		}
		singles := 0
		for _, m := range moves {
			if m.Jumps == 1 || p.IsFull() {
				singles++
			}
		}
		if singles != n {
			t.Fatalf("%s: JumpCount %d, single jumps %d", p, n, singles)
		}
	}
	if big == 0 {
		t.Error("no board over 64 cells was met")
	}
}

// singleJumpThreat is the points of the distinct frogs that p's single
// jumps, among moves, take (0 on a full board, where moves remove a frog
// and jump none): the threat of FrogletReplies and JumpCount, the slow way.
func singleJumpThreat(p *Position, moves []Move) int {
	if p.IsFull() {
		return 0
	}
	var taken Set
	threat := 0
	for _, m := range moves {
		if both := taken.And(m.Removed); m.Jumps == 1 && both.IsEmpty() {
			taken = taken.Or(m.Removed)
			threat += int(m.Points)
		}
	}
	return threat
}
