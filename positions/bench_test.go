package positions_test

import (
	"math/rand/v2"
	"testing"

	. "github.com/leapfrog-solver/leapfrog/positions"
)

// playRandom plays n random moves from p with a fixed seed.
func playRandom(p *Position, n int, seed uint64) *Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	var buf []Move
	for i := 0; i < n; i++ {
		buf = p.GenerateMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		p = p.Child(&buf[rng.IntN(len(buf))])
	}
	return p
}

func benchMoves(b *testing.B, p *Position) {
	buf := make([]Move, 0, 256)
	moves := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = p.GenerateMoves(buf[:0])
		moves += len(buf)
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds()/1e6, "Mmoves/s")
}

// BenchmarkMovesFroglet6x6 is a 6x6 middle game: 10 random moves in.
func BenchmarkMovesFroglet6x6(b *testing.B) {
	p, _ := NewFroglet(6, 6, 1)
	benchMoves(b, playRandom(p, 10, 1))
}

// BenchmarkMovesFroglet12x12 is a 12x12 early game: 6 random moves in.
func BenchmarkMovesFroglet12x12(b *testing.B) {
	p, _ := NewFroglet(12, 12, 1)
	benchMoves(b, playRandom(p, 6, 1))
}

// BenchmarkMovesHupfer6x6 is a 6x6 middle game: 6 random moves in.
func BenchmarkMovesHupfer6x6(b *testing.B) {
	p, _ := NewHupfer(6, 6, 14)
	benchMoves(b, playRandom(p, 6, 1))
}

// BenchmarkCountDepth12x12 is count --depth 3 on the 12x12 start, seed 1.
func BenchmarkCountDepth12x12(b *testing.B) {
	p, _ := NewFroglet(12, 12, 1)
	for i := 0; i < b.N; i++ {
		if _, err := CountDepth(p, 3, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCountAllCross counts, up to symmetry, every position reachable
// from a 33-hole cross with the four corners of the centre ring also empty
// (a smaller tree than the full start).
func BenchmarkCountAllCross(b *testing.B) {
	p, err := ParsePosition("froglet ##ggg##/##ggg##/ggg.ggg/gg...gg/ggg.ggg/##ggg##/##ggg## w 0-0")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		_, total, err := CountAll(p, true, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(total), "positions")
	}
}
