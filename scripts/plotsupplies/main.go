// Command plotsupplies draws the Hüpfer starts' results as heat maps, one
// per board: Red's supply down, Turquoise's across, green where Red (the
// first to move) wins and red where Red loses, darker the sooner the game
// is decided, with the plies written in. It reads the JSON of leapfrog
// study hupfer, one file per board:
//
//	leapfrog study hupfer --size 5 --supply 0..6 --json > 5.json
//	go run ./scripts/plotsupplies 5x5=5.json 6x6=6.json > docs/pictures/hupfer-supplies.svg
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type start struct {
	Red, Turquoise int
	RedWins        bool `json:"red_wins"`
	Plies          int
}

func main() {
	const cell, gap, top = 34.0, 50.0, 60.0
	type board struct {
		name   string
		starts []start
		n      int
	}
	var boards []board
	for _, arg := range os.Args[1:] {
		name, file, ok := strings.Cut(arg, "=")
		if !ok {
			fmt.Fprintln(os.Stderr, "plotsupplies: want NAME=FILE arguments")
			os.Exit(2)
		}
		data, err := os.ReadFile(file)
		var ss []start
		if err == nil {
			err = json.Unmarshal(data, &ss)
		}
		if err != nil || len(ss) == 0 {
			fmt.Fprintf(os.Stderr, "plotsupplies: %s: not the JSON of leapfrog study hupfer (%v)\n", file, err)
			os.Exit(2)
		}
		n := 0
		for _, s := range ss {
			n = max(n, s.Red+1, s.Turquoise+1)
		}
		boards = append(boards, board{name, ss, n})
	}
	w, h := gap, 0.0
	for _, b := range boards {
		w += float64(b.n)*cell + gap
		h = max(h, float64(b.n)*cell)
	}
	fmt.Printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="DejaVu Sans, sans-serif" font-size="11">`+"\n", w, top+h+60)
	fmt.Println(`<rect width="100%" height="100%" fill="#ffffff"/>`)
	fmt.Printf(`<text x="%.0f" y="24" text-anchor="middle" font-size="14" font-weight="bold">Hüpfer starts: Red (first to move) wins (green) or loses (red), in so many plies</text>`+"\n", w/2)
	x := gap
	for _, b := range boards {
		longest := 1
		for _, s := range b.starts {
			longest = max(longest, s.Plies)
		}
		for _, s := range b.starts {
			// Lighter the longer the game: a close start is pale.
			t := 0.25 + 0.6*float64(s.Plies)/float64(longest)
			fill := mix([3]float64{46, 139, 58}, t)
			if !s.RedWins {
				fill = mix([3]float64{209, 54, 47}, t)
			}
			cx, cy := x+float64(s.Turquoise)*cell, top+float64(s.Red)*cell
			word := fmt.Sprintf("L%d", s.Plies)
			if s.RedWins {
				word = fmt.Sprintf("W%d", s.Plies)
			}
			fmt.Printf(`<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="%s" stroke="#ffffff"/><text x="%.0f" y="%.0f" text-anchor="middle">%s</text>`+"\n",
				cx, cy, cell, cell, fill, cx+cell/2, cy+cell/2+4, word)
		}
		for i := range b.n {
			fmt.Printf(`<text x="%.0f" y="%.0f" text-anchor="end" fill="#555555">%d</text>`+"\n", x-4, top+float64(i)*cell+cell/2+4, i)
			fmt.Printf(`<text x="%.0f" y="%.0f" text-anchor="middle" fill="#555555">%d</text>`+"\n", x+float64(i)*cell+cell/2, top-6, i)
		}
		fmt.Printf(`<text x="%.0f" y="%.0f" text-anchor="middle" font-weight="bold">%s</text>`+"\n", x+float64(b.n)*cell/2, top+float64(b.n)*cell+22, b.name)
		x += float64(b.n)*cell + gap
	}
	fmt.Printf(`<text x="%.0f" y="%.0f" text-anchor="middle" fill="#555555">Red's supply down, Turquoise's across; paler the longer the game</text>`+"\n", w/2, top+h+48)
	fmt.Println("</svg>")
}

// mix returns the colour c faded towards white by t (0: c, 1: white).
func mix(c [3]float64, t float64) string {
	f := func(v float64) int { return int(v + (255-v)*t) }
	return fmt.Sprintf("#%02x%02x%02x", f(c[0]), f(c[1]), f(c[2]))
}
