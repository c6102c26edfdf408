package render

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// WritePNG rasterises the scene and writes it as a PNG image.
func WritePNG(w io.Writer, s *Scene) error {
	return png.Encode(w, Rasterize(s))
}

// Rasterize draws the scene into an image, shape by shape. Edges are not
// smoothed; text uses a fixed bitmap font.
func Rasterize(s *Scene) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, int(math.Ceil(s.W)), int(math.Ceil(s.H))))
	fillRect(img, 0, 0, s.W, s.H, parseColor(s.Background))
	for _, sh := range s.Shapes {
		switch sh.Kind {
		case Rect:
			if sh.Fill != "" {
				fillRect(img, sh.X, sh.Y, sh.W, sh.H, parseColor(sh.Fill))
			}
			if sh.Stroke != "" {
				c := parseColor(sh.Stroke)
				x2, y2 := sh.X+sh.W, sh.Y+sh.H
				for _, l := range [][4]float64{{sh.X, sh.Y, x2, sh.Y}, {x2, sh.Y, x2, y2}, {x2, y2, sh.X, y2}, {sh.X, y2, sh.X, sh.Y}} {
					drawLine(img, l[0], l[1], l[2], l[3], sh.Width, c)
				}
			}
		case Circle:
			plot(img, sh.X-sh.R-sh.Width, sh.Y-sh.R-sh.Width, sh.X+sh.R+sh.Width, sh.Y+sh.R+sh.Width, func(x, y float64) (color.RGBA, bool) {
				d := math.Hypot(x-sh.X, y-sh.Y)
				if sh.Stroke != "" && math.Abs(d-sh.R) <= sh.Width/2 {
					if sh.Dash && int(math.Atan2(y-sh.Y, x-sh.X)*sh.R/4.5)%2 != 0 {
						return color.RGBA{}, false
					}
					return parseColor(sh.Stroke), true
				}
				if sh.Fill != "" && d <= sh.R {
					return parseColor(sh.Fill), true
				}
				return color.RGBA{}, false
			})
		case Line:
			drawLine(img, sh.X, sh.Y, sh.X2, sh.Y2, sh.Width, parseColor(sh.Stroke))
		case Polygon:
			minX, minY, maxX, maxY := bounds(sh.Points)
			c := parseColor(sh.Fill)
			plot(img, minX, minY, maxX, maxY, func(x, y float64) (color.RGBA, bool) {
				return c, inside(sh.Points, x, y)
			})
		case Text:
			// The bitmap font has ASCII only.
			text := strings.NewReplacer("ü", "u", "Ü", "U").Replace(sh.Text)
			d := font.Drawer{Dst: img, Src: image.NewUniform(parseColor(sh.Fill)), Face: basicfont.Face7x13}
			width := d.MeasureString(text).Ceil()
			d.Dot = fixed.P(int(sh.X)-width/2, int(sh.Y)+4)
			d.DrawString(text)
		}
	}
	return img
}

// plot sets every pixel of the box whose centre f colours.
func plot(img *image.RGBA, x0, y0, x1, y1 float64, f func(x, y float64) (color.RGBA, bool)) {
	r := img.Bounds()
	for py := max(int(y0), r.Min.Y); py <= min(int(y1)+1, r.Max.Y-1); py++ {
		for px := max(int(x0), r.Min.X); px <= min(int(x1)+1, r.Max.X-1); px++ {
			if c, ok := f(float64(px)+0.5, float64(py)+0.5); ok {
				blend(img, px, py, c)
			}
		}
	}
}

func blend(img *image.RGBA, x, y int, c color.RGBA) {
	if c.A == 255 {
		img.SetRGBA(x, y, c)
		return
	}
	o := img.RGBAAt(x, y)
	a := uint32(c.A)
	mixc := func(n, o uint8) uint8 { return uint8((uint32(n)*a + uint32(o)*(255-a)) / 255) }
	img.SetRGBA(x, y, color.RGBA{mixc(c.R, o.R), mixc(c.G, o.G), mixc(c.B, o.B), 255})
}

func fillRect(img *image.RGBA, x, y, w, h float64, c color.RGBA) {
	plot(img, x, y, x+w-1, y+h-1, func(px, py float64) (color.RGBA, bool) {
		return c, px >= x && px < x+w && py >= y && py < y+h
	})
}

func drawLine(img *image.RGBA, x0, y0, x1, y1, width float64, c color.RGBA) {
	hw := math.Max(width/2, 0.5)
	plot(img, math.Min(x0, x1)-hw, math.Min(y0, y1)-hw, math.Max(x0, x1)+hw, math.Max(y0, y1)+hw, func(x, y float64) (color.RGBA, bool) {
		return c, segmentDistance(x, y, x0, y0, x1, y1) <= hw
	})
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

// parseColor reads "#rrggbb" or "#rrggbbaa".
func parseColor(s string) color.RGBA {
	if len(s) != 7 && len(s) != 9 || s[0] != '#' {
		return color.RGBA{0, 0, 0, 255}
	}
	v, _ := strconv.ParseUint(s[1:], 16, 32)
	if len(s) == 7 {
		return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
	}
	return color.RGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}
}
