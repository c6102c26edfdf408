package solver

import (
	"errors"
	"sort"

	"github.com/leapfrog-solver/leapfrog/score"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// Value returns the exact value of p.
func (s *Solver) Value(p *positions.Position) (score.Value, error) {
	defer s.orient(p)()
	sc, err := s.exact(p, false)
	return score.Value{Game: p.Game, Score: sc}, err
}

// ExactValue returns p's exact value as Solve finds it, without the best
// move and the line: a stored answer when the cache holds one, else the
// value's search alone (Hüpfer: proof numbers first, as Solve). For a
// lost Hüpfer position the line costs proving every move spelt before the
// best one a faster loss: 44% of the 6x6 5-5 start's nodes, 1% of 6-6's
// (docs/PERFORMANCE.md, "Nodes against the reference solver").
func (s *Solver) ExactValue(p *positions.Position) (score.Value, error) {
	defer s.orient(p)()
	if sol, ok := s.storedAnswer(p); ok {
		return sol.Value, nil
	}
	if p.Game == positions.Hupfer {
		s.boundByProof(p)
	}
	sc, err := s.exact(p, false)
	return score.Value{Game: p.Game, Score: sc}, err
}

// WDL answers only who wins with best play, counting Froglet scores so far;
// it needs one search with a narrow window instead of the exact value.
func (s *Solver) WDL(p *positions.Position) (score.Outcome, error) {
	if p.Game == positions.Hupfer && s.opts.Method != MethodAlphaBeta && !s.stored(p) {
		budget := int64(pnBudget)
		if s.opts.Method == MethodProofNumber {
			budget = 0
		}
		won, decided, err := s.prove(p, 0, budget)
		if err != nil || decided {
			return winLoss(won), err
		}
		if s.opts.Method == MethodAuto {
			// Alpha-beta while the question is small; past abBudget
			// nodes, proof numbers to the end.
			s.handOver = s.Nodes() - s.baseNodes + abBudget
			o, err := s.alphaBetaWDL(p)
			s.handOver = 0
			if !errors.Is(err, errOvertaken) {
				return o, err
			}
			s.limitHit.CompareAndSwap(limitOvertaken, 0)
			won, _, err := s.prove(p, 0, 0)
			return winLoss(won), err
		}
	}
	return s.alphaBetaWDL(p)
}

// abBudget is how many nodes WDL's MethodAuto gives alpha-beta before it
// hands the question to proof numbers: about a minute on two threads,
// which settles the 6x6 starts up to 7-7, where alpha-beta is the faster;
// from 8-8 on proof numbers are (docs/PERFORMANCE.md, "Who wins"). A
// variable, so that the tests can hand small questions over.
var abBudget int64 = 1 << 28

// alphaBetaWDL is WDL by alpha-beta alone.
func (s *Solver) alphaBetaWDL(p *positions.Position) (score.Outcome, error) {
	defer s.orient(p)()
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
	// The final difference is d + value: two null windows at -d decide,
	// first whether White escapes the loss, then whether White wins. They
	// search 4% fewer nodes than one window around -d (18 5x6 openings,
	// docs/PERFORMANCE.md, "Who wins"); draws, the most common outcome,
	// need both either way, and asking about the loss first suits them.
	if v, err := s.run(p, -d-1, -d); err != nil {
		return 0, err
	} else if v <= -d-1 {
		return -1, nil
	}
	if v, err := s.run(p, -d, -d+1); err != nil {
		return 0, err
	} else if v >= -d+1 {
		return 1, nil
	}
	return 0, nil
}

// winLoss is the outcome of a Hüpfer position its mover wins or not.
func winLoss(won bool) score.Outcome {
	if won {
		return 1
	}
	return -1
}

// stored reports whether the persistent store already says who wins the
// Hüpfer position p: alpha-beta then answers from it at once.
func (s *Solver) stored(p *positions.Position) bool {
	if s.opts.Persistent == nil {
		return false
	}
	lower, upper, ok := s.opts.Persistent.Load(p)
	return ok && (lower > 0 || upper < 0)
}

// MoveValue is a legal move with its exact value for the player making it.
type MoveValue struct {
	positions.LegalMove
	// Value: Froglet, the move's points minus the value of the position it
	// produces; Hüpfer, a win or loss whose distance counts the move itself.
	Value score.Value
}

// moveValue turns the value of the position a move produces into the value
// of the move for the player making it.
func moveValue(m *positions.LegalMove, child score.Value) score.Value {
	if child.Game == positions.Froglet {
		return score.Value{Game: child.Game, Score: int(m.Points) - child.Score}
	}
	return score.Value{Game: child.Game, Score: score.Parent(child.Score)}
}

// Analyze returns every legal move of p with its exact value, best first;
// moves of equal value keep the order of their spellings.
func (s *Solver) Analyze(p *positions.Position) ([]MoveValue, error) {
	defer s.orient(p)()
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
func (s *Solver) BestMove(p *positions.Position, v score.Value) (positions.LegalMove, bool, error) {
	defer s.orient(p)()
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
func childTarget(m *positions.LegalMove, v score.Value) int {
	return score.Child(v.Game, int(m.Points), v.Score)
}

// Solution is the answer to solve: the value, a best move and a principal
// variation to the end of the game.
type Solution struct {
	Value score.Value
	// PV is a line of optimal play to the end of the game; PV[0] is the
	// best move. Empty when the game is over.
	PV []positions.LegalMove
	// Final is the position at the end of the PV.
	Final *positions.Position
}

// answers is what a Persistent store may also keep: whole solved roots,
// their score and line of best play (package cache does).
type answers interface {
	LoadAnswer(p *positions.Position) (score int, pv []string, ok bool)
	SaveAnswer(p *positions.Position, score int, pv []string)
}

// Solve returns p's value, best move and principal variation: from the
// persistent store's answer when it has one, else searched (and then
// stored there).
func (s *Solver) Solve(p *positions.Position) (*Solution, error) {
	defer s.orient(p)()
	if sol, ok := s.storedAnswer(p); ok {
		return sol, nil
	}
	store, _ := s.opts.Persistent.(answers)
	sol, err := s.solve(p)
	if err == nil && store != nil {
		pv := make([]string, len(sol.PV))
		for i, m := range sol.PV {
			pv[i] = m.Text
		}
		store.SaveAnswer(p, sol.Value.Score, pv)
	}
	return sol, err
}

// storedAnswer returns the answer the persistent store holds for p, when
// it holds one whose line replays to its value.
func (s *Solver) storedAnswer(p *positions.Position) (*Solution, bool) {
	store, ok := s.opts.Persistent.(answers)
	if !ok {
		return nil, false
	}
	sc, pv, ok := store.LoadAnswer(p)
	if !ok {
		return nil, false
	}
	return replay(p, sc, pv)
}

// replay rebuilds a stored answer's solution, playing its line; a line
// that does not play, or does not end the game at the stored value (it
// cannot, unless the store lies), is no answer.
func replay(p *positions.Position, sc int, pv []string) (*Solution, bool) {
	sol := &Solution{Value: score.Value{Game: p.Game, Score: sc}}
	q := p
	points, sign := 0, 1
	for _, text := range pv {
		m, err := q.ParseMove(text)
		if err != nil {
			return nil, false
		}
		sol.PV = append(sol.PV, m)
		points += sign * int(m.Points)
		sign = -sign
		q = m.Result
	}
	// The line must also end the game and come to its value: Froglet
	// its points, Hüpfer its distance, won by the side it says. A stored
	// score that its line does not bear out is no answer either.
	if q.HasMoves() {
		return nil, false
	}
	v := sol.Value
	if p.Game == positions.Froglet && points != sc ||
		p.Game == positions.Hupfer && (len(pv) != v.Distance() || (len(pv)%2 == 1) != v.Win()) {
		return nil, false
	}
	sol.Final = q
	return sol, true
}

// solve searches p's value and line.
func (s *Solver) solve(p *positions.Position) (*Solution, error) {
	if p.Game == positions.Hupfer {
		s.boundByProof(p)
	}
	sc, err := s.exact(p, true)
	if err != nil {
		return nil, err
	}
	v := score.Value{Game: p.Game, Score: sc}
	sol := &Solution{Value: v}
	q, qv := p, v
	for {
		m, ok, err := s.BestMove(q, qv)
		if err != nil {
			// The value is exact already: a limit met while the line is
			// found must not lose it.
			return nil, &LimitError{Err: err, Lower: v.Score, Upper: v.Score}
		}
		if !ok {
			break
		}
		sol.PV = append(sol.PV, m)
		// The value of the rest of the line follows from the move's.
		q, qv = m.Result, score.Value{Game: p.Game, Score: childTarget(&m, qv)}
	}
	sol.Final = q
	return sol, nil
}
