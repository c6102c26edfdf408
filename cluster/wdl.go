package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// A wdl node is a position of the tree above the frontier of a
// distributed win/loss question: its outcome for its mover, once known,
// and its links. Positions that are one by WDLKey at one depth share a
// node.
type wdlNode struct {
	p        *positions.Position
	key      string
	children []*wdlNode
	parents  []*wdlNode
	known    bool
	outcome  score.Outcome
	// A unit is a frontier position, solved by the workers.
	unit      bool
	published bool
	cancelled bool
	msgID     string
	attempts  int
}

// wdlTree builds the tree above the frontier at the least depth, at most
// MaxDepth, with minUnits units, and returns its root and units in the
// order a depth-first walk meets them (a subtree's units together, so
// that subtrees get decided one after another). Positions without a move
// are known at once.
func wdlTree(p *positions.Position, minUnits int) (*wdlNode, []*wdlNode, int) {
	root := &wdlNode{p: p, key: WDLKey(p)}
	level := []*wdlNode{root}
	depth := 0
	for depth < MaxDepth {
		next := map[string]*wdlNode{}
		var order []*wdlNode
		for _, n := range level {
			for _, m := range n.p.LegalMoves() {
				k := WDLKey(m.Result)
				c := next[k]
				if c == nil {
					c = &wdlNode{p: m.Result, key: k}
					next[k] = c
					order = append(order, c)
				}
				n.children = append(n.children, c)
				c.parents = append(c.parents, n)
			}
		}
		if len(order) == 0 {
			break
		}
		depth++
		level = order
		if len(level) >= minUnits {
			break
		}
	}
	var units, ends []*wdlNode
	seen := map[*wdlNode]bool{}
	var walk func(n *wdlNode)
	walk = func(n *wdlNode) {
		if seen[n] {
			return
		}
		seen[n] = true
		if len(n.children) == 0 {
			if n.p.HasMoves() {
				n.unit = true
				units = append(units, n)
			} else {
				n.known, n.outcome = true, terminalOutcome(n.p)
				ends = append(ends, n)
			}
			return
		}
		for _, c := range n.children {
			walk(c)
		}
	}
	walk(root)
	// What the games' ends decide above them, before any unit is in: a
	// position whose moves all end the game is known now, and no result
	// of a unit would ever tell it.
	for _, n := range ends {
		settle(n)
	}
	return root, units, depth
}

// terminalOutcome is the outcome of a position without a move, for the
// player who cannot move: a Hüpfer loss; in Froglet, the scores decide.
func terminalOutcome(p *positions.Position) score.Outcome {
	if p.Game == positions.Hupfer {
		return -1
	}
	return score.OutcomeOf(p, score.Value{Game: p.Game})
}

// settle works out, from its children's outcomes, every node above n that
// they decide: a node is won once a child is lost (for the child's mover)
// and otherwise known once all its children are.
func settle(n *wdlNode) {
	for _, parent := range n.parents {
		if parent.known {
			continue
		}
		best, all := score.Outcome(-2), true
		for _, c := range parent.children {
			if !c.known {
				all = false
				continue
			}
			best = max(best, -c.outcome)
		}
		if best == 1 || all {
			parent.known, parent.outcome = true, best
			settle(parent)
		}
	}
}

// relevant returns the units whose outcome can still change the root's:
// those reached from the root through positions not yet known.
func relevant(root *wdlNode) map[*wdlNode]bool {
	out := map[*wdlNode]bool{}
	seen := map[*wdlNode]bool{}
	var walk func(n *wdlNode)
	walk = func(n *wdlNode) {
		if seen[n] || n.known {
			return
		}
		seen[n] = true
		if n.unit {
			out[n] = true
		}
		for _, c := range n.children {
			walk(c)
		}
	}
	walk(root)
	return out
}

// WDL answers who wins p on the cluster: the outcome for p's mover,
// counting the scores so far (Froglet), as a local WDL does. Units ask
// only who wins their position, and travel as outcomes; the coordinator
// keeps InFlight units published at a time, in depth-first order, works
// out each position above the frontier as results come, and cancels the
// units below a position already decided (a won parent, or a Froglet
// parent whose best outcome is found), so that workers skip or stop them.
func WDL(ctx context.Context, c *Conn, p *positions.Position, opt Options) (score.Outcome, *Stats, error) {
	if opt.MinUnits <= 0 {
		opt.MinUnits = 64
	}
	if opt.InFlight <= 0 {
		opt.InFlight = 16
	}
	root, units, depth := wdlTree(p, opt.MinUnits)
	st := &Stats{Units: len(units), Depth: depth}
	byKey := map[string][]*wdlNode{}
	exact := map[string][]*wdlNode{}
	for _, u := range units {
		byKey[u.key] = append(byKey[u.key], u)
		exact[Key(u.p)] = append(exact[Key(u.p)], u)
	}
	var b [8]byte
	rand.Read(b[:])
	coordinator := hex.EncodeToString(b[:])
	publish := func(u *wdlNode) error {
		data, _ := json.Marshal(Unit{Version: Version, Kind: KindWDL, Position: u.p.String()})
		u.msgID = u.key + "-" + coordinator + "-" + strconv.Itoa(u.attempts)
		u.attempts++
		u.published = true
		st.Published++
		_, err := c.JS.Publish(ctx, Subject, data, jetstream.WithMsgID(u.msgID))
		return err
	}
	// step publishes what may be published and cancels what no longer
	// matters; it reports whether the root is known.
	step := func() (bool, error) {
		if root.known {
			for _, u := range units {
				if u.published && !u.known && !u.cancelled {
					u.cancelled = true
					st.Cancelled++
					c.Cancelled.Put(ctx, u.msgID, nil)
				}
			}
			return true, nil
		}
		live := relevant(root)
		inFlight := 0
		for _, u := range units {
			if !u.published || u.known || u.cancelled {
				continue
			}
			if !live[u] {
				u.cancelled = true
				st.Cancelled++
				if _, err := c.Cancelled.Put(ctx, u.msgID, nil); err != nil {
					return false, fmt.Errorf("cancelling a unit: %w", err)
				}
				continue
			}
			inFlight++
		}
		for _, u := range units {
			if inFlight >= opt.InFlight {
				break
			}
			if u.published || u.known || !live[u] {
				continue
			}
			if err := publish(u); err != nil {
				return false, fmt.Errorf("publishing a unit: %w", err)
			}
			inFlight++
		}
		return false, nil
	}
	// The watch gives what the bucket holds, then nil, then what comes;
	// nothing is published before the bucket's own results are in.
	w, err := c.Results.WatchAll(ctx, jetstream.IgnoreDeletes())
	if err != nil {
		return 0, st, err
	}
	defer w.Stop()
	initial, done := true, false
	for !done {
		var e jetstream.KeyValueEntry
		select {
		case <-ctx.Done():
			return 0, st, ctx.Err()
		case u, ok := <-w.Updates():
			if !ok {
				return 0, st, errors.New("the results' watch ended")
			}
			e = u
		}
		if e == nil {
			initial = false
		} else {
			for _, u := range append(byKey[e.Key()], exact[e.Key()]...) {
				if u.known {
					continue
				}
				kind := KindWDL
				if e.Key() != u.key {
					kind = KindExact
				}
				r, err := decode(e.Value(), u.p, kind)
				if err != nil {
					st.Rejected++
					if kind == KindWDL {
						c.Results.Delete(ctx, e.Key())
						u.published = false // published again by step
					}
					continue
				}
				u.known, u.outcome = true, score.Outcome(r.Score)
				if kind == KindExact {
					u.outcome = score.OutcomeOf(u.p, score.Value{Game: u.p.Game, Score: r.Score})
				}
				switch {
				case initial:
					st.Reused++
				case kind == KindWDL:
					st.UnitNodes += r.Nodes
					st.UnitSeconds += r.Seconds
				}
				settle(u)
			}
		}
		if initial {
			continue
		}
		if opt.Progress != nil {
			n := 0
			for _, u := range units {
				if u.known {
					n++
				}
			}
			opt.Progress(n, len(units))
		}
		if done, err = step(); err != nil {
			return 0, st, err
		}
	}
	return root.outcome, st, nil
}
