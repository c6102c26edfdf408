package positions

import "math/bits"

// MaxSide is the largest width or height of a board.
const MaxSide = 18

// MaxCells is the number of cells of the largest board (18x18).
const MaxCells = MaxSide * MaxSide

// setWords is the number of 64-bit words a Set needs to hold MaxCells bits.
const setWords = (MaxCells + 63) / 64

// Set is a set of cells, one bit per cell index. Boards of up to 64 cells use
// only the first word, so their operations touch a single machine word.
type Set [setWords]uint64

// Has reports whether cell i is in the set.
func (s *Set) Has(i int) bool { return s[i>>6]>>(uint(i)&63)&1 != 0 }

// Add puts cell i in the set.
func (s *Set) Add(i int) { s[i>>6] |= 1 << (uint(i) & 63) }

// Remove takes cell i out of the set.
func (s *Set) Remove(i int) { s[i>>6] &^= 1 << (uint(i) & 63) }

// Count returns the number of cells in the set.
func (s *Set) Count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// IsEmpty reports whether the set holds no cell.
func (s *Set) IsEmpty() bool { return *s == Set{} }

// Or returns the union of s and t.
func (s Set) Or(t Set) Set {
	for i := range s {
		s[i] |= t[i]
	}
	return s
}

// And returns the intersection of s and t.
func (s Set) And(t Set) Set {
	for i := range s {
		s[i] &= t[i]
	}
	return s
}

// AndNot returns the cells of s that are not in t.
func (s Set) AndNot(t Set) Set {
	for i := range s {
		s[i] &^= t[i]
	}
	return s
}

// Cells returns the cells of the set in increasing order.
func (s Set) Cells() []int {
	var out []int
	for w, word := range s {
		for word != 0 {
			out = append(out, w<<6+bits.TrailingZeros64(word))
			word &= word - 1
		}
	}
	return out
}

// Less orders sets as numbers with the highest cell most significant.
func (s *Set) Less(t *Set) bool {
	for i := setWords - 1; i >= 0; i-- {
		if s[i] != t[i] {
			return s[i] < t[i]
		}
	}
	return false
}
