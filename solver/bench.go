package solver

import (
	"fmt"
	"time"

	"github.com/leapfrog-solver/leapfrog/score"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// BenchCase is one position of the fixed benchmark suite.
type BenchCase struct {
	Name     string
	Position *positions.Position
	WDL      bool
	// Full marks the long cases, run only on request.
	Full bool
}

// BenchSuite returns the fixed suite of `leapfrog bench`: the positions the
// performance targets name.
func BenchSuite() []BenchCase {
	var out []BenchCase
	for seed := uint64(1); seed <= 5; seed++ {
		p, _ := positions.NewFroglet(4, 4, seed)
		out = append(out, BenchCase{Name: fmt.Sprintf("froglet 4x4 seed %d", seed), Position: p})
	}
	h4, _ := positions.NewHupfer(4, 4, 4)
	out = append(out, BenchCase{Name: "hupfer 4x4 4-4", Position: h4})
	h5, _ := positions.NewHupfer(5, 5, 4)
	out = append(out, BenchCase{Name: "hupfer 5x5 4-4 wdl", Position: h5, WDL: true})
	out = append(out, BenchCase{Name: "hupfer 5x5 4-4", Position: h5})
	for seed := uint64(1); seed <= 5; seed++ {
		p, _ := positions.NewFroglet(5, 5, seed)
		out = append(out, BenchCase{Name: fmt.Sprintf("froglet 5x5 seed %d", seed), Position: p, Full: seed > 1})
	}
	return out
}

// BenchResult is what one case measured.
type BenchResult struct {
	Nodes    int64
	Duration time.Duration
	Answer   string
}

// RunBench solves c with a fresh solver (a cold table) of the given options.
func RunBench(c BenchCase, opts Options) (BenchResult, error) {
	s := New(opts)
	start := time.Now()
	var answer string
	if c.WDL {
		o, err := s.WDL(c.Position)
		if err != nil {
			return BenchResult{}, err
		}
		answer = map[score.Outcome]string{1: "win", 0: "draw", -1: "loss"}[o]
	} else {
		v, err := s.Value(c.Position)
		if err != nil {
			return BenchResult{}, err
		}
		answer = fmt.Sprintf("%+d", v.Score)
		if v.Game == positions.Hupfer {
			answer = fmt.Sprintf("loss in %d", v.Distance())
			if v.Win() {
				answer = fmt.Sprintf("win in %d", v.Distance())
			}
		}
	}
	return BenchResult{Nodes: s.Nodes(), Duration: time.Since(start), Answer: answer}, nil
}
