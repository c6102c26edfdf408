package positions_test

import (
	"errors"
	"strings"
	"testing"

	. "github.com/leapfrog-solver/leapfrog/positions"
)

func TestParseGameRecord(t *testing.T) {
	g, err := ParseGameRecord("// a game\nfroglet ggy/gyg/ygb w 0-0\n1. a2 C2-A2 {Black takes the yellow frog;\nno jump is left}\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 2 || g.Moves[1].Text != "c2-a2" || !strings.Contains(g.Moves[1].Comment, "no jump is left") {
		t.Fatalf("%+v", g.Moves)
	}
	if got := g.Final().String(); got != "froglet ggy/g../ygb w 0-2" {
		t.Errorf("final %s", got)
	}
	_, err = ParseGameRecord("froglet ggy/gyg/ygb w 0-0\n1. a2\n2. c2-c3\n")
	var le *LocatedError
	if !errors.As(err, &le) || le.Line != 3 || le.Col != 7 || !strings.Contains(le.Msg, "move 2 (c2-c3)") {
		t.Errorf("illegal move: %v", err)
	}
	// An unclosed comment is named where its brace opened, not at the
	// end of the file, where nothing shows what is wrong.
	_, err = ParseGameRecord("froglet ggy/gyg/ygb w 0-0\n1. a2 {open\nc2-a2\n\n")
	if !errors.As(err, &le) || le.Line != 2 || le.Col != 7 || !strings.Contains(le.Msg, "not closed") {
		t.Errorf("unclosed comment: %v", err)
	}
}

// FuzzParseGameRecord: any text is a game or an error at a line and
// column within it; a game's moves replay from its start, each spelt so
// that it parses again to the same position, and the record written
// back from the spellings reads as the same game.
func FuzzParseGameRecord(f *testing.F) {
	for _, s := range []string{
		"froglet ggy/gyg/ygb w 0-0\n1. a2 c2-a2 {Black takes the yellow frog; no jump is left}\n",
		"// a game\nfroglet ggy/gyg/ygb w 0-0\n1. a2 C2-A2 {Black takes\nthe frog}\n",
		"hupfer ..tt/..tt/rr../rr.. r 4-4\n1. a2-c2+d2 d3-b3+b2\n",
		"froglet ggy/gyg/ygb w 0-0\n1. a2 {open\n",
		"froglet ggy/gyg/ygb w 0-0\n1... a2 // the rest\nc2-a2\r\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return // the moves of a huge board take long, not differently
		}
		g, err := ParseGameRecord(text)
		if err != nil {
			var le *LocatedError
			lines := strings.Count(text, "\n") + 1
			if !errors.As(err, &le) || le.Line < 1 || le.Line > lines || le.Col < 1 || le.Msg == "" {
				t.Fatalf("ParseGameRecord(%q): %v is not located within the text", text, err)
			}
			return
		}
		cur := g.Start
		spelt := []string{g.Start.String()}
		for i, m := range g.Moves {
			if !m.Before.Equal(cur) {
				t.Fatalf("%q: move %d is played from %s, not %s", text, i+1, m.Before, cur)
			}
			again, err := cur.ParseMove(m.Text)
			if err != nil || !again.Result.Equal(m.Result) {
				t.Fatalf("%q: move %d, %s, does not parse again to %s: %v", text, i+1, m.Text, m.Result, err)
			}
			cur = m.Result
			spelt = append(spelt, m.Text)
		}
		back, err := ParseGameRecord(strings.Join(spelt, "\n"))
		if err != nil || len(back.Moves) != len(g.Moves) || !back.Final().Equal(g.Final()) {
			t.Fatalf("%q: written back as %q, read as another game: %v", text, strings.Join(spelt, "\n"), err)
		}
	})
}
