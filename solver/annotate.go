package solver

import (
	"github.com/leapfrog-solver/leapfrog/positions"
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
	Before, Played Value
	// BestMoves are all the optimal moves.
	BestMoves []string
	// Loss is the cost of the move: Froglet, the points lost against best
	// play; Hüpfer, the plies a win was lengthened or a loss shortened by,
	// and 0 when the move threw a win away (see Label).
	Loss  int
	Label string
	// Comment is the record's comment on the move.
	Comment string
}

// Label thresholds. Froglet: 0 points lost is best, 1 an inaccuracy, 2 or
// 3 a mistake, 4 or more (or a move that turns a win or draw, counting the
// scores so far, into something worse) a blunder. Hüpfer: a win turned
// into a loss is a blunder; a win made longer or a loss made shorter than
// necessary is an inaccuracy by up to 2 plies and a mistake beyond.
func label(p *positions.Position, before, played Value) (int, string) {
	if p.Game == positions.Froglet {
		loss := before.Score - played.Score
		d := p.Counts[p.Side] - p.Counts[p.Side^1]
		sign := func(x int) int {
			switch {
			case x > 0:
				return 1
			case x < 0:
				return -1
			}
			return 0
		}
		switch {
		case loss == 0:
			return 0, Best
		case loss >= 4 || sign(d+played.Score) < sign(d+before.Score):
			return loss, Blunder
		case loss == 1:
			return loss, Inaccuracy
		}
		return loss, Mistake
	}
	if before.Win() && !played.Win() {
		return 0, Blunder
	}
	loss := played.Distance() - before.Distance()
	if !before.Win() {
		loss = before.Distance() - played.Distance()
	}
	switch {
	case loss <= 0:
		return 0, Best
	case loss <= 2:
		return loss, Inaccuracy
	}
	return loss, Mistake
}

// Annotate gives every move of a game its value, the best moves and a
// label.
func (s *Solver) Annotate(g *positions.GameRecord) ([]Annotation, error) {
	var out []Annotation
	for i, pm := range g.Moves {
		a, err := s.Analyze(pm.Before)
		if err != nil {
			return nil, err
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
		ann.Loss, ann.Label = label(pm.Before, before, ann.Played)
		out = append(out, ann)
	}
	return out, nil
}
