package tablebase

import (
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// BenchmarkBuildHupfer5x5Supply3 builds the Hüpfer 5x5 table with
// supplies 3-3 into a fresh store.
func BenchmarkBuildHupfer5x5Supply3(b *testing.B) {
	root, _ := positions.NewHupfer(5, 5, 3)
	for i := 0; i < b.N; i++ {
		st := openStore(b)
		if _, err := Build(st, root, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildSmallCross builds the table of the 33-hole cross with the
// centre and the four cells around it empty (3.8 million positions up to
// symmetry), a smaller tree than the full start with the same moves.
func BenchmarkBuildSmallCross(b *testing.B) {
	root, err := positions.ParsePosition("froglet ##ggg##/##ggg##/ggg.ggg/gg...gg/ggg.ggg/##ggg##/##ggg## w 0-0")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		st := openStore(b)
		if _, err := Build(st, root, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
