package positions

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sort"
)

// brainKingCounts are the frogs of each colour on BrainKing's 12x12 board.
var brainKingCounts = [4]int{66, 51, 21, 6}

// FrogletCounts returns how many frogs of each colour (green to blue) a full
// board of n cells starts with: BrainKing's 12x12 counts scaled to n cells,
// rounded by largest remainder, ties to the cheaper colour.
func FrogletCounts(n int) [4]int {
	var out [4]int
	var rem [4]int
	total := 0
	for c, k := range brainKingCounts {
		out[c] = n * k / 144
		rem[c] = n * k % 144
		total += out[c]
	}
	order := []int{0, 1, 2, 3}
	sort.SliceStable(order, func(i, j int) bool { return rem[order[i]] > rem[order[j]] })
	for i := 0; total < n; i++ {
		out[order[i]]++
		total++
	}
	return out
}

// NewFroglet returns a Froglet start: the full width x height board with
// FrogletCounts frogs placed at random. The same seed gives the same board
// on every machine and Go version (the shuffle is PCG-driven and written
// out here, not left to a library).
func NewFroglet(width, height int, seed uint64) (*Position, error) {
	b, err := NewBoard(width, height, Set{})
	if err != nil {
		return nil, err
	}
	n := width * height
	counts := FrogletCounts(n)
	cols := make([]int, 0, n)
	for c, k := range counts {
		for i := 0; i < k; i++ {
			cols = append(cols, c)
		}
	}
	rng := rand.NewPCG(seed, 0x6c65617066726f67) // "leapfrog"
	for i := n - 1; i > 0; i-- {
		j := int(uniform(rng, uint64(i+1)))
		cols[i], cols[j] = cols[j], cols[i]
	}
	p := &Position{Game: Froglet, Board: b}
	for c, col := range cols {
		p.Put(c, col)
	}
	return p, nil
}

// uniform returns a uniformly random number below n (Lemire's method).
func uniform(rng *rand.PCG, n uint64) uint64 {
	for {
		hi, lo := bits.Mul64(rng.Uint64(), n)
		if lo >= n || lo >= -n%n {
			return hi
		}
	}
}

// DefaultSupply is the Hüpfer supply per player of rules.md, Decision 3:
// the supplies and the eight starting pieces together fill the board.
func DefaultSupply(width, height int) int {
	s := (width*height - 8) / 2
	if s < 0 {
		return 0
	}
	return s
}

// NewHupfer returns the Hüpfer start on a width x height grid: Red's 2x2
// block in the a1 corner, Turquoise's in the opposite corner, Red to move,
// supply pieces each.
func NewHupfer(width, height, supply int) (*Position, error) {
	b, err := NewBoard(width, height, Set{})
	if err != nil {
		return nil, err
	}
	if width < 2 || height < 2 || (width < 4 && height < 4) {
		return nil, fmt.Errorf("hupfer %dx%d: the two 2x2 starting blocks need a grid at least 2 by 2 and 4 long one way", width, height)
	}
	if supply < 0 || supply > MaxSupply {
		return nil, fmt.Errorf("supply %d: must be 0 to %d", supply, MaxSupply)
	}
	p := &Position{Game: Hupfer, Board: b, Side: RedSide, Counts: [2]int{supply, supply}}
	for r := 0; r < 2; r++ {
		for f := 0; f < 2; f++ {
			p.Put(r*width+f, RedSide)
			p.Put((height-1-r)*width+width-1-f, Turquoise)
		}
	}
	return p, nil
}

// RandomPlies plays n random legal moves from p (fewer if the game ends),
// the same ones for the same seed.
func RandomPlies(p *Position, n int, seed uint64) *Position {
	rng := rand.NewPCG(seed, 0x706c696573) // "plies"
	var buf []Move
	for i := 0; i < n; i++ {
		buf = p.GenerateMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		p = p.Child(&buf[uniform(rng, uint64(len(buf)))])
	}
	return p
}
