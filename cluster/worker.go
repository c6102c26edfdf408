package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// Worker pulls units, solves them and stores their results, until its
// context ends.
type Worker struct {
	// Name says who solved a result (and is the worker's key in the
	// Workers bucket).
	Name string
	// Solver makes the solver of one unit (the local options: threads,
	// table, persistent cache).
	Solver func(stop <-chan struct{}) *solver.Solver
	// Solved, if not nil, is told of every unit solved.
	Solved func(r *Result)

	units     int
	seconds   float64
	cancelled atomic.Int64
}

// Cancelled returns the number of units the worker dropped because their
// coordinator no longer needed them.
func (w *Worker) Cancelled() int { return int(w.cancelled.Load()) }

// heartbeat is what a worker says of itself in the Workers bucket.
type heartbeat struct {
	Seen    time.Time `json:"seen"`
	Units   int       `json:"units"`
	Seconds float64   `json:"seconds"` // spent on them
}

// Run works until ctx ends: a unit at a time, reporting progress to
// JetStream every AckWait/3 so that a unit still being solved is not
// handed to another worker, and acknowledging it once its result is
// stored. A unit whose position does not read is dropped (Term); a unit
// whose solve fails is handed back (Nak) for another worker.
func (w *Worker) Run(ctx context.Context, c *Conn) error {
	cons, err := c.Stream.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: consumer, AckPolicy: jetstream.AckExplicitPolicy, AckWait: AckWait, MaxDeliver: -1,
	})
	if err != nil {
		return fmt.Errorf("the workers' consumer: %w", err)
	}
	for ctx.Err() == nil {
		hb, _ := json.Marshal(heartbeat{Seen: time.Now().UTC(), Units: w.units, Seconds: w.seconds})
		c.Workers.Put(ctx, w.Name, hb)
		batch, err := cons.Fetch(1, jetstream.FetchMaxWait(2*time.Second))
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			time.Sleep(time.Second) // the server away: try again
			continue
		}
		for msg := range batch.Messages() {
			w.unit(ctx, c, msg)
		}
	}
	return nil
}

// unit solves one unit, unless a coordinator cancelled it (before or
// while it runs): then it is acknowledged with no result.
func (w *Worker) unit(ctx context.Context, c *Conn, msg jetstream.Msg) {
	var u Unit
	if err := json.Unmarshal(msg.Data(), &u); err != nil || u.Version != Version || (u.Kind != KindExact && u.Kind != KindWDL) {
		msg.Term() // never solvable: no other worker should try
		return
	}
	p, err := positions.ParsePosition(u.Position)
	if err != nil || p.CheckMoves() != nil {
		msg.Term()
		return
	}
	if r, err := c.result(ctx, p, u.Kind); err == nil && r != nil {
		msg.Ack() // solved already, by anyone
		return
	}
	id := msg.Headers().Get(jetstream.MsgIDHeader)
	if c.cancelled(ctx, id) {
		msg.Ack()
		w.cancelled.Add(1)
		return
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	var gaveUp atomic.Bool
	go func() { // progress, so that a long unit stays with this worker
		t := time.NewTicker(time.Second)
		defer t.Stop()
		last := time.Now()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				close(stop)
				return
			case <-t.C:
				if c.cancelled(ctx, id) {
					gaveUp.Store(true)
					close(stop)
					return
				}
				if time.Since(last) >= AckWait/3 {
					msg.InProgress()
					last = time.Now()
				}
			}
		}
	}()
	start := time.Now()
	s := w.Solver(stop)
	r := &Result{Version: Version, Kind: u.Kind, Rules: cache.RulesVersion[p.Game], Position: p.String(), Worker: w.Name, PV: []string{}}
	if u.Kind == KindWDL {
		var o score.Outcome
		o, err = s.WDL(p)
		r.Score = int(o)
	} else {
		var sol *solver.Solution
		sol, err = s.Solve(p)
		if err == nil {
			r.Score = sol.Value.Score
			for _, m := range sol.PV {
				r.PV = append(r.PV, m.Text)
			}
		}
	}
	close(done)
	r.Nodes, r.Seconds = s.Nodes(), time.Since(start).Seconds()
	if err != nil {
		if gaveUp.Load() {
			msg.Ack() // nobody wants it any more
			w.cancelled.Add(1)
			return
		}
		msg.Nak()
		return
	}
	data, _ := json.Marshal(r)
	if _, err := c.Results.Put(ctx, keyOf(u.Kind, p), data); err != nil {
		msg.Nak()
		return
	}
	if err := msg.DoubleAck(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return // redelivered: the result is stored, so the next try is an Ack
	}
	w.units++
	w.seconds += r.Seconds
	if w.Solved != nil {
		w.Solved(r)
	}
}
