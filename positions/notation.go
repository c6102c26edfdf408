package positions

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SyntaxError is a problem in a piece of notation. Col counts characters
// from 1 within the text that was parsed.
type SyntaxError struct {
	Col int
	Msg string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

func errAt(text string, byteOff int, format string, args ...any) *SyntaxError {
	if byteOff > len(text) {
		byteOff = len(text)
	}
	return &SyntaxError{Col: utf8.RuneCountInString(text[:byteOff]) + 1, Msg: fmt.Sprintf(format, args...)}
}

// maxCount bounds scores and supplies so that no arithmetic on them overflows.
const maxCount = 1_000_000_000

// MaxSupply bounds each Hüpfer supply. A game lasts at most the pieces on
// the board plus twice the supplies in plies (rules.md, Decision 6), and
// the solver's scores ±(10000 - plies) need every game shorter than 10,000
// plies: 324 + 4 x 1,000 is. No board needs more: 18x18 holds 324 pieces.
const MaxSupply = 1000

type field struct {
	text string
	off  int
}

func splitFields(s string) []field {
	var out []field
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		start := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			i++
		}
		if i > start {
			out = append(out, field{s[start:i], start})
		}
	}
	return out
}

// ParseGame reads a game name: froglet, hupfer, hüpfer or hopper, in any case.
func ParseGame(s string) (Game, error) {
	switch strings.ToLower(s) {
	case "froglet":
		return Froglet, nil
	case "hupfer", "hüpfer", "hopper":
		return Hupfer, nil
	}
	return 0, fmt.Errorf("unknown game %q (want froglet or hupfer)", s)
}

// ParsePosition reads a position in the notation of notation.md:
// GAME BOARD SIDE COUNTS. Errors are *SyntaxError values naming the column.
func ParsePosition(text string) (*Position, error) {
	fs := splitFields(text)
	if len(fs) == 0 {
		return nil, errAt(text, 0, "empty position: want GAME BOARD SIDE COUNTS")
	}
	game, err := ParseGame(fs[0].text)
	if err != nil {
		return nil, errAt(text, fs[0].off, "%v", err)
	}
	if len(fs) < 2 {
		return nil, errAt(text, len(text), "missing board after %q", fs[0].text)
	}
	p, err := parseBoard(game, fs[1].text)
	if err != nil {
		se := err.(*SyntaxError)
		se.Col += utf8.RuneCountInString(text[:fs[1].off])
		return nil, se
	}
	switch len(fs) {
	case 2:
		if game == Hupfer {
			return nil, errAt(text, len(text), "missing side to move (r or t) and supplies (like 14-14): a Hüpfer position must give both")
		}
		return p, nil
	case 3:
		return nil, errAt(text, len(text), "missing %s after the side to move", countsName(game))
	case 4:
	default:
		return nil, errAt(text, fs[4].off, "unexpected %q after the position (a record's operations follow a ';')", fs[4].text)
	}
	side, ok := parseSide(game, fs[2].text)
	if !ok {
		want := "w or b"
		if game == Hupfer {
			want = "r or t"
		}
		return nil, errAt(text, fs[2].off, "side to move %q: want %s", fs[2].text, want)
	}
	p.Side = side
	counts, col, msg := parseCounts(fs[3].text, game)
	if msg != "" {
		return nil, errAt(text, fs[3].off+col, "%s %q: %s", countsName(game), fs[3].text, msg)
	}
	p.Counts = counts
	return p, nil
}

func countsName(g Game) string {
	if g == Hupfer {
		return "supplies"
	}
	return "scores"
}

func parseSide(g Game, s string) (int, bool) {
	switch strings.ToLower(s) {
	case "w":
		return White, g == Froglet
	case "b":
		return Black, g == Froglet
	case "r":
		return RedSide, g == Hupfer
	case "t":
		return Turquoise, g == Hupfer
	}
	return 0, false
}

// parseCounts reads "N-M". On failure it returns a byte offset and a message.
func parseCounts(s string, g Game) ([2]int, int, string) {
	var out [2]int
	dash := strings.IndexByte(s, '-')
	if dash < 0 {
		return out, 0, "want two numbers joined by '-', like 0-0"
	}
	if dash == 0 {
		return out, 0, "negative or missing first number"
	}
	parts := [2]string{s[:dash], s[dash+1:]}
	offs := [2]int{0, dash + 1}
	for i, part := range parts {
		if part == "" {
			return out, offs[i], "missing second number"
		}
		for j := 0; j < len(part); j++ {
			if part[j] < '0' || part[j] > '9' {
				if part[j] == '-' {
					return out, offs[i] + j, "numbers must not be negative"
				}
				return out, offs[i] + j, "not a non-negative whole number"
			}
		}
		n, err := strconv.Atoi(part)
		if err != nil || n > maxCount {
			return out, offs[i], fmt.Sprintf("number too large (at most %d)", maxCount)
		}
		if g == Hupfer && n > MaxSupply {
			return out, offs[i], fmt.Sprintf("supply too large (at most %d)", MaxSupply)
		}
		out[i] = n
	}
	return out, 0, ""
}

// parseBoard reads the BOARD field. Columns in errors count from 1 within it.
func parseBoard(game Game, s string) (*Position, error) {
	rows := strings.Split(s, "/")
	if len(rows) > MaxSide {
		return nil, errAt(s, 0, "board has %d rows: at most %d", len(rows), MaxSide)
	}
	type cell struct {
		col  int // -1 empty, -2 hole
		byte int
	}
	grid := make([][]cell, len(rows))
	off := 0
	width := -1
	for ri, row := range rows {
		var cells []cell
		i := 0
		for i < len(row) {
			ch := row[i]
			switch {
			case ch >= '0' && ch <= '9':
				j := i
				for j < len(row) && row[j] >= '0' && row[j] <= '9' {
					j++
				}
				n, err := strconv.Atoi(row[i:j])
				if err != nil || n > MaxSide || n == 0 {
					return nil, errAt(s, off+i, "empty-cell count %q must be 1 to %d", row[i:j], MaxSide)
				}
				for k := 0; k < n; k++ {
					cells = append(cells, cell{-1, off + i})
				}
				i = j
				continue
			case ch == '.':
				cells = append(cells, cell{-1, off + i})
			case ch == '#' && game == Froglet:
				cells = append(cells, cell{-2, off + i})
			default:
				col, ok := cellColour(game, ch)
				if !ok {
					r, _ := utf8.DecodeRuneInString(row[i:])
					return nil, errAt(s, off+i, "%q is not a %s cell (%s)", r, game, cellHelp(game))
				}
				cells = append(cells, cell{col, off + i})
			}
			i++
		}
		if len(cells) == 0 {
			return nil, errAt(s, off, "row %d from the top is empty", ri+1)
		}
		if len(cells) > MaxSide {
			return nil, errAt(s, off, "row %d from the top has %d cells: at most %d", ri+1, len(cells), MaxSide)
		}
		if width >= 0 && len(cells) != width {
			return nil, errAt(s, off, "row %d from the top has %s but the rows above have %d: every row must have the same number", ri+1, cellCount(len(cells)), width)
		}
		width = len(cells)
		grid[ri] = cells
		off += len(row) + 1
	}
	height := len(rows)
	var holes Set
	for ri, row := range grid {
		rank := height - 1 - ri
		for f, c := range row {
			if c.col == -2 {
				holes.Add(rank*width + f)
			}
		}
	}
	board, err := NewBoard(width, height, holes)
	if err != nil {
		return nil, errAt(s, 0, "%v", err)
	}
	p := &Position{Game: game, Board: board}
	for ri, row := range grid {
		rank := height - 1 - ri
		for f, c := range row {
			if c.col >= 0 {
				p.Put(rank*width+f, c.col)
			}
		}
	}
	return p, nil
}

func cellHelp(g Game) string {
	if g == Hupfer {
		return "r red, t turquoise, . empty, or a number of empty points"
	}
	return "g green, y yellow, r red, b blue, . empty, # no cell, or a number of empty cells"
}

func cellColour(g Game, ch byte) (int, bool) {
	ch |= 0x20
	if g == Hupfer {
		switch ch {
		case 'r':
			return RedSide, true
		case 't':
			return Turquoise, true
		}
		return 0, false
	}
	switch ch {
	case 'g':
		return Green, true
	case 'y':
		return Yellow, true
	case 'r':
		return Red, true
	case 'b':
		return Blue, true
	}
	return 0, false
}

// CellLetter returns the notation letter of a piece of colour col.
func CellLetter(g Game, col int) byte {
	if g == Hupfer {
		return "rt"[col&1]
	}
	return "gyrb"[col&3]
}

// BoardString returns the BOARD field in canonical form.
func (p *Position) BoardString() string {
	b := p.Board
	var sb strings.Builder
	sb.Grow(b.Size() + b.Height)
	for r := b.Height - 1; r >= 0; r-- {
		for f := 0; f < b.Width; f++ {
			c := r*b.Width + f
			switch {
			case !b.Cells.Has(c):
				sb.WriteByte('#')
			case !p.Occ.Has(c):
				sb.WriteByte('.')
			default:
				sb.WriteByte(CellLetter(p.Game, p.ColourAt(c)))
			}
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// SideName returns the notation letter of the side to move.
func (p *Position) SideName() string {
	if p.Game == Hupfer {
		return "rt"[p.Side : p.Side+1]
	}
	return "wb"[p.Side : p.Side+1]
}

// String returns the position in canonical notation.
func (p *Position) String() string {
	return fmt.Sprintf("%s %s %s %d-%d", p.Game, p.BoardString(), p.SideName(), p.Counts[0], p.Counts[1])
}

// cellCount is n cells in words: "1 cell", "3 cells".
func cellCount(n int) string {
	if n == 1 {
		return "1 cell"
	}
	return fmt.Sprintf("%d cells", n)
}
