package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// WriteSVG writes the scene as an SVG document.
func WriteSVG(w io.Writer, s *Scene) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="Go, DejaVu Sans, Verdana, sans-serif">`+"\n",
		num(s.W), num(s.H), num(s.W), num(s.H))
	fmt.Fprintf(bw, "<title>%s</title>\n", escape(s.Title))
	fmt.Fprintf(bw, `<rect width="100%%" height="100%%" fill="%s"/>`+"\n", s.Background)
	for _, sh := range s.Shapes {
		paint := fmt.Sprintf(` fill="%s"`, orNone(sh.Fill))
		if sh.Square != "" {
			paint += fmt.Sprintf(` data-square="%s"`, escape(sh.Square))
		}
		if sh.Stroke != "" {
			paint += fmt.Sprintf(` stroke="%s" stroke-width="%s"`, sh.Stroke, num(sh.Width))
			if sh.Dash {
				paint += ` stroke-dasharray="5 4"`
			}
		}
		switch sh.Kind {
		case Rect:
			fmt.Fprintf(bw, `<rect x="%s" y="%s" width="%s" height="%s"%s/>`+"\n", num(sh.X), num(sh.Y), num(sh.W), num(sh.H), paint)
		case Circle:
			fmt.Fprintf(bw, `<circle cx="%s" cy="%s" r="%s"%s/>`+"\n", num(sh.X), num(sh.Y), num(sh.R), paint)
		case Line:
			fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>`+"\n",
				num(sh.X), num(sh.Y), num(sh.X2), num(sh.Y2), sh.Stroke, num(sh.Width))
		case Polygon:
			var pts []string
			for _, p := range sh.Points {
				pts = append(pts, num(p[0])+","+num(p[1]))
			}
			fmt.Fprintf(bw, `<polygon points="%s"%s/>`+"\n", strings.Join(pts, " "), paint)
		case Polyline:
			var pts []string
			for _, p := range sh.Points {
				pts = append(pts, num(p[0])+","+num(p[1]))
			}
			fmt.Fprintf(bw, `<polyline points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`+"\n",
				strings.Join(pts, " "), sh.Stroke, num(sh.Width))
		case Text:
			// The baseline placed by hand, not by dominant-baseline, which
			// some renderers (librsvg) ignore.
			fmt.Fprintf(bw, `<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`+"\n",
				num(sh.X), num(sh.Y+textDrop*sh.Size), num(sh.Size), orNone(sh.Fill), escape(sh.Text))
		}
	}
	fmt.Fprintln(bw, "</svg>")
	return bw.Flush()
}

func num(x float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", x), "0"), ".")
}

func orNone(c string) string {
	if c == "" {
		return "none"
	}
	return c
}

func escape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
