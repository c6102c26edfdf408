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
	// Line says to solve as `solve` does, the line of best play with the
	// value (Solver.Solve), rather than the value alone.
	Line bool
	// Exact says to find the value alone as `solve --value` does
	// (Solver.ExactValue: Hüpfer proof numbers first), when Line does not
	// ask for the line.
	Exact bool
	// Reference is the plain reference solver's published run of the
	// position (docs/PERFORMANCE.md, "Nodes against the reference
	// solver"), for the reference suite; zero elsewhere.
	Reference ReferenceRun
}

// ReferenceRun is what the plain single-threaded reference solver took on
// a position, on the machine it ran on.
type ReferenceRun struct {
	// Answer is the position's value as BenchResult.Answer writes it.
	Answer  string
	Nodes   int64
	Seconds float64
}

// ReferenceSuite returns the five positions the reference solver was run
// on, each with its run, to be solved as `solve` solves them: value and
// line, one thread, a cold table. The times were taken on another machine
// and compare with ours only through a build measured on both
// (scripts/reference); the node counts compare anywhere.
func ReferenceSuite() []BenchCase {
	cross, _ := positions.ParsePosition("froglet ##ggg##/##ggg##/ggggggg/ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0")
	ygyyg, _ := positions.ParsePosition("froglet ygyyg/gyryy/byryy/ggrgg/gygyy w 0-0")
	ggggy, _ := positions.ParsePosition("froglet ggggy/gyrgg/ygrrg/rgygg/gyygg/grygy w 0-0")
	h55, _ := positions.NewHupfer(5, 5, 8)
	h66, _ := positions.NewHupfer(6, 6, 5)
	return []BenchCase{
		{Name: "hupfer 6x6 5-5", Position: h66, Line: true, Reference: ReferenceRun{"loss in 16", 2_300_000, 1.3}},
		{Name: "hupfer 5x5 8-8", Position: h55, Line: true, Reference: ReferenceRun{"win in 21", 3_200_000, 1.6}},
		{Name: "the cross", Position: cross, Line: true, Reference: ReferenceRun{"+1", 1_900_000, 1.0}},
		{Name: "ygyyg", Position: ygyyg, Line: true, Reference: ReferenceRun{"-1", 1_300_000, 0.8}},
		{Name: "ggggy", Position: ggggy, Line: true, Reference: ReferenceRun{"+1", 30_000_000, 6.3}},
	}
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
		v, err := benchValue(s, c)
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

// benchValue is c's value, found as solve finds it (with the line) when
// c.Line says so, or as solve --value does when c.Exact does.
func benchValue(s *Solver, c BenchCase) (score.Value, error) {
	switch {
	case c.Exact && !c.Line:
		return s.ExactValue(c.Position)
	case !c.Line:
		return s.Value(c.Position)
	}
	sol, err := s.Solve(c.Position)
	if err != nil {
		return score.Value{}, err
	}
	return sol.Value, nil
}
