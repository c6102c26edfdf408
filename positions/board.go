package positions

import (
	"fmt"
	"strconv"
)

// Direction indexes the four grid directions: north, east, south, west.
const (
	North = iota
	East
	South
	West
	numDirs
)

// Board is the shape of a board: its width, its height and its holes. Cells
// are numbered row by row from a1: cell = rank*Width + file, both from 0.
// A Board is immutable once made; positions on the same shape may share it.
type Board struct {
	Width, Height int
	// Cells holds every cell that exists (is not a hole).
	Cells Set
	// words is the number of Set words the board uses.
	words int
	// step[d][c] is the cell next to c in direction d, or -1 when that is off
	// the board or a hole.
	step [numDirs][]int16
	// jump[d][c] is the cell two steps from c in direction d, or -1 when that
	// cell or the one between is off the board or a hole.
	jump [numDirs][]int16
	// shape hashes width, height and holes (see Shape).
	shape uint64
	// canJump[d] holds the cells from which a jump in direction d stays on
	// the board: the cell between and the landing cell exist. (The
	// one-word code reads canJump[d][0].)
	canJump [numDirs]Set
}

// NewBoard returns the board of the given size with the given holes.
func NewBoard(width, height int, holes Set) (*Board, error) {
	if width < 1 || height < 1 || width > MaxSide || height > MaxSide {
		return nil, fmt.Errorf("board %dx%d: width and height must be 1 to %d", width, height, MaxSide)
	}
	b := &Board{Width: width, Height: height}
	n := width * height
	b.words = (n + 63) / 64
	for c := 0; c < n; c++ {
		if !holes.Has(c) {
			b.Cells.Add(c)
		}
	}
	b.shape = uint64(width)<<8 | uint64(height)
	for _, w := range b.Cells {
		b.shape = (b.shape ^ w) * 0x9e3779b97f4a7c15
		b.shape ^= b.shape >> 29
	}
	df := [numDirs]int{0, 1, 0, -1}
	dr := [numDirs]int{1, 0, -1, 0}
	for d := 0; d < numDirs; d++ {
		b.step[d] = make([]int16, n)
		b.jump[d] = make([]int16, n)
		for c := 0; c < n; c++ {
			f, r := c%width, c/width
			b.step[d][c] = int16(b.cellAt(f+df[d], r+dr[d]))
			b.jump[d][c] = -1
			if mid := b.step[d][c]; mid >= 0 {
				b.jump[d][c] = int16(b.cellAt(f+2*df[d], r+2*dr[d]))
			}
		}
	}
	for d := 0; d < numDirs; d++ {
		for c := 0; c < n; c++ {
			if b.jump[d][c] >= 0 {
				b.canJump[d].Add(c)
			}
		}
	}
	return b, nil
}

// shifts returns the board's width and twice it as shift counts, masked to
// 6 bits: they are at most 36 (MaxSide), and the mask lets the compiler
// drop the check for counts of 64 or more that a plain shift carries.
func (b *Board) shifts() (w, w2 uint) {
	return uint(b.Width) & 63, uint(2*b.Width) & 63
}

// firstJumps returns, for a board of at most 64 cells, the frogs that can
// jump in each direction: over an occupied cell onto an empty one. A cell
// s has its neighbour in direction d at s+W (north), s+1 (east), s-W
// (south) or s-1 (west); canJump keeps shifts from wrapping or leaving
// the board.
func (b *Board) firstJumps(occ uint64) [numDirs]uint64 {
	empty := b.Cells[0] &^ occ
	w, w2 := b.shifts()
	return [numDirs]uint64{
		North: occ & b.canJump[North][0] & (occ >> w) & (empty >> w2),
		East:  occ & b.canJump[East][0] & (occ >> 1) & (empty >> 2),
		South: occ & b.canJump[South][0] & (occ << w) & (empty << w2),
		West:  occ & b.canJump[West][0] & (occ << 1) & (empty << 2),
	}
}

// captureFrom returns, for a board of at most 64 cells, the pieces of
// mine that can capture: an enemy next to them and an empty cell beyond.
func (b *Board) captureFrom(mine, theirs uint64) uint64 {
	return b.jumpSources(mine, theirs, b.Cells[0]&^(mine|theirs))
}

// shiftJumps returns, for a board of at most 64 cells, the cells reached by
// jumping from the cells of from over a cell of over onto a cell of onto,
// in every direction.
func (b *Board) shiftJumps(from, over, onto uint64) uint64 {
	w, w2 := b.shifts()
	return (from&b.canJump[North][0]&(over>>w)&(onto>>w2))<<w2 |
		(from&b.canJump[East][0]&(over>>1)&(onto>>2))<<2 |
		(from&b.canJump[South][0]&(over<<w)&(onto<<w2))>>w2 |
		(from&b.canJump[West][0]&(over<<1)&(onto<<2))>>2
}

// jumpSources returns, for a board of at most 64 cells, the cells of from
// that can jump over a cell of over onto a cell of onto, in some direction.
func (b *Board) jumpSources(from, over, onto uint64) uint64 {
	w, w2 := b.shifts()
	return from & (b.canJump[North][0]&(over>>w)&(onto>>w2) |
		b.canJump[East][0]&(over>>1)&(onto>>2) |
		b.canJump[South][0]&(over<<w)&(onto<<w2) |
		b.canJump[West][0]&(over<<1)&(onto<<2))
}

// MustBoard is NewBoard for sizes known to be valid.
func MustBoard(width, height int, holes Set) *Board {
	b, err := NewBoard(width, height, holes)
	if err != nil {
		panic(err)
	}
	return b
}

// cellAt returns the cell at file f and rank r (from 0), or -1 when that is
// off the board or a hole.
func (b *Board) cellAt(f, r int) int {
	if f < 0 || r < 0 || f >= b.Width || r >= b.Height {
		return -1
	}
	c := r*b.Width + f
	if !b.Cells.Has(c) {
		return -1
	}
	return c
}

// Shape returns a hash of the board's width, height and holes, for keys
// that must tell boards apart.
func (b *Board) Shape() uint64 { return b.shape }

// Size returns the number of cells of the rectangle, holes included.
func (b *Board) Size() int { return b.Width * b.Height }

// IsCell reports whether c is a cell of the board (inside it and not a hole).
func (b *Board) IsCell(c int) bool { return c >= 0 && c < b.Size() && b.Cells.Has(c) }

// Step returns the cell next to c in direction d, or -1.
func (b *Board) Step(c, d int) int { return int(b.step[d][c]) }

// Jump returns the cell two steps from c in direction d, or -1.
func (b *Board) Jump(c, d int) int { return int(b.jump[d][c]) }

// Equal reports whether two boards have the same shape.
func (b *Board) Equal(o *Board) bool {
	return b == o || (b.Width == o.Width && b.Height == o.Height && b.Cells == o.Cells)
}

// HasHoles reports whether some cell of the rectangle is a hole.
func (b *Board) HasHoles() bool { return b.Cells.Count() != b.Size() }

// SquareName returns the name of cell c, such as "a1" or "r18".
func (b *Board) SquareName(c int) string {
	return string(rune('a'+c%b.Width)) + strconv.Itoa(c/b.Width+1)
}

// ParseSquare reads a square name (case-insensitive) and returns its cell.
func (b *Board) ParseSquare(s string) (int, error) {
	if len(s) < 2 {
		return -1, fmt.Errorf("%q is not a square (a file letter and a rank number, like c4)", s)
	}
	fl := s[0] | 0x20
	if fl < 'a' || fl > 'z' {
		return -1, fmt.Errorf("%q is not a square (a file letter and a rank number, like c4)", s)
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return -1, fmt.Errorf("%q is not a square (a file letter and a rank number, like c4)", s)
		}
	}
	rank, err := strconv.Atoi(s[1:])
	if err != nil || s[1] == '0' || len(s) > 3 {
		return -1, fmt.Errorf("%q is not a square (a file letter and a rank number, like c4)", s)
	}
	f, r := int(fl-'a'), rank-1
	if f >= b.Width || r >= b.Height {
		return -1, fmt.Errorf("square %s is off the %dx%d board", s, b.Width, b.Height)
	}
	c := r*b.Width + f
	if !b.Cells.Has(c) {
		return -1, fmt.Errorf("square %s is a hole, not a cell of the board", s)
	}
	return c, nil
}
