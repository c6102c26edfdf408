package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// TestProofNumberAgainstAlphaBeta: on random positions of both games,
// who wins by proof-number search is who wins by the alpha-beta search.
func TestProofNumberAgainstAlphaBeta(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 600 {
		var p *positions.Position
		if i%2 == 0 {
			p, _ = positions.NewFroglet(3+rng.IntN(2), 3+rng.IntN(2), rng.Uint64())
		} else {
			p, _ = positions.NewHupfer(4, 4+rng.IntN(2), rng.IntN(5))
		}
		p = positions.RandomPlies(p, rng.IntN(10), rng.Uint64())
		want, err := New(Options{HashMB: 4, Threads: 1}).WDL(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := New(Options{HashMB: 4, Threads: 1}).WDLProof(p)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%s: proof numbers say %s, alpha-beta %s", p, got, want)
		}
	}
}
