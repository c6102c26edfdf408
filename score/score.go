// Package score owns what the numbers of a search mean, in one place for
// the solver, the tablebases, the cache and the command line:
//
//   - the integer scores the search and the tables compute and store: a
//     Froglet score is a score difference; a Hüpfer score is Win - n for a
//     win in n plies and -(Win - n) for a loss in n (no Hüpfer position is
//     a draw, so 0 never occurs);
//   - Value, a position's exact value, and its words ("+3", "win in 7");
//   - Outcome (win, draw, loss) counting the scores so far, and what a move
//     costs against the best;
//   - Known, what bounds on a score from a search stopped early say.
package score

import (
	"fmt"
	"strings"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// Win is the score of a Hüpfer win in 0 plies; a win in n scores Win - n.
// Every game lasts fewer than Win plies (positions.MaxSupply sees to it).
const Win = 10000

// Infinity is beyond every score: the bounds of a search that knows
// nothing yet.
const Infinity = Win + 1

// Hupfer returns the score of a Hüpfer win (or loss) in dist plies.
func Hupfer(win bool, dist int) int {
	if win {
		return Win - dist
	}
	return -(Win - dist)
}

// HupferCeil returns the least Hüpfer score at or above x, and HupferFloor
// the greatest at or below it. A loss comes on the loser's turn, so a loss
// in n has n even and an even score; a win has n odd and an odd score; no
// score is 0. A search's bound can then be rounded to a score that occurs,
// and a null window never asks twice about the same scores.
func HupferCeil(x int) int {
	if x%2 != 0 && x < 0 || x%2 == 0 && x >= 0 {
		x++
	}
	if x == 0 {
		return 1
	}
	return x
}

// HupferFloor: see HupferCeil.
func HupferFloor(x int) int {
	if x%2 != 0 && x < 0 || x%2 == 0 && x > 0 {
		x--
	}
	if x == 0 {
		return -2
	}
	return x
}

// Parent turns the score of a Hüpfer position into the score of the move
// that made it, for the player making it: one ply further from the end.
func Parent(child int) int {
	if child < 0 {
		return -child - 1
	}
	return -child + 1
}

// Move returns the score of a move for the player making it, from the
// score of the position it produces and the points it takes (Froglet).
func Move(g positions.Game, points, child int) int {
	if g == positions.Froglet {
		return points - child
	}
	return Parent(child)
}

// Child is Move undone: the score of the position a move produces, from
// the score of the move for the player making it and the points it
// takes (Froglet).
func Child(g positions.Game, points, move int) int {
	if g == positions.Froglet {
		return points - move
	}
	if move > 0 {
		return -move - 1
	}
	return 1 - move
}

// Terminal is the score of a position without a move: nothing more to
// gain in Froglet, a loss in 0 in Hüpfer.
func Terminal(g positions.Game) int {
	if g == positions.Froglet {
		return 0
	}
	return Hupfer(false, 0)
}

// Value is the exact value of a position for the player to move (or of a
// move for the player making it), rules.md: Froglet, the best score
// difference that player can force; Hüpfer, a win or a loss in Distance
// plies.
type Value struct {
	Game positions.Game
	// Score is the Froglet score difference, or the Hüpfer score.
	Score int
}

// Win reports whether a Hüpfer value is a win.
func (v Value) Win() bool { return v.Score > 0 }

// Distance returns the plies to the end of a Hüpfer game under best play.
func (v Value) Distance() int {
	if v.Score < 0 {
		return Win + v.Score
	}
	return Win - v.Score
}

// Less orders values from the mover's point of view.
func (v Value) Less(w Value) bool { return v.Score < w.Score }

// String writes a value as records and reports do: a signed score
// difference for Froglet, "win in N" or "loss in N" for Hüpfer.
func (v Value) String() string {
	if v.Game == positions.Froglet {
		return fmt.Sprintf("%+d", v.Score)
	}
	if v.Win() {
		return fmt.Sprintf("win in %d", v.Distance())
	}
	return fmt.Sprintf("loss in %d", v.Distance())
}

// WinLoss returns "win" or "loss", the word of a Hüpfer value.
func (v Value) WinLoss() string {
	if v.Win() {
		return "win"
	}
	return "loss"
}

// Outcome is a result for a player counting the score so far: 1 win,
// 0 draw, -1 loss.
type Outcome int

// String returns the word of an outcome: win, draw or loss.
func (o Outcome) String() string {
	switch {
	case o > 0:
		return "win"
	case o < 0:
		return "loss"
	}
	return "draw"
}

// OutcomeOf returns the result that value v of p (or of one of p's moves,
// for the player making it) gives that player once the game is over:
// Froglet counts the scores so far in, Hüpfer is the value's win or loss.
func OutcomeOf(p *positions.Position, v Value) Outcome {
	if p.Game == positions.Hupfer {
		if v.Win() {
			return 1
		}
		return -1
	}
	switch d := p.Counts[p.Side] - p.Counts[p.Side^1] + v.Score; {
	case d > 0:
		return 1
	case d < 0:
		return -1
	}
	return 0
}

// Cost says what a move of value played gives away against best, the
// value of p: Froglet, the points lost; Hüpfer, the plies by which a win
// comes later or a loss sooner. worse reports a move that makes its
// player's outcome worse (a win into a draw or a loss, a draw into a
// loss); a Hüpfer move that does has no cost in plies (0).
func Cost(p *positions.Position, best, played Value) (cost int, worse bool) {
	worse = OutcomeOf(p, played) < OutcomeOf(p, best)
	switch {
	case p.Game == positions.Froglet:
		return best.Score - played.Score, worse
	case worse:
		return 0, true
	case best.Win():
		return played.Distance() - best.Distance(), false
	}
	return best.Distance() - played.Distance(), false
}

// Known is what bounds on a position's score, from a search stopped
// early, say in the terms of the answers: Froglet bounds on the value,
// Hüpfer the outcome once proven and bounds on its distance. A field is
// nil (omitted in JSON) when nothing is known of it.
type Known struct {
	Lower       *int   `json:"lower,omitempty"`
	Upper       *int   `json:"upper,omitempty"`
	Value       string `json:"value,omitempty"`
	MinDistance *int   `json:"min_distance,omitempty"`
	MaxDistance *int   `json:"max_distance,omitempty"`
	// Lasts: Hüpfer, before the winner is known, the player to move does
	// not lose in fewer plies (a win, or a loss no sooner).
	Lasts *int `json:"lasts,omitempty"`
}

// KnownFrom turns bounds on a score into Known.
func KnownFrom(g positions.Game, lower, upper int) Known {
	var k Known
	ptr := func(n int) *int { return &n }
	if g == positions.Froglet {
		if lower > -Infinity {
			k.Lower = ptr(lower)
		}
		if upper < Infinity {
			k.Upper = ptr(upper)
		}
		return k
	}
	switch {
	case lower > 0: // a win in Win - score plies
		k.Value, k.MaxDistance = "win", ptr(Win-lower)
		if upper < Win-1 { // a win in at least 1 says nothing
			k.MinDistance = ptr(Win - upper)
		}
	case upper < 0: // a loss in Win + score plies
		k.Value, k.MaxDistance = "loss", ptr(Win+upper)
		if lower > -Win {
			k.MinDistance = ptr(Win + lower)
		}
	case lower > -Win: // the search climbs from the shortest losses up
		k.Lasts = ptr(Win + lower)
	}
	return k
}

// String says what is known in words: "value >= 3, value <= 5", "win in
// at most 17 plies", or "nothing yet".
func (k Known) String() string {
	var parts []string
	switch {
	case k.Lower != nil && k.Upper != nil && *k.Lower == *k.Upper:
		return fmt.Sprintf("the value, %+d (its line unfinished)", *k.Lower)
	case k.Value != "" && k.MinDistance != nil && *k.MinDistance == *k.MaxDistance:
		return fmt.Sprintf("the value, %s in %d plies (its line unfinished)", k.Value, *k.MaxDistance)
	}
	if k.Lasts != nil {
		parts = append(parts, fmt.Sprintf("no loss in fewer than %d plies", *k.Lasts))
	}
	switch {
	case k.Value != "" && *k.MaxDistance >= Win-1 && k.MinDistance == nil:
		// Every game is shorter: the bound says who wins, not when.
		parts = append(parts, "a "+k.Value)
	case k.Value != "":
		parts = append(parts, fmt.Sprintf("%s in at most %d plies", k.Value, *k.MaxDistance))
		if k.MinDistance != nil {
			parts = append(parts, fmt.Sprintf("at least %d", *k.MinDistance))
		}
	}
	if k.Lower != nil {
		parts = append(parts, fmt.Sprintf("value >= %d", *k.Lower))
	}
	if k.Upper != nil {
		parts = append(parts, fmt.Sprintf("value <= %d", *k.Upper))
	}
	if parts == nil {
		return "nothing yet"
	}
	return strings.Join(parts, ", ")
}
