package solver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/proof"
)

// TestProofChecks writes proofs of Hüpfer starts, Froglet puzzles and
// small openings, and checks them with the plain checker: each holds, uses
// every line, and claims what the solver's value says (Hüpfer: its plies
// are the distance; Froglet: its lead is the final score difference).
func TestProofChecks(t *testing.T) {
	for _, pos := range []string{
		"hupfer ..tt/..tt/rr../rr.. r 4-4",
		"hupfer ..tt/..tt/rr../rr.. r 1-2",
		"hupfer ..tt/..tt/rr../rr.. r 2-4",
		"hupfer ...tt/...tt/...../rr.../rr... r 3-3",
		"froglet rbg./..ry/bgyg w 0-0",
		"froglet gy/rb b 0-0",
		"froglet yggg/gbgy/ggyr/rygg w 0-0",
		"froglet ygg./g.yg/b.gr w 4-7",
	} {
		p, text, st := writtenProof(t, pos)
		v, _ := New(Options{HashMB: 16, Threads: 1}).Value(p)
		res, err := proof.Check(strings.NewReader(text), nil)
		if err != nil {
			t.Fatalf("%s: the proof does not check: %v", pos, err)
		}
		ok := res.Lines == st.Lines && res.SHA256 == st.SHA256 && res.Unused == 0
		if p.Game == positions.Hupfer {
			ok = ok && res.Plies == v.Distance() && st.Won == v.Win()
		} else {
			lead := p.Counts[p.Side] - p.Counts[p.Side^1] + v.Score
			ok = ok && res.Lead != nil && *res.Lead == lead && st.Won == (lead > 0)
		}
		if !ok {
			t.Errorf("%s: %+v, written %+v, value %s", pos, res, st, v)
		}
		t.Logf("%s: %s, %d plies, %d lines, %d+%d positions", pos, res.Winner, res.Plies, res.Lines, res.WinnerPositions, res.LoserPositions)
	}
}

// writtenProof returns the position pos, the proof the solver writes of it
// and what it said of the proof.
func writtenProof(t *testing.T, pos string) (*positions.Position, string, ProofStats) {
	t.Helper()
	p, err := positions.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	st, err := New(Options{HashMB: 16, Threads: 1}).Proof(p, &buf)
	if err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	return p, buf.String(), st
}

// proofBody returns a proof's lines without its digest.
func proofBody(text string) []string {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	return lines[:len(lines)-1]
}

// redigest returns a proof of the lines body, with their digest.
func redigest(body []string) string {
	var w bytes.Buffer
	for _, l := range body {
		w.WriteString(l + "\n")
	}
	return w.String() + "sha256 " + sha(w.Bytes()) + "\n"
}

// TestProofTampered: a proof whose bytes change fails its digest; one
// whose digest is made again after a move changed, or a line dropped,
// fails the replay.
func TestProofTampered(t *testing.T) {
	_, text, _ := writtenProof(t, "hupfer ...tt/...tt/...../rr.../rr... r 3-3")
	body := proofBody(text)
	check := func(name, text string, bad bool) {
		t.Helper()
		_, err := proof.Check(strings.NewReader(text), nil)
		var pe *proof.Error
		if !errors.As(err, &pe) || pe.Bad != bad {
			t.Errorf("%s: %v, want a proof error (malformed %v)", name, err, bad)
		}
	}
	// A byte changed under the digest.
	check("byte", strings.Replace(text, " wins in ", " wins in 1", 1), true)
	// Winner moves replaced by other legal ones, digest remade: some
	// replacement must lose or take longer.
	lines := []int{}
	for i := 3; i < min(len(body), 23); i++ {
		lines = append(lines, i)
	}
	if caughtForgeries(body, lines) == 0 {
		t.Error("no forged move was caught")
	}
	// A line dropped, digest remade.
	if len(body) > 4 {
		check("dropped", redigest(append(append([]string{}, body[:3]...), body[4:]...)), false)
	}
	// A claim of fewer plies than the strategy takes.
	claim := append([]string{}, body...)
	claim[2] = "claim " + strings.Fields(body[2])[1] + " wins in 1"
	check("claim", redigest(claim), false)
	// Cut before the digest.
	check("cut", strings.Join(body, "\n")+"\n", true)
}

// TestFrogletProofTampered: a Froglet proof whose claim is one point off
// either way fails (each of its two strategies is needed), and so does
// one with a line dropped or, somewhere, a move replaced by a worse one.
func TestFrogletProofTampered(t *testing.T) {
	_, text, _ := writtenProof(t, "froglet yggg/gbgy/ggyr/rygg w 0-0")
	body := proofBody(text)
	holds := func(text string) bool {
		_, err := proof.Check(strings.NewReader(text), nil)
		var pe *proof.Error
		if err != nil && (!errors.As(err, &pe) || pe.Bad) {
			t.Fatalf("want a proof that does not hold, got %v", err)
		}
		return err == nil
	}
	if !holds(redigest(body)) {
		t.Fatal("the proof as written does not hold")
	}
	var side string
	var lead int
	if _, err := fmt.Sscanf(body[2], "claim %s finishes %d ahead", &side, &lead); err != nil {
		t.Fatal(body[2], err)
	}
	for _, d := range []int{-1, 1} {
		claim := append([]string{}, body...)
		claim[2] = fmt.Sprintf("claim %s finishes %d ahead", side, lead+d)
		if holds(redigest(claim)) {
			t.Errorf("a claim of %d ahead, not %d, holds", lead+d, lead)
		}
	}
	if holds(redigest(append(append([]string{}, body[:3]...), body[4:]...))) {
		t.Error("a proof without its first line holds")
	}
	// Moves replaced by other legal ones on the first lines, of both
	// players' strategies (the proof lists each player's lines apart).
	if caughtForgeries(body, []int{3, 4, 5, 6, len(body) - 3, len(body) - 2, len(body) - 1}) == 0 {
		t.Error("no forged move was caught")
	}
}

// caughtForgeries replaces the move of each of the given lines of a
// proof's body by each other legal move in turn, makes the digest again,
// and counts the forgeries whose replay fails.
func caughtForgeries(body []string, lines []int) int {
	caught := 0
	for _, i := range lines {
		pos, move, _ := strings.Cut(body[i], "\t")
		q, _ := positions.ParsePosition(pos)
		for _, m := range q.LegalMoves() {
			if m.Text == move {
				continue
			}
			forged := append([]string{}, body...)
			forged[i] = pos + "\t" + m.Text
			_, err := proof.Check(strings.NewReader(redigest(forged)), nil)
			if pe := (*proof.Error)(nil); errors.As(err, &pe) && !pe.Bad {
				caught++
			}
		}
	}
	return caught
}

func sha(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
