package cluster

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// TestMeasure solves $LEAPFROG_MEASURE (a position) through an embedded
// server with two one-thread workers, then locally on two threads, and
// logs what docs/CLUSTER.md reports: the times, the units, their times,
// the nodes against the local search's, and the bytes through NATS. With
// LEAPFROG_MEASURE_WDL=1 it asks only who wins (WDL), on the cluster and
// locally, and logs the units published and cancelled too.
//
//	LEAPFROG_MEASURE="$(leapfrog new hupfer --size 6 --supply 6)" go test ./cluster -run Measure -v -timeout 1h
func TestMeasure(t *testing.T) {
	pos := os.Getenv("LEAPFROG_MEASURE")
	if pos == "" {
		t.Skip("set LEAPFROG_MEASURE to a position")
	}
	p, err := positions.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := Serve("127.0.0.1", -1, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := Connect(ctx, srv.URL(), "measure")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var mu sync.Mutex
	var times []float64
	for i := range 2 {
		wc, err := Connect(ctx, srv.URL(), "worker")
		if err != nil {
			t.Fatal(err)
		}
		w := &Worker{Name: fmt.Sprint("w", i), Solver: func(stop <-chan struct{}) *solver.Solver {
			return solver.New(solver.Options{Threads: 1, Stop: stop})
		}, Solved: func(r *Result) {
			mu.Lock()
			times = append(times, r.Seconds)
			mu.Unlock()
		}}
		go w.Run(ctx, wc)
	}
	wdl := os.Getenv("LEAPFROG_MEASURE_WDL") != ""
	start := time.Now()
	var join *solver.Solver
	opts := Options{Solver: func(store solver.Persistent) *solver.Solver {
		join = solver.New(solver.Options{Threads: 2, Persistent: store})
		return join
	}}
	var got, want string
	var st *Stats
	if wdl {
		var o score.Outcome
		o, st, err = WDL(ctx, c, p, opts)
		got = o.String()
	} else {
		var sol *solver.Solution
		sol, st, err = Solve(ctx, c, p, opts)
		if sol != nil {
			got = sol.Value.String()
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	dist := time.Since(start)
	in, out := srv.Bytes()
	start = time.Now()
	local := solver.New(solver.Options{Threads: 2})
	if wdl {
		o, err := local.WDL(p)
		if err != nil {
			t.Fatal(err)
		}
		want = o.String()
	} else {
		sol, err := local.Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		want = sol.Value.String()
	}
	alone := time.Since(start)
	if want != got {
		t.Fatalf("the cluster says %s, a local solve %s", got, want)
	}
	if join == nil {
		join = solver.New(solver.Options{})
	}
	slices.Sort(times)
	q := func(f float64) float64 { return times[min(len(times)-1, int(f*float64(len(times))))] }
	var sum float64
	for _, x := range times {
		sum += x
	}
	t.Logf("%s: %s", p, got)
	t.Logf("cluster, two one-thread workers: %.1f s; local, two threads: %.1f s; ratio %.2f", dist.Seconds(), alone.Seconds(), dist.Seconds()/alone.Seconds())
	t.Logf("%d units at depth %d, %d published, %d cancelled", st.Units, st.Depth, st.Published, st.Cancelled)
	if len(times) == 0 {
		times = []float64{0}
	}
	t.Logf("%d units at depth %d; unit seconds: sum %.1f, median %.3f, 90%% %.3f, max %.2f", st.Units, st.Depth, sum, q(0.5), q(0.9), times[len(times)-1])
	t.Logf("nodes: units %d, join %d, a local solve %d", st.UnitNodes, join.Nodes(), local.Nodes())
	t.Logf("bytes through NATS: %d in, %d out", in, out)
}
