package reference

import (
	"github.com/leapfrog-solver/leapfrog/positions"
)

// Value is a value found by Minimax: Froglet, the best score difference for
// the player to move; Hüpfer, win or loss with the distance in plies.
type Value struct {
	Score    int
	Win      bool
	Distance int
}

// Minimax is a plain memoized minimax without pruning, on top of the plain
// move generator. It memoizes on the position's text.
type Minimax struct {
	memo map[string]Value
	// Budget is the most new positions one call may evaluate; past it
	// Value gives up.
	Budget int
	spent  int
}

// NewMinimax returns a Minimax with a budget of positions.
func NewMinimax(budget int) *Minimax {
	return &Minimax{memo: map[string]Value{}, Budget: budget}
}

// Value returns p's value, and false when the budget ran out.
func (mm *Minimax) Value(p *positions.Position) (Value, bool) {
	mm.spent = 0
	if len(mm.memo) > 2_000_000 {
		mm.memo = map[string]Value{}
	}
	return mm.value(p)
}

func (mm *Minimax) value(p *positions.Position) (Value, bool) {
	text := p.String()
	if v, ok := mm.memo[text]; ok {
		return v, true
	}
	if mm.spent >= mm.Budget {
		return Value{}, false
	}
	mm.spent++
	moves, ok := Moves(p)
	if !ok {
		return Value{}, false
	}
	var v Value
	first := true
	for _, m := range moves {
		// The memo by the child's text first: parsing it (a new board
		// each time) took half of the time.
		cv, ok := mm.memo[m.Result]
		if !ok {
			child, err := positions.ParsePosition(m.Result)
			if err != nil {
				panic(err)
			}
			if cv, ok = mm.value(child); !ok {
				return Value{}, false
			}
		}
		mv := MoveValue(p.Game, m, cv)
		if first || Better(p.Game, mv, v) {
			v, first = mv, false
		}
	}
	if first && p.Game == positions.Hupfer {
		v = Value{Win: false, Distance: 0} // no move: lost
	}
	mm.memo[text] = v
	return v, true
}

// MoveValue is the value of move m for the player making it, given the
// value of the position it produces.
func MoveValue(g positions.Game, m Move, child Value) Value {
	if g == positions.Froglet {
		return Value{Score: m.Points - child.Score}
	}
	return Value{Win: !child.Win, Distance: child.Distance + 1}
}

// Better reports whether a is better than b for the player choosing: a
// higher score; a win over a loss, a quicker win, a slower loss.
func Better(g positions.Game, a, b Value) bool {
	if g == positions.Froglet {
		return a.Score > b.Score
	}
	if a.Win != b.Win {
		return a.Win
	}
	if a.Win {
		return a.Distance < b.Distance
	}
	return a.Distance > b.Distance
}
