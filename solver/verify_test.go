package solver

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

func mustRecord(t *testing.T, line string) *positions.Record {
	t.Helper()
	r, err := positions.ParseRecord(line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return r
}

func TestVerifyClaims(t *testing.T) {
	// froglet rbg./..ry/bgyg: value 5; d2-b2 is the only best move (d1-d3
	// gives 2, b3-d3 gives 0).
	base := "froglet rbg./..ry/bgyg w 0-0; "
	tests := []struct {
		claims string
		ok     bool
		why    string
	}{
		{"value 5;", true, ""},
		{"value 4;", false, "the value is +5, not 4"},
		{"bm d2-b2;", true, ""},
		{"bm D2-B2;", true, ""},
		{"bm d1-d3;", false, "d1-d3 is not optimal: +2 against +5"},
		{"bm d1-d3 d2-b2;", false, "d1-d3 is not optimal"},
		{"bm a1-a3;", false, "a1-a3 is not legal"},
		{"am d1-d3 b3-d3;", true, ""},
		{"am d2-b2;", false, "d2-b2 is optimal"},
		{"pv d2-b2 b3-d3 b1-b3;", true, ""},
		{"pv d1-d3;", false, "move 1, d1-d3, is not optimal: +2 against +5 by d2-b2"},
		{"pv d2-b2 d2-d4;", false, "move 2, d2-d4, is not legal"},
		{"dist 3;", false, "dist is for Hüpfer"},
		{`id "x"; c "a comment"; xyz 1 2;`, true, ""},
	}
	s := New(Options{HashMB: 4, Threads: 1})
	for _, tc := range tests {
		res, err := s.Verify(mustRecord(t, base+tc.claims))
		if err != nil {
			t.Fatal(err)
		}
		ok, why := true, ""
		for _, r := range res {
			if !r.OK {
				ok, why = false, why+r.Why
			}
		}
		if ok != tc.ok || !strings.Contains(why, tc.why) {
			t.Errorf("%s: ok=%v %q, want ok=%v and %q", tc.claims, ok, why, tc.ok, tc.why)
		}
	}
	// A bm that is not the only optimal move: two symmetric best moves.
	res, _ := s.Verify(mustRecord(t, "froglet g.g/.y./g.g w 0-0; bm a3-a1;"))
	if len(res) != 1 || res[0].OK {
		t.Fatalf("%+v", res)
	}
	// (a position where no jump exists has no best move at all: check the
	// hupfer one below instead)
	h := "hupfer ..tt/..tt/rr../rr.. r 4-4; "
	for claims, want := range map[string]string{
		"value win; dist 11;": "",
		"value loss;":         "the value is win in 11, not loss",
		"dist 9;":             "the distance is 11, not 9",
	} {
		res, _ := s.Verify(mustRecord(t, h+claims))
		why := ""
		for _, r := range res {
			why += r.Why
		}
		if why != want && !strings.Contains(why, want) || (want == "" && why != "") {
			t.Errorf("%s: %q, want %q", claims, why, want)
		}
	}
}

func TestBmMustBeUnique(t *testing.T) {
	s := New(Options{HashMB: 4, Threads: 1})
	// Four green frogs around a yellow one: all four jumps over it score 2
	// and end the game alike.
	rec := mustRecord(t, "froglet ...../..g../.gyg./..g../..... w 0-0")
	a, err := s.Analyze(rec.Position)
	if err != nil {
		t.Fatal(err)
	}
	best := 0
	for _, m := range a {
		if m.Value == a[0].Value {
			best++
		}
	}
	if best < 2 {
		t.Skipf("position has %d best moves", best)
	}
	rec = mustRecord(t, "froglet ...../..g../.gyg./..g../..... w 0-0; bm "+a[0].Text+";")
	res, _ := s.Verify(rec)
	if len(res) != 1 || res[0].OK || !strings.Contains(res[0].Why, "not unique") {
		t.Errorf("%+v", res)
	}
}

func TestExportVerifyRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	s := New(Options{HashMB: 16, Threads: 1})
	for i := 0; i < 300; i++ {
		p := smallPosition(rng)
		rec := &positions.Record{Position: p, Ops: []positions.Op{{Name: "id", Args: []string{"r"}}, {Name: "value", Args: []string{"99"}}}}
		out, _, err := s.Export(rec)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Verify(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res {
			if !r.OK {
				t.Fatalf("%s: exported claim %s %v fails: %s", out, r.Op, r.Args, r.Why)
			}
		}
		back, err := positions.ParseRecord(out.String())
		if err != nil {
			t.Fatalf("%s does not parse: %v", out, err)
		}
		again, _, err := s.Export(back)
		if err != nil {
			t.Fatal(err)
		}
		if again.String() != out.String() {
			t.Fatalf("export is not idempotent:\n%s\n%s", out, again)
		}
	}
}

func TestAnnotateBestGame(t *testing.T) {
	s := New(Options{HashMB: 16, Threads: 1})
	for _, pos := range []string{"froglet yygr/gggy/bygg/yyrg w 0-0", "hupfer ..tt/..tt/rr../rr.. r 4-4"} {
		p, _ := positions.ParsePosition(pos)
		sol, err := s.Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		text := pos + "\n"
		for _, m := range sol.PV {
			text += m.Text + " "
		}
		g, err := positions.ParseGameRecord(text)
		if err != nil {
			t.Fatal(err)
		}
		ann, err := s.Annotate(g)
		if err != nil {
			t.Fatal(err)
		}
		if len(ann) != len(sol.PV) {
			t.Fatalf("%d annotations for %d moves", len(ann), len(sol.PV))
		}
		for _, a := range ann {
			if a.Label != Best || a.Cost != 0 || a.Worse {
				t.Errorf("%s ply %d %s: %s, cost %d", pos, a.Ply, a.Move, a.Label, a.Cost)
			}
		}
	}
	// A bad move is labelled: in the tiny Froglet example, b3-d3 loses 5.
	g, _ := positions.ParseGameRecord("froglet rbg./..ry/bgyg w 0-0\nb3-d3")
	ann, _ := s.Annotate(g)
	if ann[0].Label != Blunder || ann[0].Cost != 5 || !ann[0].Worse || ann[0].BestMoves[0] != "d2-b2" {
		t.Errorf("%+v", ann[0])
	}
	// A Hüpfer move that throws a win away costs the win, not plies.
	g, _ = positions.ParseGameRecord("hupfer ...tt/...tt/...../rr.../rr... r 4-4\na2-c2+d2 e4-c4+c3 a1-c1+d1 c4-e4+e3 c2xc4 d4xb4 b1-b3xb5 e5-c5xa5 c1-e1+e2 e3-e5-c5+c4 e2-c2-a2+a1")
	ann, err := s.Annotate(g)
	if err != nil {
		t.Fatal(err)
	}
	last := ann[len(ann)-1]
	if last.Label != Blunder || !last.Worse || last.Cost != 0 || last.Outcome.String() != "loss" || last.BestOutcome.String() != "win" {
		t.Errorf("%+v", last)
	}
}

// TestAnnotateStopped: a limit met partway through a game returns the
// moves judged before it, as the whole game's annotation judged them.
func TestAnnotateStopped(t *testing.T) {
	old := checkEvery
	checkEvery = 1 // the limit is met at its node, not 4,096 later
	defer func() { checkEvery = old }()
	g, err := positions.ParseGameRecord("hupfer ...tt/...tt/...../rr.../rr... r 5-5\n" +
		"b1-b3+c3 e5-e3+e2 c3-a3+a4 e4-c4+c5 b3-b1+c1 e3-e1+d1 b1-b3+c3 d1xb1 a1xc1 c4xc2 c1xc3 e1-e3+e4")
	if err != nil {
		t.Fatal(err)
	}
	whole, err := New(Options{HashMB: 1, Threads: 1}).Annotate(g)
	if err != nil {
		t.Fatal(err)
	}
	first := New(Options{HashMB: 1, Threads: 1})
	if _, err := first.Analyze(g.Moves[0].Before); err != nil {
		t.Fatal(err)
	}
	s := New(Options{HashMB: 1, Threads: 1, MaxNodes: first.Nodes() + 1})
	part, err := s.Annotate(g)
	var le *LimitError
	if !errors.As(err, &le) || len(part) == 0 || len(part) >= len(g.Moves) {
		t.Fatalf("%d of %d moves judged, error %v", len(part), len(g.Moves), err)
	}
	for i, a := range part {
		if w := whole[i]; a.Label != w.Label || a.Played != w.Played || a.Before != w.Before {
			t.Errorf("move %d: %+v, the whole game's %+v", i+1, a, w)
		}
	}
}
