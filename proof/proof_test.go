package proof_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/proof"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// written returns a proof of pos written by the solver.
func written(t testing.TB, pos string) string {
	p, err := positions.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := solver.New(solver.Options{HashMB: 16, Threads: 1}).Proof(p, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestMalformed: files that are not proofs are refused as malformed, with
// the line.
func TestMalformed(t *testing.T) {
	good := written(t, "hupfer ..tt/..tt/rr../rr.. r 1-2")
	froglet := written(t, "froglet rbg./..ry/bgyg w 0-0")
	lines := strings.SplitAfter(good, "\n")
	for _, tc := range []struct {
		name, text string
		line       int
	}{
		{"empty", "", 0},
		{"not a proof", "hello\n", 1},
		{"version", strings.Replace(good, "proof 1", "proof 2", 1), 1},
		{"root", strings.Replace(good, "root hupfer", "root hoppla", 1), 2},
		{"froglet root, hupfer claim", strings.Replace(good, "root hupfer ..tt/..tt/rr../rr.. r 1-2", "root froglet gg/gg w 0-0", 1), 3},
		{"claim", strings.Replace(good, "claim Turquoise", "claim Blue", 1), 3},
		{"no digest", strings.Join(lines[:len(lines)-2], ""), 0},
		{"after digest", good + "more\n", len(lines)},
		{"no tab", strings.Replace(good, "\t", " ", 1), 4},
		{"froglet claim of the other side", "leapfrog proof 1\nroot froglet gg/gg w 0-0\nclaim Black finishes 0 ahead\n", 3},
		{"froglet claim, extra words", "leapfrog proof 1\nroot froglet gg/gg w 0-0\nclaim White finishes 0 ahead or so\n", 3},
		{"froglet line of another board", strings.Join(strings.SplitAfter(froglet, "\n")[:3], "") + "froglet ggg/ggg w 0-0\ta1\n", 4},
		{"a line too long", good + strings.Repeat("g", 1<<20), len(lines)},
	} {
		_, err := proof.Check(strings.NewReader(tc.text), nil)
		var pe *proof.Error
		if !errors.As(err, &pe) || !pe.Bad || pe.Line != tc.line || strings.Contains(pe.Msg, "bufio") {
			t.Errorf("%s: %v, want a malformed-proof error on line %d", tc.name, err, tc.line)
		}
	}
}

// TestWindowsCopy: a proof saved by an editor that ends lines with \r\n
// and begins the file with a byte-order mark checks as the original does,
// with the same digest.
func TestWindowsCopy(t *testing.T) {
	good := written(t, "hupfer ..tt/..tt/rr../rr.. r 1-2")
	want, err := proof.Check(strings.NewReader(good), nil)
	if err != nil {
		t.Fatal(err)
	}
	copied := "\ufeff" + strings.ReplaceAll(good, "\n", "\r\n")
	got, err := proof.Check(strings.NewReader(copied), nil)
	if err != nil || got.SHA256 != want.SHA256 || got.Plies != want.Plies {
		t.Fatalf("the copy: %+v, %v; the original: %+v", got, err, want)
	}
}

// FuzzCheck: whatever the bytes, Check returns a result or an error,
// never a panic, and a result only for a proof whose claim holds.
func FuzzCheck(f *testing.F) {
	f.Add(written(f, "hupfer ..tt/..tt/rr../rr.. r 1-2"))
	f.Add(written(f, "hupfer ..tt/..tt/rr../rr.. r 2-1"))
	f.Add(written(f, "froglet rbg./..ry/bgyg w 0-0"))
	f.Add("leapfrog proof 1\nroot hupfer ..tt/..tt/rr../rr.. r 0-0\nclaim Turquoise wins in 0\nsha256 00\n")
	f.Fuzz(func(t *testing.T, text string) {
		res, err := proof.Check(strings.NewReader(text), nil)
		if err == nil && (res == nil || res.Lead == nil && res.Plies > res.Claimed) {
			t.Fatalf("accepted %+v", res)
		}
	})
}
