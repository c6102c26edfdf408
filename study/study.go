// Package study answers questions about a game as a whole by solving many
// positions: how big the first player's edge is under perfect play from
// random Froglet openings of a board size, and how much the opening
// removal matters. Each opening is solved exactly (package solver); the
// statistics (rates with Wilson intervals, the mean with a normal
// interval) are here.
package study

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// Config is a study of random Froglet openings.
type Config struct {
	Width, Height int
	// Seeds are the openings' seeds (leapfrog new froglet --seed S).
	FirstSeed uint64
	Openings  int
	// Removals also values every opening removal, not only the best.
	Removals bool
	// WDL asks only who wins each opening: an opening's Value is then its
	// outcome for White (-1, 0 or 1). A draw costs as much as its value (the
	// same two null windows), a win or a loss about half.
	WDL bool
	// Parallel openings are solved at once, each by Solver's solver.
	Parallel int
	Solver   func() *solver.Solver
	// Done, if not nil, is told of each opening solved (in any order).
	Done func(o Opening)
	// Known, if not nil, gives the openings answered already (a Record's
	// Lookup): those are not solved again.
	Known func(seed uint64) (Opening, bool)
}

// Opening is one opening's answer: White's value (the score difference
// White can force), the best removal, and with Config.Removals the worst
// removal's value.
type Opening struct {
	Seed     uint64 `json:"seed"`
	Position string `json:"position"`
	Value    int    `json:"value"`
	Best     string `json:"best"`
	Worst    *int   `json:"worst_removal,omitempty"`
	Nodes    int64  `json:"nodes"`
	// WDL marks an opening asked only who wins: Value is the outcome.
	WDL bool `json:"wdl,omitempty"`
}

// Run solves the openings, Parallel at a time, and returns them in seed
// order. ctx's end stops it with the openings solved so far and its error.
func Run(ctx context.Context, cfg Config) ([]Opening, error) {
	return each(ctx, cfg.Openings, cfg.Parallel, cfg.Solver, func(s *solver.Solver, i int) (Opening, error) {
		seed := cfg.FirstSeed + uint64(i)
		if cfg.Known != nil {
			if o, ok := cfg.Known(seed); ok {
				return o, nil
			}
		}
		return solve(s, cfg, seed)
	}, cfg.Done)
}

// solve solves the opening of seed.
func solve(s *solver.Solver, cfg Config, seed uint64) (Opening, error) {
	p, err := positions.NewFroglet(cfg.Width, cfg.Height, seed)
	if err != nil {
		return Opening{}, err
	}
	// Random openings share no positions: each starts on a small table
	// of its own, not on the gigabytes the openings before grew.
	s.Forget()
	start := s.Nodes()
	o := Opening{Seed: seed, Position: p.String(), WDL: cfg.WDL}
	if cfg.WDL {
		out, err := s.WDL(p)
		if err != nil {
			return o, fmt.Errorf("seed %d: %w", seed, err)
		}
		o.Value = int(out)
	} else if cfg.Removals {
		moves, err := s.Analyze(p)
		if err != nil {
			return o, fmt.Errorf("seed %d: %w", seed, err)
		}
		if len(moves) > 0 {
			o.Value, o.Best = moves[0].Value.Score, moves[0].Text
			worst := moves[len(moves)-1].Value.Score
			o.Worst = &worst
		}
	} else {
		sol, err := s.Solve(p)
		if err != nil {
			return o, fmt.Errorf("seed %d: %w", seed, err)
		}
		o.Value = sol.Value.Score
		if len(sol.PV) > 0 {
			o.Best = sol.PV[0].Text
		}
	}
	o.Nodes = s.Nodes() - start
	return o, nil
}

// Interval is an estimate with its 95% confidence interval.
type Interval struct {
	Estimate float64 `json:"estimate"`
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
}

// Summary is the distribution of the openings' values.
type Summary struct {
	Board    string `json:"board"`
	Openings int    `json:"openings"`
	// Wins, Draws and Losses are White's, by the value (the score after
	// the whole game: the first player moves first and scores first).
	Wins     int      `json:"wins"`
	Draws    int      `json:"draws"`
	Losses   int      `json:"losses"`
	WinRate  Interval `json:"win_rate"`
	DrawRate Interval `json:"draw_rate"`
	LossRate Interval `json:"loss_rate"`
	// Mean is the mean of White's value.
	Mean Interval `json:"mean"`
	// Values counts the openings by value, as [value, count] pairs from
	// the least.
	Values [][2]int `json:"values"`
	// Spread, with removals, is the mean over the openings of the best
	// removal's value minus the worst's.
	Spread *Interval `json:"removal_spread,omitempty"`
}

// Summarize returns the distribution of the openings' values.
func Summarize(w, h int, openings []Opening) Summary {
	s := Summary{Board: fmt.Sprintf("%dx%d", w, h), Openings: len(openings)}
	counts := map[int]int{}
	var values, spreads []float64
	for _, o := range openings {
		counts[o.Value]++
		values = append(values, float64(o.Value))
		switch o := outcome(o.Value); {
		case o > 0:
			s.Wins++
		case o == 0:
			s.Draws++
		default:
			s.Losses++
		}
		if o.Worst != nil {
			spreads = append(spreads, float64(o.Value-*o.Worst))
		}
	}
	n := len(openings)
	s.WinRate, s.DrawRate, s.LossRate = Wilson(s.Wins, n), Wilson(s.Draws, n), Wilson(s.Losses, n)
	s.Mean = Mean(values)
	for v, c := range counts {
		s.Values = append(s.Values, [2]int{v, c})
	}
	sort.Slice(s.Values, func(i, j int) bool { return s.Values[i][0] < s.Values[j][0] })
	if len(spreads) > 0 {
		sp := Mean(spreads)
		s.Spread = &sp
	}
	return s
}

// outcome is White's result from the start: the value is the whole
// game's score difference, the scores being 0-0.
func outcome(value int) score.Outcome {
	switch {
	case value > 0:
		return 1
	case value < 0:
		return -1
	}
	return 0
}

// Wilson returns the rate k/n with its Wilson score interval at 95%,
// which stays within [0, 1] and is sound for small counts.
func Wilson(k, n int) Interval {
	if n == 0 {
		return Interval{}
	}
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return Interval{Estimate: p, Low: max(0, c-half), High: min(1, c+half)}
}

// Mean returns the mean of xs with a normal 95% interval.
func Mean(xs []float64) Interval {
	n := float64(len(xs))
	if n == 0 {
		return Interval{}
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	m := sum / n
	if n < 2 {
		return Interval{m, m, m}
	}
	var ss float64
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	half := 1.959964 * math.Sqrt(ss/(n-1)/n)
	return Interval{m, m - half, m + half}
}
