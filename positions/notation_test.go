package positions_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/leapfrog-solver/leapfrog/internal/reference"
	. "github.com/leapfrog-solver/leapfrog/positions"
)

func TestParseCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{"froglet rbg./..ry/bgyg w 0-0", "froglet rbg./..ry/bgyg w 0-0"},
		{"FROGLET RBG1/2RY/BGYG", "froglet rbg./..ry/bgyg w 0-0"},
		{"  froglet\trbg./..ry/bgyg   b 3-12 ", "froglet rbg./..ry/bgyg b 3-12"},
		{"froglet ##ggg##/##ggg##/7/ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0", "froglet ##ggg##/##ggg##/......./ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0"},
		{"hüpfer 4tt/4tt/6/6/rr4/rr4 r 14-14", "hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14"},
		{"Hopper 18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/r17 T 0-3", "hupfer " + strings.Repeat(strings.Repeat(".", 18)+"/", 17) + "r" + strings.Repeat(".", 17) + " t 0-3"},
		{"froglet g", "froglet g w 0-0"},
		{"froglet 10.1/12/12/12/12/12/12/12/12/12/12/12 w 0-0", "froglet " + strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 12)+"/", 12), "/") + " w 0-0"},
	}
	for _, tc := range tests {
		p, err := ParsePosition(tc.in)
		if err != nil {
			t.Errorf("ParsePosition(%q): %v", tc.in, err)
			continue
		}
		if got := p.String(); got != tc.want {
			t.Errorf("ParsePosition(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in   string
		col  int
		want string
	}{
		{"", 1, "empty position"},
		{"chess 8/8 w 0-0", 1, "unknown game"},
		{"froglet rbz./..ry/bgyg w 0-0", 11, "'z' is not a froglet cell"},
		{"froglet rbg./..r/bgyg w 0-0", 14, "row 2 from the top has 3 cells"},
		{"froglet gg/g w 0-0", 12, "row 2 from the top has 1 cell but"},
		{"froglet 19 w 0-0", 9, "empty-cell count"},
		{"froglet " + strings.Repeat("g/", 18) + "g w 0-0", 9, "19 rows"},
		{"hupfer rt/tr", 13, "missing side to move"},
		{"hupfer rt/tr r", 15, "missing supplies"},
		{"froglet gg/gg w -1-0", 17, "negative or missing"},
		{"froglet gg/gg w 1--2", 19, "must not be negative"},
		{"froglet gg/gg w a-0", 17, "not a non-negative whole number"},
		{"froglet gg/gg w 3", 17, "two numbers"},
		{"froglet gg/gg x 0-0", 15, "side to move"},
		{"hupfer rt/tr w 0-0", 14, "want r or t"},
		{"hupfer r#/tr r 0-0", 9, "not a hupfer cell"},
		{"froglet gg/gg w 0-0 extra", 21, "unexpected"},
		{"froglet gg//gg w 0-0", 12, "row 2 from the top is empty"},
	}
	for _, tc := range tests {
		_, err := ParsePosition(tc.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParsePosition(%q) = %v, want a SyntaxError", tc.in, err)
			continue
		}
		if se.Col != tc.col || !strings.Contains(se.Msg, tc.want) {
			t.Errorf("ParsePosition(%q): column %d %q, want column %d and %q", tc.in, se.Col, se.Msg, tc.col, tc.want)
		}
	}
}

// genPosition draws a random position for property tests.
func genPosition(t *rapid.T) *Position {
	seed := rapid.Uint64().Draw(t, "seed")
	return reference.RandomPosition(rand.New(rand.NewPCG(seed, 7)))
}

func TestPositionRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		text := p.String()
		q, err := ParsePosition(text)
		if err != nil {
			t.Fatalf("%s does not parse back: %v", text, err)
		}
		if !q.Equal(p) || q.String() != text {
			t.Fatalf("round trip of %s gave %s", text, q)
		}
		// Upper case and digit runs name the same position.
		q2, err := ParsePosition(strings.ToUpper(compress(text)))
		if err != nil || !q2.Equal(p) {
			t.Fatalf("upper-case compressed %q: %v, %v", strings.ToUpper(compress(text)), q2, err)
		}
	})
}

// compress writes runs of empty cells as numbers.
func compress(text string) string {
	var sb strings.Builder
	run := 0
	flush := func() {
		if run > 0 {
			sb.WriteString(itoa(run))
			run = 0
		}
	}
	for i := 0; i < len(text); i++ {
		if text[i] == '.' {
			run++
			continue
		}
		flush()
		sb.WriteByte(text[i])
	}
	flush()
	return sb.String()
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestEverySpellingNamesTheMove replays the reference generator's every
// spelling of every move through ParseMove: each must name the same move,
// with the canonical text.
func TestEverySpellingNamesTheMove(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		if p.Board.Size() > 64 {
			return
		}
		spellings, ok := reference.AllSpellings(p)
		if !ok {
			return
		}
		best, _ := reference.Moves(p)
		for res, texts := range spellings {
			for _, text := range texts {
				for _, variant := range []string{text, strings.ToUpper(text)} {
					lm, err := p.ParseMove(variant)
					if err != nil {
						t.Fatalf("%s: ParseMove(%q): %v", p, variant, err)
					}
					if lm.Result.String() != res || lm.Text != best[res].Text {
						t.Fatalf("%s: %q parsed as %s to %s, want %s to %s", p, variant, lm.Text, lm.Result, best[res].Text, res)
					}
				}
			}
		}
	})
}

func TestIllegalMoves(t *testing.T) {
	tests := []struct{ pos, move, want string }{
		{"froglet rbg./..ry/bgyg w 0-0", "d2-b2-b4", "b4 is off"},
		{"froglet rbg./..ry/bgyg w 0-0", "a1-a3", "no frog on a2"},
		{"froglet rbg./..ry/bgyg w 0-0", "a3-c3", "c3 is not empty"},
		{"froglet rbg./..ry/bgyg w 0-0", "a2-c2", "no frog on a2"},
		{"froglet rbg./..ry/bgyg w 0-0", "d2-c2", "not a jump"},
		{"froglet rbg./..ry/bgyg w 0-0", "d2xb2", "joined by '-'"},
		{"froglet rbg./..ry/bgyg w 0-0", "d2", "only the first move"},
		{"froglet ggy/gyg/ygb w 0-0", "b2", "removes a green frog"},
		{"froglet ggy/gyg/ygb w 0-0", "a1-a3", "the board is full"},
		{"froglet rbg./..ry/bgyg w 0-0", "d2-", "a square must follow"},
		{"froglet rbg./..ry/bgyg w 0-0", "z9", "off the 4x3 board"},
		{"hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14", "e6-e4+e3", "turquoise piece, and Red is to move"},
		{"hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14", "a1-a3", "must give birth"},
		{"hupfer ....tt/....tt/....../....../rr..../rr.... r 0-14", "a1-a3+a4", "supply is empty"},
		{"hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14", "a1-a3+c3", "must be next to a3"},
		{"hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14", "a1-a3-a1+b1", "already visited"},
		{"hupfer ....../....../..t.../..r.../rr..../rr.... r 1-1", "a1-a3+a4", "capture is compulsory"},
		{"hupfer ....../....../..t.../..r.../rr..../rr.... r 1-1", "a2xa4", "no enemy piece"},
		{"hupfer ....../.t..../..t.../..r.../rr..../rr.... r 1-1", "c3xc5", "still capture"},
		{"hupfer ......../......../......../........ r 1-1", "a1-a3+a4", "no piece on a1"},
	}
	for _, tc := range tests {
		p, err := ParsePosition(tc.pos)
		if err != nil {
			t.Fatalf("%s: %v", tc.pos, err)
		}
		_, err = p.ParseMove(tc.move)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ParseMove(%q) = %v, want an error containing %q", tc.pos, tc.move, err, tc.want)
		}
	}
}

// TestRecordID: the id of a record can be read even when its position
// cannot, so that the error of a bad record names it (cli.md).
func TestRecordID(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{`froglet rbg./..ry/bgyg w 0-0; id "tiny 1"; bm d2-b2;`, "tiny 1"},
		{`froglet rbq./..ry/bgyg w 0-0; id "bad cell";`, "bad cell"},
		{`froglet rbg./..ry/bgyg w 0-0; bm d2-b2; id "second"; id "third";`, "second"},
		{`froglet rbg./..ry/bgyg w 0-0; id "a;b";`, "a;b"},
		{`froglet rbg./..ry/bgyg w 0-0; id "unterminated;`, ""},
		{`froglet rbg./..ry/bgyg w 0-0; id "no end"`, ""},
		{`froglet rbg./..ry/bgyg w 0-0; bm d2-b2;`, ""},
		{`froglet rbg./..ry/bgyg w 0-0`, ""},
		{``, ""},
	} {
		if got := RecordID(tc.line); got != tc.want {
			t.Errorf("RecordID(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"froglet rbg./..ry/bgyg w 0-0",
		"froglet ##ggg##/##ggg##/ggggggg/ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0",
		"hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14",
		"froglet 3/g2 b 12-4",
		"hopper rt/tr t 0-0",
		"froglet rbg./..ry/bgyg w 0-0; id \"x\"; bm d2-b2;",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rec, err := ParseRecord(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Col < 1 {
				t.Fatalf("ParseRecord(%q): error without a column: %v", s, err)
			}
			return
		}
		if id := RecordID(s); id != rec.ID() {
			t.Fatalf("RecordID(%q) = %q, the record's id is %q", s, id, rec.ID())
		}
		p := rec.Position
		q, err := ParsePosition(p.String())
		if err != nil || !q.Equal(p) {
			t.Fatalf("%q: canonical %q does not parse back: %v", s, p.String(), err)
		}
		if p.Board.Size() <= 36 {
			p.LegalMoves()
		}
	})
}

func FuzzParseMove(f *testing.F) {
	seeds := []struct{ pos, move string }{
		{"froglet rbg./..ry/bgyg w 0-0", "d2-b2"},
		{"froglet ggy/gyg/ygb w 0-0", "a1"},
		{"hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14", "a1-a3+a4"},
		{"hupfer ....../....../..t.../..r.../rr..../rr.... r 1-1", "c3xc5"},
		{"hupfer ....../..t.../....../r...../r...../rr.... r 0-0", "a1-a3-a5xc5"},
	}
	for _, s := range seeds {
		f.Add(s.pos, s.move)
	}
	f.Fuzz(func(t *testing.T, pos, move string) {
		p, err := ParsePosition(pos)
		if err != nil || p.Board.Size() > 36 {
			return
		}
		lm, err := p.ParseMove(move)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("ParseMove(%q): error without a column: %v", move, err)
			}
			return
		}
		again, err := p.ParseMove(lm.Text)
		if err != nil || !again.Result.Equal(lm.Result) || again.Text != lm.Text {
			t.Fatalf("%s: canonical %q of %q does not name the same move: %v", p, lm.Text, move, err)
		}
	})
}
