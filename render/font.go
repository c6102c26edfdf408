package render

import (
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
)

// Text is set in Go Bold (golang.org/x/image/font/gofont), a vector font
// that ships with the code, so that the layout can measure what the PNG
// draws; the SVG names it first and falls back to DejaVu Sans.

var (
	faceMu sync.Mutex
	faces  = map[float64]font.Face{}
	gofont *opentype.Font
)

// face returns Go Bold at size pixels.
func face(size float64) font.Face {
	faceMu.Lock()
	defer faceMu.Unlock()
	if f, ok := faces[size]; ok {
		return f
	}
	if gofont == nil {
		f, err := opentype.Parse(gobold.TTF)
		if err != nil {
			panic("render: the embedded Go font does not parse: " + err.Error())
		}
		gofont = f
	}
	f, err := opentype.NewFace(gofont, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("render: the embedded Go font makes no face: " + err.Error())
	}
	faces[size] = f
	return f
}

// textWidth returns the width of text at size, in layout units.
func textWidth(text string, size float64) float64 {
	return float64(font.MeasureString(face(size), text)) / 64
}
