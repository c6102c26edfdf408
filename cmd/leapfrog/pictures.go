package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/render"
)

// pictureFlags write a picture of the position, with a move drawn.
func pictureFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "svg", Usage: "write an SVG picture to `FILE` (- for standard output)"},
		&cli.StringFlag{Name: "png", Usage: "write a PNG picture to `FILE` (- for standard output)"},
		&cli.Float64Flag{Name: "scale", Value: render.DefaultScale, Usage: fmt.Sprintf("PNG pixels per SVG unit, `X`, up to %d", render.MaxScale)},
	}
}

// pictureIndex is the number that r's pictures carry in their names:
// with -f, its line in the file, so that the pictures of a batch do not
// overwrite each other and each is found by its record's line; 0 (the
// names as given) for a position given as the argument.
func pictureIndex(c *cli.Context, r inputRecord) int {
	if c.String("file") == "" {
		return 0
	}
	return r.src.line
}

// numbered is the file name name with index before its extension
// ("board.svg", 3: "board-3.svg"); index 0, "-" (standard output) and ""
// (no file asked for) leave it as it is.
func numbered(name string, index int) string {
	if index <= 0 || name == "-" || name == "" {
		return name
	}
	ext := filepath.Ext(name)
	return fmt.Sprintf("%s-%d%s", name[:len(name)-len(ext)], index, ext)
}

// writePictures writes the pictures the flags ask for, their names
// numbered by index (pictureIndex).
func writePictures(c *cli.Context, p *positions.Position, m *positions.LegalMove, index int) error {
	if sc := c.Float64("scale"); sc <= 0 || sc > render.MaxScale || math.IsNaN(sc) {
		return badInputf("--scale %v: want a number above 0 and at most %d", sc, render.MaxScale)
	}
	for _, kind := range []string{"svg", "png"} {
		name := numbered(c.String(kind), index)
		if name == "" {
			continue
		}
		if err := writePicture(c, name, kind, render.Layout(p, render.Options{Move: m})); err != nil {
			return err
		}
	}
	return nil
}

// writePicture writes one picture to the file name, - being standard
// output.
func writePicture(c *cli.Context, name, kind string, s *render.Scene) error {
	write := func(w io.Writer) error {
		if kind == "svg" {
			return render.WriteSVG(w, s)
		}
		return render.WritePNG(w, s, c.Float64("scale"))
	}
	return writeFile(c, name, write)
}

// writeFile writes to the file name (- for standard output) what write
// writes.
func writeFile(c *cli.Context, name string, write func(io.Writer) error) error {
	var err error
	if name == "-" {
		err = write(c.App.Writer)
	} else {
		f, cerr := os.Create(name)
		if cerr != nil {
			return badInputf("%v", cerr)
		}
		err = write(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// lineFlags write a line of play (solve's line of best play, annotate's
// game) as pictures.
func lineFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "gif", Usage: "write the line as an animated GIF to `FILE`"},
		&cli.StringFlag{Name: "strip", Usage: "write the line as a numbered strip of diagrams to `FILE` (.png for a PNG, else SVG)"},
	}
}

// writeLine writes the pictures of a line that --gif and --strip ask
// for: scenes makes a diagram per position of it, only when one is asked
// for (laying out a long line costs more than a small search); their
// names numbered by index (pictureIndex).
func writeLine(c *cli.Context, scenes func() []*render.Scene, index int) error {
	gif, strip := numbered(c.String("gif"), index), numbered(c.String("strip"), index)
	if gif == "" && strip == "" {
		return nil
	}
	line := scenes()
	if name := gif; name != "" {
		write := func(w io.Writer) error { return render.WriteGIF(w, line, c.Float64("scale"), 120) }
		if err := writeFile(c, name, write); err != nil {
			return err
		}
	}
	if name := strip; name != "" {
		kind := "svg"
		if strings.EqualFold(filepath.Ext(name), ".png") {
			kind = "png"
		}
		return writePicture(c, name, kind, render.Strip(line, 4))
	}
	return nil
}

// lineScenes returns a diagram per move of line, played from p, and one
// of the last position.
func lineScenes(p *positions.Position, line []positions.LegalMove) []*render.Scene {
	scenes := make([]*render.Scene, 0, len(line)+1)
	q := p
	for i := range line {
		m := &line[i]
		scenes = append(scenes, render.Layout(q, render.Options{Move: m,
			Caption: fmt.Sprintf("%d/%d. %s plays %s", i+1, len(line), positions.PlayerName(q.Game, q.Side), m.Text)}))
		q = m.Result
	}
	end := render.Layout(q, render.Options{})
	return append(scenes, render.Layout(q, render.Options{Caption: "The end: " + end.Title}))
}
