package solver

import (
	"errors"
	"fmt"
	"io"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/proof"
)

// ProofStats is what Proof wrote.
type ProofStats struct {
	// Lines is the number of the winner's positions the strategy names.
	Lines  int    `json:"lines"`
	SHA256 string `json:"sha256"`
	// Won reports that the player to move at the root wins.
	Won bool `json:"-"`
}

// Proof writes to w a proof (package proof) of the value of p, a Hüpfer
// position: the winner's strategy, the move BestMove picks (the quickest
// win) at every position the winner meets against every defence, each
// position once. It solves what it needs; the table makes that cheap
// after Solve.
func (s *Solver) Proof(p *positions.Position, w io.Writer) (ProofStats, error) {
	defer s.orient(p)()
	v, err := s.Value(p)
	if err != nil {
		return ProofStats{}, err
	}
	if p.Game != positions.Hupfer {
		return ProofStats{}, fmt.Errorf("%s: proofs are written for Hüpfer positions, won or lost", p)
	}
	winner := p.Side
	if !v.Win() {
		winner ^= 1
	}
	pw, err := proof.NewWriter(w, p, winner, v.Distance())
	if err != nil {
		return ProofStats{}, err
	}
	pr := &prover{s: s, w: pw, winner: winner, seen: map[string]bool{}}
	if err := pr.node(p); err != nil {
		if errors.Is(err, ErrLimit) || errors.Is(err, ErrInterrupted) {
			// Met in a later position, whose bounds are not the root's:
			// the root's value is exact already.
			return ProofStats{}, &LimitError{Err: err, Lower: v.Score, Upper: v.Score}
		}
		return ProofStats{}, err
	}
	digest, err := pw.Close()
	return ProofStats{Lines: pw.Lines(), SHA256: digest, Won: winner == p.Side}, err
}

// prover walks the winner's strategy.
type prover struct {
	s      *Solver
	w      *proof.Writer
	winner int
	seen   map[string]bool
}

// node writes the strategy from q on.
func (pr *prover) node(q *positions.Position) error {
	text := q.String()
	if pr.seen[text] {
		return nil
	}
	pr.seen[text] = true
	if q.Side != pr.winner {
		for _, m := range q.LegalMoves() {
			if err := pr.node(m.Result); err != nil {
				return err
			}
		}
		return nil
	}
	v, err := pr.s.Value(q)
	if err != nil {
		return err
	}
	if !v.Win() {
		return fmt.Errorf("%s: the winner's position is not won (%s): the search contradicts itself", q, v)
	}
	m, ok, err := pr.s.BestMove(q, v)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%s: a won position with no move", q)
	}
	if err := pr.w.Move(q, m.Text); err != nil {
		return err
	}
	return pr.node(m.Result)
}
