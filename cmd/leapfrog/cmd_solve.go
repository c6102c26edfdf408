package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/answer"
	"github.com/leapfrog-solver/leapfrog/cluster"
	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/render"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/solver"
	"github.com/leapfrog-solver/leapfrog/tablebase"
)

// searchFlags are the flags of every command that searches.
func searchFlags() []cli.Flag {
	return append([]cli.Flag{fileFlag, jsonFlag,
		&cli.IntFlag{Name: "threads", Usage: "`N` search threads; the answer never depends on it", DefaultText: "one per core"},
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
	ctx, cancel := interruptible()
	opts := solver.Options{
		HashMB:   c.Int("hash"),
		Threads:  c.Int("threads"),
		MaxNodes: c.Int64("max-nodes"),
		Timeout:  c.Duration("timeout"),
		Stop:     ctx.Done(),
	}
	if os.Getenv("LEAPFROG_TRACE") != "" {
		// Each search's window and nodes, for measuring where the work
		// goes (docs/PERFORMANCE.md, "Machine and method").
		opts.Trace = c.App.ErrWriter
	}
	if c.IsSet("method") {
		m, ok := map[string]solver.Method{"auto": solver.MethodAuto, "alphabeta": solver.MethodAlphaBeta, "pn": solver.MethodProofNumber}[c.String("method")]
		if !ok {
			cancel()
			closeCache(c, st)
			return nil, nil, badInputf("%s: --method %q: want auto, alphabeta or pn", c.Command.Name, c.String("method"))
		}
		opts.Method = m
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

// stopError is a search stopped by a limit or an interrupt: its exit
// code, and what was known of the position's value.
type stopError struct {
	exitError
	position string
	known    *score.Known
	// plies are what count --depth finished before it stopped.
	plies []enumerate.PlyCount
}

func (e *stopError) Unwrap() error { return &e.exitError }

// kind says what stopped the search, as the JSON answers say it: "limit"
// or "interrupted".
func (e *stopError) kind() string {
	if e.code == exitInterrupted {
		return "interrupted"
	}
	return "limit"
}

// searchError turns a search that stopped early into its exit code, with
// the bounds known so far.
func searchError(p *positions.Position, err error) error {
	if ee := (*exitError)(nil); errors.As(err, &ee) && ee.code == exitBadInput {
		return err // the input at fault, not the search (a --proof file)
	}
	if errors.Is(err, positions.ErrTooManyMoves) {
		return badInputf("%s: %v", p, positions.ErrTooManyMoves)
	}
	code := exitLimit
	if errors.Is(err, solver.ErrInterrupted) {
		code = exitInterrupted
	}
	se := &stopError{exitError: exitError{code, fmt.Errorf("%s: %w", p, err)}, position: p.String()}
	var le *solver.LimitError
	if errors.As(err, &le) {
		k := score.KnownFrom(p.Game, le.Lower, le.Upper)
		se.known = &k
		se.err = fmt.Errorf("%s: %w; known: %s", p, err, k)
	}
	return se
}

// stoppedJSON is the answer for a record whose search a limit or an
// interrupt stopped: what is known instead of a value (cli.md).
type stoppedJSON struct {
	ID       string               `json:"id,omitempty"`
	Position string               `json:"position"`
	Stopped  string               `json:"stopped"`
	Known    *score.Known         `json:"known"`
	Plies    []enumerate.PlyCount `json:"plies,omitempty"`
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
				prog.update("%d nodes, %.1fM nodes/s, known: %s", n, float64(n)/time.Since(start).Seconds()/1e6, score.KnownFrom(game, lo, hi))
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
--wdl answers only win, draw or loss, which needs much less search; --value only
the exact value (Hüpfer: with its distance), without the best move and line,
which in a lost Hüpfer position cost proving every move spelt before the best one
a faster loss (on the 6x6 starts 31% of the work at 4-4, 44% at 5-5, 1% at 6-6).
--nats URL has a cluster of workers answer (leapfrog cluster --help;
docs/CLUSTER.md).

   leapfrog solve "froglet rbg./..ry/bgyg w 0-0"
   leapfrog solve "$(leapfrog new hupfer --size 4)" --json
   leapfrog solve -f examples/froglet-puzzles.txt --json
   leapfrog new froglet --size 5x5 --seed 3 | leapfrog solve -f - --timeout 1m
   leapfrog solve "$(leapfrog new hupfer --size 5 --supply 5)" --proof h55.proof

--proof FILE also writes a proof of the answer to FILE. Hüpfer: the winner's
strategy, a move at every position the winner meets against every defence.
Froglet: the final lead of the player to move, with a strategy for each player
that holds the other to it. "leapfrog proof check FILE" replays it with a plain
move generator of its own.`,
		Flags: append(append(append(searchFlags(), pictureFlags()...),
			&cli.BoolFlag{Name: "wdl", Usage: "only win/draw/loss (Hüpfer: only win/loss)"},
			&cli.BoolFlag{Name: "value", Usage: "only the exact value (Hüpfer: and distance), no best move or line"},
			&cli.StringFlag{Name: "method", Value: "auto", Usage: "`METHOD` by which --wdl searches a Hüpfer position: auto (proof numbers briefly, alpha-beta for a while, then proof numbers to the end), alphabeta or pn (proof-number search alone)"},
			&cli.StringFlag{Name: "proof", Usage: "write a proof of the answer to `FILE` (one position: Hüpfer the winner's strategy, Froglet both players'), for proof check"},
			natsFlag,
		), lineFlags()...),
		Action: func(c *cli.Context) error {
			if err := refuseWithoutLine(c); err != nil {
				return err
			}
			if c.String("proof") != "" && c.String("file") != "" {
				return badInputf("solve: --proof writes the proof of one position; give it as an argument, not with -f")
			}
			if c.String("nats") != "" && c.String("proof") != "" {
				return badInputf("solve: --proof runs on this machine: a proof needs the winner's move at every position, not the cluster's values")
			}
			if name := c.String("proof"); name != "" {
				// Before the search, not after it.
				if err := checkProofTarget(name); err != nil {
					return err
				}
			}
			conn, err := natsConn(c)
			if err != nil {
				return err
			}
			if conn != nil {
				defer conn.Close()
			}
			return eachInput(c, func(c *cli.Context, s *solver.Solver, r inputRecord) error { return solveOne(c, s, r, conn) })
		},
	}
}

// refuseWithoutLine refuses the flags that ask for more than --wdl or
// --value find: the line's pictures, a cluster's line, both answers at
// once.
func refuseWithoutLine(c *cli.Context) error {
	var mode string
	switch {
	case c.Bool("wdl") && c.Bool("value"):
		return badInputf("solve: --wdl and --value each ask for less than the whole answer; give one of them")
	case c.Bool("wdl"):
		mode = "--wdl"
	case c.Bool("value"):
		mode = "--value"
	default:
		return nil
	}
	for _, f := range []string{"gif", "strip"} {
		if c.String(f) != "" {
			return badInputf("solve: --%s draws the line, which %s does not find; leave out one of them", f, mode)
		}
	}
	if mode == "--value" && c.String("nats") != "" {
		return badInputf("solve: the cluster answers with the line; leave out --value or --nats")
	}
	return nil
}

// eachInput runs fn on every record the command is given (forEachRecord),
// with the solver its flags ask for; --timeout and --max-nodes hold for
// each record afresh.
func eachInput(c *cli.Context, fn func(*cli.Context, *solver.Solver, inputRecord) error) error {
	s, done, err := newSolver(c)
	if err != nil {
		return err
	}
	defer done()
	return forEachRecord(c, func(r inputRecord) error {
		s.RestartLimits()
		return fn(c, s, r)
	})
}

// winLoss is the outcome of a Hüpfer position whose mover wins or not.
func winLoss(won bool) score.Outcome {
	if won {
		return 1
	}
	return -1
}

// The answers' JSON. One vocabulary across solve, analyze and annotate
// (docs/cli.md): value (Froglet a score difference, Hüpfer win or loss),
// distance (Hüpfer plies), outcome (win, draw or loss for the player
// concerned, Froglet counting the scores so far), cost (what a move gives
// away against the best: Froglet points, Hüpfer plies).

func solveOne(c *cli.Context, s *solver.Solver, r inputRecord, conn *cluster.Conn) error {
	p := r.rec.Position
	start := time.Now()
	startNodes, startTable := s.Nodes(), s.TableStats()
	stop := watch(c, s, "solve", p.Game)
	w := c.App.Writer
	if c.Bool("wdl") {
		var o score.Outcome
		var err error
		var clusterNodes int64
		var pf *answer.Proof
		switch {
		case conn != nil:
			o, clusterNodes, err = clusterWDL(c, conn, p)
		case c.String("proof") != "":
			// Who wins, with a proof: proof-number search finds both.
			if p.Game != positions.Hupfer {
				stop()
				return badInputf("solve: --proof with --wdl is for Hüpfer positions; a Froglet proof comes with the exact value: leave out --wdl")
			}
			var won bool
			pf, won, err = writeProofWith(c, p, s.ProofByNumbers)
			o = winLoss(won)
		default:
			o, err = s.WDL(p)
		}
		stop()
		if err != nil {
			return searchError(p, err)
		}
		if err := writePictures(c, p, nil, pictureIndex(c, r)); err != nil {
			return err
		}
		nodes, secs := s.Nodes()-startNodes+clusterNodes, time.Since(start).Seconds()
		if c.Bool("json") {
			out := answer.WDLOf(p, o, nodes, secs)
			out.ID = r.rec.ID()
			out.Proof = pf
			return writeJSON(w, out)
		}
		fmt.Fprintf(w, "%s\n%s for %s (%s)\n", p, o, sideLong(p), stats(nodes, secs))
		if pf != nil {
			fmt.Fprintf(w, "proof %s: %d lines, sha256 %s\n", pf.File, pf.Lines, pf.SHA256)
		}
		verboseTable(c, s.TableStats().Since(startTable))
		return nil
	}
	if c.Bool("value") {
		return solveValue(c, s, r, start, startNodes, startTable, stop)
	}
	var sol *solver.Solution
	var err error
	var clusterNodes int64
	if conn != nil {
		sol, clusterNodes, err = clusterSolve(c, conn, p)
	} else {
		sol, err = s.Solve(p)
	}
	pf, err := proofAfter(c, s, p, err)
	stop()
	if err != nil {
		return searchError(p, err)
	}
	nodes, secs := s.Nodes()-startNodes+clusterNodes, time.Since(start).Seconds()
	var bestMove *positions.LegalMove
	if len(sol.PV) > 0 {
		bestMove = &sol.PV[0]
	}
	index := pictureIndex(c, r)
	if err := writePictures(c, p, bestMove, index); err != nil {
		return err
	}
	if err := writeLine(c, func() []*render.Scene { return lineScenes(p, sol.PV) }, index); err != nil {
		return err
	}
	pv := make([]string, len(sol.PV))
	for i, m := range sol.PV {
		pv[i] = m.Text
	}
	if c.Bool("json") {
		out := answer.SolveOf(p, sol, nodes, secs)
		out.ID, out.Proof = r.rec.ID(), pf
		return writeJSON(w, out)
	}
	fmt.Fprintln(w, p)
	if p.Game == positions.Froglet {
		fmt.Fprintf(w, "%s, final score %d-%d\n", valueText(p, sol.Value), sol.Final.Counts[0], sol.Final.Counts[1])
	} else {
		fmt.Fprintln(w, valueText(p, sol.Value))
	}
	if len(pv) == 0 {
		fmt.Fprintln(w, "the game is over: no legal move")
	} else {
		fmt.Fprintf(w, "best %s\npv   %s\n", pv[0], strings.Join(pv, " "))
	}
	solveTail(c, s, pf, nodes, secs, startTable)
	return nil
}

// valueText is v, the value of p, in words: "value +5 for White: win",
// "loss for Red in 16 plies".
func valueText(p *positions.Position, v score.Value) string {
	if p.Game == positions.Froglet {
		return fmt.Sprintf("value %+d for %s: %s", v.Score, sideLong(p), score.OutcomeOf(p, v))
	}
	return fmt.Sprintf("%s for %s in %s", v.WinLoss(), sideLong(p), plural(v.Distance(), "ply"))
}

// solveTail ends solve's text answer: the proof written, if any, the
// work's size and, with --verbose, the table's questions since
// startTable.
func solveTail(c *cli.Context, s *solver.Solver, pf *answer.Proof, nodes int64, secs float64, startTable solver.TableStats) {
	if pf != nil {
		fmt.Fprintf(c.App.Writer, "proof %s: %d strategy lines, sha256 %s\n", pf.File, pf.Lines, pf.SHA256)
	}
	fmt.Fprintln(c.App.Writer, stats(nodes, secs))
	verboseTable(c, s.TableStats().Since(startTable))
}

// proofAfter writes the proof of p that --proof asks for, once the search
// has answered without the error err.
func proofAfter(c *cli.Context, s *solver.Solver, p *positions.Position, err error) (*answer.Proof, error) {
	if err != nil || c.String("proof") == "" {
		return nil, err
	}
	return writeProof(c, s, p)
}

// solveValue answers solve --value about r's position: the exact value
// alone. The search began at start, with the solver's counts then.
func solveValue(c *cli.Context, s *solver.Solver, r inputRecord, start time.Time, startNodes int64, startTable solver.TableStats, stop func()) error {
	p := r.rec.Position
	v, err := s.ExactValue(p)
	pf, err := proofAfter(c, s, p, err)
	stop()
	if err != nil {
		return searchError(p, err)
	}
	if err := writePictures(c, p, nil, pictureIndex(c, r)); err != nil {
		return err
	}
	nodes, secs := s.Nodes()-startNodes, time.Since(start).Seconds()
	w := c.App.Writer
	if c.Bool("json") {
		out := answer.ExactOf(p, v, nodes, secs)
		out.ID, out.Proof = r.rec.ID(), pf
		return writeJSON(w, out)
	}
	fmt.Fprintf(w, "%s\n%s\n", p, valueText(p, v))
	solveTail(c, s, pf, nodes, secs, startTable)
	return nil
}

// verboseTable prints, with --verbose, what the search asked of the
// transposition table (on standard error: it is about the run, not the
// answer).
func verboseTable(c *cli.Context, t solver.TableStats) {
	if c.Bool("verbose") {
		fmt.Fprintln(c.App.ErrWriter, tableLine(t))
	}
}

// sideLong names the player to move of p.
func sideLong(p *positions.Position) string { return positions.PlayerName(p.Game, p.Side) }

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
const hashDefault = "starts at 8 MB and doubles as the search goes on (sooner on boards over 64 cells), up to 16 MB on 4x4 boards and 2 GB on larger ones"

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
		Description: `Every legal move, best first, with its value for the player making it (Froglet:
its points minus the value of the position it makes; Hüpfer: win or loss, the
distance counting the move itself), the outcome it leads to (win, draw or loss,
Froglet counting the scores so far) and its cost against the best move (Froglet:
points; Hüpfer: plies by which a win comes later or a loss sooner). --wdl gives
each move's outcome only: less search (Hüpfer: far less, without the distances). --nats URL has a cluster of
workers answer.

   leapfrog analyze "froglet rbg./..ry/bgyg w 0-0"
   leapfrog analyze "hupfer ..tt/..tt/rr../rr.. r 4-4" --json
   leapfrog analyze "$(leapfrog new froglet --size 4x4 --seed 3)" --wdl`,
		Flags: append(append(searchFlags(), pictureFlags()...), &cli.BoolFlag{Name: "wdl", Usage: "only each move's outcome: win, draw or loss"}, natsFlag),
		Action: func(c *cli.Context) error {
			conn, err := natsConn(c)
			if err != nil {
				return err
			}
			if conn != nil {
				defer conn.Close()
			}
			return eachInput(c, func(c *cli.Context, s *solver.Solver, r inputRecord) error { return analyzeOne(c, s, r, conn) })
		},
	}
}

func analyzeOne(c *cli.Context, s *solver.Solver, r inputRecord, conn *cluster.Conn) error {
	p := r.rec.Position
	if c.Bool("wdl") {
		return analyzeWDL(c, s, r, conn)
	}
	stop := watch(c, s, "analyze", p.Game)
	var moves []solver.MoveValue
	var v score.Value
	var err error
	if conn != nil {
		moves, v, _, err = clusterAnalyze(c, conn, p)
	} else if moves, err = s.Analyze(p); err == nil {
		v, err = s.Value(p)
	}
	stop()
	if err != nil {
		return searchError(p, err)
	}
	if len(moves) > 0 {
		if err := writePictures(c, p, &moves[0].LegalMove, pictureIndex(c, r)); err != nil {
			return err
		}
	}
	out := answer.AnalysisOf(p, v, moves)
	out.ID = r.rec.ID()
	if c.Bool("json") {
		return writeJSON(c.App.Writer, out)
	}
	writeAnalysis(c.App.Writer, p, v, moves)
	return nil
}

// analyzeWDL gives each move of r's position its outcome alone: one
// narrow search per move.
func analyzeWDL(c *cli.Context, s *solver.Solver, r inputRecord, conn *cluster.Conn) error {
	p := r.rec.Position
	stop := watch(c, s, "analyze", p.Game)
	defer stop()
	out := answer.Analysis{ID: r.rec.ID(), Position: p.String(), Game: p.Game.String(), Outcome: score.Outcome(-1).String(), Moves: []answer.AnalyzedMove{}}
	best := score.Outcome(-2)
	for _, m := range p.LegalMoves() {
		var o score.Outcome
		var err error
		if conn != nil {
			o, _, err = clusterWDL(c, conn, m.Result)
		} else {
			o, err = s.WDL(m.Result)
		}
		if err != nil {
			return searchError(p, err)
		}
		out.Moves = append(out.Moves, answer.AnalyzedMove{Move: m.Text, Position: m.Result.String(), Points: int(m.Points), Outcome: (-o).String()})
		best = max(best, -o)
	}
	if len(out.Moves) == 0 {
		// No move: the game is over, and the scores so far decide.
		o, err := s.WDL(p)
		if err != nil {
			return searchError(p, err)
		}
		best = o
	}
	out.Outcome = best.String()
	rank := map[string]int{"win": 0, "draw": 1, "loss": 2}
	sort.SliceStable(out.Moves, func(i, j int) bool { return rank[out.Moves[i].Outcome] < rank[out.Moves[j].Outcome] })
	if c.Bool("json") {
		return writeJSON(c.App.Writer, out)
	}
	w := c.App.Writer
	fmt.Fprintf(w, "%s\n%s for %s\n%-20s %s\n", p, out.Outcome, sideLong(p), "move", "outcome")
	for _, m := range out.Moves {
		fmt.Fprintf(w, "%-20s %s\n", m.Move, m.Outcome)
	}
	if len(out.Moves) == 0 {
		fmt.Fprintln(w, "the game is over: no legal move")
	}
	return nil
}

// costWords says what a move of value played gives away against best.
func costWords(p *positions.Position, best, played score.Value) string {
	cost, worse := score.Cost(p, best, played)
	switch {
	case p.Game == positions.Hupfer && worse:
		return "throws the win away"
	case p.Game == positions.Hupfer && cost == 0:
		return "best"
	case p.Game == positions.Hupfer && best.Win():
		return fmt.Sprintf("wins %s later", plural(cost, "ply"))
	case p.Game == positions.Hupfer:
		return fmt.Sprintf("loses %s sooner", plural(cost, "ply"))
	case cost == 0:
		return "best"
	case worse:
		return fmt.Sprintf("gives away %s and the %s", plural(cost, "point"), score.OutcomeOf(p, best))
	}
	return fmt.Sprintf("gives away %s", plural(cost, "point"))
}

func writeAnalysis(w io.Writer, p *positions.Position, v score.Value, moves []solver.MoveValue) {
	fmt.Fprintln(w, p)
	if p.Game == positions.Froglet {
		fmt.Fprintf(w, "value %+d for %s: %s\n%-16s %6s %6s %-8s %s\n", v.Score, sideLong(p), score.OutcomeOf(p, v), "move", "points", "value", "outcome", "cost")
		for _, m := range moves {
			fmt.Fprintf(w, "%-16s %6d %+6d %-8s %s\n", m.Text, m.Points, m.Value.Score, score.OutcomeOf(p, m.Value), costWords(p, v, m.Value))
		}
	} else {
		fmt.Fprintf(w, "%s for %s in %s\n%-20s %-12s %s\n", v.WinLoss(), sideLong(p), plural(v.Distance(), "ply"), "move", "value", "cost")
		for _, m := range moves {
			fmt.Fprintf(w, "%-20s %-12s %s\n", m.Text, m.Value.String(), costWords(p, v, m.Value))
		}
	}
	if len(moves) == 0 {
		fmt.Fprintln(w, "the game is over: no legal move")
	}
}
