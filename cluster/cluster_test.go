package cluster

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// cluster starts an embedded server and n in-process workers; stop ends
// the workers.
func testCluster(t *testing.T, n int) (srv *Server, c *Conn, stop func()) {
	t.Helper()
	srv, err := Serve("127.0.0.1", -1, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c, err = Connect(ctx, srv.URL(), "test coordinator")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range n {
		wc, err := Connect(ctx, srv.URL(), "test worker")
		if err != nil {
			t.Fatal(err)
		}
		w := &Worker{Name: fmt.Sprintf("worker-%d", i), Solver: localSolver}
		wg.Go(func() {
			defer wc.Close()
			w.Run(ctx, wc)
		})
	}
	return srv, c, func() {
		cancel()
		wg.Wait()
		c.Close()
		srv.Shutdown()
	}
}

func localSolver(stop <-chan struct{}) *solver.Solver {
	return solver.New(solver.Options{HashMB: 16, Threads: 1, Stop: stop})
}

func joinSolver(store solver.Persistent) *solver.Solver {
	return solver.New(solver.Options{HashMB: 16, Threads: 1, Persistent: store})
}

// same fails the test unless the distributed solution is the local one.
func same(t *testing.T, p *positions.Position, got *solver.Solution) {
	t.Helper()
	want, err := localSolver(nil).Solve(p)
	if err != nil {
		t.Fatal(err)
	}
	if got.Value != want.Value || len(got.PV) != len(want.PV) {
		t.Fatalf("%s: the cluster says %s in %d plies, a local solve %s in %d", p, got.Value, len(got.PV), want.Value, len(want.PV))
	}
	for i := range want.PV {
		if got.PV[i].Text != want.PV[i].Text {
			t.Fatalf("%s: move %d of the line is %s, a local solve's %s", p, i+1, got.PV[i].Text, want.PV[i].Text)
		}
	}
}

var testPositions = []string{
	"froglet rbg./..ry/bgyg w 0-0",
	"hupfer ..tt/..tt/rr../rr.. r 4-4",
	"hupfer ..tt/..tt/rr../rr.. r 2-3",
	"froglet ygyyg/gyryy/byryy/ggrgg/gygyy w 0-0",
	"hupfer ...tt/...tt/...../rr.../rr... r 3-3",
}

// TestSolveOnCluster: positions of both games solved through an embedded
// server by two workers answer as a local solve does, and a second ask
// publishes nothing (the results are kept).
func TestSolveOnCluster(t *testing.T) {
	_, c, stop := testCluster(t, 2)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for _, pos := range testPositions {
		p, _ := positions.ParsePosition(pos)
		sol, st, err := Solve(ctx, c, p, Options{MinUnits: 16, Solver: joinSolver})
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		same(t, p, sol)
		again, st2, err := Solve(ctx, c, p, Options{MinUnits: 16, Solver: joinSolver})
		if err != nil {
			t.Fatal(err)
		}
		same(t, p, again)
		if st2.Published != 0 || st2.Reused != st.Units {
			t.Errorf("%s: asked again, %+v (first %+v)", pos, st2, st)
		}
		t.Logf("%s: %d units at depth %d", pos, st.Units, st.Depth)
	}
}

// TestMalformedResult: a result that does not read, or is of other rules,
// or of another position, is rejected and the unit solved again.
func TestMalformedResult(t *testing.T) {
	_, c, stop := testCluster(t, 1)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, _ := positions.ParsePosition("hupfer ..tt/..tt/rr../rr.. r 4-4")
	units, _ := frontier(p, 4)
	bad := [][]byte{[]byte("{not json"), []byte(`{"version":1,"rules":99,"position":"hupfer ..tt/..tt/rr../rr.. r 4-4","score":9999}`)}
	i := 0
	for k, q := range units {
		data := bad[i%len(bad)]
		if i%3 == 2 { // a well-formed result of another position
			data = []byte(fmt.Sprintf(`{"version":%d,"rules":1,"position":%q,"score":9999,"pv":[]}`, Version, "hupfer ..tt/..tt/rr../rr.. r 0-0"))
		}
		if _, err := c.Results.Put(ctx, k, data); err != nil {
			t.Fatal(err)
		}
		_ = q
		i++
	}
	sol, st, err := Solve(ctx, c, p, Options{MinUnits: 4, Solver: joinSolver})
	if err != nil {
		t.Fatal(err)
	}
	same(t, p, sol)
	if st.Rejected < len(units) {
		t.Errorf("%d of %d planted results rejected", st.Rejected, len(units))
	}
}

// TestDeadWorker: a worker that takes a unit and dies without a word
// (here: a consumer that fetches and never acknowledges) loses it after
// AckWait to a live worker, and the answer is the same.
func TestDeadWorker(t *testing.T) {
	old := AckWait
	AckWait = time.Second
	defer func() { AckWait = old }()
	srv, err := Serve("127.0.0.1", -1, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := Connect(ctx, srv.URL(), "coordinator")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	p, _ := positions.ParsePosition("hupfer ..tt/..tt/rr../rr.. r 4-4")
	// The dead worker: it holds the first units it fetches.
	cons, err := c.Stream.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{Durable: consumer, AckPolicy: jetstream.AckExplicitPolicy, AckWait: AckWait, MaxDeliver: -1})
	if err != nil {
		t.Fatal(err)
	}
	held := make(chan int, 1)
	go func() {
		time.Sleep(300 * time.Millisecond) // the units are published
		batch, err := cons.Fetch(3, jetstream.FetchMaxWait(2*time.Second))
		n := 0
		if err == nil {
			for range batch.Messages() {
				n++ // never acknowledged
			}
		}
		held <- n
		// Then a live worker.
		w := &Worker{Name: "live", Solver: localSolver}
		w.Run(ctx, c)
	}()
	sol, _, err := Solve(ctx, c, p, Options{MinUnits: 4, Solver: joinSolver})
	if err != nil {
		t.Fatal(err)
	}
	same(t, p, sol)
	if n := <-held; n == 0 {
		t.Error("the dead worker held no unit: the test tested nothing")
	}
}

// TestServerRestart: the server stopped in the middle of a solve and
// started again on its store: the units and results survive, and the
// solve ends with the right answer.
func TestServerRestart(t *testing.T) {
	dir := t.TempDir()
	srv, err := Serve("127.0.0.1", -1, dir)
	if err != nil {
		t.Fatal(err)
	}
	url := srv.URL()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := Connect(ctx, url, "coordinator")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	p, _ := positions.ParsePosition("hupfer ...tt/...tt/...../rr.../rr... r 3-3")
	done := make(chan error, 1)
	var sol *solver.Solution
	go func() {
		var err error
		sol, _, err = Solve(ctx, c, p, Options{MinUnits: 16, Solver: joinSolver})
		done <- err
	}()
	time.Sleep(500 * time.Millisecond) // units published, none solved: no worker yet
	srv.Shutdown()
	var port int
	fmt.Sscanf(url[len("nats://127.0.0.1:"):], "%d", &port)
	srv, err = Serve("127.0.0.1", port, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	wc, err := Connect(ctx, url, "worker")
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	wctx, wcancel := context.WithCancel(ctx)
	defer wcancel()
	go (&Worker{Name: "after", Solver: localSolver}).Run(wctx, wc)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	same(t, p, sol)
}

// TestTwoCoordinators: two coordinators on one position at once both
// answer right, and each unit is solved once (JetStream drops the second
// copy of a unit by its message id).
func TestTwoCoordinators(t *testing.T) {
	_, c, stop := testCluster(t, 2)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, _ := positions.ParsePosition("hupfer ...tt/...tt/...../rr.../rr... r 3-3")
	var wg sync.WaitGroup
	sols := make([]*solver.Solution, 2)
	errs := make([]error, 2)
	for i := range 2 {
		wg.Go(func() { sols[i], _, errs[i] = Solve(ctx, c, p, Options{MinUnits: 16, Solver: joinSolver}) })
	}
	wg.Wait()
	for i := range 2 {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		same(t, p, sols[i])
	}
	info, err := c.Stream.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	units, _ := frontier(p, 16)
	if got := info.State.LastSeq; got != uint64(len(units)) {
		t.Errorf("%d units were published for a frontier of %d", got, len(units))
	}
}

// TestCoordinatorRestart: a coordinator stopped in the middle of a solve
// and started again finishes from what was stored.
func TestCoordinatorRestart(t *testing.T) {
	_, c, stop := testCluster(t, 1)
	defer stop()
	p, _ := positions.ParsePosition("hupfer ...tt/...tt/...../rr.../rr... r 4-4")
	first, cancel := context.WithCancel(context.Background())
	seen := 0
	_, _, err := Solve(first, c, p, Options{MinUnits: 16, Solver: joinSolver, Progress: func(done, total int) {
		if seen = done; done >= total/3 {
			cancel() // the coordinator dies a third of the way
		}
	}})
	if err == nil {
		t.Skip("the solve ended before the coordinator could be stopped")
	}
	ctx, cancel2 := context.WithTimeout(context.Background(), time.Minute)
	defer cancel2()
	sol, st, err := Solve(ctx, c, p, Options{MinUnits: 16, Solver: joinSolver})
	if err != nil {
		t.Fatal(err)
	}
	same(t, p, sol)
	if st.Reused < seen {
		t.Errorf("started again, it reused %d results; %d were done before", st.Reused, seen)
	}
}

// TestStatus: status counts the results and the workers, and estimates
// the time left once units have been solved.
func TestStatus(t *testing.T) {
	_, c, stop := testCluster(t, 1)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, _ := positions.ParsePosition("hupfer ..tt/..tt/rr../rr.. r 4-4")
	_, st, err := Solve(ctx, c, p, Options{MinUnits: 8, Solver: joinSolver})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(2500 * time.Millisecond) // a heartbeat with the units solved
	s, err := c.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.Done < uint64(st.Units) || len(s.Workers) != 1 || s.Waiting != 0 {
		t.Errorf("status %+v after %d units", s, st.Units)
	}
}
