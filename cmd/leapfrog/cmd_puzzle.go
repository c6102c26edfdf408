package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/puzzle"
	"github.com/leapfrog-solver/leapfrog/render"
	"github.com/leapfrog-solver/leapfrog/solver"
)

func puzzleCommand() *cli.Command {
	return &cli.Command{
		Name:  "puzzle",
		Usage: "make puzzles with one right move, graded easy to hard, and check the grades",
		Subcommands: []*cli.Command{{
			Name:      "make",
			Usage:     "make puzzles of a game from random positions",
			ArgsUsage: "froglet|hupfer",
			Description: `Plays random moves from a start (--plies of them, or until the board holds
--pieces pieces; each seed from --seed on makes one candidate) and keeps the
positions with exactly one right move, proven by the solver: Froglet, the only move
that keeps the value; Hüpfer, a position the mover wins, with the only winning move
or the fastest win by --margin plies or more. A candidate whose search needs more
than --max-nodes is skipped.

Each puzzle is graded by the least lookahead at which a plain searcher that
counts material at its horizon (points; Hüpfer, pieces on the board and in hand)
finds the move alone, trying 1 to 6 plies: easy 1-2 (a lookahead of 1 is the
greedy player, who takes the most now), medium 3-4, hard 5 or more, or not found.
A puzzle of two moves is at most medium. Its comment says how many moves fail, by
how much, and what the greedy move gets.

The puzzles come as records that leapfrog verify accepts (id, bm, value, dist,
pv, c), easiest first; the same flags make the same puzzles on any machine. Fewer
puzzles than --count within --tries candidates: those found, and exit 3.

   leapfrog puzzle make froglet --size 5x5 --plies 6 --count 10
   leapfrog puzzle make froglet --size 8x8 --plies 36 --difficulty hard --count 3
   leapfrog puzzle make hupfer --size 6 --supply 4 --plies 8 --count 5 --svg-dir pics`,
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "size", Usage: "the board, `WxH` or N", DefaultText: "5x5 Froglet, 5x5 Hüpfer"},
				&cli.IntFlag{Name: "supply", Usage: "Hüpfer: `N` pieces in each supply at the start", DefaultText: "as leapfrog new"},
				&cli.IntFlag{Name: "plies", Value: 6, Usage: "`K` random moves from the start to a candidate: the stage of the game"},
				&cli.IntFlag{Name: "pieces", Usage: "instead of --plies, random moves until the board holds `N` pieces (Froglet: at most N)"},
				&cli.StringFlag{Name: "difficulty", Value: "any", Usage: "`GRADE`: easy, medium, hard or any"},
				&cli.IntFlag{Name: "count", Value: 10, Usage: "how many puzzles, `N`"},
				&cli.IntFlag{Name: "tries", Usage: "the most candidates to try, `N`", DefaultText: "100 per puzzle asked"},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the first candidate's `SEED`"},
				&cli.IntFlag{Name: "margin", Value: 4, Usage: "Hüpfer: how many `PLIES` the fastest win must beat the next by, when several moves win"},
				&cli.Int64Flag{Name: "max-nodes", Value: 20_000_000, Usage: "skip a candidate whose search needs more than `N` nodes"},
				&cli.IntFlag{Name: "parallel", Usage: "`N` candidates judged at once, each on one thread", DefaultText: "one per core"},
				&cli.StringFlag{Name: "id", Usage: "the ids' `PREFIX`, before \"seed S\"", DefaultText: "game and size"},
				&cli.StringFlag{Name: "svg-dir", Usage: "write each puzzle's picture, and its solution's, into `DIR`"},
				jsonFlag,
				&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress on standard error"},
			},
			Action: puzzleMake,
		}, {
			Name:      "players",
			Usage:     "how often simple players find the best move of each puzzle of a file, by grade",
			ArgsUsage: "FILE",
			Description: `Reads records with a single bm (a puzzle file, such as leapfrog puzzle make
writes), grades each as puzzle make does, and prints, for each grade, the mean chance
that each of five players finds the best move: one who picks at random, the greedy
player, lookahead players of 2 and 4 plies, and a Monte Carlo player (200 random
games to the end after each move, the move whose games end best on average). The
grades are sound when the chances fall from easy to hard.

   leapfrog puzzle players examples/froglet-puzzles.txt`,
			Flags:  []cli.Flag{jsonFlag},
			Action: puzzlePlayers,
		}},
	}
}

// puzzleMake runs puzzle make.
func puzzleMake(c *cli.Context) error {
	if c.NArg() != 1 {
		return badInputf("puzzle make: name one game: froglet or hupfer")
	}
	game, err := positions.ParseGame(c.Args().First())
	if err != nil {
		return badInputf("puzzle make: %v", err)
	}
	size := c.String("size")
	if size == "" {
		size = "5x5"
	}
	w, h, err := parseSize(size)
	if err != nil {
		return badInputf("puzzle make: --size: %v", err)
	}
	cfg := puzzle.Config{Game: game, Width: w, Height: h, Plies: c.Int("plies"), Pieces: c.Int("pieces"),
		Count: c.Int("count"), Tries: c.Int("tries"), FirstSeed: c.Uint64("seed"), Margin: c.Int("margin"),
		MaxNodes: c.Int64("max-nodes"), Parallel: c.Int("parallel"), Prefix: c.String("id")}
	if err := checkPuzzleFlags(c, &cfg); err != nil {
		return err
	}
	if game == positions.Hupfer {
		cfg.Supply = supplyFlag(c, w, h)
	} else if c.IsSet("supply") {
		return badInputf("puzzle make: --supply is for hupfer")
	}
	if _, err := puzzle.Candidate(&cfg, cfg.FirstSeed); err != nil {
		return badInputf("puzzle make: %v", err)
	}
	if cfg.Prefix == "" {
		cfg.Prefix = fmt.Sprintf("%s %dx%d", game, w, h)
		if game == positions.Hupfer {
			cfg.Prefix += fmt.Sprintf(" supply %d", cfg.Supply)
		}
	}
	ctx, cancel := interruptible()
	defer cancel()
	cfg.Stop = ctx.Done()
	prog := newProgress(c, "puzzle")
	tried, found := 0, 0
	cfg.Tried = func(_ uint64, z *puzzle.Puzzle) {
		tried++
		if z != nil && (cfg.Grade == "" || z.Grade == cfg.Grade) {
			found++
		}
		prog.update("%d candidates tried, %d of %d puzzles", tried, min(found, cfg.Count), cfg.Count)
	}
	zs, err := puzzle.Make(ctx, cfg, func() *solver.Solver {
		return solver.New(solver.Options{Threads: 1, MaxNodes: cfg.MaxNodes, Stop: ctx.Done()})
	})
	prog.done()
	if err != nil {
		if ctx.Err() != nil {
			return &exitError{exitInterrupted, fmt.Errorf("puzzle make: interrupted after %d puzzles", len(zs))}
		}
		return fmt.Errorf("puzzle make: %w", err)
	}
	// Easiest first: by grade, then the lookahead needed, then the seed.
	sort.SliceStable(zs, func(i, j int) bool {
		gi, gj := gradeIndex(zs[i].Grade), gradeIndex(zs[j].Grade)
		if gi != gj {
			return gi < gj
		}
		return zs[i].Depth < zs[j].Depth
	})
	if dir := c.String("svg-dir"); dir != "" {
		if err := puzzlePictures(dir, zs); err != nil {
			return err
		}
	}
	for _, z := range zs {
		if c.Bool("json") {
			if err := writeJSON(c.App.Writer, puzzleJSON{z, z.Value.String()}); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintln(c.App.Writer, z.Record())
	}
	if len(zs) < cfg.Count {
		return &exitError{exitLimit, fmt.Errorf("puzzle make: %d of %d puzzles in %d candidates (more with --tries, or another --seed)", len(zs), cfg.Count, cfg.Tries)}
	}
	return nil
}

// puzzleJSON is a puzzle in --json output, its value in words.
type puzzleJSON struct {
	*puzzle.Puzzle
	ValueText string `json:"value"`
}

// checkPuzzleFlags reads and checks puzzle make's numbers and difficulty.
func checkPuzzleFlags(c *cli.Context, cfg *puzzle.Config) error {
	switch {
	case cfg.Count < 1 || cfg.Count > 100_000:
		return badInputf("puzzle make: --count 1 to 100000")
	case cfg.Plies < 0 || cfg.Plies > 10_000 || cfg.Pieces < 0 || cfg.Pieces > positions.MaxSide*positions.MaxSide:
		return badInputf("puzzle make: --plies 0 to 10000, --pieces 0 to %d", positions.MaxSide*positions.MaxSide)
	case cfg.Margin < 0 || cfg.Margin > 1000:
		return badInputf("puzzle make: --margin 0 to 1000")
	case cfg.MaxNodes < 0:
		return badInputf("puzzle make: --max-nodes must be 0 (no limit) or more")
	case cfg.Parallel < 0 || cfg.Parallel > maxThreads:
		return badInputf("puzzle make: --parallel 0 to %d", maxThreads)
	case c.Int("tries") < 0 || c.Int("tries") > 100_000_000:
		return badInputf("puzzle make: --tries 0 to 100000000")
	}
	if cfg.Tries == 0 {
		cfg.Tries = 100 * cfg.Count
	}
	if err := seedRange(cfg.FirstSeed, cfg.Tries); err != nil {
		return badInputf("puzzle make: %v", err)
	}
	if cfg.Parallel == 0 {
		cfg.Parallel = runtime.NumCPU()
	}
	switch d := c.String("difficulty"); d {
	case "any":
	case "easy", "medium", "hard":
		cfg.Grade = d
	default:
		return badInputf("puzzle make: --difficulty %q: want easy, medium, hard or any", d)
	}
	return nil
}

func gradeIndex(g string) int {
	for i, x := range puzzle.Grades {
		if x == g {
			return i
		}
	}
	return len(puzzle.Grades)
}

// puzzlePictures writes each puzzle's picture (ID.svg) and its solution's
// (ID-solution.svg) into dir.
func puzzlePictures(dir string, zs []*puzzle.Puzzle) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return badInputf("puzzle make: --svg-dir: %v", err)
	}
	for _, z := range zs {
		name := strings.Map(func(r rune) rune {
			if r == ' ' || r == '/' || r == '\\' {
				return '-'
			}
			return r
		}, z.ID)
		side := positions.PlayerName(z.Position.Game, z.Position.Side)
		s := render.Layout(z.Position, render.Options{Caption: fmt.Sprintf("%s: %s to move and %s", z.ID, side, goal(z))})
		if err := writePicture(nil, filepath.Join(dir, name+".svg"), "svg", s); err != nil {
			return err
		}
		m, err := z.Position.ParseMove(z.Best)
		if err != nil {
			return err
		}
		s = render.Layout(z.Position, render.Options{Move: &m, Caption: fmt.Sprintf("%s: %s (%s)", z.ID, z.Best, z.Value)})
		if err := writePicture(nil, filepath.Join(dir, name+"-solution.svg"), "svg", s); err != nil {
			return err
		}
	}
	return nil
}

// goal is what a puzzle asks, in a picture's caption.
func goal(z *puzzle.Puzzle) string {
	if z.Value.Game == positions.Froglet {
		return "keep the value"
	}
	return "win"
}

// puzzlePlayers runs puzzle players.
func puzzlePlayers(c *cli.Context) error {
	name, err := fileArg(c, "FILE")
	if err != nil {
		return err
	}
	players := puzzle.Players()
	type row struct {
		Grade   string             `json:"grade"`
		Puzzles int                `json:"puzzles"`
		Chances map[string]float64 `json:"chances"`
		sums    []float64
	}
	rows := map[string]*row{}
	err = forEachRecordIn(c, name, func(r inputRecord) error {
		bm, ok := r.rec.Op("bm")
		if !ok || len(bm.Args) != 1 {
			return badInput(&inputError{src: r.src, msg: "a puzzle needs one bm"})
		}
		p := r.rec.Position
		m, err := p.ParseMove(bm.Args[0])
		if err != nil {
			return badInput(&inputError{src: r.src, col: bm.Col, msg: fmt.Sprintf("bm: %v", err)})
		}
		moves := p.LegalMoves()
		best := -1
		for i := range moves {
			if moves[i].Text == m.Text {
				best = i
			}
		}
		g := puzzle.GradeOf(puzzle.Depth(p, moves, best), len(moves))
		rw := rows[g]
		if rw == nil {
			rw = &row{Grade: g, sums: make([]float64, len(players))}
			rows[g] = rw
		}
		rw.Puzzles++
		for i, pl := range players {
			rw.sums[i] += pl.Play(p, moves, best)
		}
		return nil
	})
	if err != nil {
		return err
	}
	out := c.App.Writer
	if !c.Bool("json") {
		fmt.Fprintf(out, "%-8s %7s", "grade", "puzzles")
		for _, pl := range players {
			fmt.Fprintf(out, " %16s", pl.Name)
		}
		fmt.Fprintln(out)
	}
	for _, g := range puzzle.Grades {
		rw := rows[g]
		if rw == nil {
			continue
		}
		rw.Chances = map[string]float64{}
		for i, pl := range players {
			rw.Chances[pl.Name] = rw.sums[i] / float64(rw.Puzzles)
		}
		if c.Bool("json") {
			if err := writeJSON(out, rw); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(out, "%-8s %7d", g, rw.Puzzles)
		for _, pl := range players {
			fmt.Fprintf(out, " %15.0f%%", 100*rw.Chances[pl.Name])
		}
		fmt.Fprintln(out)
	}
	return nil
}
