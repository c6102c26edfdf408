package enumerate_test

import (
	"testing"

	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// BenchmarkCountDepth12x12 is count --depth 3 on the 12x12 start, seed 1.
func BenchmarkCountDepth12x12(b *testing.B) {
	p, _ := positions.NewFroglet(12, 12, 1)
	for i := 0; i < b.N; i++ {
		if _, err := enumerate.CountDepth(p, 3, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCountAllCross counts, up to symmetry, every position reachable
// from a 33-hole cross with the four corners of the centre ring also empty
// (a smaller tree than the full start).
func BenchmarkCountAllCross(b *testing.B) {
	p, err := positions.ParsePosition("froglet ##ggg##/##ggg##/ggg.ggg/gg...gg/ggg.ggg/##ggg##/##ggg## w 0-0")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		_, total, err := enumerate.CountAll(p, true, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(total), "positions")
	}
}

// BenchmarkCountAllBig counts, up to symmetry, every position reachable
// from a cluster of frogs on a 9x9 board: more than 64 cells, so the
// enumeration works on full Positions rather than one-word forms.
func BenchmarkCountAllBig(b *testing.B) {
	p, err := positions.ParsePosition("froglet ........./........./..gyrg.../..ygr.g../..rg.yg../..gyrg.../........./........./......... w 0-0")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_, total, err := enumerate.CountAll(p, true, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(total), "positions")
	}
}
