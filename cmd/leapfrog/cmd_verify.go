package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/render"
	"github.com/leapfrog-solver/leapfrog/solver"
	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "check every claim of every record in a file",
		ArgsUsage: "FILE",
		Description: `Checks the claims of each record (notation.md): value, dist, pv (every move legal
and optimal), am (none optimal) and bm (each optimal, and no other move: puzzle
answers must be unique). Prints each claim that does not hold with the truth, a
line per record and a summary. Exit 0 when every claim holds, 1 when one does not.

   leapfrog verify examples/froglet-puzzles.txt`,
		Flags: searchFlags(),
		Action: func(c *cli.Context) error {
			file := c.String("file")
			switch {
			case file == "" && c.NArg() == 1:
				file = c.Args().First()
			case file == "" || c.NArg() > 0:
				return badInputf("verify: give one record FILE, as an argument or with -f (- for standard input)")
			}
			s, done, err := newSolver(c)
			if err != nil {
				return err
			}
			defer done()
			w := c.App.Writer
			records, claims, failed := 0, 0, 0
			err = forEachRecordIn(c, file, func(r inputRecord) error {
				src, rec := r.src, r.rec
				s.RestartLimits()
				res, err := s.Verify(rec)
				if err != nil {
					return searchError(rec.Position, err)
				}
				records++
				claims += len(res)
				bad := 0
				for _, r := range res {
					if !r.OK {
						bad++
					}
				}
				failed += bad
				if c.Bool("json") {
					if res == nil {
						res = []solver.ClaimResult{}
					}
					return writeJSON(w, map[string]any{"source": src.String(), "id": recordID(rec), "position": rec.Position.String(), "ok": bad == 0, "claims": res})
				}
				status := "ok"
				if bad > 0 {
					status = "FAILED"
				}
				fmt.Fprintf(w, "%s %s: %s (%d claims)\n", src, recordID(rec), status, len(res))
				for _, r := range res {
					if !r.OK {
						fmt.Fprintf(w, "  %s %s: %s\n", r.Op, strings.Join(r.Args, " "), r.Why)
					}
				}
				return nil
			})
			if !c.Bool("json") {
				fmt.Fprintf(w, "%d records, %d claims, %d failed\n", records, claims, failed)
			}
			if err != nil {
				return err
			}
			if failed > 0 {
				return &exitError{exitClaimFailed, fmt.Errorf("verify: %d of %d claims do not hold", failed, claims)}
			}
			return nil
		},
	}
}

func recordID(rec *positions.Record) string {
	if op, ok := rec.Op("id"); ok && len(op.Args) > 0 {
		return strconv.Quote(op.Args[0])
	}
	return rec.Position.String()
}

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write records with value, dist, bm and pv filled in",
		ArgsUsage: "FILE|POS",
		Description: `For each record: the value (and, for Hüpfer, the distance), every optimal move as
bm, and a line of best play to the end as pv. Other operations are kept. The
output passes verify, and exporting it again changes nothing.

   leapfrog export examples/positions.txt > annotated.txt
   leapfrog export "hupfer ..tt/..tt/rr../rr.. r 4-4"`,
		Flags: searchFlags(),
		Action: func(c *cli.Context) error {
			s, done, err := newSolver(c)
			if err != nil {
				return err
			}
			defer done()
			one := func(src source, rec *positions.Record) error {
				out, dropped, err := s.Export(rec)
				if err != nil {
					return searchError(rec.Position, err)
				}
				if len(dropped) > 0 {
					fmt.Fprintf(c.App.ErrWriter, "leapfrog: %s: dropped am %s: optimal or illegal\n", src, strings.Join(dropped, " "))
				}
				if c.Bool("json") {
					return writeJSON(c.App.Writer, map[string]any{"record": out.String()})
				}
				fmt.Fprintln(c.App.Writer, out)
				return nil
			}
			file := c.String("file")
			if file == "" {
				if c.NArg() != 1 {
					return badInputf("export: give one FILE or POS, or -f FILE")
				}
				if arg := c.Args().First(); arg == "-" || isFile(arg) {
					file = arg
				}
			}
			if file != "" {
				if c.NArg() > 0 && c.String("file") != "" {
					return badInputf("export: give a FILE or POS, or -f FILE, not both")
				}
				return forEachRecordIn(c, file, func(r inputRecord) error {
					s.RestartLimits()
					return one(r.src, r.rec)
				})
			}
			r, err := readRecord(c)
			if err != nil {
				return err
			}
			return one(r.src, r.rec)
		},
	}
}

func annotateCommand() *cli.Command {
	return &cli.Command{
		Name:      "annotate",
		Usage:     "judge every move of a game",
		ArgsUsage: "GAMEFILE",
		Description: `Reads a game record (a start position, then the moves) and gives each move the
value before it, the value of the move played, the best moves, what it cost and a
label. Froglet: the points lost against best play; 0 best, 1 inaccuracy, 2-3
mistake, 4 or more, or a move that turns a win or draw (counting the scores so
far) into something worse, blunder. Hüpfer: a win thrown away is a blunder; a win
made longer or a loss made shorter than it had to be is an inaccuracy by up to
2 plies, a mistake beyond.

   leapfrog annotate examples/froglet-game-1.txt
   leapfrog annotate examples/hupfer-game-1.txt --format csv`,
		Flags: append(searchFlags(), &cli.StringFlag{Name: "format", Value: "text", Usage: "text, json or csv"},
			&cli.StringFlag{Name: "svg-dir", Usage: "write a picture of every move played (and the best move, where it differs) into `DIR`"}),
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if c.Bool("json") {
				format = "json"
			}
			if format != "text" && format != "json" && format != "csv" {
				return badInputf("annotate: --format %q: want text, json or csv", format)
			}
			name := c.String("file")
			switch {
			case name == "" && c.NArg() == 1:
				name = c.Args().First()
			case name == "" || c.NArg() > 0:
				return badInputf("annotate: give one GAMEFILE, as an argument or with -f (- for standard input)")
			}
			data, err := readGameFile(c, name)
			if err != nil {
				return err
			}
			g, err := positions.ParseGameRecord(data)
			if err != nil {
				var le *positions.LocatedError
				if errors.As(err, &le) {
					return badInputf("%s:%d:%d: %s", name, le.Line, le.Col, le.Msg)
				}
				return badInputf("%s: %v", name, err)
			}
			s, done, err := newSolver(c)
			if err != nil {
				return err
			}
			defer done()
			ann, err := s.Annotate(g)
			if err != nil {
				return searchError(g.Start, err)
			}
			if dir := c.String("svg-dir"); dir != "" {
				if err := annotatePictures(dir, g, ann); err != nil {
					return err
				}
			}
			return writeAnnotations(c, g, ann, format)
		},
	}
}

func writeAnnotations(c *cli.Context, g *positions.GameRecord, ann []solver.Annotation, format string) error {
	w := c.App.Writer
	final := g.Final()
	totals := [2]int{}
	for _, a := range ann {
		totals[a.Side] += a.Loss
	}
	sides := [2]string{"White", "Black"}
	if g.Start.Game == positions.Hupfer {
		sides = [2]string{"Red", "Turquoise"}
	}
	result := fmt.Sprintf("%d-%d", final.Counts[0], final.Counts[1])
	if g.Start.Game == positions.Hupfer {
		result = fmt.Sprintf("%s to move", sides[final.Side])
		if !final.HasMoves() {
			result = fmt.Sprintf("%s wins (%s has no move)", sides[final.Side^1], sides[final.Side])
		}
	}
	switch format {
	case "json":
		var moves []map[string]any
		for _, a := range ann {
			moves = append(moves, map[string]any{"ply": a.Ply, "side": sides[a.Side], "move": a.Move,
				"before": solver.FormatValue(a.Before), "played": solver.FormatValue(a.Played),
				"best": a.BestMoves, "loss": a.Loss, "label": a.Label, "comment": a.Comment})
		}
		return writeJSON(w, map[string]any{"start": g.Start.String(), "final": final.String(), "result": result,
			"moves": moves, "loss": map[string]int{sides[0]: totals[0], sides[1]: totals[1]}})
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"ply", "side", "move", "before", "played", "best", "loss", "label"})
		for _, a := range ann {
			cw.Write([]string{strconv.Itoa(a.Ply), sides[a.Side], a.Move, solver.FormatValue(a.Before),
				solver.FormatValue(a.Played), strings.Join(a.BestMoves, " "), strconv.Itoa(a.Loss), a.Label})
		}
		cw.Flush()
		return cw.Error()
	}
	fmt.Fprintln(w, g.Start)
	for _, a := range ann {
		if a.Side == g.Start.Side || a.Ply == 1 {
			fmt.Fprintf(w, "%d. ", (a.Ply+1)/2)
		}
		note := fmt.Sprintf("%s %s", a.Label, solver.FormatValue(a.Played))
		if a.Label != solver.Best {
			note += fmt.Sprintf(", loses %d; best %s %s", a.Loss, strings.Join(a.BestMoves, " or "), solver.FormatValue(a.Before))
		}
		if a.Comment != "" {
			note += "; " + a.Comment
		}
		fmt.Fprintf(w, "%s {%s}\n", a.Move, note)
	}
	fmt.Fprintf(w, "result: %s. Total loss: %s %d, %s %d.\n", result, sides[0], totals[0], sides[1], totals[1])
	return nil
}

// annotatePictures writes ply-NNN.svg for every move played, and
// ply-NNN-best.svg with the first best move where the move played was not
// best.
func annotatePictures(dir string, g *positions.GameRecord, ann []solver.Annotation) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return badInputf("%v", err)
	}
	for i, pm := range g.Moves {
		a := ann[i]
		played := pm.LegalMove
		caption := fmt.Sprintf("Ply %d: %s, %s (%s)", a.Ply, a.Move, a.Label, solver.FormatValue(a.Played))
		s := render.Layout(pm.Before, render.Options{Move: &played, Caption: caption})
		if err := writePicture(nil, filepath.Join(dir, fmt.Sprintf("ply-%03d.svg", a.Ply)), "svg", s); err != nil {
			return err
		}
		if a.Label == solver.Best {
			continue
		}
		best, err := pm.Before.ParseMove(a.BestMoves[0])
		if err != nil {
			return err
		}
		caption = fmt.Sprintf("Ply %d: best was %s (%s)", a.Ply, best.Text, solver.FormatValue(a.Before))
		s = render.Layout(pm.Before, render.Options{Move: &best, Caption: caption})
		if err := writePicture(nil, filepath.Join(dir, fmt.Sprintf("ply-%03d-best.svg", a.Ply)), "svg", s); err != nil {
			return err
		}
	}
	return nil
}
