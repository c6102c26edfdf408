// Command plotstudy draws the outcome of Froglet openings under perfect
// play by board size, as stacked bars beside BrainKing's human games on
// 12x12, from the JSON of leapfrog study:
//
//	for s in 4x4 4x5 5x5; do leapfrog study froglet --size $s --openings 1000 --json > $s.json; done
//	go run ./scripts/plotstudy 4x4.json 4x5.json 5x5.json > docs/pictures/froglet-edge.svg
//
// An argument FILE+W/D/L adds W wins, D draws and L losses counted
// elsewhere (openings whose record is not at hand) to FILE's.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/leapfrog-solver/leapfrog/study"
)

type rate struct{ Estimate, Low, High float64 }

type summary struct {
	Board               string
	Openings            int
	Wins, Draws, Losses int
	Win                 rate `json:"win_rate"`
	Draw                rate `json:"draw_rate"`
	Loss                rate `json:"loss_rate"`
}

func main() {
	var bars []summary
	for _, arg := range os.Args[1:] {
		name, extra, _ := strings.Cut(arg, "+")
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "plotstudy:", err)
			os.Exit(2)
		}
		var s summary
		if err := json.Unmarshal(data, &s); err != nil || s.Openings == 0 {
			fmt.Fprintf(os.Stderr, "plotstudy: %s: not the JSON of leapfrog study (%v)\n", name, err)
			os.Exit(2)
		}
		if extra != "" {
			var w, d, l int
			if n, err := fmt.Sscanf(extra, "%d/%d/%d", &w, &d, &l); n != 3 || err != nil || w < 0 || d < 0 || l < 0 {
				fmt.Fprintf(os.Stderr, "plotstudy: %s: want FILE+W/D/L, counts of wins, draws and losses\n", arg)
				os.Exit(2)
			}
			s.Wins, s.Draws, s.Losses = s.Wins+w, s.Draws+d, s.Losses+l
			s.Openings = s.Wins + s.Draws + s.Losses
			conv := func(iv study.Interval) rate { return rate{iv.Estimate, iv.Low, iv.High} }
			s.Win, s.Draw, s.Loss = conv(study.Wilson(s.Wins, s.Openings)), conv(study.Wilson(s.Draws, s.Openings)), conv(study.Wilson(s.Losses, s.Openings))
		}
		bars = append(bars, s)
	}
	// BrainKing's 80,239 human games on 12x12.
	bars = append(bars, summary{Board: "12x12 humans", Openings: 80239, Win: rate{Estimate: 0.523}, Draw: rate{Estimate: 0.024}, Loss: rate{Estimate: 0.453}})
	const barW, gap, left, top, h = 90.0, 40.0, 60.0, 60.0, 300.0
	w := left + float64(len(bars))*(barW+gap) + 120
	fmt.Printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="DejaVu Sans, sans-serif" font-size="13">`+"\n", w, top+h+70)
	fmt.Printf(`<rect width="100%%" height="100%%" fill="#ffffff"/>` + "\n")
	fmt.Printf(`<text x="%.0f" y="28" text-anchor="middle" font-size="15" font-weight="bold">Froglet: White's result from random openings, perfect play and people</text>`+"\n", w/2)
	for i, s := range bars {
		x := left + float64(i)*(barW+gap)
		y := top
		for _, part := range []struct {
			r    rate
			fill string
		}{{s.Win, "#2e8b3a"}, {s.Draw, "#9a9a9a"}, {s.Loss, "#d1362f"}} {
			ph := part.r.Estimate * h
			fmt.Printf(`<rect x="%.1f" y="%.1f" width="%.0f" height="%.1f" fill="%s"/>`+"\n", x, y, barW, ph, part.fill)
			if ph > 16 {
				fmt.Printf(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#ffffff" font-weight="bold">%.0f%%</text>`+"\n", x+barW/2, y+ph/2+5, 100*part.r.Estimate)
			}
			y += ph
		}
		fmt.Printf(`<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", x+barW/2, top+h+20, s.Board)
		fmt.Printf(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#555555" font-size="11">%d games</text>`+"\n", x+barW/2, top+h+38, s.Openings)
	}
	lx := left + float64(len(bars))*(barW+gap)
	for i, l := range []struct{ name, fill string }{{"White wins", "#2e8b3a"}, {"draw", "#9a9a9a"}, {"White loses", "#d1362f"}} {
		y := top + 10 + float64(i)*24
		fmt.Printf(`<rect x="%.0f" y="%.0f" width="14" height="14" fill="%s"/><text x="%.0f" y="%.0f">%s</text>`+"\n", lx, y, l.fill, lx+20, y+12, l.name)
	}
	fmt.Println("</svg>")
}
