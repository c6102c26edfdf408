package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/leapfrog-solver/leapfrog/internal/testenv"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// TestTestInSpelling holds testInSpelling's fail-soft results to the exact
// value: at or above beta it proves at least what it returns, below it at
// most, on windows around the value of random positions (Froglet and
// Hüpfer, full boards among them).
func TestTestInSpelling(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	n := testenv.Scale(150, 1000)
	for i := 0; i < n; i++ {
		p := smallPosition(rng)
		if !p.HasMoves() {
			continue
		}
		want, err := New(Options{Threads: 1, HashMB: 1}).Value(p)
		if err != nil {
			t.Fatal(err)
		}
		s := New(Options{Threads: 1 + i%2, HashMB: 1})
		end := s.orient(p)
		for beta := want.Score - 3; beta <= want.Score+3; beta++ {
			v, err := s.testInSpelling(p, beta, -infinity, infinity)
			if err != nil {
				t.Fatal(err)
			}
			if v >= beta && v > want.Score || v < beta && v < want.Score {
				t.Fatalf("position %d, %s (value %d): window (%d, %d) returned %d", i, p, want.Score, beta-1, beta, v)
			}
		}
		end()
	}
}

// TestOpeningsSolveAsBefore: a Froglet opening, whose value Solve finds
// with its moves tried in spelling order, gets the value Value finds and
// the first optimal move in spelling order as its best move, on every
// board from 2x3 to 4x5.
func TestOpeningsSolveAsBefore(t *testing.T) {
	seeds := uint64(testenv.Scale(6, 25))
	for _, size := range [][2]int{{2, 3}, {3, 3}, {3, 4}, {4, 4}, {4, 5}} {
		for seed := uint64(1); seed <= seeds; seed++ {
			t.Run(fmt.Sprintf("%dx%d seed %d", size[0], size[1], seed), func(t *testing.T) {
				p, err := positions.NewFroglet(size[0], size[1], seed)
				if err != nil {
					t.Fatal(err)
				}
				want, err := New(Options{Threads: 1, HashMB: 4}).Value(p)
				if err != nil {
					t.Fatal(err)
				}
				an, err := New(Options{Threads: 1, HashMB: 4}).Analyze(p)
				if err != nil {
					t.Fatal(err)
				}
				sol, err := New(Options{Threads: 2, HashMB: 4}).Solve(p)
				if err != nil {
					t.Fatal(err)
				}
				if sol.Value != want || sol.PV[0].Text != firstBest(an) {
					t.Errorf("%s: solve %+v %s, want %+v %s", p, sol.Value, sol.PV[0].Text, want, firstBest(an))
				}
			})
		}
	}
}
