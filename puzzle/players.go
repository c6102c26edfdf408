package puzzle

import (
	"math/rand/v2"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// A Player is a simple way of choosing a move, to check the grades
// against: Play returns the chance that it picks the move numbered best
// of moves (p.LegalMoves()).
type Player struct {
	Name string
	Play func(p *positions.Position, moves []positions.LegalMove, best int) float64
}

// Players are the players the grades are checked against: one who picks
// at random, the greedy player, lookahead players of 2 and 4 plies, and a
// Monte Carlo player, who owes nothing to the lookahead the grades come
// from: it plays each move, then playouts random games to the end from
// it, and picks the move whose games end best on average.
func Players() []Player {
	look := func(d int) func(*positions.Position, []positions.LegalMove, int) float64 {
		return func(p *positions.Position, moves []positions.LegalMove, best int) float64 {
			return Chance(Lookahead(p, moves, d), best)
		}
	}
	return []Player{
		{"random", func(_ *positions.Position, moves []positions.LegalMove, _ int) float64 {
			return 1 / float64(len(moves))
		}},
		{"greedy", look(1)},
		{"lookahead 2", look(2)},
		{"lookahead 4", look(4)},
		{"Monte Carlo 200", func(p *positions.Position, moves []positions.LegalMove, best int) float64 {
			return Chance(MonteCarlo(p, moves, 200, 1), best)
		}},
	}
}

// MonteCarlo values each move by playouts random games from the position
// it makes, with the random generator seeded by seed: the sum over the
// games of the final score difference for the mover (Froglet), or of +1
// for a win and -1 for a loss (Hüpfer).
func MonteCarlo(p *positions.Position, moves []positions.LegalMove, playouts int, seed uint64) []int {
	rng := rand.New(rand.NewPCG(seed, 0x6d6f6e7465)) // "monte"
	out := make([]int, len(moves))
	var buf []positions.Move
	for i := range moves {
		m := &moves[i]
		for range playouts {
			q := *m.Result
			sign := -1 // q's mover is the opponent
			v := gain(p, &m.Move)
			for {
				buf = q.GenerateMoves(buf[:0])
				if len(buf) == 0 {
					if q.Game == positions.Hupfer {
						v = sign * -1 // q's mover has no move: loses
					}
					break
				}
				mv := &buf[rng.IntN(len(buf))]
				v += sign * gain(&q, mv)
				q.Apply(mv)
				sign = -sign
			}
			out[i] += v
		}
	}
	return out
}
