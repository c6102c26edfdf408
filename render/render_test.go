package render

import (
	"bytes"
	"encoding/xml"
	"flag"
	"image/color"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

var update = flag.Bool("update", false, "rewrite the golden files")

type golden struct {
	name, pos, move string
}

var goldens = []golden{
	{"froglet-tiny", "froglet rbg./..ry/bgyg w 0-0", "d2-b2"},
	{"froglet-cross", "froglet ##ggg##/##ggg##/ggggggg/ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0", "d2-d4"},
	{"froglet-removal", "froglet ggy/gyg/ygb w 0-0", "a2"},
	{"hupfer-start", "hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14", "a1-a3+b3"},
	{"hupfer-capture", "hupfer ..t.t/ttt../rr.t./rr..r/..r.. r 2-0", "b3xb5xd5"},
}

func scene(t *testing.T, g golden) *Scene {
	p, err := positions.ParsePosition(g.pos)
	if err != nil {
		t.Fatal(err)
	}
	var opt Options
	if g.move != "" {
		m, err := p.ParseMove(g.move)
		if err != nil {
			t.Fatal(err)
		}
		opt.Move = &m
	}
	return Layout(p, opt)
}

// TestGoldenSVG compares the SVG of a few positions with files in
// testdata; go test ./render -update rewrites them after a deliberate change.
func TestGoldenSVG(t *testing.T) {
	for _, g := range goldens {
		var buf bytes.Buffer
		if err := WriteSVG(&buf, scene(t, g)); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", g.name+".svg")
		if *update {
			os.WriteFile(path, buf.Bytes(), 0o644)
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./render -update)", err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s differs from %s", g.name, path)
		}
	}
}

func wellFormed(t *testing.T, svg []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, svg)
		}
	}
}

func TestEverySVGParses(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for i := 0; i < 200; i++ {
		n := 1 + rng.IntN(18)
		game := positions.Game(1 + rng.IntN(2))
		p := &positions.Position{Game: game, Board: positions.MustBoard(n, 1+rng.IntN(18), positions.Set{}), Counts: [2]int{rng.IntN(30), rng.IntN(30)}}
		for c := 0; c < p.Board.Size(); c++ {
			if rng.IntN(3) == 0 {
				p.Put(c, rng.IntN(map[positions.Game]int{positions.Froglet: 4, positions.Hupfer: 2}[game]))
			}
		}
		var opt Options
		if ms := p.LegalMoves(); len(ms) > 0 {
			opt.Move = &ms[rng.IntN(len(ms))]
		}
		var buf bytes.Buffer
		WriteSVG(&buf, Layout(p, opt))
		wellFormed(t, buf.Bytes())
	}
}

func TestPNG(t *testing.T) {
	for _, g := range goldens {
		s := scene(t, g)
		var buf bytes.Buffer
		if err := WritePNG(&buf, s); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		if b.Dx() != int(s.W+0.999) || b.Dy() != int(s.H+0.999) {
			t.Errorf("%s: %v, scene %vx%v", g.name, b, s.W, s.H)
		}
		// Every circle's fill shows at its centre's edge ring (a pixel
		// inside the circle, off the text in its middle).
		for _, sh := range s.Shapes {
			if sh.Kind != Circle || sh.Fill == "" || sh.R < 10 {
				continue
			}
			got := color.RGBAModel.Convert(img.At(int(sh.X), int(sh.Y+sh.R*0.75))).(color.RGBA)
			want := parseColor(sh.Fill)
			if got != want && !covered(s, sh, sh.X, sh.Y+sh.R*0.75) {
				t.Errorf("%s: pixel below the centre of the circle at %v,%v is %v, want %v", g.name, sh.X, sh.Y, got, want)
			}
		}
		if c := color.RGBAModel.Convert(img.At(1, b.Dy()-2)).(color.RGBA); c != (color.RGBA{255, 255, 255, 255}) {
			t.Errorf("%s: background %v", g.name, c)
		}
	}
}

// covered reports whether a shape drawn after sh lies on the point.
func covered(s *Scene, sh Shape, x, y float64) bool {
	after := false
	for _, o := range s.Shapes {
		if !after {
			after = o.Kind == sh.Kind && o.X == sh.X && o.Y == sh.Y && o.R == sh.R
			continue
		}
		switch o.Kind {
		case Circle:
			d := math.Hypot(x-o.X, y-o.Y)
			if (o.Fill != "" && d <= o.R+1) || (o.Stroke != "" && math.Abs(d-o.R) <= o.Width/2+1) {
				return true
			}
		case Line:
			if segmentDistance(x, y, o.X, o.Y, o.X2, o.Y2) <= o.Width/2+1 {
				return true
			}
		case Polygon:
			if inside(o.Points, x, y) {
				return true
			}
		}
	}
	return false
}
