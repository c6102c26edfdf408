package score

import (
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// TestKnownFrom: what bounds on a root score mean. A Hüpfer win in n
// scores 10000-n and a loss in n scores -(10000-n), so a lower bound above
// 0 is a win in at most 10000-L, an upper bound below 0 a loss in at most
// 10000+U (a longer loss scores higher).
func TestKnownFrom(t *testing.T) {
	tests := []struct {
		game         positions.Game
		lower, upper int
		want         string
	}{
		{positions.Hupfer, 10000 - 11, Infinity, "win in at most 11 plies"},
		{positions.Hupfer, 10000 - 11, 10000 - 5, "win in at most 11 plies, at least 5"},
		{positions.Hupfer, -Infinity, -(10000 - 24), "loss in at most 24 plies"},
		{positions.Hupfer, -(10000 - 20), -(10000 - 24), "loss in at most 24 plies, at least 20"},
		{positions.Hupfer, 1, Infinity, "a win"},
		{positions.Hupfer, -Infinity, -1, "a loss"},
		{positions.Hupfer, -Infinity, Infinity, "nothing yet"},
		{positions.Hupfer, -10000, 9999, "nothing yet"},
		{positions.Hupfer, -(10000 - 18), 9999, "no loss in fewer than 18 plies"},
		{positions.Froglet, 3, Infinity, "value >= 3"},
		{positions.Froglet, -2, 5, "value >= -2, value <= 5"},
		{positions.Froglet, 1, 1, "the value, +1 (its line unfinished)"},
		{positions.Hupfer, -(10000 - 16), -(10000 - 16), "the value, loss in 16 plies (its line unfinished)"},
	}
	for _, tc := range tests {
		if got := KnownFrom(tc.game, tc.lower, tc.upper).String(); got != tc.want {
			t.Errorf("KnownFrom(%v, %d, %d) = %q, want %q", tc.game, tc.lower, tc.upper, got, tc.want)
		}
	}
}

// TestChildUndoesMove: Child is Move's inverse in both games.
func TestChildUndoesMove(t *testing.T) {
	for _, g := range []positions.Game{positions.Froglet, positions.Hupfer} {
		for child := -40; child <= 40; child++ {
			c := child
			if g == positions.Hupfer {
				if child == 0 {
					continue
				}
				c = Hupfer(child > 0, 40-abs(child))
			}
			for points := 0; points <= 4; points++ {
				if got := Child(g, points, Move(g, points, c)); got != c {
					t.Fatalf("%s: Child(Move(%d, %d)) = %d", g, points, c, got)
				}
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestHupferRounding: HupferCeil and HupferFloor land on the nearest
// scores that occur (a loss in an even number of plies, a win in an odd
// one) on their side of x, and keep those that occur.
func TestHupferRounding(t *testing.T) {
	occurs := func(s int) bool {
		if s > 0 {
			return (Win-s)%2 == 1
		}
		return s < 0 && (Win+s)%2 == 0
	}
	for x := -Win; x < Win; x++ {
		c, f := HupferCeil(x), HupferFloor(x)
		if c < x || !occurs(c) || f > x || !occurs(f) && x > -Win {
			t.Fatalf("x %d: ceil %d, floor %d", x, c, f)
		}
		for y := x; y < c; y++ {
			if occurs(y) {
				t.Fatalf("x %d: ceil %d skips %d", x, c, y)
			}
		}
		for y := x; y > f; y-- {
			if occurs(y) {
				t.Fatalf("x %d: floor %d skips %d", x, f, y)
			}
		}
	}
}
