package study

import (
	"context"
	"sync"

	"github.com/leapfrog-solver/leapfrog/solver"
)

// each runs work on jobs 0 to n-1, parallel at a time, each worker with a
// solver of its own, and returns the results of the jobs done, in job
// order, with the first error (or ctx's, when it ended the feed). done,
// if not nil, is told of each result as it comes, one call at a time.
func each[T any](ctx context.Context, n, parallel int, newSolver func() *solver.Solver, work func(s *solver.Solver, i int) (T, error), done func(T)) ([]T, error) {
	out := make([]T, n)
	ok := make([]bool, n)
	next := make(chan int)
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for range max(parallel, 1) {
		wg.Go(func() {
			s := newSolver()
			for i := range next {
				r, err := work(s, i)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
				} else {
					out[i], ok[i] = r, true
					if done != nil {
						done(r)
					}
				}
				mu.Unlock()
			}
		})
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	var got []T
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
