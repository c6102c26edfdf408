package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os/exec"
	"testing"
)

// TestSVGMatchesPNG renders each golden SVG with a real SVG renderer
// (librsvg's rsvg-convert, from the system's packages) and compares it
// with the PNG of the same scene: the two back ends must draw the same
// picture. The fonts differ (the renderer falls back from Go Bold to
// DejaVu Sans), so pixels may differ where text is; elsewhere they must
// agree within a rasteriser's rounding.
func TestSVGMatchesPNG(t *testing.T) {
	rsvg, err := exec.LookPath("rsvg-convert")
	if err != nil {
		t.Skip("rsvg-convert is not installed (apt-get install librsvg2-bin); .ci/run installs it")
	}
	for _, g := range goldens {
		s := scene(t, g)
		var svg bytes.Buffer
		if err := WriteSVG(&svg, s); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(rsvg, "-z", "2", "-f", "png")
		cmd.Stdin = &svg
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: rsvg-convert: %v", g.name, err)
		}
		theirs, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		ours := Rasterize(s, 2)
		if !sameSize(theirs.Bounds(), ours.Bounds()) {
			t.Errorf("%s: librsvg draws %v, the PNG is %v", g.name, theirs.Bounds(), ours.Bounds())
			continue
		}
		far, text := 0, 0
		// Within both pictures, the last row and column left out: a
		// renderer may round the size either way.
		b := ours.Bounds().Intersect(theirs.Bounds())
		b.Max = b.Max.Sub(image.Pt(1, 1))
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				a := color.RGBAModel.Convert(theirs.At(x, y)).(color.RGBA)
				c := ours.RGBAAt(x, y)
				if max(absDiff(a.R, c.R), absDiff(a.G, c.G), absDiff(a.B, c.B)) <= 64 {
					continue
				}
				if nearText(s, float64(x)/2, float64(y)/2) {
					text++
				} else {
					far++
				}
			}
		}
		if total := b.Dx() * b.Dy(); far > total/1000 {
			t.Errorf("%s: %d pixels away from text differ between librsvg and the PNG (%d near text)", g.name, far, text)
		}
	}
}

func sameSize(a, b image.Rectangle) bool {
	return a.Dx()-b.Dx() >= -1 && a.Dx()-b.Dx() <= 1 && a.Dy()-b.Dy() >= -1 && a.Dy()-b.Dy() <= 1
}

// nearText reports whether the point lies in the box of some text of the
// scene, as wide as the fallback font sets it.
func nearText(s *Scene, x, y float64) bool {
	for _, sh := range s.Shapes {
		if sh.Kind != Text {
			continue
		}
		x0, y0, x1, y1 := extent(sh)
		if x >= x0-2 && x <= x1+2 && y >= y0-2 && y <= y1+2 {
			return true
		}
	}
	return false
}
