package study

import (
	"context"
	"sync"
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
	type job struct{ i, red, turq int }
	var jobs []job
	for _, r := range reds {
		for _, t := range turquoises {
			jobs = append(jobs, job{len(jobs), r, t})
		}
	}
	out := make([]Start, len(jobs))
	ok := make([]bool, len(jobs))
	next := make(chan job)
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for range max(parallel, 1) {
		wg.Go(func() {
			s := newSolver()
			for j := range next {
				st, err := solveStart(s, w, h, j.red, j.turq)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
				} else {
					out[j.i], ok[j.i] = st, true
					if done != nil {
						done(st)
					}
				}
				mu.Unlock()
			}
		})
	}
feed:
	for _, j := range jobs {
		select {
		case next <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	var got []Start
	for i, o := range ok {
		if o {
			got = append(got, out[i])
		}
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return got, firstErr
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
