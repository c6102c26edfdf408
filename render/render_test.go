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
	for _, scale := range []float64{1, 2} {
		for _, g := range goldens {
			s := scene(t, g)
			var buf bytes.Buffer
			if err := WritePNG(&buf, s, scale); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			b := img.Bounds()
			if b.Dx() != int(math.Ceil(s.W*scale)) || b.Dy() != int(math.Ceil(s.H*scale)) {
				t.Errorf("%s at %v: %v, scene %vx%v", g.name, scale, b, s.W, s.H)
			}
			// Every disc's fill shows below its centre, off the text in
			// its middle, unless a later shape lies there.
			for _, sh := range s.Shapes {
				if sh.Kind != Circle || sh.Fill == "" || sh.R < 10 || parseColor(sh.Fill).A != 255 {
					continue // click targets are all but transparent
				}
				x, y := sh.X, sh.Y+sh.R*0.75
				got := color.RGBAModel.Convert(img.At(int(x*scale), int(y*scale))).(color.RGBA)
				if want := parseColor(sh.Fill); got != want && !covered(s, sh, x, y) {
					t.Errorf("%s at %v: pixel below the centre of the disc at %v,%v is %v, want %v", g.name, scale, sh.X, sh.Y, got, want)
				}
			}
			if c := color.RGBAModel.Convert(img.At(1, b.Dy()-2)).(color.RGBA); c != (color.RGBA{255, 255, 255, 255}) {
				t.Errorf("%s at %v: background %v", g.name, scale, c)
			}
		}
	}
}

// TestGoldenPNG compares the PNGs at the default scale with files in
// testdata, pixel by pixel: at most 1% of the pixels may differ, by at
// most 40 in a channel (a rasteriser's rounding on the edges of shapes,
// not a change of picture). go test ./render -update rewrites them.
func TestGoldenPNG(t *testing.T) {
	for _, g := range goldens {
		img := Rasterize(scene(t, g), DefaultScale)
		path := filepath.Join("testdata", g.name+".png")
		if *update {
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			png.Encode(f, img)
			f.Close()
			continue
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatalf("%v (run go test ./render -update)", err)
		}
		want, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if want.Bounds() != img.Bounds() {
			t.Errorf("%s: %v, golden %v", g.name, img.Bounds(), want.Bounds())
			continue
		}
		off, far := 0, 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				a := color.RGBAModel.Convert(want.At(x, y)).(color.RGBA)
				c := img.RGBAAt(x, y)
				d := max(absDiff(a.R, c.R), absDiff(a.G, c.G), absDiff(a.B, c.B), absDiff(a.A, c.A))
				if d > 0 {
					off++
				}
				if d > 40 {
					far++
				}
			}
		}
		if total := b.Dx() * b.Dy(); far > 0 || off > total/100 {
			t.Errorf("%s: %d pixels differ from %s, %d by more than 40", g.name, off, path, far)
		}
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// TestInsideCanvas lays out every board shape from 1x1 to 18x18 of both
// games, with small and huge supplies and scores, with and without a
// move, and checks that every shape, text included (measured in the font
// the PNG draws with, widened for the SVG's fallback), lies within the
// picture.
func TestInsideCanvas(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for w := 1; w <= 18; w++ {
		for h := 1; h <= 18; h++ {
			for _, game := range []positions.Game{positions.Froglet, positions.Hupfer} {
				for _, counts := range [][2]int{{0, 0}, {14, 14}, {999, 1000}} {
					p := &positions.Position{Game: game, Board: positions.MustBoard(w, h, positions.Set{}), Counts: counts, Side: rng.IntN(2)}
					for c := 0; c < w*h; c++ {
						if rng.IntN(2) == 0 {
							p.Put(c, rng.IntN(map[positions.Game]int{positions.Froglet: 4, positions.Hupfer: 2}[game]))
						}
					}
					var opt Options
					if ms := p.LegalMoves(); len(ms) > 0 {
						opt.Move = &ms[rng.IntN(len(ms))]
					}
					s := Layout(p, opt)
					for _, sh := range s.Shapes {
						x0, y0, x1, y1 := extent(sh)
						if x0 < -0.01 || y0 < -0.01 || x1 > s.W+0.01 || y1 > s.H+0.01 {
							t.Fatalf("%s: %+v reaches [%.1f,%.1f]-[%.1f,%.1f], outside the %.1fx%.1f picture", p, sh, x0, y0, x1, y1, s.W, s.H)
						}
					}
				}
			}
		}
	}
}

// extent returns the box a shape covers, its stroke included.
func extent(sh Shape) (x0, y0, x1, y1 float64) {
	h := sh.Width / 2
	switch sh.Kind {
	case Rect:
		return sh.X - h, sh.Y - h, sh.X + sh.W + h, sh.Y + sh.H + h
	case Circle:
		return sh.X - sh.R - h, sh.Y - sh.R - h, sh.X + sh.R + h, sh.Y + sh.R + h
	case Line:
		return min(sh.X, sh.X2) - h, min(sh.Y, sh.Y2) - h, max(sh.X, sh.X2) + h, max(sh.Y, sh.Y2) + h
	case Polygon:
		return bounds(sh.Points)
	case Polyline:
		x0, y0, x1, y1 := bounds(sh.Points)
		return x0 - h, y0 - h, x1 + h, y1 + h
	}
	w := textWidth(sh.Text, sh.Size) * wideFont
	return sh.X - w/2, sh.Y - sh.Size/2, sh.X + w/2, sh.Y + sh.Size/2
}

func segmentDistance(px, py, x0, y0, x1, y1 float64) float64 {
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((px-x0)*dx+(py-y0)*dy)/l2))
	}
	return math.Hypot(px-(x0+t*dx), py-(y0+t*dy))
}

func bounds(pts [][2]float64) (float64, float64, float64, float64) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		minX, maxX = math.Min(minX, p[0]), math.Max(maxX, p[0])
		minY, maxY = math.Min(minY, p[1]), math.Max(maxY, p[1])
	}
	return minX, minY, maxX, maxY
}

// inside tests a point against a polygon (even-odd rule).
func inside(pts [][2]float64, x, y float64) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a[1] > y) != (b[1] > y) && x < (b[0]-a[0])*(y-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
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
		case Polyline:
			for i := 0; i+1 < len(o.Points); i++ {
				a, b := o.Points[i], o.Points[i+1]
				if segmentDistance(x, y, a[0], a[1], b[0], b[1]) <= o.Width/2+1 {
					return true
				}
			}
		}
	}
	return false
}

// TestStrip: a strip holds every scene's shapes, moved into its cell, and
// nothing outside the picture.
func TestStrip(t *testing.T) {
	var scenes []*Scene
	n := 0
	for _, g := range goldens {
		s := scene(t, g)
		scenes = append(scenes, s)
		n += len(s.Shapes)
	}
	st := Strip(scenes, 2)
	if len(st.Shapes) < n {
		t.Fatalf("%d shapes, the scenes have %d", len(st.Shapes), n)
	}
	for _, sh := range st.Shapes {
		x0, y0, x1, y1 := extent(sh)
		if x0 < -0.01 || y0 < -0.01 || x1 > st.W+0.01 || y1 > st.H+0.01 {
			t.Fatalf("%+v outside the %vx%v strip", sh, st.W, st.H)
		}
	}
}
