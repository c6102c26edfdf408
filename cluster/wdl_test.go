package cluster

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// TestWDLOnCluster: who wins, asked of the cluster, is what a local WDL
// says, for both games (Froglet counting the scores so far); asked again,
// the stored outcomes answer without a unit published.
func TestWDLOnCluster(t *testing.T) {
	_, c, stop := testCluster(t, 2)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	extra := []string{
		"froglet rbg./..ry/bgyg w 3-0",
		"froglet rbg./..ry/bgyg w 0-3",
		"hupfer ..tt/..tt/rr../rr.. r 1-1",
		"froglet gggy/yrgg/gbyg/rggy w 0-0",
		// Positions with a line whose every move ends the game above
		// the frontier: the ends alone decide it (once a hang).
		"hupfer ..tt/t..t/.r../rr../r... r 1-2",
		"hupfer rrtt/...t/.r../r... t 1-2",
		"hupfer ..tt/...t/.r.r/rrt. r 2-3",
		"hupfer ....t/...tt/...../.rr../rr.t. r 1-2",
	}
	for _, pos := range append(append([]string{}, testPositions...), extra...) {
		p, err := positions.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		want, err := localSolver(nil).WDL(p)
		if err != nil {
			t.Fatal(err)
		}
		got, st, err := WDL(ctx, c, p, Options{MinUnits: 16, InFlight: 4})
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		if got != want {
			t.Fatalf("%s: the cluster says %s, a local WDL %s (%+v)", pos, got, want, st)
		}
		again, st2, err := WDL(ctx, c, p, Options{MinUnits: 16, InFlight: 4})
		if err != nil || again != want || st2.Published != 0 {
			t.Errorf("%s: asked again, %s %+v %v", pos, again, st2, err)
		}
		t.Logf("%s: %s; %d units at depth %d, %d published, %d cancelled", pos, got, st.Units, st.Depth, st.Published, st.Cancelled)
	}
}

// TestWDLStopsEarly: once the root is decided the rest of the units are
// never published, or are cancelled; the answer is a local WDL's. Red
// wins the 5x5 start with supplies 4-4, so one winning move is enough.
func TestWDLStopsEarly(t *testing.T) {
	_, c, stop := testCluster(t, 1)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p, _ := positions.NewHupfer(5, 5, 4)
	got, st, err := WDL(ctx, c, p, Options{MinUnits: 64, InFlight: 4})
	if err != nil {
		t.Fatal(err)
	}
	if got != 1 {
		t.Fatalf("Red %s the 5x5 4-4 start; a local solve says Red wins", got)
	}
	if st.Published >= st.Units {
		t.Errorf("all %d units published: nothing was saved (%+v)", st.Units, st)
	}
	t.Logf("%+v", st)
}

// TestCancelledUnitStops: a worker drops a unit cancelled before it
// starts, and stops one cancelled while it runs, storing no result.
func TestCancelledUnitStops(t *testing.T) {
	_, c, stop := testCluster(t, 0)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	w := &Worker{Name: "w", Solver: localSolver}
	go w.Run(ctx, c)
	// A unit cancelled before it is published; then a long one (the 6x6
	// start with supplies 7-7 takes minutes), cancelled a second in.
	short, _ := positions.NewHupfer(4, 4, 2)
	long, _ := positions.NewHupfer(6, 6, 7)
	for i, p := range []*positions.Position{short, long} {
		id := WDLKey(p) + "-test"
		if i == 0 {
			c.Cancelled.Put(ctx, id, nil)
		}
		data, _ := json.Marshal(Unit{Version: Version, Kind: KindWDL, Position: p.String()})
		if _, err := c.JS.Publish(ctx, Subject, data, jetstream.WithMsgID(id)); err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			time.Sleep(1500 * time.Millisecond)
			c.Cancelled.Put(ctx, id, nil)
		}
		deadline := time.Now().Add(10 * time.Second)
		for w.Cancelled() < i+1 && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if w.Cancelled() != i+1 {
			t.Fatalf("unit %d: the worker dropped %d units", i, w.Cancelled())
		}
		if r, err := c.result(ctx, p, KindWDL); r != nil || err != nil {
			t.Errorf("unit %d: a result stored: %+v %v", i, r, err)
		}
	}
	var o score.Outcome
	_ = o
}
