package main

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"sync"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/answer"
	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/tablebase"
)

// probeOne looks one record's position up in the tables. A position in no
// table is an error of that record (exit 2): there is no answer to give.
func probeOne(c *cli.Context, tables *tablebase.Tables, r inputRecord) error {
	p := r.rec.Position
	start := time.Now()
	sc, ok, err := tables.Probe(p)
	elapsed := time.Since(start)
	if err != nil {
		return err
	}
	if !ok {
		return badInputf("%s is in no table ('leapfrog tablebase list' shows the tables; 'leapfrog solve' answers any position)", p)
	}
	v := score.Value{Game: p.Game, Score: sc}
	best, ok, err := tables.BestMove(p, sc)
	if err != nil {
		return err
	}
	var bestMove *positions.LegalMove
	if ok {
		bestMove = &best
	}
	out := answer.ProbeOf(p, v, bestMove, elapsed.Microseconds())
	out.ID = r.rec.ID()
	if c.Bool("json") {
		return writeJSON(c.App.Writer, out)
	}
	bestText := "none (the game is over)"
	if out.Best != nil {
		bestText = *out.Best
	}
	fmt.Fprintf(c.App.Writer, "%s\n%s for %s; best %s (looked up in %dµs)\n", p, v.String(), sideLong(p), bestText, elapsed.Microseconds())
	return nil
}

// tableRoot reads the root of a table: a position, or a game with new's flags.
func tableRoot(c *cli.Context) (*positions.Position, error) {
	if c.NArg() != 1 {
		return nil, badInputf("%s: give a position, or a game with --size (and --supply or --seed)", c.Command.Name)
	}
	arg := c.Args().First()
	if g, err := positions.ParseGame(arg); err == nil {
		size := c.String("size")
		if size == "" {
			return nil, badInputf("%s: %s needs --size", c.Command.Name, arg)
		}
		w, h, err := parseSize(size)
		if err != nil {
			return nil, badInputf("--size: %v", err)
		}
		if g == positions.Froglet {
			p, err := positions.NewFroglet(w, h, c.Uint64("seed"))
			if err != nil {
				return nil, badInputf("%v", err)
			}
			return p, nil
		}
		p, err := positions.NewHupfer(w, h, supplyFlag(c, w, h))
		if err != nil {
			return nil, badInputf("%v", err)
		}
		return p, nil
	}
	p, err := positions.ParsePosition(arg)
	if err != nil {
		return nil, locate(source{"argument", 1}, err)
	}
	return p, nil
}

func rootFlags() []cli.Flag {
	return append(cacheFlags(),
		&cli.StringFlag{Name: "size", Usage: "with a game name: the board `WxH`"},
		&cli.IntFlag{Name: "supply", Usage: "with hupfer: `N` pieces in each supply", DefaultText: "fill the board"},
		&cli.Uint64Flag{Name: "seed", Usage: "with froglet: the `SEED` of the start"},
		jsonFlag,
	)
}

// rootAction runs fn with the table root the arguments name and the cache.
func rootAction(fn func(c *cli.Context, root *positions.Position, st *cache.Store) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		root, err := tableRoot(c)
		if err != nil {
			return err
		}
		return withStore(c, func(st *cache.Store) error { return fn(c, root, st) })
	}
}

// withStore opens the cache (required here) and runs fn.
func withStore(c *cli.Context, fn func(st *cache.Store) error) error {
	if c.Bool("no-cache") {
		return badInputf("tablebases live in the cache: drop --no-cache")
	}
	st, err := openCacheStrict(c)
	if err != nil {
		return err
	}
	defer closeCache(c, st)
	return fn(st)
}

func tablebaseCommand() *cli.Command {
	return &cli.Command{
		Name:  "tablebase",
		Usage: "solve every position reachable from a start, once, for instant look-ups",
		Description: `A tablebase holds the value of every position reachable from its root, up to
symmetry, in the cache. solve and analyze look positions up in the tables before
searching.

   leapfrog tablebase build hupfer --size 5 --supply 4
   leapfrog tablebase build "froglet ##ggg##/##ggg##/ggggggg/ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0"
   leapfrog tablebase probe "hupfer ...tt/...tt/...../rr.../rr... r 4-4"
   leapfrog tablebase list`,
		Subcommands: []*cli.Command{
			{
				Name:      "build",
				Usage:     "build (or resume) the table of a root position",
				ArgsUsage: "POS | GAME --size WxH [--supply N | --seed N]",
				Description: `Finds every position reachable from the root, up to symmetry, tier by tier
(Froglet: frogs on the board; Hüpfer: pieces on the board plus twice the pieces
in the supplies), then computes their values from the lowest tier up on all
cores. Each tier is stored as soon as it is computed: a build stopped by Ctrl-C
or killed resumes from the stored tiers when run again.

--memory bounds the memory. The enumeration stops, exit 3, with what it found
when the positions outgrow it. Once they are all found, the memory the values
need is estimated, and the build stops before computing them if that does not
fit. Meanwhile the Go runtime keeps its heap under the bound. A GB is 2^30 bytes.

   leapfrog tablebase build hupfer --size 5 --supply 4      # 14.6 million positions, about 6 s, 1.3 GB
   leapfrog tablebase build hupfer --size 5 --supply 5 --memory 12GB   # 202 million, under 2 min, 14 GB resident`,
				Flags: append(rootFlags(),
					&cli.StringFlag{Name: "memory", Value: "8GB", Usage: "stop cleanly (exit 3) rather than outgrow `SIZE` of memory (like 8GB, 1.5GiB or 500M; K, M, G, T and P count in 1024s)"},
					&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress on standard error"}),
				Action: buildTable,
			},
			{
				Name:      "probe",
				Usage:     "look a position up in the tables",
				ArgsUsage: "POS",
				Flags:     append(cacheFlags(), jsonFlag, fileFlag),
				Action:    probeTables,
			},
			{
				Name:      "verify",
				Usage:     "re-derive every value of a table from its children",
				ArgsUsage: "POS | GAME --size ...",
				Flags:     rootFlags(),
				Action:    rootAction(verifyTable),
			},
			{
				Name:   "list",
				Usage:  "the tables in the cache",
				Flags:  append(cacheFlags(), jsonFlag),
				Action: listTables,
			},
			{
				Name:      "stats",
				Usage:     "a table tier by tier: positions, wins and losses or values",
				ArgsUsage: "POS | GAME --size ...",
				Flags:     rootFlags(),
				Action:    rootAction(tableStats),
			},
			{
				Name:      "drop",
				Usage:     "delete the table of a root",
				ArgsUsage: "POS | GAME --size ...",
				Flags:     rootFlags(),
				Action:    rootAction(dropTable),
			},
		},
	}
}

func printMeta(c *cli.Context, m *tablebase.Meta) error {
	if c.Bool("json") {
		return writeJSON(c.App.Writer, m)
	}
	n, done := 0, 0
	for _, t := range m.Tiers {
		n += t.Positions
		if t.Done {
			done++
		}
	}
	state := "complete"
	if !m.Done {
		state = fmt.Sprintf("%d of %d tiers", done, len(m.Tiers))
	}
	fmt.Fprintf(c.App.Writer, "%s: %d positions in %d tiers, %s, %.1fs to build\n", m.Root, n, len(m.Tiers), state, m.Seconds)
	return nil
}

// bar draws a 20-character progress bar.
func bar(done, total int) string {
	n := 0
	if total > 0 {
		n = min(20, done*20/total)
	}
	return "[" + strings.Repeat("#", n) + strings.Repeat(".", 20-n) + "]"
}

// sizePattern is a size as --memory takes it: a number, whole or with a
// decimal part, then K, M, G, T or P (each 1024 times the one before,
// optionally followed by B or iB), or B, or nothing (bytes).
var sizePattern = regexp.MustCompile(`(?i)^([0-9]+(?:\.[0-9]+)?)\s*(?:([KMGTP])(?:I?B)?|B)?$`)

// parseBytes reads sizes like 8GB, 8GiB, 500M, 1.5GB or 1024 (bytes),
// and rejects anything else rather than read the number alone.
func parseBytes(s string) (int64, error) {
	m := sizePattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, fmt.Errorf("%q is not a size like 8GB, 500MB or 1.5GiB", s)
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a size like 8GB: %w", s, err)
	}
	if m[2] != "" {
		n = math.Ldexp(n, 10*(1+strings.Index("KMGTP", strings.ToUpper(m[2]))))
	}
	switch {
	case n < 1:
		return 0, fmt.Errorf("%q is less than a byte", s)
	case n > maxBytes:
		return 0, fmt.Errorf("%q is more than 1024PB", s)
	}
	return int64(n), nil
}

// maxBytes is the largest size parseBytes takes, 1024PB (2^60 bytes): past any memory
// and far from overflowing an int64.
const maxBytes = 1 << 60

// buildTable builds (or resumes) the table of the root the flags name.
func buildTable(c *cli.Context) error {
	root, err := tableRoot(c)
	if err != nil {
		return err
	}
	limit, err := parseBytes(c.String("memory"))
	if err != nil {
		return badInputf("--memory: %v", err)
	}
	// The budget bounds the live heap; without a limit the collector lets
	// the process grow to twice that before it collects (a 5x5 build under
	// --memory 21GB reached 23.5 GB), so the budget is also the runtime's
	// limit.
	debug.SetMemoryLimit(limit)
	return withStore(c, func(st *cache.Store) error {
		ctx, stop := interruptible()
		defer stop()
		opt := tablebase.Options{MaxBytes: limit, Stop: func() bool { return ctx.Err() != nil }}
		if !c.Bool("quiet") {
			opt.Progress, opt.Working = buildProgress(c)
		}
		meta, err := tablebase.Build(st, root, opt)
		switch {
		case errors.Is(err, tablebase.ErrStopped):
			return &exitError{exitInterrupted, fmt.Errorf("build interrupted; the tiers finished are stored and the next build resumes from them")}
		case errors.Is(err, enumerate.ErrTooLarge):
			return &exitError{exitLimit, fmt.Errorf("%v (--memory %s): give it more memory, or build from a later position", err, c.String("memory"))}
		case err != nil:
			return err
		}
		return printMeta(c, meta)
	})
}

// buildProgress returns a build's progress reports: a line per tier on
// standard error, and on a terminal a bar while a tier runs.
func buildProgress(c *cli.Context) (logf func(format string, args ...any), working func(tier, done, total int)) {
	prog := newProgress(c, "tablebase")
	var mu sync.Mutex
	start := time.Now()
	tierStart := start
	logf = func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		prog.done()
		fmt.Fprintf(c.App.ErrWriter, "%6.1fs %s\n", time.Since(start).Seconds(), fmt.Sprintf(format, args...))
		tierStart = time.Now()
	}
	working = func(tier, done, total int) {
		mu.Lock()
		defer mu.Unlock()
		rate := float64(done) / time.Since(tierStart).Seconds()
		left := time.Duration(float64(total-done) / rate * float64(time.Second))
		prog.update("tier %d %s %d/%d, %.2fM positions/s, %v left", tier, bar(done, total), done, total, rate/1e6, left.Round(time.Second))
	}
	return logf, working
}

// verifyTable re-derives every value of a table from its children.
func verifyTable(c *cli.Context, root *positions.Position, st *cache.Store) error {
	start := time.Now()
	n, bad, err := tablebase.Verify(st, root, tablebase.Options{})
	if err != nil {
		return badInputf("%v", err)
	}
	if c.Bool("json") {
		if bad == nil {
			bad = []string{}
		}
		err = writeJSON(c.App.Writer, struct {
			Root         string   `json:"root"`
			Checked      int      `json:"checked"`
			Inconsistent []string `json:"inconsistent"`
			OK           bool     `json:"ok"`
			Seconds      float64  `json:"seconds"`
		}{root.String(), n, bad, len(bad) == 0, time.Since(start).Seconds()})
		if err != nil {
			return err
		}
	} else {
		for _, b := range bad {
			fmt.Fprintln(c.App.Writer, b)
		}
		fmt.Fprintf(c.App.Writer, "%d positions checked in %.1fs, %d inconsistent\n", n, time.Since(start).Seconds(), len(bad))
	}
	if len(bad) > 0 {
		return &exitError{exitClaimFailed, fmt.Errorf("tablebase verify: the table of %s is inconsistent", root)}
	}
	return nil
}

// listTables describes the tables in the cache.
func listTables(c *cli.Context) error {
	return withStore(c, func(st *cache.Store) error {
		tables, err := tablebase.Open(st)
		if err != nil {
			return err
		}
		for _, m := range tables.List() {
			if err := printMeta(c, &m); err != nil {
				return err
			}
		}
		return nil
	})
}

// tableStats prints a table tier by tier.
func tableStats(c *cli.Context, root *positions.Position, st *cache.Store) error {
	meta, tiers, err := tablebase.Stats(st, root)
	if err != nil {
		return badInputf("%v", err)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, struct {
			Root  string                `json:"root"`
			Tiers []tablebase.TierStats `json:"tiers"`
		}{meta.Root, tiers})
	}
	w := c.App.Writer
	fmt.Fprintln(w, meta.Root)
	for _, t := range tiers {
		if root.Game == positions.Hupfer {
			fmt.Fprintf(w, "tier %3d: %10d positions, %10d wins, %10d losses for the player to move; longest win %d plies\n", t.Tier, t.Positions, t.Wins, t.Losses, t.LongestWin)
			continue
		}
		var vals []int
		for v := range t.Values {
			vals = append(vals, v)
		}
		sort.Ints(vals)
		var parts []string
		for _, v := range vals {
			parts = append(parts, fmt.Sprintf("%+d:%d", v, t.Values[v]))
		}
		fmt.Fprintf(w, "tier %3d: %10d positions; values %s\n", t.Tier, t.Positions, strings.Join(parts, " "))
	}
	return nil
}

// dropTable deletes the table of a root.
func dropTable(c *cli.Context, root *positions.Position, st *cache.Store) error {
	had, err := tablebase.Has(st, root)
	if err != nil {
		return err
	}
	if err := tablebase.Drop(st, root); err != nil {
		return err
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, struct {
			Root    string `json:"root"`
			Dropped bool   `json:"dropped"`
		}{root.String(), had})
	}
	if had {
		fmt.Fprintf(c.App.Writer, "dropped the table of %s\n", root)
	} else {
		// Said, not an error: a typo in --supply should not pass for done.
		fmt.Fprintf(c.App.Writer, "no table of %s in the cache (leapfrog tablebase list shows them)\n", root)
	}
	return nil
}

// probeTables looks every record's position up in the tables.
func probeTables(c *cli.Context) error {
	return withStore(c, func(st *cache.Store) error {
		tables, err := tablebase.Open(st)
		if err != nil {
			return err
		}
		return forEachRecord(c, func(r inputRecord) error {
			return probeOne(c, tables, r)
		})
	})
}
