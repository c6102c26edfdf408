package study

import (
	"context"
	"time"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// Start is the result of a Hüpfer start with given supplies: who wins and
// in how many plies, for Red, who moves first.
type Start struct {
	Red       int     `json:"red"`
	Turquoise int     `json:"turquoise"`
	Position  string  `json:"position"`
	Win       bool    `json:"red_wins"`
	Plies     int     `json:"plies"`
	Best      string  `json:"best"`
	Nodes     int64   `json:"nodes"`
	Seconds   float64 `json:"seconds"`
}

// Starts solves the Hüpfer starts of a board for every pair of supplies
// (Red's from reds, Turquoise's from turquoises), parallel at a time, and
// returns them in the order of the pairs (Red's supply first).
func Starts(ctx context.Context, w, h int, reds, turquoises []int, parallel int, newSolver func() *solver.Solver, done func(Start)) ([]Start, error) {
	var pairs [][2]int
	for _, r := range reds {
		for _, t := range turquoises {
			pairs = append(pairs, [2]int{r, t})
		}
	}
	return each(ctx, len(pairs), parallel, newSolver, func(s *solver.Solver, i int) (Start, error) {
		return solveStart(s, w, h, pairs[i][0], pairs[i][1])
	}, done)
}

func solveStart(s *solver.Solver, w, h, red, turq int) (Start, error) {
	p, err := positions.NewHupfer(w, h, max(red, turq))
	if err != nil {
		return Start{}, err
	}
	p.Counts = [2]int{red, turq}
	start, nodes := time.Now(), s.Nodes()
	sol, err := s.Solve(p)
	if err != nil {
		return Start{}, err
	}
	st := Start{Red: red, Turquoise: turq, Position: p.String(), Win: sol.Value.Win(), Plies: sol.Value.Distance(),
		Nodes: s.Nodes() - nodes, Seconds: time.Since(start).Seconds()}
	if len(sol.PV) > 0 {
		st.Best = sol.PV[0].Text
	}
	return st, nil
}
