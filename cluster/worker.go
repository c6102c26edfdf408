package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/positions"
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

	units   int
	seconds float64
}

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

// unit solves one unit.
func (w *Worker) unit(ctx context.Context, c *Conn, msg jetstream.Msg) {
	var u Unit
	if err := json.Unmarshal(msg.Data(), &u); err != nil || u.Version != Version {
		msg.Term() // never solvable: no other worker should try
		return
	}
	p, err := positions.ParsePosition(u.Position)
	if err != nil || p.CheckMoves() != nil {
		msg.Term()
		return
	}
	if r, err := c.result(ctx, p); err == nil && r != nil {
		msg.Ack() // solved already, by anyone
		return
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { // progress, so that a long unit stays with this worker
		t := time.NewTicker(AckWait / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				close(stop)
				return
			case <-t.C:
				msg.InProgress()
			}
		}
	}()
	start := time.Now()
	s := w.Solver(stop)
	sol, err := s.Solve(p)
	close(done)
	if err != nil {
		msg.Nak()
		return
	}
	r := &Result{Version: Version, Rules: cache.RulesVersion[p.Game], Position: p.String(), Score: sol.Value.Score,
		Nodes: s.Nodes(), Seconds: time.Since(start).Seconds(), Worker: w.Name, PV: []string{}}
	for _, m := range sol.PV {
		r.PV = append(r.PV, m.Text)
	}
	data, _ := json.Marshal(r)
	if _, err := c.Results.Put(ctx, Key(p), data); err != nil {
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
