package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/solver"
	"github.com/leapfrog-solver/leapfrog/study"
)

func studyCommand() *cli.Command {
	return &cli.Command{
		Name:      "study",
		Usage:     "solve many positions: random Froglet openings, or Hüpfer starts over a range of supplies",
		ArgsUsage: "froglet|hupfer",
		Description: `Solves the openings of a board size that leapfrog new froglet --seed S makes,
for S from --seed on, each exactly, --parallel at a time, and prints how White does
with perfect play: wins, draws and losses with 95% intervals (Wilson), the mean value
with its interval, and the count of every value. With --removals every opening
removal is valued too, and the mean spread between the best and the worst removal is
given. --wdl asks only who wins each opening, and gives no values: a drawn opening
costs as much as its value, a won or lost one about half (a 6x6 opening takes one to
ten minutes on one core either way). Solved openings stay in the cache: a study run again, or extended, reuses them.
--record FILE keeps each answer in FILE too, a line of JSON with a checksum, and takes
from it what it answers: a file to keep with the results, carry to another machine and
go on from. --format csv prints a line per opening; --json the summary and every opening.

study hupfer solves the start of a board for every pair of supplies in --supply (Red's
and Turquoise's, or with --equal only the pairs of equal supplies) and prints who wins
and in how many plies, as a table with Red's supply down and Turquoise's across (W11:
Red wins in 11 plies; L12: Red loses in 12).

   leapfrog study froglet --size 4x4 --openings 1000
   leapfrog study froglet --size 5x5 --openings 50 --removals --json
   leapfrog study froglet --size 4x4 --openings 200 --record 4x4.jsonl
   leapfrog study hupfer --size 4 --supply 0..4
   leapfrog study hupfer --size 5 --supply 1..8 --equal`,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "size", Value: "5x5", Usage: "the board, `WxH` or N"},
			&cli.StringFlag{Name: "supply", Value: "1..4", Usage: "Hüpfer: the supplies, `A..B`"},
			&cli.BoolFlag{Name: "equal", Usage: "Hüpfer: only equal supplies"},
			&cli.IntFlag{Name: "openings", Value: 100, Usage: "how many openings, `N`"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the first opening's `SEED`"},
			&cli.BoolFlag{Name: "removals", Usage: "solve every opening removal for its value, not only the best"},
			&cli.StringFlag{Name: "record", Usage: "Froglet: keep every opening answered in `FILE` (JSON lines, each with a checksum), and take from it the openings it answers: a study that travels between machines and days, where the cache stays on one"},
			&cli.BoolFlag{Name: "wdl", Usage: "Froglet: only who wins each opening (values become outcomes: -1, 0, +1), less search where White wins or loses"},
			&cli.IntFlag{Name: "parallel", Usage: "`N` openings solved at once, each on one thread", DefaultText: "one per core"},
			&cli.IntFlag{Name: "hash", Usage: hashUsage, DefaultText: hashDefault},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`FORMAT`: text, json or csv"},
			jsonFlag,
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress on standard error"},
		}, cacheFlags()...),
		Action: studyAction,
	}
}

func studyAction(c *cli.Context) error {
	if c.NArg() == 1 && c.Args().First() == "hupfer" {
		return studyHupfer(c)
	}
	if c.NArg() != 1 || c.Args().First() != "froglet" {
		return badInputf("study: say which game: leapfrog study froglet --size WxH, or leapfrog study hupfer --size N --supply A..B")
	}
	w, h, err := parseSize(c.String("size"))
	if err != nil {
		return badInputf("study: --size: %v", err)
	}
	n := c.Int("openings")
	if n < 1 || n > 1_000_000 {
		return badInputf("study: --openings 1 to 1000000")
	}
	if err := seedRange(c.Uint64("seed"), n); err != nil {
		return badInputf("study: %v", err)
	}
	par, format, err := studyFlags(c)
	if err != nil {
		return err
	}
	if _, err := positions.NewFroglet(w, h, 1); err != nil {
		return badInputf("study: %v", err)
	}
	if c.Bool("wdl") && c.Bool("removals") {
		return badInputf("study: --wdl asks who wins, --removals values every removal: give one")
	}
	var rec *study.Record
	if name := c.String("record"); name != "" {
		if rec, err = study.OpenRecord(name, w, h); err != nil {
			var re *study.RecordError
			if errors.As(err, &re) {
				return badInputf("study: --record: %w", err)
			}
			return fmt.Errorf("study: --record: %w", err)
		}
		defer rec.Close()
		if rec.Recovered != "" {
			warnf(c, "%s", rec.Recovered)
		}
	}
	st, err := openCache(c)
	if err != nil {
		return err
	}
	defer closeCache(c, st)
	ctx, cancel := interruptible()
	defer cancel()
	prog := newProgress(c, "study")
	done := 0
	var recErr error
	cfg := study.Config{Width: w, Height: h, FirstSeed: c.Uint64("seed"), Openings: n, Removals: c.Bool("removals"), WDL: c.Bool("wdl"), Parallel: par,
		Solver: studySolver(c, st, ctx.Done()),
		Done: func(o study.Opening) {
			done++
			prog.update("%d of %d openings solved", done, n)
			if rec != nil && recErr == nil {
				if recErr = rec.Add(o); recErr != nil {
					cancel()
				}
			}
		},
	}
	if rec != nil {
		cfg.Known = func(seed uint64) (study.Opening, bool) { return rec.Lookup(cfg, seed) }
	}
	openings, err := study.Run(ctx, cfg)
	prog.done()
	if recErr != nil {
		return fmt.Errorf("study: %w", recErr)
	}
	if err != nil {
		if ctx.Err() != nil {
			kept := "the cache"
			if rec != nil {
				kept = "the cache and the record"
			}
			return &exitError{exitInterrupted, fmt.Errorf("study: interrupted after %d openings (they are in %s)", len(openings), kept)}
		}
		return fmt.Errorf("study: %w", err)
	}
	sum := study.Summarize(w, h, openings)
	switch format {
	case "json":
		return writeJSON(c.App.Writer, struct {
			study.Summary
			Each []study.Opening `json:"each"`
		}{sum, openings})
	case "csv":
		cw := csv.NewWriter(c.App.Writer)
		cw.Write([]string{"seed", "position", "value", "best", "worst_removal", "nodes"})
		for _, o := range openings {
			worst := ""
			if o.Worst != nil {
				worst = strconv.Itoa(*o.Worst)
			}
			cw.Write([]string{strconv.FormatUint(o.Seed, 10), o.Position, strconv.Itoa(o.Value), o.Best, worst, strconv.FormatInt(o.Nodes, 10)})
		}
		cw.Flush()
		return cw.Error()
	}
	pct := func(iv study.Interval) string {
		return fmt.Sprintf("%5.1f%% (%.1f-%.1f)", 100*iv.Estimate, 100*iv.Low, 100*iv.High)
	}
	out := c.App.Writer
	if n == 1 {
		fmt.Fprintf(out, "Froglet %s, 1 random opening (seed %d), perfect play:\n", sum.Board, cfg.FirstSeed)
	} else {
		fmt.Fprintf(out, "Froglet %s, %d random openings (seeds %d to %d), perfect play:\n", sum.Board, sum.Openings, cfg.FirstSeed, cfg.FirstSeed+uint64(n)-1)
	}
	fmt.Fprintf(out, "White wins  %s\ndraws       %s\nWhite loses %s\n", pct(sum.WinRate), pct(sum.DrawRate), pct(sum.LossRate))
	if cfg.WDL {
		fmt.Fprintf(out, "(--wdl: outcomes only; the values below are outcomes, -1 loss, 0 draw, +1 win)\n")
	} else {
		fmt.Fprintf(out, "mean value  %+.2f (%+.2f to %+.2f)\n", sum.Mean.Estimate, sum.Mean.Low, sum.Mean.High)
	}
	if sum.Spread != nil {
		fmt.Fprintf(out, "best removal minus worst, on average: %.2f (%.2f to %.2f)\n", sum.Spread.Estimate, sum.Spread.Low, sum.Spread.High)
	}
	var vals []string
	for _, v := range sum.Values {
		vals = append(vals, fmt.Sprintf("%+d: %d", v[0], v[1]))
	}
	fmt.Fprintf(out, "values      %s\n", strings.Join(vals, ", "))
	return nil
}

// studyHupfer runs study hupfer.
func studyHupfer(c *cli.Context) error {
	w, h, err := parseSize(c.String("size"))
	if err != nil {
		return badInputf("study: --size: %v", err)
	}
	a, b, found := strings.Cut(c.String("supply"), "..")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if !found || err1 != nil || err2 != nil || lo < 0 || hi < lo || hi > positions.MaxSupply {
		return badInputf("study: --supply %q: want A..B, 0 <= A <= B <= %d", c.String("supply"), positions.MaxSupply)
	}
	if _, err := positions.NewHupfer(w, h, hi); err != nil {
		return badInputf("study: %v", err)
	}
	if c.String("record") != "" {
		return badInputf("study: --record is for study froglet; study hupfer keeps its starts in the cache")
	}
	if c.Bool("wdl") {
		return badInputf("study: --wdl is for study froglet; study hupfer already answers who wins, with the plies")
	}
	par, format, err := studyFlags(c)
	if err != nil {
		return err
	}
	var supplies []int
	for x := lo; x <= hi; x++ {
		supplies = append(supplies, x)
	}
	st, err := openCache(c)
	if err != nil {
		return err
	}
	defer closeCache(c, st)
	ctx, cancel := interruptible()
	defer cancel()
	prog := newProgress(c, "study")
	total, done := len(supplies)*len(supplies), 0
	newSolver := studySolver(c, st, ctx.Done())
	var starts []study.Start
	if c.Bool("equal") {
		total = len(supplies)
		for _, x := range supplies {
			got, err := study.Starts(ctx, w, h, []int{x}, []int{x}, 1, newSolver, nil)
			if err != nil {
				prog.done()
				return studyStopped(ctx, err, len(starts))
			}
			starts = append(starts, got...)
			done++
			prog.update("%d of %d starts solved", done, total)
		}
	} else {
		starts, err = study.Starts(ctx, w, h, supplies, supplies, par, newSolver, func(study.Start) {
			done++
			prog.update("%d of %d starts solved", done, total)
		})
		if err != nil {
			prog.done()
			return studyStopped(ctx, err, len(starts))
		}
	}
	prog.done()
	switch format {
	case "json":
		return writeJSON(c.App.Writer, starts)
	case "csv":
		cw := csv.NewWriter(c.App.Writer)
		cw.Write([]string{"red", "turquoise", "red_wins", "plies", "best", "nodes", "seconds"})
		for _, s := range starts {
			cw.Write([]string{strconv.Itoa(s.Red), strconv.Itoa(s.Turquoise), strconv.FormatBool(s.Win), strconv.Itoa(s.Plies), s.Best,
				strconv.FormatInt(s.Nodes, 10), strconv.FormatFloat(s.Seconds, 'f', 3, 64)})
		}
		cw.Flush()
		return cw.Error()
	}
	writeStarts(c.App.Writer, w, h, supplies, starts)
	return nil
}

func studyStopped(ctx interface{ Err() error }, err error, n int) error {
	if ctx.Err() != nil {
		return &exitError{exitInterrupted, fmt.Errorf("study: interrupted after %d starts (they are in the cache)", n)}
	}
	return fmt.Errorf("study: %w", err)
}

// studyFlags reads the flags both studies share: --parallel (0: one per
// core), --hash and the output format.
func studyFlags(c *cli.Context) (parallel int, format string, err error) {
	parallel = c.Int("parallel")
	if parallel < 0 || parallel > maxThreads || c.Int("hash") < 0 || c.Int("hash") > 65536 {
		return 0, "", badInputf("study: --parallel 0 to %d, --hash 0 to 65536", maxThreads)
	}
	if parallel == 0 {
		parallel = runtime.NumCPU()
	}
	format = c.String("format")
	if c.Bool("json") {
		format = "json"
	}
	if format != "text" && format != "json" && format != "csv" {
		return 0, "", badInputf("study: --format %q: want text, json or csv", format)
	}
	return parallel, format, nil
}

// studySolver makes the solvers of a study: one thread each, the cache
// behind them.
func studySolver(c *cli.Context, st *cache.Store, stop <-chan struct{}) func() *solver.Solver {
	return func() *solver.Solver {
		opts := solver.Options{HashMB: c.Int("hash"), Threads: 1, Stop: stop}
		if st != nil {
			opts.Persistent = st
		}
		return solver.New(opts)
	}
}

// writeStarts prints study hupfer's table: Red's supply down,
// Turquoise's across.
func writeStarts(out io.Writer, w, h int, supplies []int, starts []study.Start) {
	fmt.Fprintf(out, "Hüpfer %dx%d starts, Red (first to move) with the supply down, Turquoise's across: W Red wins, L Red loses, in so many plies\n", w, h)
	cell := map[[2]int]study.Start{}
	for _, s := range starts {
		cell[[2]int{s.Red, s.Turquoise}] = s
	}
	fmt.Fprintf(out, "%6s", "")
	for _, t := range supplies {
		fmt.Fprintf(out, "%6d", t)
	}
	fmt.Fprintln(out)
	for _, r := range supplies {
		fmt.Fprintf(out, "%6d", r)
		for _, t := range supplies {
			s, ok := cell[[2]int{r, t}]
			switch {
			case !ok:
				fmt.Fprintf(out, "%6s", "")
			case s.Win:
				fmt.Fprintf(out, "%6s", fmt.Sprintf("W%d", s.Plies))
			default:
				fmt.Fprintf(out, "%6s", fmt.Sprintf("L%d", s.Plies))
			}
		}
		fmt.Fprintln(out)
	}
}
