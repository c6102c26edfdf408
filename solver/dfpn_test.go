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

// TestWDLRace: with two threads, WDL races proof numbers against
// alpha-beta on Hüpfer positions past the proof-number budget; whichever
// answers, the answer is alpha-beta's alone, and the solver answers the
// next question as before (the race leaves no stop behind).
func TestWDLRace(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	s := New(Options{Threads: 2})
	raced := 0
	for i := range 40 {
		var p *positions.Position
		if i < 3 {
			p, _ = positions.NewHupfer(6, 6, 3+i) // 6x6 3-3 to 5-5: past the budget
		} else {
			p, _ = positions.NewHupfer(5, 5+rng.IntN(2), 2+rng.IntN(3))
			p = positions.RandomPlies(p, rng.IntN(6), rng.Uint64())
		}
		if !p.HasMoves() {
			continue
		}
		want, err := New(Options{HashMB: 64, Threads: 1, Method: MethodAlphaBeta}).WDL(p)
		if err != nil {
			t.Fatal(err)
		}
		before := s.Nodes()
		got, err := s.WDL(p)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%s: the race says %s, alpha-beta %s", p, got, want)
		}
		if s.Nodes()-before > pnBudget {
			raced++
		}
		if v, err := s.Value(p); err != nil || (v.Score > 0) != (want > 0) {
			t.Fatalf("%s: after the race, Value says %v (%v)", p, v, err)
		}
	}
	if raced < 2 {
		t.Errorf("only %d questions went past the budget: the race was not run", raced)
	}
}
