package study

import (
	"context"
	"math"
	"testing"

	"github.com/leapfrog-solver/leapfrog/internal/reference"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// TestWilson: known intervals (from the formula worked by hand).
func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n      int
		low, high float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{523, 1000, 0.4920, 0.5538},
	} {
		iv := Wilson(tc.k, tc.n)
		if math.Abs(iv.Low-tc.low) > 1e-3 || math.Abs(iv.High-tc.high) > 1e-3 {
			t.Errorf("Wilson(%d, %d) = %+v, want [%.4f, %.4f]", tc.k, tc.n, iv, tc.low, tc.high)
		}
	}
	if m := Mean([]float64{1, 2, 3, 4}); m.Estimate != 2.5 || math.Abs(m.High-m.Estimate-1.265) > 1e-3 {
		t.Errorf("Mean: %+v", m)
	}
}

// TestStudyAgainstReference: the openings' values and worst removals are
// the reference minimax's, and the summary counts them.
func TestStudyAgainstReference(t *testing.T) {
	cfg := Config{Width: 3, Height: 3, FirstSeed: 1, Openings: 30, Removals: true, Parallel: 2,
		Solver: func() *solver.Solver { return solver.New(solver.Options{HashMB: 4, Threads: 1}) }}
	got, err := Run(context.Background(), cfg)
	if err != nil || len(got) != cfg.Openings {
		t.Fatalf("%d openings, %v", len(got), err)
	}
	mm := reference.NewMinimax(1000000)
	for i, o := range got {
		if o.Seed != cfg.FirstSeed+uint64(i) {
			t.Fatalf("opening %d has seed %d", i, o.Seed)
		}
		p, _ := positions.ParsePosition(o.Position)
		moves, ok := reference.Moves(p)
		if !ok {
			t.Fatal("too many paths")
		}
		best, worst := math.MinInt, math.MaxInt
		for _, m := range moves {
			q, _ := positions.ParsePosition(m.Result)
			v, ok := mm.Value(q)
			if !ok {
				t.Fatalf("%s: the reference gave up", q)
			}
			val := m.Points - v.Score
			best, worst = max(best, val), min(worst, val)
		}
		if o.Value != best || o.Worst == nil || *o.Worst != worst {
			t.Errorf("%s: value %d, worst %v; the reference %d, %d", o.Position, o.Value, o.Worst, best, worst)
		}
	}
	s := Summarize(3, 3, got)
	if s.Wins+s.Draws+s.Losses != len(got) || s.Spread == nil {
		t.Errorf("summary %+v", s)
	}
}

// TestStartsAgainstReference: the 4x4 starts with supplies up to 2
// agree with the reference minimax, win or loss and plies.
func TestStartsAgainstReference(t *testing.T) {
	got, err := Starts(context.Background(), 4, 4, []int{0, 1, 2}, []int{0, 1, 2}, 2,
		func() *solver.Solver { return solver.New(solver.Options{HashMB: 4, Threads: 1}) }, nil)
	if err != nil || len(got) != 9 {
		t.Fatalf("%d starts, %v", len(got), err)
	}
	mm := reference.NewMinimax(2000000)
	for _, st := range got {
		p, _ := positions.ParsePosition(st.Position)
		v, ok := mm.Value(p)
		if !ok {
			t.Fatalf("%s: the reference gave up", p)
		}
		if v.Win != st.Win || v.Distance != st.Plies {
			t.Errorf("%s: red wins %v in %d; the reference %+v", p, st.Win, st.Plies, v)
		}
	}
}

// TestStudyWDL: asking only who wins gives each opening the outcome of
// its exact value.
func TestStudyWDL(t *testing.T) {
	cfg := Config{Width: 4, Height: 3, FirstSeed: 5, Openings: 40, Parallel: 2,
		Solver: func() *solver.Solver { return solver.New(solver.Options{HashMB: 4, Threads: 1}) }}
	exact, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.WDL = true
	wdl, err := Run(context.Background(), cfg)
	if err != nil || len(wdl) != len(exact) {
		t.Fatalf("%d openings, %v", len(wdl), err)
	}
	for i := range exact {
		if int(outcome(exact[i].Value)) != wdl[i].Value || !wdl[i].WDL {
			t.Errorf("seed %d: value %d, outcome %d", exact[i].Seed, exact[i].Value, wdl[i].Value)
		}
	}
	if a, b := Summarize(4, 3, exact), Summarize(4, 3, wdl); a.Wins != b.Wins || a.Draws != b.Draws || a.Losses != b.Losses {
		t.Errorf("summaries differ: %+v, %+v", a, b)
	}
}
