package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/leapfrog-solver/leapfrog/positions"
)

func showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "draw a position in the terminal, or as an SVG or PNG picture",
		ArgsUsage: "POS",
		Description: `Draws the board with coordinates, the scores or supplies, the side to move and
the number of legal moves; with --move, the board after it too. Colours when
standard output is a terminal, NO_COLOR is unset or empty and TERM is not dumb;
letters always (g y r b frogs worth 1-4; r and t pieces).

   leapfrog show "froglet rbg./..ry/bgyg w 0-0"
   leapfrog show "froglet rbg./..ry/bgyg w 0-0" --move d2-b2 --svg board.svg
   leapfrog show "hupfer ..tt/..tt/rr../rr.. r 4-4" --png start.png`,
		Flags: append([]cli.Flag{fileFlag,
			&cli.StringFlag{Name: "move", Usage: "draw `MOVE` on the board (with --svg or --png)"},
		}, pictureFlags()...),
		Action: func(c *cli.Context) error {
			color := useColor(c.App.Writer)
			i := 0
			return forEachRecord(c, func(r inputRecord) error {
				p := r.rec.Position
				var move *positions.LegalMove
				if text := c.String("move"); text != "" {
					lm, err := p.ParseMove(text)
					if err != nil {
						return locate(source{"--move", 1}, err)
					}
					move = &lm
				}
				i++
				if c.IsSet("svg") || c.IsSet("png") {
					return writePictures(c, p, move, pictureIndex(c, r))
				}
				if i > 1 {
					fmt.Fprintln(c.App.Writer)
				}
				drawPosition(c.App.Writer, p, color)
				if move != nil {
					fmt.Fprintf(c.App.Writer, "\nafter %s:\n", move.Text)
					drawPosition(c.App.Writer, move.Result, color)
				}
				return nil
			})
		},
	}
}

// plural says n things: "1 legal move", "3 legal moves", "2 plies".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	if k := len(thing); k > 1 && thing[k-1] == 'y' && !strings.ContainsRune("aeiou", rune(thing[k-2])) {
		return fmt.Sprintf("%d %sies", n, thing[:k-1])
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// useColor reports whether w is a terminal that may show colours.
func useColor(w io.Writer) bool {
	// no-color.org: a NO_COLOR that is set and not empty; a dumb terminal
	// shows no escape sequences either.
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}

// ANSI colours of the pieces: Froglet green..blue, Hüpfer red and turquoise.
var (
	frogColors = [4]string{"\x1b[1;32m", "\x1b[1;33m", "\x1b[1;31m", "\x1b[1;34m"}
	hupfColors = [2]string{"\x1b[1;31m", "\x1b[1;36m"}
)

const colorReset = "\x1b[0m"

func drawPosition(w io.Writer, p *positions.Position, color bool) {
	b := p.Board
	var sb strings.Builder
	for r := b.Height - 1; r >= 0; r-- {
		fmt.Fprintf(&sb, "%3d ", r+1)
		for f := 0; f < b.Width; f++ {
			c := r*b.Width + f
			var cell string
			switch {
			case !b.IsCell(c):
				cell = " "
			case !p.Occ.Has(c):
				cell = "·"
			default:
				col := p.ColourAt(c)
				cell = string(positions.CellLetter(p.Game, col))
				if color {
					code := hupfColors[col&1]
					if p.Game == positions.Froglet {
						code = frogColors[col]
					}
					cell = code + cell + colorReset
				}
			}
			sb.WriteString(" " + cell)
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("    ")
	for f := 0; f < b.Width; f++ {
		sb.WriteString(" " + string(rune('a'+f)))
	}
	sb.WriteByte('\n')
	n := len(p.LegalMoves())
	if p.Game == positions.Froglet {
		fmt.Fprintf(&sb, "Froglet %dx%d. Score: White %d, Black %d. %s to move, %s.\n",
			b.Width, b.Height, p.Counts[0], p.Counts[1], sideLong(p), plural(n, "legal move"))
	} else {
		fmt.Fprintf(&sb, "Hüpfer %dx%d. Supplies: Red %d, Turquoise %d. %s to move, %s.\n",
			b.Width, b.Height, p.Counts[0], p.Counts[1], sideLong(p), plural(n, "legal move"))
	}
	io.WriteString(w, sb.String())
}
