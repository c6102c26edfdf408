package solver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/proof"
)

// TestProofChecks writes proofs of Hüpfer starts and small positions and
// checks them with the plain checker: each holds, and its plies are the
// solver's distance.
func TestProofChecks(t *testing.T) {
	for _, pos := range []string{
		"hupfer ..tt/..tt/rr../rr.. r 4-4",
		"hupfer ..tt/..tt/rr../rr.. r 1-2",
		"hupfer ..tt/..tt/rr../rr.. r 2-4",
		"hupfer ...tt/...tt/...../rr.../rr... r 3-3",
	} {
		p, err := positions.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		s := New(Options{HashMB: 16, Threads: 1})
		var buf bytes.Buffer
		st, err := s.Proof(p, &buf)
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		v, _ := s.Value(p)
		res, err := proof.Check(bytes.NewReader(buf.Bytes()), nil)
		if err != nil {
			t.Fatalf("%s: the proof does not check: %v", pos, err)
		}
		if res.Plies != v.Distance() || res.Lines != st.Lines || res.SHA256 != st.SHA256 || res.Unused != 0 {
			t.Errorf("%s: %+v, written %+v, value %s", pos, res, st, v)
		}
		t.Logf("%s: %s wins in %d, %d lines, %d+%d positions", pos, res.Winner, res.Plies, res.Lines, res.WinnerPositions, res.LoserPositions)
	}
}

// TestProofTampered: a proof whose bytes change fails its digest; one
// whose digest is made again after a move changed, or a line dropped,
// fails the replay.
func TestProofTampered(t *testing.T) {
	p, _ := positions.ParsePosition("hupfer ...tt/...tt/...../rr.../rr... r 3-3")
	var buf bytes.Buffer
	if _, err := New(Options{HashMB: 16, Threads: 1}).Proof(p, &buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	body := lines[:len(lines)-1]
	redigest := func(body []string) string {
		var w bytes.Buffer
		for _, l := range body {
			w.WriteString(l + "\n")
		}
		return w.String() + "sha256 " + sha(w.Bytes()) + "\n"
	}
	check := func(name, text string, bad bool) {
		t.Helper()
		_, err := proof.Check(strings.NewReader(text), nil)
		var pe *proof.Error
		if !errors.As(err, &pe) || pe.Bad != bad {
			t.Errorf("%s: %v, want a proof error (malformed %v)", name, err, bad)
		}
	}
	// A byte changed under the digest.
	check("byte", strings.Replace(buf.String(), " wins in ", " wins in 1", 1), true)
	// Winner moves replaced by other legal ones, digest remade: some
	// replacement must lose or take longer.
	failed := 0
	for i := 3; i < min(len(body), 23); i++ {
		pos, move, _ := strings.Cut(body[i], "\t")
		q, _ := positions.ParsePosition(pos)
		for _, m := range q.LegalMoves() {
			if m.Text == move {
				continue
			}
			forged := append([]string{}, body...)
			forged[i] = pos + "\t" + m.Text
			if _, err := proof.Check(strings.NewReader(redigest(forged)), nil); err != nil {
				failed++
			}
		}
	}
	if failed == 0 {
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

func sha(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
