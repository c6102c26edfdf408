package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPuzzleMake: made puzzles pass verify, come easiest first with
// unique ids, write their pictures, and the players table reads them;
// bad requests are usage errors.
func TestPuzzleMake(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		n    int
	}{
		{[]string{"froglet", "--size", "4x4", "--plies", "2", "--count", "6"}, 6},
		{[]string{"hupfer", "--size", "5", "--supply", "3", "--plies", "6", "--count", "4", "--margin", "2"}, 4},
		{[]string{"froglet", "--size", "5x4", "--pieces", "12", "--count", "3", "--difficulty", "medium"}, 3},
	} {
		pics := filepath.Join(dir, "pics")
		args := append([]string{"puzzle", "make", "-q", "--svg-dir", pics}, tc.args...)
		code, out, errs := runCLI(t, "", args...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || len(lines) != tc.n {
			t.Fatalf("%v: exit %d, %d lines\n%s%s", args, code, len(lines), out, errs)
		}
		ids, last := map[string]bool{}, 0
		for _, l := range lines {
			i := strings.Index(l, `id "`)
			id := l[i+4 : i+4+strings.Index(l[i+4:], `"`)]
			if ids[id] {
				t.Errorf("id %q twice", id)
			}
			ids[id] = true
			g := gradeIndex(strings.SplitN(l[strings.Index(l, `c "`)+3:], ",", 2)[0])
			if g < last {
				t.Errorf("%v: not easiest first:\n%s", args, out)
			}
			last = g
			name := strings.ReplaceAll(id, " ", "-")
			for _, f := range []string{name + ".svg", name + "-solution.svg"} {
				if _, err := os.Stat(filepath.Join(pics, f)); err != nil {
					t.Errorf("no picture: %v", err)
				}
			}
		}
		file := filepath.Join(dir, "p.txt")
		os.WriteFile(file, []byte(out), 0o644)
		if code, vout, verrs := runCLI(t, "", "verify", "-f", file, "--no-cache"); code != 0 {
			t.Errorf("verify: exit %d\n%s%s", code, vout, verrs)
		}
		code, pout, perrs := runCLI(t, "", "puzzle", "players", file, "--json")
		if code != 0 {
			t.Fatalf("players: exit %d %s", code, perrs)
		}
		total := 0
		for _, l := range strings.Split(strings.TrimSpace(pout), "\n") {
			var row struct {
				Grade   string
				Puzzles int
				Chances map[string]float64
			}
			if err := json.Unmarshal([]byte(l), &row); err != nil || len(row.Chances) != 5 {
				t.Fatalf("players --json: %q: %v", l, err)
			}
			total += row.Puzzles
		}
		if total != tc.n {
			t.Errorf("players counted %d puzzles of %d", total, tc.n)
		}
	}
	for _, args := range [][]string{
		{"puzzle", "make"},
		{"puzzle", "make", "chess"},
		{"puzzle", "make", "froglet", "--difficulty", "fiendish"},
		{"puzzle", "make", "froglet", "--count", "0"},
		{"puzzle", "make", "froglet", "--seed", "18446744073709551615"},
		{"puzzle", "make", "froglet", "--supply", "3"},
		{"puzzle", "make", "hupfer", "--size", "1x1"},
		{"puzzle", "make", "hupfer", "--size", "4", "--supply", "-2"},
		{"puzzle", "players", filepath.Join(dir, "none.txt")},
	} {
		if code, _, errs := runCLI(t, "", args...); code != 2 || !strings.HasPrefix(errs, "leapfrog: ") {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
}
