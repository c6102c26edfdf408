package render

import (
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"io"
)

// WriteGIF writes the scenes as the frames of an animated GIF at scale
// pixels per unit, each shown for delay hundredths of a second and the
// last one three times as long, looping. Frames are as large as the
// largest scene, each drawn at the top left on the background of the
// first; colours are those of the Plan 9 palette nearest to them.
func WriteGIF(w io.Writer, scenes []*Scene, scale float64, delay int) error {
	if len(scenes) == 0 {
		return nil
	}
	var width, height int
	frames := make([]*image.RGBA, len(scenes))
	for i, s := range scenes {
		frames[i] = Rasterize(s, scale)
		b := frames[i].Bounds()
		width, height = max(width, b.Dx()), max(height, b.Dy())
	}
	bg := image.NewUniform(parseColor(scenes[0].Background))
	anim := &gif.GIF{LoopCount: 0}
	nearest := map[color.RGBA]uint8{} // a picture has few colours: each is looked up once
	for i, f := range frames {
		p := image.NewPaletted(image.Rect(0, 0, width, height), palette.Plan9)
		draw.Draw(p, p.Bounds(), bg, image.Point{}, draw.Src)
		b := f.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				c := f.RGBAAt(x, y)
				idx, ok := nearest[c]
				if !ok {
					idx = uint8(p.Palette.Index(c))
					nearest[c] = idx
				}
				p.Pix[y*p.Stride+x] = idx
			}
		}
		d := delay
		if i == len(frames)-1 {
			d *= 3
		}
		anim.Image = append(anim.Image, p)
		anim.Delay = append(anim.Delay, d)
	}
	return gif.EncodeAll(w, anim)
}
