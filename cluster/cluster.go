// Package cluster spreads a solve over many machines on NATS JetStream:
// a coordinator splits the game tree at a frontier a few plies deep,
// publishes each frontier position as a unit of work on a work-queue
// stream, and joins the units' results, which workers anywhere pull,
// solve with their local solver and put in a key-value bucket. JetStream
// brings acknowledgement and redelivery, deduplication of units and the
// store; this package brings the splitting and the joining. docs/CLUSTER.md
// tells how to run it and why it is built so.
package cluster

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// The names in JetStream.
const (
	// Stream is the work queue of units; Subject is where units go.
	Stream  = "LEAPFROG_UNITS"
	Subject = "leapfrog.units"
	// Results is the key-value bucket of solved units, keyed like the
	// persistent cache (Key).
	Results = "leapfrog-results"
	// Workers is the bucket where workers say they are alive.
	Workers = "leapfrog-workers"
	// Cancelled is the bucket where a coordinator names the units (by
	// message id) it no longer needs; workers skip or stop them.
	Cancelled = "leapfrog-cancelled"
	// consumer is the workers' shared durable pull consumer.
	consumer = "workers"
)

// Version is the format of units and results; results of another
// version, or of other rules, are never joined, and units of another
// version are never solved. (2: units and results have a kind.)
const Version = 2

// The kinds of unit: the exact value and line, or only who wins.
const (
	KindExact = ""
	KindWDL   = "wdl"
)

// AckWait is how long a unit stays with a worker without word from it
// before JetStream hands it to another; workers report progress well
// within it, so only a dead worker's units move.
var AckWait = 30 * time.Second

// Unit is a position to solve: exactly (KindExact), or only who wins
// (KindWDL).
type Unit struct {
	Version  int    `json:"version"`
	Kind     string `json:"kind,omitempty"`
	Position string `json:"position"`
}

// Result is a solved unit: its exact score (the solver's scale, for the
// player to move) and its line of best play, for the position as the
// unit wrote it; or, of kind KindWDL, the outcome for the player to move
// (score.Outcome, counting the scores so far) in Score and no line.
type Result struct {
	Version  int      `json:"version"`
	Kind     string   `json:"kind,omitempty"`
	Rules    byte     `json:"rules"`
	Position string   `json:"position"`
	Score    int      `json:"score"`
	PV       []string `json:"pv"`
	Nodes    int64    `json:"nodes"`
	Seconds  float64  `json:"seconds"`
	Worker   string   `json:"worker"`
}

// Key returns the bucket key of a position: the persistent cache's key
// (canonical under symmetry, a Hüpfer position seen from the mover), in
// hexadecimal, which the bucket's key alphabet takes.
func Key(p *positions.Position) string { return hex.EncodeToString(cache.Key(p)) }

// WDLKey returns the bucket key of who wins p: Key's, and for Froglet
// the mover's lead so far, on which the outcome depends and Key does not.
func WDLKey(p *positions.Position) string {
	k := "w" + Key(p)
	if p.Game == positions.Froglet {
		k += fmt.Sprintf("_%d", p.Counts[p.Side]-p.Counts[p.Side^1])
	}
	return k
}

// keyOf is the bucket key of a unit of kind on p.
func keyOf(kind string, p *positions.Position) string {
	if kind == KindWDL {
		return WDLKey(p)
	}
	return Key(p)
}

// check returns the error of a result that must not be joined for p.
func (r *Result) check(p *positions.Position, kind string) error {
	switch {
	case r.Kind != kind:
		return fmt.Errorf("a result of kind %q, not %q", r.Kind, kind)
	case kind == KindWDL && (r.Score < -1 || r.Score > 1):
		return fmt.Errorf("an outcome of %d", r.Score)
	case r.Version != Version:
		return fmt.Errorf("a result of format %d, not %d", r.Version, Version)
	case r.Rules != cache.RulesVersion[p.Game]:
		return fmt.Errorf("a result under rules version %d, not %d", r.Rules, cache.RulesVersion[p.Game])
	}
	q, err := positions.ParsePosition(r.Position)
	if err != nil {
		return fmt.Errorf("a result's position: %w", err)
	}
	if keyOf(kind, q) != keyOf(kind, p) {
		return fmt.Errorf("a result for %s filed under %s", q, p)
	}
	return nil
}

// decode reads a result of kind for p from the bucket's bytes.
func decode(data []byte, p *positions.Position, kind string) (*Result, error) {
	var r Result
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("a malformed result: %w", err)
	}
	if err := r.check(p, kind); err != nil {
		return nil, err
	}
	return &r, nil
}

// Conn is a connection to the cluster: JetStream, the stream and the
// buckets, made if missing.
type Conn struct {
	NC        *nats.Conn
	JS        jetstream.JetStream
	Stream    jetstream.Stream
	Results   jetstream.KeyValue
	Workers   jetstream.KeyValue
	Cancelled jetstream.KeyValue
}

// Connect connects to the NATS server at url (credentials as NATS URLs
// carry them) and sets up what the cluster needs there.
func Connect(ctx context.Context, url, name string) (*Conn, error) {
	nc, err := nats.Connect(url, nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(500*time.Millisecond))
	if err != nil {
		return nil, fmt.Errorf("connecting to the cluster: %w", err)
	}
	c := &Conn{NC: nc}
	if err := c.setup(ctx); err != nil {
		nc.Close()
		return nil, err
	}
	return c, nil
}

func (c *Conn) setup(ctx context.Context) error {
	js, err := jetstream.New(c.NC)
	if err != nil {
		return fmt.Errorf("JetStream: %w", err)
	}
	c.JS = js
	c.Stream, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: Stream, Subjects: []string{Subject}, Retention: jetstream.WorkQueuePolicy,
		Storage: jetstream.FileStorage, Duplicates: time.Hour,
	})
	if err != nil {
		return fmt.Errorf("the work queue %s: %w", Stream, err)
	}
	c.Results, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: Results, Storage: jetstream.FileStorage})
	if err != nil {
		return fmt.Errorf("the bucket %s: %w", Results, err)
	}
	c.Workers, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: Workers, Storage: jetstream.MemoryStorage, TTL: time.Minute})
	if err != nil {
		return fmt.Errorf("the bucket %s: %w", Workers, err)
	}
	c.Cancelled, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: Cancelled, Storage: jetstream.FileStorage, TTL: time.Hour})
	if err != nil {
		return fmt.Errorf("the bucket %s: %w", Cancelled, err)
	}
	return nil
}

// cancelled reports whether a coordinator gave up the unit whose message
// id is id.
func (c *Conn) cancelled(ctx context.Context, id string) bool {
	if id == "" {
		return false
	}
	_, err := c.Cancelled.Get(ctx, id)
	return err == nil
}

// Close closes the connection.
func (c *Conn) Close() { c.NC.Close() }

// result returns the stored result of kind for p, nil if none; a stored
// result that must not be joined is an error.
func (c *Conn) result(ctx context.Context, p *positions.Position, kind string) (*Result, error) {
	e, err := c.Results.Get(ctx, keyOf(kind, p))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return decode(e.Value(), p, kind)
}

// outcome returns who wins p, for its mover, from a stored result of
// either kind (an exact value says it too), and false if none.
func (c *Conn) outcome(ctx context.Context, p *positions.Position) (score.Outcome, bool) {
	if r, err := c.result(ctx, p, KindWDL); err == nil && r != nil {
		return score.Outcome(r.Score), true
	}
	if r, err := c.result(ctx, p, KindExact); err == nil && r != nil {
		return score.OutcomeOf(p, score.Value{Game: p.Game, Score: r.Score}), true
	}
	return 0, false
}

// Status is what the cluster holds: units waiting and held by workers,
// results stored, and the workers seen in the last minute.
type Status struct {
	Waiting uint64   `json:"waiting"`
	Running int      `json:"running"`
	Done    uint64   `json:"done"`
	Workers []string `json:"workers"`
	// Left estimates the time to finish the units waiting and running,
	// from the workers' mean time per unit so far (0: no unit solved
	// yet, nothing to go by).
	Left float64 `json:"left_seconds"`
}

// Status reads the cluster's state.
func (c *Conn) Status(ctx context.Context) (*Status, error) {
	var st Status
	info, err := c.Stream.Info(ctx)
	if err != nil {
		return nil, err
	}
	st.Waiting = info.State.Msgs
	if cons, err := c.Stream.Consumer(ctx, consumer); err == nil {
		if ci, err := cons.Info(ctx); err == nil {
			st.Running = ci.NumAckPending
			st.Waiting = ci.NumPending
		}
	}
	if s, err := c.Results.Status(ctx); err == nil {
		st.Done = s.Values()
	}
	var units int
	var seconds float64
	if keys, err := c.Workers.Keys(ctx); err == nil {
		st.Workers = keys
		for _, k := range keys {
			var hb heartbeat
			if e, err := c.Workers.Get(ctx, k); err == nil && json.Unmarshal(e.Value(), &hb) == nil {
				units += hb.Units
				seconds += hb.Seconds
			}
		}
	}
	if units > 0 && len(st.Workers) > 0 {
		mean := seconds / float64(units)
		left := (float64(st.Waiting) + float64(st.Running)/2) * mean / float64(len(st.Workers))
		st.Left = left
	}
	return &st, nil
}
