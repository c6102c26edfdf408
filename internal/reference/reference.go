// Package reference holds a deliberately plain move generator and a plain
// memoized minimax for positions.Froglet and Hüpfer, for the tests of the fast ones to
// be checked against: a slice board, plain recursion over every path,
// spelled as text as it goes, and moves identified by the text of the
// position they produce. It shares nothing with package positions but the
// positions.Position type it reads and the notation it prints.
package reference

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/leapfrog-solver/leapfrog/positions"
)

type refBoard struct {
	game   positions.Game
	w, h   int
	cells  []int // -2 hole, -1 empty, else colour
	side   int
	counts [2]int
}

func refFrom(p *positions.Position) *refBoard {
	rb := &refBoard{game: p.Game, w: p.Board.Width, h: p.Board.Height, side: p.Side, counts: p.Counts}
	rb.cells = make([]int, rb.w*rb.h)
	for c := range rb.cells {
		switch {
		case !p.Board.IsCell(c):
			rb.cells[c] = -2
		case !p.Occ.Has(c):
			rb.cells[c] = -1
		default:
			rb.cells[c] = p.ColourAt(c)
		}
	}
	return rb
}

func (rb *refBoard) clone() *refBoard {
	c := *rb
	c.cells = append([]int(nil), rb.cells...)
	return &c
}

func (rb *refBoard) at(f, r int) int {
	if f < 0 || r < 0 || f >= rb.w || r >= rb.h {
		return -2
	}
	return rb.cells[r*rb.w+f]
}

func (rb *refBoard) name(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }

func (rb *refBoard) String() string {
	var rows []string
	for r := rb.h - 1; r >= 0; r-- {
		var sb strings.Builder
		for f := 0; f < rb.w; f++ {
			switch v := rb.at(f, r); {
			case v == -2:
				sb.WriteByte('#')
			case v == -1:
				sb.WriteByte('.')
			case rb.game == positions.Hupfer:
				sb.WriteByte("rt"[v])
			default:
				sb.WriteByte("gyrb"[v])
			}
		}
		rows = append(rows, sb.String())
	}
	side := "wb"[rb.side : rb.side+1]
	if rb.game == positions.Hupfer {
		side = "rt"[rb.side : rb.side+1]
	}
	return fmt.Sprintf("%s %s %s %d-%d", rb.game, strings.Join(rows, "/"), side, rb.counts[0], rb.counts[1])
}

// Text returns p as the reference writes positions: the text by which
// its moves' results are named.
func Text(p *positions.Position) string { return refFrom(p).String() }

// Move is a legal move: its smallest spelling, its points and the
// position it produces.
type Move struct {
	Text   string
	Points int
	Result string
}

var dirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// refBudget bounds the paths one position may take; over it the position
// is skipped (and counted) rather than left to run for ever.
const refBudget = 200000

type refGen struct {
	moves map[string]Move
	steps int
	// all, if not nil, collects every spelling of every result.
	all map[string][]string
}

// record keeps the smallest spelling (fewest squares, then bytes) per result.
func (g *refGen) record(text string, squares int, points int, after *refBoard) {
	g.steps++
	after.side ^= 1
	res := after.String()
	after.side ^= 1
	if g.all != nil {
		g.all[res] = append(g.all[res], text)
	}
	old, ok := g.moves[res]
	if ok {
		if old.Points != points {
			panic("same result, different points")
		}
		oldSquares := strings.Count(old.Text, "-") + strings.Count(old.Text, "x") + strings.Count(old.Text, "+") + 1
		if oldSquares < squares || (oldSquares == squares && old.Text <= text) {
			return
		}
	}
	g.moves[res] = Move{text, points, res}
}

// Moves returns the legal moves of p by the text of the position each
// produces, and false when p has too many paths to enumerate.
func Moves(p *positions.Position) (map[string]Move, bool) {
	m, _, ok := moves(refFrom(p), false)
	return m, ok
}

// AllSpellings returns, by the text of the position each move produces,
// every spelling of the move (every path), and false as Moves.
func AllSpellings(p *positions.Position) (map[string][]string, bool) {
	_, all, ok := moves(refFrom(p), true)
	return all, ok
}

func moves(rb *refBoard, spellings bool) (map[string]Move, map[string][]string, bool) {
	g := &refGen{moves: map[string]Move{}}
	if spellings {
		g.all = map[string][]string{}
	}
	if rb.game == positions.Froglet {
		g.froglet(rb)
	} else {
		g.hupfer(rb)
	}
	return g.moves, g.all, g.steps <= refBudget
}

func (g *refGen) froglet(rb *refBoard) {
	full := true
	for _, v := range rb.cells {
		if v == -1 {
			full = false
		}
	}
	if full {
		for c, v := range rb.cells {
			if v == positions.Green {
				after := rb.clone()
				after.cells[c] = -1
				g.record(rb.name(c%rb.w, c/rb.w), 1, 0, after)
			}
		}
		return
	}
	for c, v := range rb.cells {
		if v >= 0 {
			g.frogJumps(rb, c%rb.w, c/rb.w, rb.name(c%rb.w, c/rb.w), 1, 0)
		}
	}
}

func (g *refGen) frogJumps(rb *refBoard, f, r int, text string, squares, points int) {
	if g.steps > refBudget {
		return
	}
	for _, d := range dirs {
		mf, mr, tf, tr := f+d[0], r+d[1], f+2*d[0], r+2*d[1]
		if rb.at(mf, mr) < 0 || rb.at(tf, tr) != -1 {
			continue
		}
		after := rb.clone()
		val := after.cells[mr*rb.w+mf] + 1
		after.cells[tr*rb.w+tf] = after.cells[r*rb.w+f]
		after.cells[r*rb.w+f] = -1
		after.cells[mr*rb.w+mf] = -1
		t := text + "-" + rb.name(tf, tr)
		after.counts[after.side] += points + val
		g.record(t, squares+1, points+val, after)
		after.counts[after.side] -= points + val
		g.frogJumps(after, tf, tr, t, squares+1, points+val)
	}
}

func (rb *refBoard) canCaptureFrom(f, r int) bool {
	me := rb.at(f, r)
	for _, d := range dirs {
		m := rb.at(f+d[0], r+d[1])
		if m >= 0 && m != me && rb.at(f+2*d[0], r+2*d[1]) == -1 {
			return true
		}
	}
	return false
}

func (g *refGen) hupfer(rb *refBoard) {
	anyCapture := false
	for c, v := range rb.cells {
		if v == rb.side && rb.canCaptureFrom(c%rb.w, c/rb.w) {
			anyCapture = true
		}
	}
	for c, v := range rb.cells {
		if v != rb.side {
			continue
		}
		f, r := c%rb.w, c/rb.w
		if anyCapture {
			if rb.canCaptureFrom(f, r) {
				g.captures(rb, f, r, rb.name(f, r), 1)
			}
			continue
		}
		visited := map[int]bool{c: true}
		g.hops(rb, f, r, rb.name(f, r), 1, visited)
	}
}

func (g *refGen) captures(rb *refBoard, f, r int, text string, squares int) {
	if g.steps > refBudget {
		return
	}
	me := rb.at(f, r)
	for _, d := range dirs {
		mf, mr, tf, tr := f+d[0], r+d[1], f+2*d[0], r+2*d[1]
		m := rb.at(mf, mr)
		if m < 0 || m == me || rb.at(tf, tr) != -1 {
			continue
		}
		after := rb.clone()
		after.cells[tr*rb.w+tf] = me
		after.cells[r*rb.w+f] = -1
		after.cells[mr*rb.w+mf] = -1
		t := text + "x" + rb.name(tf, tr)
		if after.canCaptureFrom(tf, tr) {
			g.captures(after, tf, tr, t, squares+1)
		} else {
			g.record(t, squares+1, 0, after)
		}
	}
}

func (g *refGen) hops(rb *refBoard, f, r int, text string, squares int, visited map[int]bool) {
	if g.steps > refBudget {
		return
	}
	g.steps++
	me := rb.at(f, r)
	for _, d := range dirs {
		mf, mr, tf, tr := f+d[0], r+d[1], f+2*d[0], r+2*d[1]
		if rb.at(mf, mr) != me || rb.at(tf, tr) != -1 || visited[tr*rb.w+tf] {
			continue
		}
		after := rb.clone()
		after.cells[tr*rb.w+tf] = me
		after.cells[r*rb.w+f] = -1
		t := text + "-" + rb.name(tf, tr)
		if after.canCaptureFrom(tf, tr) {
			// The hop turns into a capture: it must capture from here on.
			// Spelled with 'x' from the capture point: rewrite the text.
			g.captures(after, tf, tr, t, squares+1)
			continue
		}
		if rb.counts[rb.side] > 0 {
			for _, e := range dirs {
				bf, br := tf+e[0], tr+e[1]
				if after.at(bf, br) != -1 {
					continue
				}
				born := after.clone()
				born.cells[br*rb.w+bf] = me
				born.counts[rb.side]--
				g.record(t+"+"+rb.name(bf, br), squares+2, 0, born)
			}
		}
		visited[tr*rb.w+tf] = true
		g.hops(after, tf, tr, t, squares+1, visited)
		delete(visited, tr*rb.w+tf)
	}
}

// RandomPosition makes a random position of either game: any size up to 8x8
// and sometimes 12x12 or 18x18, holes, random density, scores, supplies and
// side.
func RandomPosition(rng *rand.Rand) *positions.Position {
	game := positions.Froglet
	if rng.IntN(2) == 1 {
		game = positions.Hupfer
	}
	w, h := 1+rng.IntN(8), 1+rng.IntN(8)
	switch rng.IntN(20) {
	case 0:
		w, h = 12, 12
	case 1:
		w, h = 18, 18
	}
	var holes positions.Set
	if game == positions.Froglet && rng.IntN(3) == 0 {
		for c := 0; c < w*h; c++ {
			if rng.IntN(6) == 0 {
				holes.Add(c)
			}
		}
	}
	b := positions.MustBoard(w, h, holes)
	p := &positions.Position{Game: game, Board: b, Side: rng.IntN(2)}
	density := rng.Float64()
	if game == positions.Froglet && rng.IntN(8) == 0 {
		density = 1.1 // full board: the first removal
	}
	if w*h > 100 {
		density *= 0.5
	}
	for c := 0; c < w*h; c++ {
		if b.Cells.Has(c) && rng.Float64() < density {
			if game == positions.Froglet {
				p.Put(c, rng.IntN(4))
			} else {
				p.Put(c, rng.IntN(2))
			}
		}
	}
	if game == positions.Froglet {
		p.Counts = [2]int{rng.IntN(60), rng.IntN(60)}
	} else {
		p.Counts = [2]int{rng.IntN(4), rng.IntN(4)}
	}
	return p
}
