package solver

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/proof"
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

// TestWDLHandOver: WDL hands Hüpfer questions past both budgets from
// alpha-beta to proof numbers; the answer is alpha-beta's alone, and the
// solver answers the next question as before (the hand-over leaves no
// stop behind).
func TestWDLHandOver(t *testing.T) {
	old := abBudget
	abBudget = 1 << 12 // hand over soon after the proof numbers' budget
	defer func() { abBudget = old }()
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
			t.Fatalf("%s: auto says %s, alpha-beta %s", p, got, want)
		}
		if s.Nodes()-before > pnBudget+abBudget {
			raced++
		}
		if v, err := s.Value(p); err != nil || (v.Score > 0) != (want > 0) {
			t.Fatalf("%s: after the hand-over, Value says %v (%v)", p, v, err)
		}
	}
	if raced < 2 {
		t.Errorf("only %d questions went past the budgets: nothing was handed over", raced)
	}
}

// TestProofByNumbers: proofs written from proof-number search pass the
// plain checker, name the winner the exact value names, and claim no
// fewer plies than the quickest win (they need not be quickest).
func TestProofByNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for i := range 60 {
		p, _ := positions.NewHupfer(4+rng.IntN(2), 4+rng.IntN(2), rng.IntN(5))
		p = positions.RandomPlies(p, rng.IntN(6), rng.Uint64())
		if !p.HasMoves() {
			continue
		}
		var buf bytes.Buffer
		s := New(Options{HashMB: 16, Threads: 1})
		st, err := s.ProofByNumbers(p, &buf)
		if err != nil {
			t.Fatalf("%d %s: %v", i, p, err)
		}
		res, err := proof.Check(&buf, nil)
		if err != nil {
			t.Fatalf("%s: the proof fails: %v", p, err)
		}
		v, err := New(Options{HashMB: 16, Threads: 1}).Value(p)
		if err != nil {
			t.Fatal(err)
		}
		winner := p.Side
		if !v.Win() {
			winner ^= 1
		}
		if res.Winner != positions.PlayerName(p.Game, winner) || res.Plies < v.Distance() || res.Lines != st.Lines {
			t.Fatalf("%s: the proof says %s wins in %d plies (%d lines); the value %s", p, res.Winner, res.Plies, res.Lines, v)
		}
	}
}

// TestProofNumbersKeepLimits: proof-number search counts its nodes as it
// goes, so that --max-nodes stops it (it once counted them only at the
// end, and ran to the answer whatever the limit).
func TestProofNumbersKeepLimits(t *testing.T) {
	p, _ := positions.NewHupfer(6, 6, 6)
	s := New(Options{Threads: 1, MaxNodes: 20_000, Method: MethodProofNumber})
	if _, err := s.WDL(p); !errors.Is(err, ErrLimit) {
		t.Fatalf("err %v, want the limit", err)
	}
	if n := s.Nodes(); n > 40_000 {
		t.Errorf("%d nodes against a limit of 20,000", n)
	}
}
