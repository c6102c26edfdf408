package main

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// maxDepth bounds count --depth: a Froglet game lasts at most one ply per
// frog, a Hüpfer game the pieces plus twice the supplies (at most
// 324 + 4 x 1,000).
const maxDepth = score.Win

func countCommand() *cli.Command {
	return &cli.Command{
		Name:      "count",
		Usage:     "count move sequences and reachable positions",
		ArgsUsage: "POS",
		Description: `With --depth N: for each ply up to N, the move sequences of that length and
the distinct positions they reach. With --all: every distinct position reachable
from POS (POS included), by the number of pieces on the board; --symmetry counts
positions that a rotation or reflection of the board maps onto each other once.

Froglet positions are counted by their board (the scores and the side to move do
not change what can follow); Hüpfer positions by board, side and supplies.

   leapfrog count "froglet ggg/ggg/gg. w 0-0" --all
   leapfrog count "froglet ##ggg##/##ggg##/ggg.ggg/gg...gg/ggg.ggg/##ggg##/##ggg## w 0-0" --all --symmetry`,
		Flags: []cli.Flag{fileFlag, jsonFlag,
			&cli.IntFlag{Name: "depth", Usage: "count up to `N` plies"},
			&cli.BoolFlag{Name: "all", Usage: "count every reachable position"},
			&cli.BoolFlag{Name: "symmetry", Usage: "with --all: count symmetric positions once"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress on standard error"},
			&cli.StringFlag{Name: "memory", Value: "8GB", Usage: "stop (exit 3) rather than outgrow `SIZE` of memory (like 8GB, 1.5GiB or 500M; K, M, G, T and P count in 1024s)"},
		},
		Action: func(c *cli.Context) error {
			if c.IsSet("depth") == c.Bool("all") {
				return badInputf("count: give exactly one of --depth N and --all")
			}
			if c.Bool("symmetry") && !c.Bool("all") {
				return badInputf("count: --symmetry goes with --all")
			}
			if c.IsSet("depth") && (c.Int("depth") < 0 || c.Int("depth") > maxDepth) {
				return badInputf("count: --depth must be 0 to %d (no game lasts longer)", maxDepth)
			}
			return forEachRecord(c, func(r inputRecord) error {
				return countOne(c, r.rec.Position, r.rec.ID())
			})
		},
	}
}

// countOne answers count for one position, whose record's id is id:
// --depth or --all.
func countOne(c *cli.Context, p *positions.Position, id string) error {
	if c.IsSet("depth") {
		return countDepth(c, p, id)
	}
	return countAll(c, p, id)
}

// countDepth counts the move sequences and positions of each ply.
func countDepth(c *cli.Context, p *positions.Position, id string) error {
	w := c.App.Writer
	limit, err := parseBytes(c.String("memory"))
	if err != nil {
		return badInputf("--memory: %v", err)
	}
	ctx, cancel := interruptible()
	defer cancel()
	// Each ply's distinct positions are kept whole, so a deep count of a
	// big board outgrows any memory: CountDepth polls once a position.
	guard := &heapGuard{limit: limit, every: 4096, ctx: ctx}
	plies, err := enumerate.CountDepth(p, c.Int("depth"), guard.stop)
	over := guard.over.Load()
	var stopped error // a limit or an interrupt, after the plies counted
	switch {
	case errors.Is(err, enumerate.ErrOverflow):
		stopped = countStopped(p, exitLimit, fmt.Errorf("count: %s: %w after %s", p, err, plural(len(plies), "ply")), plies)
	case errors.Is(err, positions.ErrTooManyMoves):
		return badInputf("count: %v", err)
	case err != nil:
		return err
	case over != 0:
		stopped = countStopped(p, exitLimit, fmt.Errorf("count: %s: the positions of ply %d outgrew --memory %s (%s of heap); counted %s", p, len(plies)+1, c.String("memory"), enumerate.FormatBytes(over), plural(len(plies), "ply")), plies)
	case ctx.Err() != nil:
		stopped = countStopped(p, exitInterrupted, fmt.Errorf("count: %s: interrupted after %s", p, plural(len(plies), "ply")), plies)
	}
	if stopped != nil && c.Bool("json") {
		return stopped // its record's answer holds the plies counted (reportStop)
	}
	if plies == nil {
		plies = []enumerate.PlyCount{}
	}
	if c.Bool("json") {
		return writeJSON(w, struct {
			ID       string               `json:"id,omitempty"`
			Position string               `json:"position"`
			Plies    []enumerate.PlyCount `json:"plies"`
		}{id, p.String(), plies})
	}
	fmt.Fprintf(w, "%s\n%5s %20s %14s\n", p, "ply", "paths", "positions")
	for _, pc := range plies {
		fmt.Fprintf(w, "%5d %20d %14d\n", pc.Ply, pc.Paths, pc.Positions)
	}
	return stopped
}

// countAll counts every position reachable from p.
func countAll(c *cli.Context, p *positions.Position, id string) error {
	w := c.App.Writer
	sym := c.Bool("symmetry")
	limit, err := parseBytes(c.String("memory"))
	if err != nil {
		return badInputf("--memory: %v", err)
	}
	start := time.Now()
	prog := newProgress(c, "count")
	ctx, cancel := interruptible()
	defer cancel()
	// CountAll's workers poll once every 64 positions.
	guard := &heapGuard{limit: limit, every: 64, ctx: ctx}
	levels, total, err := enumerate.CountAll(p, sym, func(done, seen int) {
		prog.update("%d positions done, %d found", done, seen)
	}, guard.stop)
	prog.done()
	switch {
	case guard.over.Load() != 0:
		return countStopped(p, exitLimit, fmt.Errorf("count: %s: the positions outgrew --memory %s (%s of heap): nothing counted", p, c.String("memory"), enumerate.FormatBytes(guard.over.Load())), nil)
	case ctx.Err() != nil:
		return countStopped(p, exitInterrupted, fmt.Errorf("count: %s: interrupted", p), nil)
	case err != nil:
		return err
	}
	if c.Bool("json") {
		return writeJSON(w, struct {
			ID       string                 `json:"id,omitempty"`
			Position string                 `json:"position"`
			Total    int                    `json:"total"`
			Symmetry bool                   `json:"symmetry"`
			Levels   []enumerate.LevelCount `json:"levels"`
		}{id, p.String(), total, sym, levels})
	}
	fmt.Fprintf(w, "%s\n%7s %14s\n", p, "pieces", "positions")
	for _, l := range levels {
		fmt.Fprintf(w, "%7d %14d\n", l.Pieces, l.Positions)
	}
	note := ""
	if sym {
		note = " up to symmetry"
	}
	fmt.Fprintf(w, "%7s %14d%s (%.1fs)\n", "total", total, note, time.Since(start).Seconds())
	return nil
}

// countStopped is a count of p that a limit or an interrupt (code)
// stopped, err saying which: in a --json batch its record gets an answer
// that says so (reportStop), with plies, the plies --depth finished.
func countStopped(p *positions.Position, code int, err error, plies []enumerate.PlyCount) error {
	return &stopError{exitError: exitError{code, err}, position: p.String(), plies: plies}
}

// heapGuard stops a count whose positions outgrow --memory, or on
// Ctrl-C: its stop is the count's poll, safe from many workers, and
// reads the heap once every every polls.
type heapGuard struct {
	limit int64
	every int64
	ctx   context.Context
	polls atomic.Int64
	over  atomic.Int64 // the heap when it passed limit; 0 before
}

// stop reports whether the count must stop: the heap past the limit
// (read once every g.every polls, being a runtime call) or Ctrl-C.
func (g *heapGuard) stop() bool {
	if g.polls.Add(1)%g.every == 0 {
		if h := enumerate.HeapBytes(); h > g.limit {
			g.over.CompareAndSwap(0, h)
		}
	}
	return g.over.Load() != 0 || g.ctx.Err() != nil
}
