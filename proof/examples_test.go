package proof_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/leapfrog-solver/leapfrog/proof"
)

// TestPublishedProofs checks the proofs in examples/proofs, which
// docs/RESULTS.md publishes: each holds, with the plies it claims
// (Hüpfer) or the lead (Froglet, with the longest game its strategies
// allow).
func TestPublishedProofs(t *testing.T) {
	want := map[string]struct {
		winner string
		plies  int
		lead   *int
	}{
		// The 4x4 opening of seed 1: White finishes 1 ahead (11-10).
		"froglet-4x4-seed-1.proof": {"White", 14, new(1)},
		"hupfer-4x4-4-4.proof":     {"Red", 11, nil},
		"hupfer-5x5-4-4.proof":     {"Red", 15, nil},
		"hupfer-5x5-5-5.proof":     {"Red", 17, nil},
		"hupfer-5x5-8-8.proof":     {"Red", 21, nil},
		// From proof-number search (solve --wdl --proof): a win, not
		// the quickest (Red loses in 16 against the best defence).
		"hupfer-6x6-5-5.proof": {"Turquoise", 22, nil},
		// The first equal supplies with which Red wins 6x6, and the
		// standard game (the most plies the proved strategy takes).
		"hupfer-6x6-10-10.proof": {"Red", 41, nil},
		"hupfer-6x6-14-14.proof": {"Red", 47, nil},
	}
	files, _ := filepath.Glob("../examples/proofs/*.proof")
	if len(files) != len(want) {
		t.Fatalf("examples/proofs holds %v, want the %d proofs RESULTS.md names", files, len(want))
	}
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		res, err := proof.Check(f, nil)
		f.Close()
		w := want[filepath.Base(file)]
		switch {
		case err != nil || res.Winner != w.winner || res.Plies != w.plies || res.Unused != 0:
		case w.lead == nil && res.Lead == nil && res.Claimed == w.plies:
			continue
		case w.lead != nil && res.Lead != nil && *res.Lead == *w.lead:
			continue
		}
		t.Errorf("%s: %+v, %v; want %+v", file, res, err, w)
	}
}
