package puzzle

import (
	"context"
	"math/rand/v2"
	"reflect"
	"sort"
	"testing"

	"pgregory.net/rapid"

	"github.com/leapfrog-solver/leapfrog/internal/reference"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// plainLookahead is Lookahead without pruning, on the position API that
// display uses: the obviously correct version the fast one is held to.
func plainLookahead(p *positions.Position, depth, ply int) int {
	if depth == 0 && p.Game == positions.Froglet {
		return 0
	}
	moves := p.LegalMoves()
	if len(moves) == 0 {
		if p.Game == positions.Hupfer {
			return lost + ply
		}
		return 0
	}
	if depth == 0 {
		return material(p)
	}
	best := lost * 2
	for _, m := range moves {
		best = max(best, gain(p, &m.Move)-plainLookahead(m.Result, depth-1, ply+1))
	}
	return best
}

// randomPosition draws a small position of either game from t's data.
func randomPosition(t *rapid.T) *positions.Position {
	var p *positions.Position
	var err error
	if rapid.Bool().Draw(t, "froglet") {
		w, h := rapid.IntRange(3, 5).Draw(t, "w"), rapid.IntRange(3, 4).Draw(t, "h")
		p, err = positions.NewFroglet(w, h, rapid.Uint64().Draw(t, "seed"))
	} else {
		n := rapid.IntRange(4, 5).Draw(t, "n")
		p, err = positions.NewHupfer(n, n, rapid.IntRange(0, 4).Draw(t, "supply"))
	}
	if err != nil {
		t.Fatal(err)
	}
	return positions.RandomPlies(p, rapid.IntRange(0, 8).Draw(t, "plies"), rapid.Uint64().Draw(t, "walk"))
}

// TestLookaheadAgainstPlain: the alpha-beta lookahead values every move
// as the plain one does, at every depth.
func TestLookaheadAgainstPlain(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		moves := p.LegalMoves()
		depth := rapid.IntRange(1, 4).Draw(t, "depth")
		got := Lookahead(p, moves, depth)
		for i, m := range moves {
			want := gain(p, &m.Move) - plainLookahead(m.Result, depth-1, 1)
			if got[i] != want {
				t.Fatalf("%s, %s at depth %d: %d, the plain lookahead %d", p, m.Text, depth, got[i], want)
			}
		}
	})
}

// TestJudgeAgainstReference: on random small positions, Judge makes a
// puzzle exactly when the reference minimax finds one best move (Hüpfer:
// one winning move, or the fastest by the margin), with that move and
// value, and its counts of wrong moves agree.
func TestJudgeAgainstReference(t *testing.T) {
	mm := reference.NewMinimax(2_000_000)
	rng := rand.New(rand.NewPCG(1, 2))
	made, checked := 0, 0
	for i := range 400 {
		var p *positions.Position
		if i%2 == 0 {
			// 4x4 openings take the reference some seconds each: 4x4
			// boards start two plies in.
			w, h := 3+rng.IntN(2), 3+rng.IntN(2)
			p, _ = positions.NewFroglet(w, h, rng.Uint64())
			p = positions.RandomPlies(p, rng.IntN(8)+(w*h/16)*2, rng.Uint64())
		} else {
			p, _ = positions.NewHupfer(4, 4, rng.IntN(4))
			p = positions.RandomPlies(p, rng.IntN(8), rng.Uint64())
		}
		const margin = 4
		z, err := Judge(solver.New(solver.Options{HashMB: 4, Threads: 1}), p, margin)
		if err != nil {
			t.Fatal(err)
		}
		moves, ok := reference.Moves(p)
		if !ok {
			continue
		}
		var vals []reference.Value
		var texts []string
		for _, m := range moves {
			q, _ := positions.ParsePosition(m.Result)
			cv, ok := mm.Value(q)
			if !ok {
				t.Fatalf("%s: the reference gave up", q)
			}
			vals = append(vals, reference.MoveValue(p.Game, m, cv))
			texts = append(texts, m.Text)
		}
		sort.Sort(byText{texts, vals})
		checked++
		// The reference's verdict: the best move, and whether it is alone.
		bi, alone, wrong := -1, false, 0
		for i, v := range vals {
			if bi < 0 || reference.Better(p.Game, v, vals[bi]) {
				bi = i
			}
		}
		if bi >= 0 {
			alone = true
			for i, v := range vals {
				if i == bi {
					continue
				}
				if p.Game == positions.Froglet {
					alone = alone && v.Score < vals[bi].Score
					wrong++
				} else if v.Win {
					alone = alone && v.Distance-vals[bi].Distance >= margin
				} else {
					wrong++
				}
			}
			if p.Game == positions.Hupfer && !vals[bi].Win {
				alone = false
			}
		}
		alone = alone && len(vals) >= 2
		if (z != nil) != alone {
			t.Fatalf("%s: puzzle %v; the reference's moves %v values %v", p, z != nil, texts, vals)
		}
		if z == nil {
			continue
		}
		made++
		if z.Best != texts[bi] || z.Wrong != wrong || z.Moves != len(vals) {
			t.Fatalf("%s: bm %s, %d wrong of %d; the reference %s, %d of %d", p, z.Best, z.Wrong, z.Moves, texts[bi], wrong, len(vals))
		}
		if p.Game == positions.Froglet && z.Value.Score != vals[bi].Score ||
			p.Game == positions.Hupfer && z.Value.Distance() != vals[bi].Distance {
			t.Fatalf("%s: value %s; the reference %+v", p, z.Value, vals[bi])
		}
		rec, err := positions.ParseRecord(z.Record().String())
		if err != nil || rec.CheckClaims() != nil {
			t.Fatalf("%s: the record does not read back: %v", z.Record(), err)
		}
	}
	t.Logf("%d puzzles in %d positions", made, checked)
	if made < 40 || checked < 300 {
		t.Errorf("only %d puzzles in %d positions checked: the test checks too little", made, checked)
	}
}

// byText sorts the reference's moves by spelling, as LegalMoves are, so
// that among equal moves the first is the one Judge names.
type byText struct {
	texts []string
	vals  []reference.Value
}

func (b byText) Len() int           { return len(b.texts) }
func (b byText) Less(i, j int) bool { return b.texts[i] < b.texts[j] }
func (b byText) Swap(i, j int) {
	b.texts[i], b.texts[j] = b.texts[j], b.texts[i]
	b.vals[i], b.vals[j] = b.vals[j], b.vals[i]
}

// TestMakeIsReproducible: the same config makes the same puzzles whatever
// the parallelism, and every one is of the grade asked for.
func TestMakeIsReproducible(t *testing.T) {
	for _, cfg := range []Config{
		{Game: positions.Froglet, Width: 4, Height: 4, Plies: 2, Count: 8, Tries: 400, FirstSeed: 1},
		{Game: positions.Hupfer, Width: 5, Height: 5, Supply: 3, Plies: 5, Count: 5, Tries: 400, FirstSeed: 7, Margin: 4, Grade: "medium"},
		{Game: positions.Froglet, Width: 5, Height: 4, Pieces: 12, Count: 5, Tries: 400, FirstSeed: 3},
	} {
		var runs [][]string
		for _, par := range []int{1, 3} {
			cfg.Parallel = par
			zs, err := Make(context.Background(), cfg, func() *solver.Solver { return solver.New(solver.Options{HashMB: 4, Threads: 1}) })
			if err != nil {
				t.Fatal(err)
			}
			var recs []string
			for _, z := range zs {
				if cfg.Grade != "" && z.Grade != cfg.Grade {
					t.Errorf("%s: grade %s, asked %s", z.ID, z.Grade, cfg.Grade)
				}
				if cfg.Pieces > 0 && z.Position.Pieces() > cfg.Pieces {
					t.Errorf("%s: %d pieces, asked at most %d", z.ID, z.Position.Pieces(), cfg.Pieces)
				}
				recs = append(recs, z.Record().String())
			}
			runs = append(runs, recs)
		}
		if len(runs[0]) != cfg.Count {
			t.Errorf("%+v: %d puzzles", cfg, len(runs[0]))
		}
		if !reflect.DeepEqual(runs[0], runs[1]) {
			t.Errorf("one at a time and three at a time differ:\n%v\n%v", runs[0], runs[1])
		}
	}
}

// TestGrades: the grade follows the lookahead needed, capped at medium
// for two moves.
func TestGrades(t *testing.T) {
	for _, tc := range []struct {
		depth, moves int
		want         string
	}{
		{1, 5, "easy"}, {2, 5, "easy"}, {3, 5, "medium"}, {4, 9, "medium"},
		{5, 9, "hard"}, {MaxDepth + 1, 3, "hard"}, {MaxDepth + 1, 2, "medium"},
	} {
		if got := GradeOf(tc.depth, tc.moves); got != tc.want {
			t.Errorf("GradeOf(%d, %d) = %s, want %s", tc.depth, tc.moves, got, tc.want)
		}
	}
}

// TestPlayersSeeAnImmediateWin: where one Hüpfer move leaves the
// opponent no move, every lookahead player takes it, and the Monte Carlo
// player ranks it first (alone, or beside moves whose every playout wins).
func TestPlayersSeeAnImmediateWin(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	found := 0
	for range 3000 {
		p, _ := positions.NewHupfer(4, 4+rng.IntN(2), rng.IntN(3))
		p = positions.RandomPlies(p, rng.IntN(12), rng.Uint64())
		moves := p.LegalMoves()
		best, wins := -1, 0
		for i, m := range moves {
			if !m.Result.HasMoves() {
				best, wins = i, wins+1
			}
		}
		if wins != 1 || len(moves) < 2 {
			continue
		}
		found++
		for _, pl := range Players()[1:] {
			c := pl.Play(p, moves, best)
			if c == 0 || (pl.Name != "Monte Carlo 200" && c != 1) {
				t.Errorf("%s: %s finds the win %s with chance %v", p, pl.Name, moves[best].Text, c)
			}
		}
	}
	if found < 20 {
		t.Errorf("only %d positions with one immediate win", found)
	}
}
