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
