package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/answer"
	"github.com/leapfrog-solver/leapfrog/positions"
)

func movesCommand() *cli.Command {
	return &cli.Command{
		Name:      "moves",
		Usage:     "list every legal move of a position",
		ArgsUsage: "POS",
		Description: `Every legal move once, in canonical spelling, with what it scores and the
position it produces. Moves are identified by the position they produce.

   leapfrog moves "froglet rbg./..ry/bgyg w 0-0"
   leapfrog moves --json -f examples/froglet-puzzles.txt`,
		Flags: []cli.Flag{fileFlag, jsonFlag},
		Action: func(c *cli.Context) error {
			return forEachRecord(c, func(r inputRecord) error {
				p := r.rec.Position
				if c.Bool("json") {
					out := answer.MovesOf(p)
					out.ID = r.rec.ID()
					return writeJSON(c.App.Writer, out)
				}
				moves := p.LegalMoves()
				fmt.Fprintf(c.App.Writer, "%s: %s\n", p, plural(len(moves), "move"))
				for _, m := range moves {
					if p.Game == positions.Froglet {
						fmt.Fprintf(c.App.Writer, "  %-16s %2d  %s\n", m.Text, m.Points, m.Result)
					} else {
						fmt.Fprintf(c.App.Writer, "  %-16s %s\n", m.Text, m.Result)
					}
				}
				return nil
			})
		},
	}
}

// writeJSON writes v as one line of JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
