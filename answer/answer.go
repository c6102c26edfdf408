// Package answer holds the answers leapfrog gives to its questions, in
// the shapes that the command line's --json prints and that leapfrog
// serve's API returns (docs/cli.md): one shape per question, built from
// the rules' and the solver's results in one place, so that both front
// ends say the same thing in the same words.
package answer

import (
	"fmt"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// Value returns the value and distance fields of v: Froglet, the score
// difference and no distance; Hüpfer, "win" or "loss" and the plies.
func Value(v score.Value) (any, *int) {
	if v.Game == positions.Froglet {
		return v.Score, nil
	}
	d := v.Distance()
	return v.WinLoss(), &d
}

// Moves answers moves: every legal move once.
type Moves struct {
	ID       string `json:"id,omitempty"`
	Position string `json:"position"`
	Moves    []Move `json:"moves"`
}

// Move is a legal move: its canonical spelling, the position it makes and
// its points.
type Move struct {
	Move     string `json:"move"`
	Position string `json:"position"`
	Points   int    `json:"points"`
}

// MovesOf returns the answer to moves about p.
func MovesOf(p *positions.Position) Moves {
	out := Moves{Position: p.String(), Moves: []Move{}}
	for _, m := range p.LegalMoves() {
		out.Moves = append(out.Moves, Move{m.Text, m.Result.String(), int(m.Points)})
	}
	return out
}

// Solve answers solve: the value, the best move and a line of best play.
type Solve struct {
	ID       string   `json:"id,omitempty"`
	Position string   `json:"position"`
	Game     string   `json:"game"`
	Value    any      `json:"value"`
	Distance *int     `json:"distance,omitempty"`
	Best     *string  `json:"best"`
	PV       []string `json:"pv"`
	Outcome  string   `json:"outcome"`
	Final    string   `json:"final,omitempty"`
	Proof    *Proof   `json:"proof,omitempty"`
	Nodes    int64    `json:"nodes"`
	Seconds  float64  `json:"seconds"`
}

// Proof is what solve --proof says of the proof it wrote.
type Proof struct {
	File   string `json:"file"`
	Lines  int    `json:"lines"`
	SHA256 string `json:"sha256"`
}

// SolveOf returns the answer to solve about p, whose solution is sol.
func SolveOf(p *positions.Position, sol *solver.Solution, nodes int64, seconds float64) Solve {
	pv := make([]string, len(sol.PV))
	for i, m := range sol.PV {
		pv[i] = m.Text
	}
	out := Solve{Position: p.String(), Game: p.Game.String(), PV: pv, Outcome: score.OutcomeOf(p, sol.Value).String(), Nodes: nodes, Seconds: seconds}
	out.Value, out.Distance = Value(sol.Value)
	if len(pv) > 0 {
		out.Best = &pv[0]
	}
	if p.Game == positions.Froglet && sol.Final != nil {
		out.Final = scores(sol.Final)
	}
	return out
}

func scores(p *positions.Position) string {
	return fmt.Sprintf("%d-%d", p.Counts[0], p.Counts[1])
}

// Exact answers solve --value: the exact value as solve gives it, without
// best and pv (which, null and empty, would say that the game is over).
type Exact struct {
	ID       string  `json:"id,omitempty"`
	Position string  `json:"position"`
	Game     string  `json:"game"`
	Value    any     `json:"value"`
	Distance *int    `json:"distance,omitempty"`
	Outcome  string  `json:"outcome"`
	Proof    *Proof  `json:"proof,omitempty"`
	Nodes    int64   `json:"nodes"`
	Seconds  float64 `json:"seconds"`
}

// ExactOf returns the answer to solve --value about p, whose value is v.
func ExactOf(p *positions.Position, v score.Value, nodes int64, seconds float64) Exact {
	out := Exact{Position: p.String(), Game: p.Game.String(), Outcome: score.OutcomeOf(p, v).String(), Nodes: nodes, Seconds: seconds}
	out.Value, out.Distance = Value(v)
	return out
}

// WDL answers solve --wdl: who wins, counting Froglet scores so far.
type WDL struct {
	ID       string  `json:"id,omitempty"`
	Position string  `json:"position"`
	Game     string  `json:"game"`
	Value    string  `json:"value,omitempty"` // Hüpfer: the value is the outcome
	Outcome  string  `json:"outcome"`
	Nodes    int64   `json:"nodes"`
	Seconds  float64 `json:"seconds"`
	// Proof is the proof written with --proof, if any.
	Proof *Proof `json:"proof,omitempty"`
}

// WDLOf returns the answer to solve --wdl about p.
func WDLOf(p *positions.Position, o score.Outcome, nodes int64, seconds float64) WDL {
	out := WDL{Position: p.String(), Game: p.Game.String(), Outcome: o.String(), Nodes: nodes, Seconds: seconds}
	if p.Game == positions.Hupfer {
		out.Value = o.String()
	}
	return out
}

// Analysis answers analyze: the position's value and every legal move's,
// best first, as the Lichess tablebase API lists them.
type Analysis struct {
	ID       string         `json:"id,omitempty"`
	Position string         `json:"position"`
	Game     string         `json:"game"`
	Value    any            `json:"value,omitempty"`
	Distance *int           `json:"distance,omitempty"`
	Outcome  string         `json:"outcome"`
	Moves    []AnalyzedMove `json:"moves"`
}

// AnalyzedMove is a move with its value, outcome and cost (what it gives
// away against the best: Froglet points, Hüpfer plies).
type AnalyzedMove struct {
	Move     string `json:"move"`
	Position string `json:"position"`
	Points   int    `json:"points"`
	Value    any    `json:"value,omitempty"`
	Distance *int   `json:"distance,omitempty"`
	Outcome  string `json:"outcome"`
	Cost     *int   `json:"cost,omitempty"`
}

// AnalysisOf returns the answer to analyze about p, whose value is v and
// whose moves (best first) are moves.
func AnalysisOf(p *positions.Position, v score.Value, moves []solver.MoveValue) Analysis {
	out := Analysis{Position: p.String(), Game: p.Game.String(), Outcome: score.OutcomeOf(p, v).String(), Moves: []AnalyzedMove{}}
	out.Value, out.Distance = Value(v)
	for _, m := range moves {
		am := AnalyzedMove{Move: m.Text, Position: m.Result.String(), Points: int(m.Points), Outcome: score.OutcomeOf(p, m.Value).String()}
		am.Value, am.Distance = Value(m.Value)
		if cost, worse := score.Cost(p, v, m.Value); !worse || p.Game == positions.Froglet {
			am.Cost = &cost
		}
		out.Moves = append(out.Moves, am)
	}
	return out
}

// Probe answers tablebase probe.
type Probe struct {
	ID           string  `json:"id,omitempty"`
	Position     string  `json:"position"`
	Value        any     `json:"value"`
	Distance     *int    `json:"distance,omitempty"`
	Outcome      string  `json:"outcome"`
	Best         *string `json:"best"`
	Microseconds int64   `json:"microseconds"`
}

// ProbeOf returns the answer to a probe of p, whose value in the table is
// v and whose best move is best (nil when the game is over).
func ProbeOf(p *positions.Position, v score.Value, best *positions.LegalMove, microseconds int64) Probe {
	out := Probe{Position: p.String(), Outcome: score.OutcomeOf(p, v).String(), Microseconds: microseconds}
	out.Value, out.Distance = Value(v)
	if best != nil {
		out.Best = &best.Text
	}
	return out
}

// Error is the answer to a question that has none: a bad position, a
// limit that ran out.
type Error struct {
	Error    string `json:"error"`
	Position string `json:"position,omitempty"`
}
