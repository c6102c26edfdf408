package positions

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// This file holds a deliberately plain move generator: a slice board, plain
// recursion over every path, spelled as text as it goes, and moves
// identified by the text of the position they produce. It shares nothing
// with the fast generator but the notation parser and printer.

type refBoard struct {
	game   Game
	w, h   int
	cells  []int // -2 hole, -1 empty, else colour
	side   int
	counts [2]int
}

func refFrom(p *Position) *refBoard {
	rb := &refBoard{game: p.Game, w: p.Board.Width, h: p.Board.Height, side: p.Side, counts: p.Counts}
	rb.cells = make([]int, rb.w*rb.h)
	for c := range rb.cells {
		switch {
		case !p.Board.Cells.Has(c):
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
			case rb.game == Hupfer:
				sb.WriteByte("rt"[v])
			default:
				sb.WriteByte("gyrb"[v])
			}
		}
		rows = append(rows, sb.String())
	}
	side := "wb"[rb.side : rb.side+1]
	if rb.game == Hupfer {
		side = "rt"[rb.side : rb.side+1]
	}
	return fmt.Sprintf("%s %s %s %d-%d", rb.game, strings.Join(rows, "/"), side, rb.counts[0], rb.counts[1])
}

type refMove struct {
	text   string
	points int
	result string
}

var dirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// refBudget bounds the paths one position may take; over it the position
// is skipped (and counted) rather than left to run for ever.
const refBudget = 200000

type refGen struct {
	moves map[string]refMove
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
		if old.points != points {
			panic("same result, different points")
		}
		oldSquares := strings.Count(old.text, "-") + strings.Count(old.text, "x") + strings.Count(old.text, "+") + 1
		if oldSquares < squares || (oldSquares == squares && old.text <= text) {
			return
		}
	}
	g.moves[res] = refMove{text, points, res}
}

func refMoves(rb *refBoard) (map[string]refMove, bool) {
	g := &refGen{moves: map[string]refMove{}}
	if rb.game == Froglet {
		g.froglet(rb)
	} else {
		g.hupfer(rb)
	}
	return g.moves, g.steps <= refBudget
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
			if v == Green {
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

// randomPosition makes a random position of either game: any size up to 8x8
// and sometimes 12x12 or 18x18, holes, random density, scores, supplies and
// side.
func randomPosition(rng *rand.Rand) *Position {
	game := Froglet
	if rng.IntN(2) == 1 {
		game = Hupfer
	}
	w, h := 1+rng.IntN(8), 1+rng.IntN(8)
	switch rng.IntN(20) {
	case 0:
		w, h = 12, 12
	case 1:
		w, h = 18, 18
	}
	var holes Set
	if game == Froglet && rng.IntN(3) == 0 {
		for c := 0; c < w*h; c++ {
			if rng.IntN(6) == 0 {
				holes.Add(c)
			}
		}
	}
	b := MustBoard(w, h, holes)
	p := &Position{Game: game, Board: b, Side: rng.IntN(2)}
	density := rng.Float64()
	if game == Froglet && rng.IntN(8) == 0 {
		density = 1.1 // full board: the first removal
	}
	if w*h > 100 {
		density *= 0.5
	}
	for c := 0; c < w*h; c++ {
		if b.Cells.Has(c) && rng.Float64() < density {
			if game == Froglet {
				p.Put(c, rng.IntN(4))
			} else {
				p.Put(c, rng.IntN(2))
			}
		}
	}
	if game == Froglet {
		p.Counts = [2]int{rng.IntN(60), rng.IntN(60)}
	} else {
		p.Counts = [2]int{rng.IntN(4), rng.IntN(4)}
	}
	return p
}

// checkAgainstReference compares both of the fast generator's APIs with
// the reference on p and returns a description of the first difference.
func checkAgainstReference(p *Position) (skipped bool, problem string) {
	ref, ok := refMoves(refFrom(p))
	if !ok {
		return true, ""
	}
	fast := p.GenerateMoves(nil)
	seen := map[string]bool{}
	for i := range fast {
		res := p.Child(&fast[i]).String()
		if seen[res] {
			return false, fmt.Sprintf("GenerateMoves repeats the move to %s", res)
		}
		seen[res] = true
		rm, ok := ref[res]
		if !ok {
			return false, fmt.Sprintf("GenerateMoves has an illegal move %s (to %s)", p.spell(&fast[i]), res)
		}
		if int(fast[i].Points) != rm.points {
			return false, fmt.Sprintf("%s scores %d, reference %d", rm.text, fast[i].Points, rm.points)
		}
	}
	if len(fast) != len(ref) {
		var missing []string
		for res, rm := range ref {
			if !seen[res] {
				missing = append(missing, rm.text)
			}
		}
		sort.Strings(missing)
		return false, fmt.Sprintf("GenerateMoves has %d moves, reference %d; missing %v", len(fast), len(ref), missing)
	}
	legal := p.LegalMoves()
	if len(legal) != len(ref) {
		return false, fmt.Sprintf("LegalMoves has %d moves, reference %d", len(legal), len(ref))
	}
	for _, lm := range legal {
		rm, ok := ref[lm.Result.String()]
		if !ok || rm.text != lm.Text || rm.points != int(lm.Points) {
			return false, fmt.Sprintf("LegalMoves says %s (%d points) to %s; reference %+v", lm.Text, lm.Points, lm.Result, rm)
		}
	}
	return false, ""
}

func TestMovesAgainstReference(t *testing.T) {
	n := 12000
	if testing.Short() {
		n = 2000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	skipped := 0
	games := map[Game]int{}
	for i := 0; i < n; i++ {
		p := randomPosition(rng)
		skip, problem := checkAgainstReference(p)
		if skip {
			skipped++
			continue
		}
		games[p.Game]++
		if problem != "" {
			t.Fatalf("position %d, %s: %s", i, p, problem)
		}
	}
	if skipped > n/100 {
		t.Errorf("%d of %d positions were too big for the reference", skipped, n)
	}
	t.Logf("compared %v positions, %d skipped", games, skipped)
}
