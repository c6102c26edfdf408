package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// MaxDepth is the deepest a frontier lies: the solver consults its
// persistent store, through which the join reads the units' results, in
// its first four plies only.
const MaxDepth = 3

// Options of a distributed solve.
type Options struct {
	// MinUnits: the frontier deepens, up to MaxDepth plies, until it has
	// this many units (default 64).
	MinUnits int
	// Solver makes the coordinator's solver, which joins the results (its
	// store is the results' bucket).
	Solver func(store solver.Persistent) *solver.Solver
	// Progress, if not nil, is told of the units done out of all.
	Progress func(done, total int)
	// InFlight is how many units a win/loss question (WDL) keeps
	// published and not yet answered at a time (default 16).
	InFlight int
}

// Stats says what a distributed solve did.
type Stats struct {
	Units, Published, Reused, Rejected int
	// Cancelled units were published, then no longer needed (WDL).
	Cancelled   int
	Depth       int
	UnitNodes   int64   // the workers' nodes
	UnitSeconds float64 // the workers' time, summed
}

// Solve solves p on the cluster: the same value, best move and line as a
// local Solve. Froglet values travel whole: a unit's exact score, never a
// window, so that a result answers every later question that reaches its
// position (docs/CLUSTER.md).
func Solve(ctx context.Context, c *Conn, p *positions.Position, opt Options) (*solver.Solution, *Stats, error) {
	s, results, st, err := c.solveUnits(ctx, p, opt)
	if err != nil {
		return nil, st, err
	}
	sol, err := join(s, p, results)
	return sol, st, err
}

// Analyze gives every legal move of p its exact value, best first, and
// p's value, on the cluster: what a local Analyze and Value give. The
// units are the frontier's, as for Solve; the coordinator's solver values
// each move on their results.
func Analyze(ctx context.Context, c *Conn, p *positions.Position, opt Options) ([]solver.MoveValue, score.Value, *Stats, error) {
	s, _, st, err := c.solveUnits(ctx, p, opt)
	if err != nil {
		return nil, score.Value{}, st, err
	}
	moves, err := s.Analyze(p)
	if err != nil {
		return nil, score.Value{}, st, err
	}
	v, err := s.Value(p)
	return moves, v, st, err
}

// solveUnits has the frontier below p solved exactly and returns the
// results and a solver (opt.Solver's) whose persistent store they are.
func (c *Conn) solveUnits(ctx context.Context, p *positions.Position, opt Options) (*solver.Solver, map[string]*Result, *Stats, error) {
	if opt.MinUnits <= 0 {
		opt.MinUnits = 64
	}
	units, depth := frontier(p, opt.MinUnits)
	st := &Stats{Units: len(units), Depth: depth}
	results, err := c.gather(ctx, units, st, opt.Progress)
	if err != nil {
		return nil, nil, st, err
	}
	return opt.Solver(&resultStore{results: results}), results, st, nil
}

// frontier returns the distinct positions (by Key) at the least depth,
// at most MaxDepth, that has minUnits of them, and the depth. Every line
// of that many plies from p ends in one of them; lines that end sooner
// are the join's.
func frontier(p *positions.Position, minUnits int) (map[string]*positions.Position, int) {
	level := map[string]*positions.Position{Key(p): p}
	for depth := 1; depth <= MaxDepth; depth++ {
		next := map[string]*positions.Position{}
		for _, q := range level {
			for _, m := range q.LegalMoves() {
				k := Key(m.Result)
				if next[k] == nil {
					next[k] = m.Result
				}
			}
		}
		if len(next) == 0 {
			return level, depth - 1
		}
		level = next
		if len(level) >= minUnits || depth == MaxDepth {
			return level, depth
		}
	}
	return level, MaxDepth
}

// gather publishes the units without a result and waits for all results,
// republishing a unit whose stored result is rejected.
func (c *Conn) gather(ctx context.Context, units map[string]*positions.Position, st *Stats, progress func(int, int)) (map[string]*Result, error) {
	results := map[string]*Result{}
	publish := func(k string, p *positions.Position, attempt int) error {
		data, _ := json.Marshal(Unit{Version: Version, Kind: KindExact, Position: p.String()})
		id := k
		if attempt > 0 { // a unit seen before: past the stream's deduplication
			id += "-" + strconv.Itoa(attempt) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
		}
		_, err := c.JS.Publish(ctx, Subject, data, jetstream.WithMsgID(id))
		st.Published++
		return err
	}
	for k, p := range units {
		r, err := c.result(ctx, p, KindExact)
		switch {
		case err != nil:
			st.Rejected++
			c.Results.Delete(ctx, k)
		case r != nil:
			results[k] = r
			st.Reused++
			continue
		}
		if err := publish(k, p, 0); err != nil {
			return nil, fmt.Errorf("publishing a unit: %w", err)
		}
	}
	if progress != nil {
		progress(len(results), len(units))
	}
	w, err := c.Results.WatchAll(ctx, jetstream.IgnoreDeletes())
	if err != nil {
		return nil, err
	}
	defer w.Stop()
	attempts := map[string]int{}
	for len(results) < len(units) {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case e, ok := <-w.Updates():
			if !ok {
				return nil, errors.New("the results' watch ended")
			}
			if e == nil {
				continue // the stored values are all in
			}
			p, wanted := units[e.Key()]
			if !wanted || results[e.Key()] != nil {
				continue
			}
			r, err := decode(e.Value(), p, KindExact)
			if err != nil {
				st.Rejected++
				attempts[e.Key()]++
				c.Results.Delete(ctx, e.Key())
				if err := publish(e.Key(), p, attempts[e.Key()]); err != nil {
					return nil, err
				}
				continue
			}
			results[e.Key()] = r
			st.UnitNodes += r.Nodes
			st.UnitSeconds += r.Seconds
			if progress != nil {
				progress(len(results), len(units))
			}
		}
	}
	return results, nil
}

// resultStore is the persistent store of the join: the units' exact
// scores, and nothing else.
type resultStore struct {
	mu      sync.Mutex
	results map[string]*Result
}

func (rs *resultStore) Load(p *positions.Position) (int, int, bool) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if r := rs.results[Key(p)]; r != nil {
		return r.Score, r.Score, true
	}
	return 0, 0, false
}

func (rs *resultStore) Save(*positions.Position, int, int) {}

// join finds p's value and line from the units' results: the solver's
// search stops at every unit (its store gives the exact score), and the
// line follows BestMove down to the first unit, then the unit's own line
// (that of the worker's Solve, which picks moves as a local Solve would).
func join(s *solver.Solver, p *positions.Position, results map[string]*Result) (*solver.Solution, error) {
	v, err := s.Value(p)
	if err != nil {
		return nil, err
	}
	sol := &solver.Solution{Value: v}
	q, qv := p, v
	for {
		if r := results[Key(q)]; r != nil && q != p {
			if r.Position != q.String() {
				// The unit was solved in another orientation: its line
				// is spelt for that one. This position's own line, here.
				rest, err := s.Solve(q)
				if err != nil {
					return nil, err
				}
				sol.PV = append(sol.PV, rest.PV...)
				sol.Final = rest.Final
				return sol, nil
			}
			for _, text := range r.PV {
				m, err := q.ParseMove(text)
				if err != nil {
					return nil, fmt.Errorf("the line of the unit %s: %w", q, err)
				}
				sol.PV = append(sol.PV, m)
				q = m.Result
			}
			sol.Final = q
			return sol, nil
		}
		m, ok, err := s.BestMove(q, qv)
		if err != nil {
			return nil, err
		}
		if !ok {
			sol.Final = q
			return sol, nil
		}
		sol.PV = append(sol.PV, m)
		q, qv = m.Result, score.Value{Game: p.Game, Score: score.Child(p.Game, int(m.Points), qv.Score)}
	}
}
