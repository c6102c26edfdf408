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
		&cli.Float64Flag{Name: "scale", Value: render.DefaultScale, Usage: fmt.Sprintf("PNG pixels per SVG unit, up to %d", render.MaxScale)},
	}
}

// writePictures writes the pictures the flags ask for. With several
// positions (-f), the files get the record's number before the extension.
func writePictures(c *cli.Context, p *positions.Position, m *positions.LegalMove, index int) error {
	if sc := c.Float64("scale"); sc <= 0 || sc > render.MaxScale || math.IsNaN(sc) {
		return badInputf("--scale %v: want a number above 0 and at most %d", sc, render.MaxScale)
	}
	for _, kind := range []string{"svg", "png"} {
		name := c.String(kind)
		if name == "" {
			continue
		}
		if index > 0 && name != "-" {
			ext := filepath.Ext(name)
			name = fmt.Sprintf("%s-%d%s", name[:len(name)-len(ext)], index, ext)
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

// writeLineGIF writes the line of the --gif flag, if given: a frame per
// position of the line with the move played from it, then the last
// position. With several positions (-f), the file gets the record's
// number, as writePictures does.
func writeLineGIF(c *cli.Context, p *positions.Position, line []positions.LegalMove, index int) error {
	name := c.String("gif")
	if name == "" {
		return nil
	}
	if index > 0 && name != "-" {
		ext := filepath.Ext(name)
		name = fmt.Sprintf("%s-%d%s", name[:len(name)-len(ext)], index, ext)
	}
	scenes := make([]*render.Scene, 0, len(line)+1)
	q := p
	for i := range line {
		m := &line[i]
		scenes = append(scenes, render.Layout(q, render.Options{Move: m,
			Caption: fmt.Sprintf("%d/%d. %s plays %s", i+1, len(line), positions.PlayerName(q.Game, q.Side), m.Text)}))
		q = m.Result
	}
	scenes = append(scenes, render.Layout(q, render.Options{Caption: "The end: " + strings.TrimSuffix(render.Layout(q, render.Options{}).Title, ".")}))
	write := func(w io.Writer) error { return render.WriteGIF(w, scenes, c.Float64("scale"), 120) }
	return writeFile(c, name, write)
}
