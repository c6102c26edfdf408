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

// Proof writes to w a proof (package proof) of the value of p. Hüpfer: the
// winner's strategy, the move BestMove picks (the quickest win) at every
// position the winner meets against every defence. Froglet: the final
// lead the player to move gets under best play, with two strategies, the
// move BestMove picks at every position each player meets against every
// move of the other. Each position is written once. It solves what it
// needs; the table makes that cheap after Solve.
func (s *Solver) Proof(p *positions.Position, w io.Writer) (ProofStats, error) {
	defer s.orient(p)()
	v, err := s.Value(p)
	if err != nil {
		return ProofStats{}, err
	}
	var pw *proof.Writer
	var provers []int // whose strategies the proof holds
	var won bool
	if p.Game == positions.Hupfer {
		winner := p.Side
		if !v.Win() {
			winner ^= 1
		}
		provers, won = []int{winner}, winner == p.Side
		pw, err = proof.NewWriter(w, p, winner, v.Distance())
	} else {
		lead := p.Counts[p.Side] - p.Counts[p.Side^1] + v.Score
		provers, won = []int{p.Side, p.Side ^ 1}, lead > 0
		pw, err = proof.NewLeadWriter(w, p, lead)
	}
	if err != nil {
		return ProofStats{}, err
	}
	for _, side := range provers {
		pr := &prover{s: s, w: pw, winner: side, seen: map[string]bool{}}
		if err = pr.node(p); err != nil {
			break
		}
	}
	if err != nil {
		if errors.Is(err, ErrLimit) || errors.Is(err, ErrInterrupted) {
			// Met in a later position, whose bounds are not the root's:
			// the root's value is exact already.
			return ProofStats{}, &LimitError{Err: err, Lower: v.Score, Upper: v.Score}
		}
		return ProofStats{}, err
	}
	digest, err := pw.Close()
	return ProofStats{Lines: pw.Lines(), SHA256: digest, Won: won}, err
}

// prover walks the strategy of one player, winner: Hüpfer's winner, or
// either Froglet player.
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
	if q.Game == positions.Hupfer && !v.Win() {
		return fmt.Errorf("%s: the winner's position is not won (%s): the search contradicts itself", q, v)
	}
	m, ok, err := pr.s.BestMove(q, v)
	if err != nil {
		return err
	}
	if !ok {
		if q.Game == positions.Froglet {
			return nil // the game is over
		}
		return fmt.Errorf("%s: a won position with no move", q)
	}
	if err := pr.w.Move(q, m.Text); err != nil {
		return err
	}
	return pr.node(m.Result)
}
