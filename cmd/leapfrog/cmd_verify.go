package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/answer"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/render"
	"github.com/leapfrog-solver/leapfrog/solver"
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
			file, err := fileArg(c, "record FILE")
			if err != nil {
				return err
			}
			if err := checkInput(c, file); err != nil {
				return err // no count of records for a file not read
			}
			s, done, err := newSolver(c)
			if err != nil {
				return err
			}
			defer done()
			w := c.App.Writer
			records, claims, failed := 0, 0, 0
			seen, err := forEachRecordCounted(c, file, func(r inputRecord) error {
				src, rec := r.src, r.rec
				if err := rec.CheckClaims(); err != nil {
					return locate(src, err)
				}
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
					return writeJSON(w, verifyJSON{ID: rec.ID(), Position: rec.Position.String(), Source: src.String(), OK: bad == 0, Claims: res})
				}
				status := "ok"
				if bad > 0 {
					status = "FAILED"
				}
				fmt.Fprintf(w, "%s %s: %s (%s)\n", src, recordID(rec), status, plural(len(res), "claim"))
				for _, r := range res {
					if !r.OK {
						fmt.Fprintf(w, "  %s %s: %s\n", r.Op, strings.Join(r.Args, " "), r.Why)
					}
				}
				return nil
			}, nil)
			if !c.Bool("json") {
				// Records that are bad, or whose claims or search could
				// not be checked, are named on standard error; the count
				// says so.
				checked := plural(records, "record")
				if seen > records {
					checked = fmt.Sprintf("%d of %d records checked", records, seen)
				}
				fmt.Fprintf(w, "%s, %s, %d failed\n", checked, plural(claims, "claim"), failed)
			}
			if err != nil {
				return err
			}
			if failed > 0 {
				msg := fmt.Sprintf("%d of %d claims do not hold", failed, claims)
				if failed == 1 {
					msg = fmt.Sprintf("1 claim of %d does not hold", claims)
				}
				return &exitError{exitClaimFailed, fmt.Errorf("verify: %s", msg)}
			}
			return nil
		},
	}
}

// verifyJSON is verify's answer for one record.
type verifyJSON struct {
	ID       string               `json:"id,omitempty"`
	Position string               `json:"position"`
	Source   string               `json:"source"`
	OK       bool                 `json:"ok"`
	Claims   []solver.ClaimResult `json:"claims"`
}

// recordID names a record in messages: its id quoted, or its position.
func recordID(rec *positions.Record) string {
	if id := rec.ID(); id != "" {
		return strconv.Quote(id)
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
					err = searchError(rec.Position, err)
					var se *stopError
					if errors.As(err, &se) && !c.Bool("json") {
						// The output is the file filled in: a record whose
						// search a limit or an interrupt stopped stays in
						// it as it was.
						fmt.Fprintln(c.App.Writer, rec)
					}
					return err
				}
				if len(dropped) > 0 {
					fmt.Fprintf(c.App.ErrWriter, "leapfrog: %s: dropped am %s: optimal or illegal\n", src, strings.Join(dropped, " "))
				}
				if c.Bool("json") {
					return writeJSON(c.App.Writer, exportJSONOf(out))
				}
				fmt.Fprintln(c.App.Writer, out)
				return nil
			}
			// Text output keeps the comments and blank lines of the file
			// in their places: the output is the file, filled in.
			var keep func(string) error
			if !c.Bool("json") {
				keep = func(text string) error {
					_, err := fmt.Fprintln(c.App.Writer, text)
					return err
				}
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
				return forEachRecordKeep(c, file, func(r inputRecord) error {
					s.RestartLimits()
					return one(r.src, r.rec)
				}, keep)
			}
			r, err := readRecord(c)
			if err != nil {
				return err
			}
			return one(r.src, r.rec)
		},
	}
}

// exportJSON is export's answer for one record: the claims it filled in,
// field by field, and the record as text.
type exportJSON struct {
	ID       string   `json:"id,omitempty"`
	Position string   `json:"position"`
	Value    any      `json:"value"`
	Distance *int     `json:"distance,omitempty"`
	BM       []string `json:"bm"`
	PV       []string `json:"pv"`
	Record   string   `json:"record"`
}

func exportJSONOf(rec *positions.Record) exportJSON {
	out := exportJSON{ID: rec.ID(), Position: rec.Position.String(), BM: []string{}, PV: []string{}, Record: rec.String()}
	for _, op := range rec.Ops {
		switch {
		case op.Name == "value" && len(op.Args) == 1:
			out.Value = op.Args[0]
			if n, err := strconv.Atoi(op.Args[0]); err == nil {
				out.Value = n
			}
		case op.Name == "dist" && len(op.Args) == 1:
			if n, err := strconv.Atoi(op.Args[0]); err == nil {
				out.Distance = &n
			}
		case op.Name == "bm":
			out.BM = op.Args
		case op.Name == "pv":
			out.PV = op.Args
		}
	}
	return out
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
2 plies, a mistake beyond. --timeout and --max-nodes bound the whole game: a limit
met partway (or Ctrl-C) gives the moves judged before it (exit 3 or 130).

   leapfrog annotate examples/froglet-game-1.txt
   leapfrog annotate examples/hupfer-game-1.txt --format csv`,
		Flags: append(append(append(searchFlags(), &cli.StringFlag{Name: "format", Value: "text", Usage: "`FORMAT`: text, json or csv"},
			&cli.StringFlag{Name: "svg-dir", Usage: "write a picture of every move played (and the best move, where it differs) into `DIR`"}),
			&cli.Float64Flag{Name: "scale", Value: render.DefaultScale, Usage: fmt.Sprintf("PNG pixels per SVG unit, `X`, up to %d", render.MaxScale)}),
			lineFlags()...),
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if c.Bool("json") {
				if c.IsSet("format") && format != "json" {
					return badInputf("annotate: --json and --format %s ask for two formats: give one", format)
				}
				format = "json"
			}
			if format != "text" && format != "json" && format != "csv" {
				return badInputf("annotate: --format %q: want text, json or csv", format)
			}
			name, err := fileArg(c, "GAMEFILE")
			if err != nil {
				return err
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
				err = searchError(g.Moves[len(ann)].Before, err)
				var se *stopError
				if !errors.As(err, &se) || len(ann) == 0 {
					return err
				}
				// A limit or an interrupt: the moves judged before it,
				// without pictures (they are of the whole game).
				if werr := writeAnnotations(c, g, ann, format, se.kind()); werr != nil {
					return werr
				}
				return &exitError{se.code, fmt.Errorf("annotate: moves %d to %d not judged: %w", len(ann)+1, len(g.Moves), err)}
			}
			if dir := c.String("svg-dir"); dir != "" {
				if err := annotatePictures(dir, g, ann); err != nil {
					return err
				}
			}
			if err := writeLine(c, func() []*render.Scene { return gameScenes(g, ann) }, 0); err != nil {
				return err
			}
			return writeAnnotations(c, g, ann, format, "")
		},
	}
}

// annotatedMove is annotate's verdict on one move, in the vocabulary of
// analyze: the move played's value, distance and outcome for its player,
// the best moves' (best_...), its cost and label.
type annotatedMove struct {
	Ply          int      `json:"ply"`
	Side         string   `json:"side"`
	Move         string   `json:"move"`
	Value        any      `json:"value"`
	Distance     *int     `json:"distance,omitempty"`
	Outcome      string   `json:"outcome"`
	Best         []string `json:"best"`
	BestValue    any      `json:"best_value"`
	BestDistance *int     `json:"best_distance,omitempty"`
	BestOutcome  string   `json:"best_outcome"`
	Cost         *int     `json:"cost,omitempty"`
	Label        string   `json:"label"`
	Comment      string   `json:"comment,omitempty"`
}

// sideTotals adds up, for each side, what its moves gave away: Froglet
// points; Hüpfer plies, and the outcomes made worse (wins thrown away).
type sideTotals struct {
	Side   string         `json:"side"`
	Cost   int            `json:"cost"`
	Worse  int            `json:"worse"`
	Labels map[string]int `json:"labels"`
}

type annotateJSON struct {
	Start  string          `json:"start"`
	Final  string          `json:"final"`
	Result string          `json:"result"`
	Moves  []annotatedMove `json:"moves"`
	Totals [2]sideTotals   `json:"totals"`
	// Stopped is "limit" or "interrupted" when the moves after those in
	// Moves were not judged; Totals then add up those judged.
	Stopped string `json:"stopped,omitempty"`
}

// writeAnnotations writes the verdicts ann on the moves of g in format;
// stopped, when not empty, says what stopped the moves after them from
// being judged ("limit" or "interrupted").
func writeAnnotations(c *cli.Context, g *positions.GameRecord, ann []solver.Annotation, format, stopped string) error {
	w := c.App.Writer
	final := g.Final()
	sides := [2]string{positions.PlayerName(g.Start.Game, 0), positions.PlayerName(g.Start.Game, 1)}
	out := annotateJSON{Start: g.Start.String(), Final: final.String(), Moves: []annotatedMove{}, Stopped: stopped}
	for i := range out.Totals {
		out.Totals[i] = sideTotals{Side: sides[i], Labels: map[string]int{}}
	}
	out.Result = fmt.Sprintf("%d-%d", final.Counts[0], final.Counts[1])
	if g.Start.Game == positions.Hupfer {
		out.Result = fmt.Sprintf("%s to move", sides[final.Side])
		if !final.HasMoves() {
			out.Result = fmt.Sprintf("%s wins (%s has no move)", sides[final.Side^1], sides[final.Side])
		}
	}
	for _, a := range ann {
		m := annotatedMove{Ply: a.Ply, Side: sides[a.Side], Move: a.Move, Outcome: a.Outcome.String(),
			Best: a.BestMoves, BestOutcome: a.BestOutcome.String(), Label: a.Label, Comment: a.Comment}
		m.Value, m.Distance = answer.Value(a.Played)
		m.BestValue, m.BestDistance = answer.Value(a.Before)
		if !a.Worse || g.Start.Game == positions.Froglet {
			cost := a.Cost
			m.Cost = &cost
		}
		out.Moves = append(out.Moves, m)
		t := &out.Totals[a.Side]
		t.Cost += a.Cost
		t.Labels[a.Label]++
		if a.Worse {
			t.Worse++
		}
	}
	switch format {
	case "json":
		return writeJSON(w, out)
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"ply", "side", "move", "value", "outcome", "best", "best_value", "best_outcome", "cost", "label"})
		for i, a := range ann {
			cost := ""
			if m := out.Moves[i]; m.Cost != nil {
				cost = strconv.Itoa(*m.Cost)
			}
			cw.Write([]string{strconv.Itoa(a.Ply), sides[a.Side], a.Move, a.Played.String(), a.Outcome.String(),
				strings.Join(a.BestMoves, " "), a.Before.String(), a.BestOutcome.String(), cost, a.Label})
		}
		cw.Flush()
		return cw.Error()
	}
	fmt.Fprintln(w, g.Start)
	for i, a := range ann {
		if a.Side == g.Start.Side || a.Ply == 1 {
			fmt.Fprintf(w, "%d. ", (a.Ply+1)/2)
		}
		note := fmt.Sprintf("%s %s", a.Label, a.Played.String())
		if a.Label != solver.Best {
			note += fmt.Sprintf(", %s; best %s %s", costWords(g.Moves[i].Before, a.Before, a.Played), strings.Join(a.BestMoves, " or "), a.Before.String())
		}
		if a.Comment != "" {
			note += "; " + a.Comment
		}
		fmt.Fprintf(w, "%s {%s}\n", a.Move, note)
	}
	if stopped != "" {
		fmt.Fprintf(w, "stopped (%s) before move %d: the totals are of the moves above.\n", stopped, len(ann)+1)
	}
	fmt.Fprintf(w, "result: %s.\n", out.Result)
	for _, t := range out.Totals {
		if g.Start.Game == positions.Froglet {
			fmt.Fprintf(w, "%s gave away %s", t.Side, plural(t.Cost, "point"))
		} else {
			fmt.Fprintf(w, "%s threw away %s and gave away %s", t.Side, plural(t.Worse, "win"), plural(t.Cost, "ply"))
		}
		fmt.Fprintf(w, " (%s, %s, %s).\n", plural(t.Labels[solver.Inaccuracy], "inaccuracy"), plural(t.Labels[solver.Mistake], "mistake"), plural(t.Labels[solver.Blunder], "blunder"))
	}
	return nil
}

// annotatePictures writes ply-NNN.svg for every move played, and
// ply-NNN-best.svg with the first best move where the move played was not
// best.
// gameScenes returns a diagram per move of the game, captioned with its
// verdict, and one of the last position.
func gameScenes(g *positions.GameRecord, ann []solver.Annotation) []*render.Scene {
	var scenes []*render.Scene
	for i, pm := range g.Moves {
		a := ann[i]
		played := pm.LegalMove
		caption := fmt.Sprintf("%d. %s plays %s: %s", a.Ply, positions.PlayerName(pm.Before.Game, a.Side), a.Move, a.Label)
		if a.Label != solver.Best && len(a.BestMoves) > 0 {
			caption += " (best " + a.BestMoves[0] + ")"
		}
		scenes = append(scenes, render.Layout(pm.Before, render.Options{Move: &played, Caption: caption}))
	}
	last := g.Start
	if len(g.Moves) > 0 {
		last = g.Moves[len(g.Moves)-1].Result
	}
	end := render.Layout(last, render.Options{})
	return append(scenes, render.Layout(last, render.Options{Caption: "The end: " + end.Title}))
}

func annotatePictures(dir string, g *positions.GameRecord, ann []solver.Annotation) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return badInputf("%v", err)
	}
	for i, pm := range g.Moves {
		a := ann[i]
		played := pm.LegalMove
		caption := fmt.Sprintf("Ply %d: %s, %s (%s)", a.Ply, a.Move, a.Label, a.Played.String())
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
		caption = fmt.Sprintf("Ply %d: best was %s (%s)", a.Ply, best.Text, a.Before.String())
		s = render.Layout(pm.Before, render.Options{Move: &best, Caption: caption})
		if err := writePicture(nil, filepath.Join(dir, fmt.Sprintf("ply-%03d-best.svg", a.Ply)), "svg", s); err != nil {
			return err
		}
	}
	return nil
}
