package positions

// Game names one of the two games.
type Game uint8

// The games.
const (
	Froglet Game = iota + 1
	Hupfer
)

// String returns the game's name as the notation writes it.
func (g Game) String() string {
	switch g {
	case Froglet:
		return "froglet"
	case Hupfer:
		return "hupfer"
	}
	return "unknown"
}

// Colours of Froglet frogs; a frog's value is its colour plus one.
const (
	Green = iota
	Yellow
	Red
	Blue
)

// Sides of Hüpfer, which are also the colours of its pieces, and the sides of
// Froglet.
const (
	White     = 0
	Black     = 1
	RedSide   = 0
	Turquoise = 1
)

// Position is a position of either game.
//
// Every cell holds nothing or one piece, which has a colour from 0 to 3:
// Occ is the set of occupied cells and the colour of an occupied cell is
// Colour[0] bit + 2 * Colour[1] bit. Froglet frogs use all four colours
// (Green..Blue); Hüpfer pieces use RedSide and Turquoise.
type Position struct {
	Game   Game
	Board  *Board
	Occ    Set
	Colour [2]Set
	// Side is the player to move: White or Black (Froglet), RedSide or
	// Turquoise (Hüpfer).
	Side int
	// Counts are the scores so far (Froglet) or the pieces left in the
	// supplies (Hüpfer); index White/RedSide first.
	Counts [2]int
}

// ColourAt returns the colour of the piece on cell c, which must be occupied.
func (p *Position) ColourAt(c int) int {
	col := 0
	if p.Colour[0].Has(c) {
		col = 1
	}
	if p.Colour[1].Has(c) {
		col |= 2
	}
	return col
}

// Put places a piece of colour col on cell c, replacing what was there.
func (p *Position) Put(c, col int) {
	p.Occ.Add(c)
	if col&1 != 0 {
		p.Colour[0].Add(c)
	} else {
		p.Colour[0].Remove(c)
	}
	if col&2 != 0 {
		p.Colour[1].Add(c)
	} else {
		p.Colour[1].Remove(c)
	}
}

// Clear empties cell c.
func (p *Position) Clear(c int) {
	p.Occ.Remove(c)
	p.Colour[0].Remove(c)
	p.Colour[1].Remove(c)
}

// Pieces returns the number of pieces on the board.
func (p *Position) Pieces() int { return p.Occ.Count() }

// SameBoard reports whether p and q have the same cells and pieces; side
// and counts are not compared.
func (p *Position) SameBoard(q *Position) bool {
	return p.Game == q.Game && p.Occ == q.Occ && p.Colour == q.Colour && p.Board.Equal(q.Board)
}

// Equal reports whether p and q are the same position.
func (p *Position) Equal(q *Position) bool {
	return p.SameBoard(q) && p.Side == q.Side && p.Counts == q.Counts
}

// SideSet returns the pieces of Hüpfer side s.
func (p *Position) SideSet(s int) Set {
	if s == Turquoise {
		return p.Colour[0]
	}
	return p.Occ.AndNot(p.Colour[0])
}

// IsFull reports whether every cell of the board holds a frog.
func (p *Position) IsFull() bool { return p.Occ == p.Board.Cells }
