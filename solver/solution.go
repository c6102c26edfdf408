package solver

import (
	"fmt"
	"sort"
	"strings"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// Value is the exact value of a position for the player to move (rules.md):
// Froglet, the best score difference that player can force; Hüpfer, a win
// or a loss in Distance plies.
type Value struct {
	Game positions.Game
	// Score is the Froglet score difference, or the Hüpfer score (positive
	// for a win; see Win and Distance).
	Score int
}

// Win reports whether a Hüpfer value is a win.
func (v Value) Win() bool { return v.Score > 0 }

// Distance returns the plies to the end of a Hüpfer game under best play.
func (v Value) Distance() int {
	if v.Score < 0 {
		return winScore + v.Score
	}
	return winScore - v.Score
}

// Less orders values from the mover's point of view.
func (v Value) Less(w Value) bool { return v.Score < w.Score }

// Value returns the exact value of p.
func (s *Solver) Value(p *positions.Position) (Value, error) {
	sc, err := s.exact(p)
	return Value{p.Game, sc}, err
}

// Outcome is a result for the player to move counting the score so far:
// 1 win, 0 draw, -1 loss.
type Outcome int

// WDL answers only who wins with best play, counting Froglet scores so far;
// it needs one search with a narrow window instead of the exact value.
func (s *Solver) WDL(p *positions.Position) (Outcome, error) {
	if p.Game == positions.Hupfer {
		v, err := s.run(p, -1, 1)
		if err != nil {
			return 0, err
		}
		if v > 0 {
			return 1, nil
		}
		return -1, nil
	}
	d := p.Counts[p.Side] - p.Counts[p.Side^1]
	// The final difference is d + value: a window around -d decides.
	v, err := s.run(p, -d-1, -d+1)
	if err != nil {
		return 0, err
	}
	switch {
	case v >= -d+1:
		return 1, nil
	case v <= -d-1:
		return -1, nil
	}
	return 0, nil
}

// MoveValue is a legal move with its exact value for the player making it.
type MoveValue struct {
	positions.LegalMove
	// Value: Froglet, the move's points minus the value of the position it
	// produces; Hüpfer, a win or loss whose distance counts the move itself.
	Value Value
}

// moveValue turns the value of the position a move produces into the value
// of the move for the player making it.
func moveValue(m *positions.LegalMove, child Value) Value {
	if child.Game == positions.Froglet {
		return Value{child.Game, int(m.Points) - child.Score}
	}
	return Value{child.Game, parentScore(child.Score)}
}

// Analyze returns every legal move of p with its exact value, best first;
// moves of equal value keep the order of their spellings.
func (s *Solver) Analyze(p *positions.Position) ([]MoveValue, error) {
	var out []MoveValue
	for _, m := range p.LegalMoves() {
		cv, err := s.Value(m.Result)
		if err != nil {
			return nil, err
		}
		out = append(out, MoveValue{m, moveValue(&m, cv)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[j].Value.Less(out[i].Value) })
	return out, nil
}

// BestMove returns the first move, in the order of spellings, whose value
// is v, the value of p; ok is false when p has no move. The choice depends
// only on the position, never on threads or the state of the table.
//
// No move is worth more than v, so a move is optimal exactly when the
// position it produces scores no more than childTarget says: one
// null-window search per move decides it.
func (s *Solver) BestMove(p *positions.Position, v Value) (positions.LegalMove, bool, error) {
	for _, m := range p.LegalMoves() {
		t := childTarget(&m, v)
		r, err := s.run(m.Result, t, t+1)
		if err != nil {
			return positions.LegalMove{}, false, err
		}
		// What the search proved about the child is worth keeping: its
		// value is t (no child scores less), or at least r.
		if r <= t {
			s.save(m.Result, t, t)
			return m, true, nil
		}
		s.save(m.Result, r, infinity)
	}
	return positions.LegalMove{}, false, nil
}

// save passes proven bounds on p's score to the persistent store, if any.
func (s *Solver) save(p *positions.Position, lower, upper int) {
	if s.opts.Persistent != nil {
		s.opts.Persistent.Save(p, lower, upper)
	}
}

// childTarget is the score the position produced by m must have for m to
// be worth v: the inverse of moveValue.
func childTarget(m *positions.LegalMove, v Value) int {
	if v.Game == positions.Froglet {
		return int(m.Points) - v.Score
	}
	if v.Score > 0 {
		return -v.Score - 1
	}
	return 1 - v.Score
}

// Solution is the answer to solve: the value, a best move and a principal
// variation to the end of the game.
type Solution struct {
	Value Value
	// PV is a line of optimal play to the end of the game; PV[0] is the
	// best move. Empty when the game is over.
	PV []positions.LegalMove
	// Final is the position at the end of the PV.
	Final *positions.Position
}

// Solve returns p's value, best move and principal variation.
func (s *Solver) Solve(p *positions.Position) (*Solution, error) {
	v, err := s.Value(p)
	if err != nil {
		return nil, err
	}
	sol := &Solution{Value: v}
	q, qv := p, v
	for {
		m, ok, err := s.BestMove(q, qv)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		sol.PV = append(sol.PV, m)
		// The value of the rest of the line follows from the move's.
		q, qv = m.Result, Value{p.Game, childTarget(&m, qv)}
	}
	sol.Final = q
	return sol, nil
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
}

// KnownFrom turns bounds on a score (as LimitError carries them) into
// Known.
func KnownFrom(g positions.Game, lower, upper int) Known {
	var k Known
	ptr := func(n int) *int { return &n }
	if g == positions.Froglet {
		if lower > -infinity {
			k.Lower = ptr(lower)
		}
		if upper < infinity {
			k.Upper = ptr(upper)
		}
		return k
	}
	switch {
	case lower > 0: // a win in 10000 - score plies
		k.Value, k.MaxDistance = "win", ptr(winScore-lower)
		if upper < winScore {
			k.MinDistance = ptr(winScore - upper)
		}
	case upper < 0: // a loss in 10000 + score plies
		k.Value, k.MaxDistance = "loss", ptr(winScore+upper)
		if lower > -winScore {
			k.MinDistance = ptr(winScore + lower)
		}
	}
	return k
}

// String says what is known in words: "value >= 3, value <= 5", "win in
// at most 17 plies", or "nothing yet".
func (k Known) String() string {
	var parts []string
	if k.Value != "" {
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

// Words of outcomes, as the answers give them.
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
