package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/render"
	"github.com/urfave/cli/v2"
)

// pictureFlags write a picture of the position, with a move drawn.
func pictureFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "svg", Usage: "write an SVG picture to `FILE`"},
		&cli.StringFlag{Name: "png", Usage: "write a PNG picture to `FILE`"},
	}
}

// writePictures writes the pictures the flags ask for. With several
// positions (-f), the files get the record's number before the extension.
func writePictures(c *cli.Context, p *positions.Position, m *positions.LegalMove, index int) error {
	for _, kind := range []string{"svg", "png"} {
		name := c.String(kind)
		if name == "" {
			continue
		}
		if index > 0 {
			ext := filepath.Ext(name)
			name = fmt.Sprintf("%s-%d%s", name[:len(name)-len(ext)], index, ext)
		}
		if err := writePicture(name, kind, render.Layout(p, render.Options{Move: m})); err != nil {
			return err
		}
	}
	return nil
}

func writePicture(name, kind string, s *render.Scene) error {
	f, err := os.Create(name)
	if err != nil {
		return badInputf("%v", err)
	}
	if kind == "svg" {
		err = render.WriteSVG(f, s)
	} else {
		err = render.WritePNG(f, s)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}
