package positions

import "strings"

// moveStep is one square of a spelled move and the separator before it.
type moveStep struct {
	sep  byte // 0 for the first square, else '-', 'x' or '+'
	cell int
	name string
	off  int // byte offset in the text
}

// ParseMove reads a move of p in any legal spelling (case-insensitive) and
// returns it as the legal move it names, with its canonical spelling. An
// illegal move gets a *SyntaxError that says which square breaks which rule.
func (p *Position) ParseMove(text string) (LegalMove, error) {
	steps, err := p.splitMove(text)
	if err != nil {
		return LegalMove{}, err
	}
	var m Move
	if p.Game == Froglet {
		m, err = p.checkFroglet(text, steps)
	} else {
		m, err = p.checkHupfer(text, steps)
	}
	if err != nil {
		return LegalMove{}, err
	}
	res := p.Child(&m)
	for _, lm := range p.LegalMoves() {
		if lm.Result.Equal(res) {
			return lm, nil
		}
	}
	// The checks above follow the rules step by step; reaching here means a
	// rule they do not cover.
	return LegalMove{}, errAt(text, 0, "%s is not a legal move in this position", strings.TrimSpace(text))
}

func (p *Position) splitMove(text string) ([]moveStep, error) {
	t := strings.ToLower(text)
	var steps []moveStep
	i := 0
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	end := len(t)
	for end > i && (t[end-1] == ' ' || t[end-1] == '\t') {
		end--
	}
	if i == end {
		return nil, errAt(text, 0, "empty move")
	}
	var sep byte
	for i < end {
		start := i
		for i < end && t[i] != '-' && t[i] != 'x' && t[i] != '+' {
			i++
		}
		name := t[start:i]
		if name == "" {
			return nil, errAt(text, start, "missing square in move %q", strings.TrimSpace(text))
		}
		c, err := p.Board.ParseSquare(name)
		if err != nil {
			return nil, errAt(text, start, "move %q: %v", strings.TrimSpace(text), err)
		}
		steps = append(steps, moveStep{sep: sep, cell: c, name: name, off: start})
		if i < end {
			sep = t[i]
			i++
			if i == end {
				return nil, errAt(text, i-1, "move %q ends with %q: a square must follow", strings.TrimSpace(text), sep)
			}
		}
	}
	return steps, nil
}

// jumpOver returns the cell between a and b when b is two steps from a in a
// straight line, or -1.
func (b *Board) jumpOver(a, c int) int {
	for d := 0; d < numDirs; d++ {
		if int(b.jump[d][a]) == c {
			return int(b.step[d][a])
		}
	}
	return -1
}

func (p *Position) checkFroglet(text string, steps []moveStep) (Move, error) {
	first := steps[0]
	if len(steps) == 1 {
		if !p.IsFull() {
			return Move{}, errAt(text, first.off, "%s: a lone square removes a frog, which is only the first move (on a full board); a jump is written like b2-b4", first.name)
		}
		if p.ColourAt(first.cell) != Green {
			return Move{}, errAt(text, first.off, "%s: the first move removes a green frog, and %s holds a %s one", first.name, first.name, frogColourName(p.ColourAt(first.cell)))
		}
		return Move{From: int16(first.cell), To: -1, Birth: -1}, nil
	}
	if p.IsFull() {
		return Move{}, errAt(text, first.off, "the board is full: the first move removes one green frog (write its square alone)")
	}
	if !p.Occ.Has(first.cell) {
		return Move{}, errAt(text, first.off, "no frog on %s", first.name)
	}
	m := Move{From: int16(first.cell), To: int16(first.cell), Birth: -1}
	s := first.cell
	for _, st := range steps[1:] {
		if st.sep != '-' {
			return Move{}, errAt(text, st.off-1, "froglet jumps are joined by '-', not %q", st.sep)
		}
		mid := p.Board.jumpOver(int(m.To), st.cell)
		if mid < 0 {
			return Move{}, errAt(text, st.off, "%s to %s is not a jump: a jump goes two cells in a straight line", p.Board.SquareName(int(m.To)), st.name)
		}
		if mid == s || !p.Occ.Has(mid) || m.Removed.Has(mid) {
			return Move{}, errAt(text, st.off, "no frog on %s to jump over", p.Board.SquareName(mid))
		}
		if !p.hupferEmpty(st.cell, s, &m.Removed) {
			return Move{}, errAt(text, st.off, "%s is not empty", st.name)
		}
		m.Removed.Add(mid)
		m.Jumps++
		m.Points += int16(p.ColourAt(mid) + 1)
		m.To = int16(st.cell)
	}
	return m, nil
}

func frogColourName(c int) string {
	return [...]string{"green", "yellow", "red", "blue"}[c&3]
}

// PlayerName returns the name of side s of game g: White or Black, Red
// or Turquoise.
func PlayerName(g Game, s int) string {
	if g == Hupfer {
		return [...]string{"Red", "Turquoise"}[s&1]
	}
	return [...]string{"White", "Black"}[s&1]
}

func (p *Position) checkHupfer(text string, steps []moveStep) (Move, error) {
	b := p.Board
	first := steps[0]
	s := first.cell
	who := PlayerName(Hupfer, p.Side)
	if !p.Occ.Has(s) {
		return Move{}, errAt(text, first.off, "no piece on %s", first.name)
	}
	if p.ColourAt(s) != p.Side {
		return Move{}, errAt(text, first.off, "%s holds a %s piece, and %s is to move", first.name, strings.ToLower(PlayerName(Hupfer, p.ColourAt(s))), who)
	}
	if len(steps) == 1 {
		return Move{}, errAt(text, first.off, "%s alone is not a move: write the squares the piece visits, like a1-a3+b3 or a1xa3", first.name)
	}
	anyCapture := false
	mine := p.SideSet(p.Side)
	for _, c := range mine.Cells() {
		if p.canCapture(c, c, &Set{}) {
			anyCapture = true
			break
		}
	}
	m := Move{From: int16(s), To: int16(s), Birth: -1}
	var visited Set
	visited.Add(s)
	capturing := false
	for i, st := range steps[1:] {
		at := int(m.To)
		switch st.sep {
		case '+':
			if capturing {
				return Move{}, errAt(text, st.off-1, "no birth after a capture")
			}
			if i+2 != len(steps) {
				return Move{}, errAt(text, st.off-1, "the birth (+square) ends the move")
			}
			if m.To == m.From {
				return Move{}, errAt(text, st.off-1, "a birth follows at least one hop")
			}
			if p.Counts[p.Side] == 0 {
				return Move{}, errAt(text, st.off-1, "%s's supply is empty: no birth, so a hop must lead to a capture", who)
			}
			if !isAdjacent(b, at, st.cell) {
				return Move{}, errAt(text, st.off, "birth on %s: it must be next to %s, where the hop ended", st.name, b.SquareName(at))
			}
			if !p.hupferEmpty(st.cell, s, &Set{}) {
				return Move{}, errAt(text, st.off, "birth on %s: the point is not empty", st.name)
			}
			m.Birth = int16(st.cell)
			return m, nil
		case '-':
			if capturing {
				return Move{}, errAt(text, st.off-1, "no hop after a capture: the piece only goes on capturing")
			}
			if anyCapture {
				return Move{}, errAt(text, st.off-1, "a capture is compulsory: %s must capture this move", who)
			}
			mid := b.jumpOver(at, st.cell)
			if mid < 0 {
				return Move{}, errAt(text, st.off, "%s to %s is not a hop: it goes two points in a straight line", b.SquareName(at), st.name)
			}
			if !p.isOwn(mid, s) {
				return Move{}, errAt(text, st.off, "%s to %s: a hop goes over a piece of one's own, and %s holds none", b.SquareName(at), st.name, b.SquareName(mid))
			}
			if visited.Has(st.cell) {
				return Move{}, errAt(text, st.off, "%s: point already visited in this move", st.name)
			}
			if !p.hupferEmpty(st.cell, s, &Set{}) {
				return Move{}, errAt(text, st.off, "%s is not empty", st.name)
			}
			visited.Add(st.cell)
			m.To = int16(st.cell)
			next := byte(0)
			if i+2 < len(steps) {
				next = steps[i+2].sep
			}
			if next != 'x' && p.canCapture(st.cell, s, &Set{}) {
				return Move{}, errAt(text, st.off, "the piece can capture from %s: the move must go on capturing", st.name)
			}
		case 'x':
			capturing = true
			mid := b.jumpOver(at, st.cell)
			if mid < 0 {
				return Move{}, errAt(text, st.off, "%s to %s is not a capture: it goes two points in a straight line", b.SquareName(at), st.name)
			}
			if !p.isEnemy(mid, s, &m.Removed) {
				return Move{}, errAt(text, st.off, "%s to %s: no enemy piece on %s to capture", b.SquareName(at), st.name, b.SquareName(mid))
			}
			if !p.hupferEmpty(st.cell, s, &m.Removed) {
				return Move{}, errAt(text, st.off, "%s is not empty", st.name)
			}
			m.Removed.Add(mid)
			m.Jumps++
			m.To = int16(st.cell)
		}
	}
	last := steps[len(steps)-1]
	if capturing {
		if p.canCapture(int(m.To), s, &m.Removed) {
			return Move{}, errAt(text, last.off, "the piece can still capture from %s: a capture goes on as long as it can", last.name)
		}
		return m, nil
	}
	if p.Counts[p.Side] == 0 {
		return Move{}, errAt(text, last.off, "%s's supply is empty: a hop must lead to a capture", who)
	}
	return Move{}, errAt(text, last.off, "a hop that ends without a capture must give birth: add +square next to %s", last.name)
}

func isAdjacent(b *Board, a, c int) bool {
	for d := 0; d < numDirs; d++ {
		if int(b.step[d][a]) == c {
			return true
		}
	}
	return false
}
