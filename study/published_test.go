package study

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/leapfrog-solver/leapfrog/internal/testenv"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// TestPublishedRecords: the study records published in docs/data are
// whole (every seed of their range, each line's checksum right) and agree
// with the solver on a random sample of their openings, solved again
// (all of them at 4x4 in the long tests).
func TestPublishedRecords(t *testing.T) {
	for _, tc := range []struct {
		file       string
		w, h       int
		first, n   uint64 // the seeds first to first+n-1
		wdl        bool   // who wins only
		removals   bool   // with the worst removal
		quick, all int    // openings solved again
	}{
		{"froglet-4x4.jsonl", 4, 4, 1, 1000, false, true, 40, 1000},
		{"froglet-4x5.jsonl", 4, 5, 1, 1000, false, true, 20, 200},
		{"froglet-5x5.jsonl", 5, 5, 1, 1000, false, true, 4, 20},
		{"froglet-5x6.jsonl", 5, 6, 1, 200, false, false, 0, 4},
		// 6x6 openings take minutes each: the record is checked, not solved.
		{"froglet-6x6-wdl.jsonl", 6, 6, 82, 196, true, false, 0, 0},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "docs", "data", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			// A copy: opening a record may repair it, and the published
			// one must be read as it is.
			name := filepath.Join(t.TempDir(), tc.file)
			os.WriteFile(name, data, 0o644)
			r, err := OpenRecord(name, tc.w, tc.h)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if r.Recovered != "" {
				t.Fatal(r.Recovered)
			}
			cfg := Config{Width: tc.w, Height: tc.h, WDL: tc.wdl, Removals: tc.removals}
			for seed := tc.first; seed < tc.first+tc.n; seed++ {
				if _, ok := r.Lookup(cfg, seed); !ok {
					t.Fatalf("seed %d is not in the record", seed)
				}
			}
			s := solver.New(solver.Options{HashMB: 16, Threads: 1})
			rng := rand.New(rand.NewPCG(uint64(tc.w*100+tc.h), 7))
			for range testenv.Scale(tc.quick, tc.all) {
				seed := tc.first + rng.Uint64N(tc.n)
				want, _ := r.Lookup(cfg, seed)
				got, err := solve(s, cfg, seed)
				if err != nil {
					t.Fatal(err)
				}
				if got.Value != want.Value || (want.Worst != nil) != (got.Worst != nil) || got.Worst != nil && *got.Worst != *want.Worst {
					t.Errorf("seed %d: solved %+v, the record %+v", seed, got, want)
				}
			}
		})
	}
}
