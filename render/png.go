package render

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// DefaultScale is the PNG resolution in pixels per layout unit: twice the
// SVG's, for pages and screens with dense pixels.
const DefaultScale = 2

// MaxScale bounds the scale a caller may ask for: an 18x18 board at it
// is about 6,000 pixels wide.
const MaxScale = 8

// WritePNG rasterises the scene at scale pixels per unit (DefaultScale if
// 0) and writes it as a PNG image.
func WritePNG(w io.Writer, s *Scene, scale float64) error {
	return png.Encode(w, Rasterize(s, scale))
}

// Rasterize draws the scene into an image at scale pixels per unit
// (DefaultScale if 0), shape by shape, with anti-aliased edges (the
// rasteriser of golang.org/x/image/vector) and text in Go Bold, a vector
// font.
func Rasterize(s *Scene, scale float64) *image.RGBA {
	if scale <= 0 {
		scale = DefaultScale
	}
	scale = min(scale, MaxScale)
	w, h := int(math.Ceil(s.W*scale)), int(math.Ceil(s.H*scale))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(parseColor(s.Background)), image.Point{}, draw.Src)
	r := &raster{img: img, scale: scale, z: vector.NewRasterizer(w, h)}
	for _, sh := range s.Shapes {
		r.shape(&sh)
	}
	return img
}

// raster draws shapes into an image, each as a filled path.
type raster struct {
	img   *image.RGBA
	scale float64
	z     *vector.Rasterizer
}

// path is a closed outline in layout units.
type path [][2]float64

func (r *raster) shape(sh *Shape) {
	switch sh.Kind {
	case Rect:
		outer := rectPath(sh.X, sh.Y, sh.W, sh.H)
		if sh.Fill != "" {
			r.fill(sh.Fill, outer)
		}
		if sh.Stroke != "" {
			h := sh.Width / 2
			r.fill(sh.Stroke, rectPath(sh.X-h, sh.Y-h, sh.W+2*h, sh.H+2*h), reverse(rectPath(sh.X+h, sh.Y+h, sh.W-2*h, sh.H-2*h)))
		}
	case Circle:
		if sh.Fill != "" {
			r.fill(sh.Fill, circlePath(sh.X, sh.Y, sh.R, 0, 2*math.Pi))
		}
		if sh.Stroke != "" {
			r.ring(sh)
		}
	case Line:
		r.fill(sh.Stroke, linePath(sh.X, sh.Y, sh.X2, sh.Y2, sh.Width))
	case Polygon:
		if sh.Fill != "" {
			r.fill(sh.Fill, path(sh.Points))
		}
	case Polyline:
		// Every segment with round ends, filled as one: a translucent
		// line is not darker where its segments meet.
		var segs []path
		for i := 0; i+1 < len(sh.Points); i++ {
			a, b := sh.Points[i], sh.Points[i+1]
			segs = append(segs, linePath(a[0], a[1], b[0], b[1], sh.Width))
		}
		r.fill(sh.Stroke, segs...)
	case Text:
		r.text(sh)
	}
}

// ring strokes a circle, dashed as the SVG's stroke-dasharray="5 4".
func (r *raster) ring(sh *Shape) {
	out, in := sh.R+sh.Width/2, max(sh.R-sh.Width/2, 0)
	if !sh.Dash {
		r.fill(sh.Stroke, circlePath(sh.X, sh.Y, out, 0, 2*math.Pi), reverse(circlePath(sh.X, sh.Y, in, 0, 2*math.Pi)))
		return
	}
	step := 9 / sh.R // a dash and a gap, 5 and 4 units along the circle
	var paths []path
	for a := 0.0; a < 2*math.Pi; a += step {
		end := min(a+5/sh.R, 2*math.Pi)
		arc := circlePath(sh.X, sh.Y, out, a, end)
		paths = append(paths, append(arc, reverse(circlePath(sh.X, sh.Y, in, a, end))...))
	}
	r.fill(sh.Stroke, paths...)
}

// fill fills the paths together (non-zero winding) in colour c. Only the
// box around them is rasterised: a picture has many small shapes.
func (r *raster) fill(c string, paths ...path) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range paths {
		for _, q := range p {
			minX, maxX = min(minX, q[0]), max(maxX, q[0])
			minY, maxY = min(minY, q[1]), max(maxY, q[1])
		}
	}
	box := image.Rect(int(math.Floor(minX*r.scale)), int(math.Floor(minY*r.scale)),
		int(math.Ceil(maxX*r.scale))+1, int(math.Ceil(maxY*r.scale))+1).Intersect(r.img.Bounds())
	if box.Empty() {
		return
	}
	r.z.Reset(box.Dx(), box.Dy())
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, p := range paths {
		if len(p) < 3 {
			continue
		}
		r.z.MoveTo(float32(p[0][0]*r.scale-ox), float32(p[0][1]*r.scale-oy))
		for _, q := range p[1:] {
			r.z.LineTo(float32(q[0]*r.scale-ox), float32(q[1]*r.scale-oy))
		}
		r.z.ClosePath()
	}
	r.z.Draw(r.img, box, image.NewUniform(parseColor(c)), image.Point{})
}

// text draws a text centred on its point, as the SVG's text-anchor
// middle with the baseline dropped by textDrop of the size.
func (r *raster) text(sh *Shape) {
	f := face(sh.Size * r.scale)
	d := &font.Drawer{Dst: r.img, Src: image.NewUniform(parseColor(sh.Fill)), Face: f}
	width := d.MeasureString(sh.Text)
	x := sh.X*r.scale - float64(width)/64/2
	y := (sh.Y + textDrop*sh.Size) * r.scale
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
	d.DrawString(sh.Text)
}

// textDrop is where a text's baseline sits below its centre point, in
// sizes: half the height of capitals and digits, so that they sit in the
// middle of their discs in both pictures.
const textDrop = 0.36

func rectPath(x, y, w, h float64) path {
	return path{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
}

// circlePath is the arc from angle a to b (radians) of the circle, as
// segments short enough to look round at any scale up to MaxScale.
func circlePath(cx, cy, rad, a, b float64) path {
	n := max(int(math.Ceil((b-a)*rad*MaxScale/4)), 8)
	p := make(path, 0, n+1)
	for i := 0; i <= n; i++ {
		t := a + (b-a)*float64(i)/float64(n)
		p = append(p, [2]float64{cx + rad*math.Cos(t), cy + rad*math.Sin(t)})
	}
	return p
}

// linePath is a line of width w from (x1, y1) to (x2, y2) with round
// ends, as the SVG's stroke-linecap="round".
func linePath(x1, y1, x2, y2, w float64) path {
	a := math.Atan2(y2-y1, x2-x1)
	h := w / 2
	p := circlePath(x2, y2, h, a-math.Pi/2, a+math.Pi/2)
	return append(p, circlePath(x1, y1, h, a+math.Pi/2, a+3*math.Pi/2)...)
}

func reverse(p path) path {
	q := make(path, len(p))
	for i := range p {
		q[len(p)-1-i] = p[i]
	}
	return q
}

// parseColor reads "#rrggbb" or "#rrggbbaa" as a premultiplied colour.
func parseColor(s string) color.RGBA {
	s = strings.TrimPrefix(s, "#")
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return color.RGBA{A: 255}
	}
	var c color.NRGBA
	switch len(s) {
	case 6:
		c = color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
	case 8:
		c = color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}
	default:
		return color.RGBA{A: 255}
	}
	return color.RGBAModel.Convert(c).(color.RGBA)
}
