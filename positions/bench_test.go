package positions_test

import (
	"testing"

	. "github.com/leapfrog-solver/leapfrog/positions"
)

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

// benchSmallMoves is benchMoves with the one-word generator.
func benchSmallMoves(b *testing.B, p *Position) {
	s, ok := p.Small()
	if !ok {
		b.Fatal("not a small board")
	}
	buf := make([]SmallMove, 0, 256)
	moves := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = p.Board.SmallMoves(p.Game, &s, buf[:0])
		moves += len(buf)
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds()/1e6, "Mmoves/s")
}

// The benchmark positions are fixed text, so that a change of the order in
// which moves are generated cannot change what is measured. They were made
// by random moves from starts (new froglet --size 6x6 --seed 1, 10 moves;
// new froglet --seed 1, 6 moves; the Hüpfer 6x6 start, 6 moves).
const (
	benchFroglet6x6   = "froglet r.gr.y/ygygg./...gy./..ggyg/g.gbgy/y.gygg w 7-14"
	benchFroglet12x12 = "froglet byygyggrgr../yygrgy..yyyy/yryggg..gggr/ygygggyyyggg/yrggygggggyb/gyyrgygrgbyr/yyyggyrygggy/gggggyrgggyg/ggrgrygryggy/ggyrggygygrg/ygrrbgyygryy/gygybygyrbgy w 4-6"
	benchHupfer6x6    = "hupfer .....t/...t../.ttt../....../...r../rrtrrr r 11-12"
)

func mustParse(b *testing.B, s string) *Position {
	p, err := ParsePosition(s)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkMovesFroglet6x6 is a 6x6 middle game.
func BenchmarkMovesFroglet6x6(b *testing.B) { benchMoves(b, mustParse(b, benchFroglet6x6)) }

// BenchmarkMovesFroglet12x12 is a 12x12 early game.
func BenchmarkMovesFroglet12x12(b *testing.B) { benchMoves(b, mustParse(b, benchFroglet12x12)) }

// BenchmarkMovesHupfer6x6 is a 6x6 middle game.
func BenchmarkMovesHupfer6x6(b *testing.B) { benchMoves(b, mustParse(b, benchHupfer6x6)) }

// BenchmarkSmallMovesFroglet6x6 is the 6x6 middle game, one-word generator.
func BenchmarkSmallMovesFroglet6x6(b *testing.B) { benchSmallMoves(b, mustParse(b, benchFroglet6x6)) }

// BenchmarkSmallMovesHupfer6x6 is the Hüpfer middle game, one-word generator.
func BenchmarkSmallMovesHupfer6x6(b *testing.B) { benchSmallMoves(b, mustParse(b, benchHupfer6x6)) }
