// Package render draws positions and moves as pictures: SVG and PNG. A
// position is first laid out as a Scene, a list of simple shapes, which
// each back end then writes; both pictures therefore show the same thing.
// Froglet is drawn as a square board; Hüpfer as its grid turned by 45
// degrees, a diamond, with both supplies beside it.
package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// Kind is the kind of a shape.
type Kind int

// The kinds of shape.
const (
	Rect Kind = iota
	Circle
	Line
	Polygon
	Text
	// Polyline is an open line through Points, stroked with round ends
	// and joins.
	Polyline
)

// Shape is one element of a scene. Coordinates are pixels, y downwards.
type Shape struct {
	Kind Kind
	// Rect: X, Y, W, H. Circle: X, Y (centre), R. Line: X, Y to X2, Y2.
	// Text: X, Y (centre of the text), Size.
	X, Y, W, H, R, X2, Y2 float64
	Points                [][2]float64 // Polygon, Polyline
	Fill, Stroke          string       // "#rrggbb" or ""
	Width                 float64      // stroke width
	Dash                  bool
	Text                  string
	Size                  float64
	// Square names the cell a shape stands for (a Froglet square, a
	// Hüpfer point or a piece), for pictures a reader clicks on; the SVG
	// carries it as data-square.
	Square string
}

// Scene is a picture: its size, background and shapes, drawn in order.
type Scene struct {
	W, H       float64
	Background string
	Shapes     []Shape
	// Title is a one-line description (the SVG title).
	Title string
	// shift moves every shape added after the caption to the right, when
	// the caption widened the picture.
	shift float64
}

func (s *Scene) add(sh Shape) {
	sh.X += s.shift
	sh.X2 += s.shift
	for i := range sh.Points {
		sh.Points[i][0] += s.shift
	}
	s.Shapes = append(s.Shapes, sh)
}

// Colours. Frogs carry their value as a number and Hüpfer pieces their
// letter, so colour is never the only cue.
var (
	frogFill  = [4]string{"#2e8b3a", "#f2c318", "#d1362f", "#2f5fcf"}
	frogInk   = [4]string{"#ffffff", "#000000", "#ffffff", "#ffffff"}
	sideFill  = [2]string{"#d1362f", "#1aa6a6"}
	sideInk   = [2]string{"#ffffff", "#000000"}
	cellFill  = "#f3ead3"
	lineColor = "#6b6256"
	inkColor  = "#222222"
	moveColor = "#1f3fbf"
	// pathColor is moveColor seen through, so that the pieces a path
	// passes over stay readable.
	pathColor = "#1f3fbfb0"
	crossInk  = "#111111"
)

// Options of a picture.
type Options struct {
	// Move, if not nil, is drawn on the board: its path as arrows from
	// landing to landing, the pieces it takes ringed and marked, a birth
	// point ringed.
	Move *positions.LegalMove
	// Caption replaces the default line under the title.
	Caption string
}

const cell = 44.0 // the distance between neighbouring cells, in pixels

// Layout lays out p (and the move in opt) as a scene.
func Layout(p *positions.Position, opt Options) *Scene {
	if p.Game == positions.Hupfer {
		return layoutHupfer(p, opt)
	}
	return layoutFroglet(p, opt)
}

func layoutFroglet(p *positions.Position, opt Options) *Scene {
	b := p.Board
	left, top := 34.0, 46.0
	s := &Scene{W: left + float64(b.Width)*cell + 16, H: top + float64(b.Height)*cell + 34, Background: "#ffffff"}
	centre := func(c int) (float64, float64) {
		f, r := c%b.Width, c/b.Width
		return left + (float64(f)+0.5)*cell, top + (float64(b.Height-1-r)+0.5)*cell
	}
	s.Title = fmt.Sprintf("Froglet %dx%d: White %d, Black %d, %s to move", b.Width, b.Height, p.Counts[0], p.Counts[1], sideName(p))
	caption(s, p, opt)
	for c := 0; c < b.Size(); c++ {
		if !b.IsCell(c) {
			continue // a hole: no cell is drawn
		}
		x, y := centre(c)
		s.add(Shape{Kind: Rect, X: x - cell/2, Y: y - cell/2, W: cell, H: cell, Fill: cellFill, Stroke: lineColor, Width: 1, Square: b.SquareName(c)})
	}
	for f := 0; f < b.Width; f++ {
		x, _ := centre(f)
		s.add(Shape{Kind: Text, X: x, Y: top + float64(b.Height)*cell + 16, Text: string(rune('a' + f)), Size: 13, Fill: inkColor})
	}
	for r := 0; r < b.Height; r++ {
		_, y := centre(r * b.Width)
		s.add(Shape{Kind: Text, X: left - 16, Y: y, Text: fmt.Sprint(r + 1), Size: 13, Fill: inkColor})
	}
	for _, c := range p.Occ.Cells() {
		x, y := centre(c)
		col := p.ColourAt(c)
		s.add(Shape{Kind: Circle, X: x, Y: y, R: cell * 0.38, Fill: frogFill[col], Stroke: "#00000066", Width: 1, Square: b.SquareName(c)})
		s.add(Shape{Kind: Text, X: x, Y: y, Text: fmt.Sprint(col + 1), Size: 16, Fill: frogInk[col]})
	}
	drawMove(s, p, opt.Move, centre)
	return s
}

func layoutHupfer(p *positions.Position, opt Options) *Scene {
	b := p.Board
	u := cell / math.Sqrt2 // half the diagonal step
	span := float64(b.Width+b.Height-2) * u
	side := 90.0 // room for each supply
	// Tall enough for the supplies' columns of stones (two abreast, at
	// most twelve, then a count) on the smallest boards.
	rows := (min(max(p.Counts[0], p.Counts[1]), 12) + 1) / 2
	s := &Scene{W: span + 2*side + 60, H: max(span+130, 70+float64(rows)*20+30), Background: "#ffffff"}
	x0 := side + 30 + float64(b.Height-1)*u
	y0 := 70 + span
	centre := func(c int) (float64, float64) {
		f, r := float64(c%b.Width), float64(c/b.Width)
		return x0 + (f-r)*u, y0 - (f+r)*u
	}
	s.Title = fmt.Sprintf("Hüpfer %dx%d: supplies Red %d, Turquoise %d, %s to move", b.Width, b.Height, p.Counts[0], p.Counts[1], sideName(p))
	caption(s, p, opt)
	// Grid lines between neighbouring points: the diamond's diagonals.
	for c := 0; c < b.Size(); c++ {
		x, y := centre(c)
		for _, d := range []int{positions.North, positions.East} {
			if n := b.Step(c, d); n >= 0 {
				nx, ny := centre(n)
				s.add(Shape{Kind: Line, X: x, Y: y, X2: nx, Y2: ny, Stroke: lineColor, Width: 2})
			}
		}
	}
	for c := 0; c < b.Size(); c++ {
		x, y := centre(c)
		s.add(Shape{Kind: Circle, X: x, Y: y, R: 3, Fill: lineColor})
		// A target around the point, all but transparent, for clicks.
		s.add(Shape{Kind: Circle, X: x, Y: y, R: cell * 0.45, Fill: "#ffffff01", Square: b.SquareName(c)})
	}
	// Coordinates: files along the lower right edge, ranks along the lower left.
	for f := 0; f < b.Width; f++ {
		x, y := centre(f)
		s.add(Shape{Kind: Text, X: x + 24, Y: y + 24, Text: string(rune('a' + f)), Size: 13, Fill: inkColor})
	}
	for r := 0; r < b.Height; r++ {
		x, y := centre(r * b.Width)
		s.add(Shape{Kind: Text, X: x - 24, Y: y + 24, Text: fmt.Sprint(r + 1), Size: 13, Fill: inkColor})
	}
	for _, c := range p.Occ.Cells() {
		x, y := centre(c)
		col := p.ColourAt(c)
		s.add(Shape{Kind: Circle, X: x, Y: y, R: cell * 0.34, Fill: sideFill[col], Stroke: "#00000066", Width: 1, Square: b.SquareName(c)})
		s.add(Shape{Kind: Text, X: x, Y: y, Text: "RT"[col : col+1], Size: 14, Fill: sideInk[col]})
	}
	// The supplies: Red's at the left, Turquoise's at the right.
	for sd := 0; sd < 2; sd++ {
		x := 20.0 + 25
		if sd == 1 {
			x = s.W - 2*s.shift - 45 // add moves it by the caption's shift
		}
		y := 70.0
		s.add(Shape{Kind: Text, X: x, Y: y - 18, Text: fmt.Sprintf("%s %d", []string{"Red", "Turq."}[sd], p.Counts[sd]), Size: 13, Fill: inkColor})
		shown := min(p.Counts[sd], 12)
		for i := 0; i < shown; i++ {
			s.add(Shape{Kind: Circle, X: x - 10 + float64(i%2)*20, Y: y + float64(i/2)*20, R: 8, Fill: sideFill[sd], Stroke: "#00000066", Width: 1})
		}
		if p.Counts[sd] > shown {
			s.add(Shape{Kind: Text, X: x, Y: y + float64((shown+1)/2)*20 + 4, Text: fmt.Sprintf("+%d", p.Counts[sd]-shown), Size: 12, Fill: inkColor})
		}
	}
	drawMove(s, p, opt.Move, centre)
	return s
}

func sideName(p *positions.Position) string { return positions.PlayerName(p.Game, p.Side) }

// wideFont is how much wider than Go Bold a text may be set where the
// SVG's viewer lacks the Go font: DejaVu Sans Bold, its fallback, is
// about a tenth wider.
const wideFont = 1.2

// caption writes the line at the top, widening the picture to fit it.
func caption(s *Scene, p *positions.Position, opt Options) {
	text := s.Title
	if opt.Caption != "" {
		text = opt.Caption
	}
	if opt.Move != nil && opt.Caption == "" {
		text += ". Move: " + opt.Move.Text
	}
	if need := textWidth(text, 13)*wideFont + 24; s.W < need {
		// Centre the board in the wider picture.
		shift := (need - s.W) / 2
		for i := range s.Shapes {
			s.Shapes[i].X += shift
		}
		s.W = need
		s.shift = shift
	}
	s.add(Shape{Kind: Text, X: s.W/2 - s.shift, Y: 18, Text: text, Size: 13, Fill: inkColor})
}

// drawMove marks a move: arrows along its path, crosses over the pieces
// it takes, a dashed ring and a plus on a birth point.
func drawMove(s *Scene, p *positions.Position, m *positions.LegalMove, centre func(int) (float64, float64)) {
	if m == nil {
		return
	}
	for _, c := range m.Removed.Cells() {
		taken(s, centre, c)
	}
	var path []int
	for _, name := range strings.FieldsFunc(m.Text, func(r rune) bool { return r == '-' || r == 'x' || r == '+' }) {
		if c, err := p.Board.ParseSquare(name); err == nil {
			path = append(path, c)
		}
	}
	if m.Birth >= 0 {
		path = path[:len(path)-1]
		x, y := centre(int(m.Birth))
		s.add(Shape{Kind: Circle, X: x, Y: y, R: cell * 0.36, Stroke: moveColor, Width: 3, Dash: true})
		s.add(Shape{Kind: Text, X: x, Y: y, Text: "+", Size: 22, Fill: moveColor})
	}
	if m.To < 0 { // the Froglet first removal
		cross(s, centre, int(m.From))
		return
	}
	for i := 0; i+1 < len(path); i++ {
		ax, ay := centre(path[i])
		bx, by := centre(path[i+1])
		arrow(s, ax, ay, bx, by)
	}
	if len(path) > 0 {
		x, y := centre(path[0])
		s.add(Shape{Kind: Circle, X: x, Y: y, R: cell * 0.44, Stroke: moveColor, Width: 3})
	}
}

// taken marks a piece the move takes, leaving it readable: a dashed ring
// around it and a small cross beside it.
func taken(s *Scene, centre func(int) (float64, float64), c int) {
	x, y := centre(c)
	s.add(Shape{Kind: Circle, X: x, Y: y, R: cell * 0.42, Stroke: crossInk, Width: 2.5, Dash: true})
	bx, by, d := x+cell*0.3, y-cell*0.3, cell*0.09
	s.add(Shape{Kind: Circle, X: bx, Y: by, R: d * 1.9, Fill: "#ffffff", Stroke: crossInk, Width: 1.5})
	s.add(Shape{Kind: Line, X: bx - d, Y: by - d, X2: bx + d, Y2: by + d, Stroke: crossInk, Width: 2})
	s.add(Shape{Kind: Line, X: bx - d, Y: by + d, X2: bx + d, Y2: by - d, Stroke: crossInk, Width: 2})
}

func cross(s *Scene, centre func(int) (float64, float64), c int) {
	x, y := centre(c)
	d := cell * 0.3
	s.add(Shape{Kind: Line, X: x - d, Y: y - d, X2: x + d, Y2: y + d, Stroke: crossInk, Width: 4})
	s.add(Shape{Kind: Line, X: x - d, Y: y + d, X2: x + d, Y2: y - d, Stroke: crossInk, Width: 4})
}

// arrow draws a path from a to b, stopping short of both centres, with a
// head: a curve that bows to the side, so that it passes beside the piece
// a jump takes rather than over its number.
func arrow(s *Scene, ax, ay, bx, by float64) {
	dx, dy := bx-ax, by-ay
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	// The control point of a quadratic curve, a third of a cell to the
	// left of the midpoint.
	cx, cy := (ax+bx)/2+dy/l*cell*0.33, (ay+by)/2-dx/l*cell*0.33
	at := func(t float64) (float64, float64) {
		u := 1 - t
		return u*u*ax + 2*u*t*cx + t*t*bx, u*u*ay + 2*u*t*cy + t*t*by
	}
	// From a fifth of a cell out of a to the base of the head, which
	// ends a fifth of a cell short of b.
	t0, t1 := cell*0.2/l, 1-(cell*0.2+12)/l
	tipX, tipY := at(1 - cell*0.2/l)
	if t1 <= t0 {
		return
	}
	var pts [][2]float64
	for i := 0; i <= 12; i++ {
		x, y := at(t0 + (t1-t0)*float64(i)/12)
		pts = append(pts, [2]float64{x, y})
	}
	baseX, baseY := pts[len(pts)-1][0], pts[len(pts)-1][1]
	hx, hy := tipX-baseX, tipY-baseY
	hl := math.Hypot(hx, hy)
	ux, uy := hx/hl, hy/hl
	s.add(Shape{Kind: Polyline, Points: pts, Stroke: pathColor, Width: 4})
	s.add(Shape{Kind: Polygon, Points: [][2]float64{{tipX, tipY}, {baseX - uy*7, baseY + ux*7}, {baseX + uy*7, baseY - ux*7}}, Fill: pathColor})
}
