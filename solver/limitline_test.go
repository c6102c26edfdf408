package solver

import (
	"errors"
	"io"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// TestLimitDuringLine: a limit met after the value is exact, while the
// line is being found, stops the solve with the value as its bounds, not
// with nothing known.
func TestLimitDuringLine(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		p, err := positions.NewFroglet(5, 5, seed)
		if err != nil {
			t.Fatal(err)
		}
		// The value as Solve searches it (an opening's windows try the
		// moves in spelling order: testInSpelling).
		s := New(Options{Threads: 1, HashMB: 16})
		end := s.orient(p)
		v, err := s.exact(p, true)
		end()
		if err != nil {
			t.Fatal(err)
		}
		valueNodes := s.Nodes()
		s = New(Options{Threads: 1, HashMB: 16})
		if _, err := s.Solve(p); err != nil {
			t.Fatal(err)
		}
		lineNodes := s.Nodes() - valueNodes
		if lineNodes < 20_000 {
			continue // the line is too cheap to stop inside it
		}
		s = New(Options{Threads: 1, HashMB: 16, MaxNodes: valueNodes + lineNodes/2})
		_, err = s.Solve(p)
		var le *LimitError
		if !errors.As(err, &le) || le.Lower != v || le.Upper != v {
			t.Fatalf("seed %d (value %d in %d nodes, line %d): stopped in the line with %v", seed, v, valueNodes, lineNodes, err)
		}
		return
	}
	t.Fatal("no 5x5 opening of seeds 1 to 20 has a line of 20,000 nodes")
}

// TestLimitDuringProof: a limit met while a proof's later positions are
// searched stops with the root's exact value as its bounds, not with the
// bounds of the position the limit met.
func TestLimitDuringProof(t *testing.T) {
	p, err := positions.NewHupfer(5, 5, 6)
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Threads: 1, HashMB: 16})
	v, err := s.Value(p)
	if err != nil {
		t.Fatal(err)
	}
	valueNodes := s.Nodes()
	s = New(Options{Threads: 1, HashMB: 16})
	if _, err := s.Proof(p, io.Discard); err != nil {
		t.Fatal(err)
	}
	proofNodes := s.Nodes() - valueNodes
	s = New(Options{Threads: 1, HashMB: 16, MaxNodes: valueNodes + proofNodes/2})
	_, err = s.Proof(p, io.Discard)
	var le *LimitError
	if !errors.As(err, &le) || le.Lower != v.Score || le.Upper != v.Score {
		t.Fatalf("value %d in %d nodes, proof %d more: stopped in the proof with %v", v.Score, valueNodes, proofNodes, err)
	}
}
