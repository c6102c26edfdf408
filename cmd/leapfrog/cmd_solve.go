package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/solver"
	"github.com/leapfrog-solver/leapfrog/tablebase"
	"github.com/urfave/cli/v2"
)

// searchFlags are the flags of every command that searches.
func searchFlags() []cli.Flag {
	return append([]cli.Flag{fileFlag, jsonFlag,
		&cli.IntFlag{Name: "threads", Usage: "search threads; the answer never depends on it", DefaultText: "one per core"},
		&cli.IntFlag{Name: "hash", Usage: hashUsage, DefaultText: hashDefault},
		&cli.Int64Flag{Name: "max-nodes", Usage: "stop a position after about `N` nodes (exit 3, printing what is known)", DefaultText: "no limit"},
		&cli.DurationFlag{Name: "timeout", Usage: "stop a position after `DURATION`, like 30s, 5m or 1h30m (exit 3)", DefaultText: "no limit"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress on standard error"},
	}, cacheFlags()...)
}

// newSolver makes the solver a command's flags ask for, stopped by Ctrl-C,
// with the persistent cache behind its table; done closes the cache.
func newSolver(c *cli.Context) (s *solver.Solver, done func(), err error) {
	if err := checkSearchFlags(c); err != nil {
		return nil, nil, err
	}
	st, err := openCache(c)
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	opts := solver.Options{
		HashMB:   c.Int("hash"),
		Threads:  c.Int("threads"),
		MaxNodes: c.Int64("max-nodes"),
		Timeout:  c.Duration("timeout"),
		Stop:     ctx.Done(),
	}
	if st != nil {
		opts.Persistent = st
		tables, err := tablebase.Open(st)
		if err != nil {
			warnf(c, "the tables in %s cannot be read (%v); searching without them", st.Dir(), err)
		} else if len(tables.List()) > 0 {
			tables.OnDamage = func(err error) { warnf(c, "%v; searching instead", err) }
			opts.Persistent = tablebase.Layered{Tables: tables, Next: st}
		}
	}
	return solver.New(opts), func() { cancel(); closeCache(c, st) }, nil
}

// searchError turns a search that stopped early into its exit code, with
// the bounds known so far.
func searchError(p *positions.Position, err error) error {
	var le *solver.LimitError
	known := ""
	if errors.As(err, &le) {
		known = describeBounds(p.Game, le.Lower, le.Upper)
	}
	code := exitLimit
	switch {
	case errors.Is(err, solver.ErrInterrupted):
		code = exitInterrupted
	case errors.Is(err, positions.ErrTooManyMoves):
		return badInputf("%s: %v", p, positions.ErrTooManyMoves)
	}
	msg := fmt.Sprintf("%s: %v", p, err)
	if known != "" {
		msg += "; known: " + known
	}
	return &exitError{code, errors.New(msg)}
}

// describeBounds says what bounds on a root score mean.
func describeBounds(g positions.Game, lower, upper int) string {
	const inf = 10001
	if g == positions.Hupfer {
		switch {
		case lower > 0:
			return fmt.Sprintf("win in at most %d", 10000-lower)
		case upper < 0:
			return fmt.Sprintf("loss in at most %d", 10000+upper)
		}
		return "nothing yet"
	}
	var parts []string
	if lower > -inf {
		parts = append(parts, fmt.Sprintf("value >= %d", lower))
	}
	if upper < inf {
		parts = append(parts, fmt.Sprintf("value <= %d", upper))
	}
	if parts == nil {
		return "nothing yet"
	}
	return strings.Join(parts, ", ")
}

// watch prints the search's progress on a terminal until stop is called.
func watch(c *cli.Context, s *solver.Solver, label string, game positions.Game) (stop func()) {
	prog := newProgress(c, label)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		start, startNodes := time.Now(), s.Nodes()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				n := s.Nodes() - startNodes
				lo, hi := s.Bounds()
				prog.update("%d nodes, %.1fM nodes/s, known: %s", n, float64(n)/time.Since(start).Seconds()/1e6, describeBounds(game, lo, hi))
			}
		}
	}()
	return func() {
		close(done)
		<-finished
		prog.done()
	}
}

func solveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "find the exact value, best move and principal variation",
		ArgsUsage: "POS",
		Description: `Froglet: the best score difference the player to move can force from here on,
the result once the scores so far are counted in, and a line of best play to the
end of the game. Hüpfer: win or loss for the player to move with the distance
(the winner ends the game as fast as possible, the loser holds out longest).
--wdl answers only win, draw or loss, which needs much less search.

   leapfrog solve "froglet rbg./..ry/bgyg w 0-0"
   leapfrog solve "$(leapfrog new hupfer --size 4)" --json
   leapfrog solve -f examples/froglet-puzzles.txt --json
   leapfrog new froglet --size 5x5 --seed 3 | leapfrog solve -f - --timeout 1m`,
		Flags: append(append(searchFlags(), pictureFlags()...), &cli.BoolFlag{Name: "wdl", Usage: "only win/draw/loss (Hüpfer: only win/loss)"}),
		Action: func(c *cli.Context) error {
			return eachInput(c, solveOne)
		},
	}
}

// eachInput runs fn on every position the command is given: its argument,
// or the records of -f FILE read one at a time, so that standard input
// works as a line protocol. A malformed line is reported on standard error
// with its line number and the batch goes on; the exit code is then 2.
func eachInput(c *cli.Context, fn func(*cli.Context, *solver.Solver, *positions.Position) error) error {
	s, done, err := newSolver(c)
	if err != nil {
		return err
	}
	defer done()
	return forEachRecord(c, func(r inputRecord) error {
		s.RestartLimits() // --timeout and --max-nodes are per position
		return fn(c, s, r.rec.Position)
	})
}

func outcomeName(o solver.Outcome) string {
	return map[solver.Outcome]string{1: "win", 0: "draw", -1: "loss"}[o]
}

func solveOne(c *cli.Context, s *solver.Solver, p *positions.Position) error {
	start := time.Now()
	startNodes, startTable := s.Nodes(), s.TableStats()
	stop := watch(c, s, "solve", p.Game)
	w := c.App.Writer
	if c.Bool("wdl") {
		o, err := s.WDL(p)
		stop()
		if err != nil {
			return searchError(p, err)
		}
		nodes, secs := s.Nodes()-startNodes, time.Since(start).Seconds()
		table := s.TableStats().Since(startTable)
		if c.Bool("json") {
			out := map[string]any{"position": p.String(), "game": p.Game.String(), "nodes": nodes, "seconds": secs, "table": table}
			if p.Game == positions.Hupfer {
				out["value"] = outcomeName(o)
			} else {
				out["outcome"] = outcomeName(o)
			}
			return writeJSON(w, out)
		}
		fmt.Fprintf(w, "%s\n%s for %s (%s)\n%s\n", p, outcomeName(o), sideLong(p), stats(nodes, secs), tableLine(table))
		return nil
	}
	sol, err := s.Solve(p)
	stop()
	if err != nil {
		return searchError(p, err)
	}
	nodes, secs := s.Nodes()-startNodes, time.Since(start).Seconds()
	table := s.TableStats().Since(startTable)
	var bestMove *positions.LegalMove
	if len(sol.PV) > 0 {
		bestMove = &sol.PV[0]
	}
	if err := writePictures(c, p, bestMove, 0); err != nil {
		return err
	}
	pv := make([]string, len(sol.PV))
	for i, m := range sol.PV {
		pv[i] = m.Text
	}
	var best any
	if len(pv) > 0 {
		best = pv[0]
	}
	if c.Bool("json") {
		if p.Game == positions.Froglet {
			return writeJSON(w, frogletSolveJSON{p.String(), "froglet", sol.Value.Score, best, pv,
				outcomeName(frogletOutcome(p, sol.Value)), fmt.Sprintf("%d-%d", sol.Final.Counts[0], sol.Final.Counts[1]), nodes, secs, table})
		}
		return writeJSON(w, hupferSolveJSON{p.String(), "hupfer", winLoss(sol.Value), sol.Value.Distance(), best, pv, nodes, secs, table})
	}
	fmt.Fprintln(w, p)
	if p.Game == positions.Froglet {
		fmt.Fprintf(w, "value %+d for %s: %s, final score %d-%d\n", sol.Value.Score, sideLong(p),
			outcomeName(frogletOutcome(p, sol.Value)), sol.Final.Counts[0], sol.Final.Counts[1])
	} else {
		fmt.Fprintf(w, "%s for %s in %d plies\n", winLoss(sol.Value), sideLong(p), sol.Value.Distance())
	}
	if len(pv) == 0 {
		fmt.Fprintln(w, "the game is over: no legal move")
	} else {
		fmt.Fprintf(w, "best %s\npv   %s\n", pv[0], strings.Join(pv, " "))
	}
	fmt.Fprintln(w, stats(nodes, secs))
	fmt.Fprintln(w, tableLine(table))
	return nil
}

type frogletSolveJSON struct {
	Position string            `json:"position"`
	Game     string            `json:"game"`
	Value    int               `json:"value"`
	Best     any               `json:"best"`
	PV       []string          `json:"pv"`
	Outcome  string            `json:"outcome"`
	Final    string            `json:"final"`
	Nodes    int64             `json:"nodes"`
	Seconds  float64           `json:"seconds"`
	Table    solver.TableStats `json:"table"`
}

type hupferSolveJSON struct {
	Position string            `json:"position"`
	Game     string            `json:"game"`
	Value    string            `json:"value"`
	Distance int               `json:"distance"`
	Best     any               `json:"best"`
	PV       []string          `json:"pv"`
	Nodes    int64             `json:"nodes"`
	Seconds  float64           `json:"seconds"`
	Table    solver.TableStats `json:"table"`
}

func frogletOutcome(p *positions.Position, v solver.Value) solver.Outcome {
	d := p.Counts[p.Side] - p.Counts[p.Side^1] + v.Score
	switch {
	case d > 0:
		return 1
	case d < 0:
		return -1
	}
	return 0
}

func winLoss(v solver.Value) string {
	if v.Win() {
		return "win"
	}
	return "loss"
}

func sideLong(p *positions.Position) string {
	if p.Game == positions.Hupfer {
		return []string{"Red", "Turquoise"}[p.Side]
	}
	return []string{"White", "Black"}[p.Side]
}

func stats(nodes int64, secs float64) string {
	rate := 0.0
	if secs > 0 {
		rate = float64(nodes) / secs / 1e6
	}
	return fmt.Sprintf("%d nodes in %.3fs, %.2fM nodes/s", nodes, secs, rate)
}

// hashUsage is the help of the --hash flag of every searching command.
const hashUsage = "transposition table size in `MB`, fixed"

// hashDefault is what --hash does when it is not given.
const hashDefault = "starts at 8 MB and doubles as the search goes on, up to 16 MB on 4x4 boards and 2 GB on larger ones"

// tableLine describes what a search asked of the transposition table.
func tableLine(t solver.TableStats) string {
	pct := func(a, b int64) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	return fmt.Sprintf("table %d MB: %d probes, %.1f%% hits; %d stores, %.1f%% over another position",
		t.Bytes>>20, t.Probes, pct(t.Hits, t.Probes), t.Stores, pct(t.Replaced, t.Stores))
}

func analyzeCommand() *cli.Command {
	return &cli.Command{
		Name:      "analyze",
		Usage:     "give every legal move its exact value, best first",
		ArgsUsage: "POS",
		Description: `Froglet: each move's value is its points minus the value of the position it
produces (and how many points it loses against the best). Hüpfer: win or loss,
with the distance counting the move itself.

   leapfrog analyze "froglet rbg./..ry/bgyg w 0-0"`,
		Flags: append(searchFlags(), pictureFlags()...),
		Action: func(c *cli.Context) error {
			return eachInput(c, analyzeOne)
		},
	}
}

func analyzeOne(c *cli.Context, s *solver.Solver, p *positions.Position) error {
	stop := watch(c, s, "analyze", p.Game)
	moves, err := s.Analyze(p)
	var v solver.Value
	if err == nil {
		v, err = s.Value(p)
	}
	stop()
	if err != nil {
		return searchError(p, err)
	}
	if len(moves) > 0 {
		if err := writePictures(c, p, &moves[0].LegalMove, 0); err != nil {
			return err
		}
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, analyzeJSON(p, v, moves))
	}
	writeAnalysis(c.App.Writer, p, v, moves)
	return nil
}

type analyzedMove struct {
	Move     string `json:"move"`
	Position string `json:"position"`
	Value    any    `json:"value"`
	Distance *int   `json:"distance,omitempty"`
	Loss     *int   `json:"loss,omitempty"`
	Points   int    `json:"points"`
}

func analyzeJSON(p *positions.Position, v solver.Value, moves []solver.MoveValue) any {
	out := struct {
		Position string         `json:"position"`
		Value    any            `json:"value"`
		Distance *int           `json:"distance,omitempty"`
		Moves    []analyzedMove `json:"moves"`
	}{Position: p.String(), Moves: []analyzedMove{}}
	if p.Game == positions.Froglet {
		out.Value = v.Score
	} else {
		d := v.Distance()
		out.Value, out.Distance = winLoss(v), &d
	}
	for _, m := range moves {
		am := analyzedMove{Move: m.Text, Position: m.Result.String(), Points: int(m.Points)}
		if p.Game == positions.Froglet {
			loss := v.Score - m.Value.Score
			am.Value, am.Loss = m.Value.Score, &loss
		} else {
			d := m.Value.Distance()
			am.Value, am.Distance = winLoss(m.Value), &d
		}
		out.Moves = append(out.Moves, am)
	}
	return out
}

func writeAnalysis(w io.Writer, p *positions.Position, v solver.Value, moves []solver.MoveValue) {
	fmt.Fprintln(w, p)
	if p.Game == positions.Froglet {
		fmt.Fprintf(w, "value %+d for %s\n%-16s %6s %6s %6s\n", v.Score, sideLong(p), "move", "points", "value", "loses")
		for _, m := range moves {
			fmt.Fprintf(w, "%-16s %6d %+6d %6d\n", m.Text, m.Points, m.Value.Score, v.Score-m.Value.Score)
		}
	} else {
		fmt.Fprintf(w, "%s for %s in %d plies\n%-20s %s\n", winLoss(v), sideLong(p), v.Distance(), "move", "value")
		for _, m := range moves {
			fmt.Fprintf(w, "%-20s %s in %d\n", m.Text, winLoss(m.Value), m.Value.Distance())
		}
	}
	if len(moves) == 0 {
		fmt.Fprintln(w, "the game is over: no legal move")
	}
}
