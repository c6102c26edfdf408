package solver

import (
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// Labels of annotated moves.
const (
	Best       = "best"
	Inaccuracy = "inaccuracy"
	Mistake    = "mistake"
	Blunder    = "blunder"
)

// Annotation is the verdict on one move of a game.
type Annotation struct {
	Ply  int
	Side int
	// Move is the move played, in canonical spelling.
	Move string
	// Before is the value of the position for the player to move; Played
	// the value of the move played.
	Before, Played score.Value
	// Outcome and BestOutcome are the results the move played and best
	// play give its player (OutcomeOf).
	Outcome, BestOutcome score.Outcome
	// BestMoves are all the optimal moves.
	BestMoves []string
	// Cost and Worse say what the move gave away (see Cost).
	Cost  int
	Worse bool
	Label string
	// Comment is the record's comment on the move.
	Comment string
}

// Label thresholds. Froglet: 0 points lost is best, 1 an inaccuracy, 2 or
// 3 a mistake, 4 or more (or a move that turns a win or draw, counting the
// scores so far, into something worse) a blunder. Hüpfer: a win turned
// into a loss is a blunder; a win made longer or a loss made shorter than
// necessary is an inaccuracy by up to 2 plies and a mistake beyond.
func label(g positions.Game, cost int, worse bool) string {
	switch {
	case worse || (g == positions.Froglet && cost >= 4):
		return Blunder
	case cost <= 0:
		return Best
	case cost == 1 || (g == positions.Hupfer && cost <= 2):
		return Inaccuracy
	}
	return Mistake
}

// Annotate gives every move of a game its value, the best moves and a
// label. When a search fails (a limit, an interrupt) it returns the
// moves judged before it with the error.
func (s *Solver) Annotate(g *positions.GameRecord) ([]Annotation, error) {
	var out []Annotation
	for i, pm := range g.Moves {
		a, err := s.Analyze(pm.Before)
		if err != nil {
			return out, err
		}
		before := a[0].Value
		ann := Annotation{Ply: i + 1, Side: pm.Before.Side, Move: pm.Text, Before: before, Comment: pm.Comment}
		for _, m := range a {
			if m.Value == before {
				ann.BestMoves = append(ann.BestMoves, m.Text)
			}
			if m.Text == pm.Text {
				ann.Played = m.Value
			}
		}
		ann.Cost, ann.Worse = score.Cost(pm.Before, before, ann.Played)
		ann.Outcome, ann.BestOutcome = score.OutcomeOf(pm.Before, ann.Played), score.OutcomeOf(pm.Before, before)
		ann.Label = label(pm.Before.Game, ann.Cost, ann.Worse)
		out = append(out, ann)
	}
	return out, nil
}
