package puzzle

import (
	"github.com/leapfrog-solver/leapfrog/positions"
)

// lost is the lookahead's value of a Hüpfer position without a move for
// the player to move, beyond any count of pieces; a loss found later in
// the line is worth a little more (one less per ply), so that a player
// looking ahead takes the quickest win it sees.
const lost = -1_000_000

// Lookahead values every legal move of p as a player who looks depth
// plies ahead (depth >= 1) and counts material at the horizon: Froglet,
// the points the line takes for the mover minus the opponent's; Hüpfer,
// the mover's pieces (on the board and in the supply) minus the
// opponent's, and a position without a move lost. depth 1 is the greedy
// player: the points a move takes now, or the pieces it captures (and a
// move that leaves the opponent no move at all). moves are p.LegalMoves().
func Lookahead(p *positions.Position, moves []positions.LegalMove, depth int) []int {
	l := lookahead{bufs: make([][]positions.Move, depth)}
	out := make([]int, len(moves))
	for i := range moves {
		m := &moves[i]
		out[i] = gain(p, &m.Move) - l.negamax(m.Result, depth-1, 1, lost*2, -lost*2)
	}
	return out
}

// lookahead holds the move buffers of one search, one per ply.
type lookahead struct {
	bufs [][]positions.Move
}

// gain is what a move is worth to its player at once: its points
// (Froglet); nothing in Hüpfer, whose material is counted at the horizon.
func gain(p *positions.Position, m *positions.Move) int {
	if p.Game == positions.Froglet {
		return int(m.Points)
	}
	return 0
}

// material is a Hüpfer position's material for the player to move.
func material(p *positions.Position) int {
	s := p.Side
	mine, theirs := p.SideSet(s), p.SideSet(s^1)
	return mine.Count() + p.Counts[s] - theirs.Count() - p.Counts[s^1]
}

// negamax is the depth-limited value of p for the player to move, ply
// plies below the root, by alpha-beta within (alpha, beta).
func (l *lookahead) negamax(p *positions.Position, depth, ply, alpha, beta int) int {
	if depth == 0 && p.Game == positions.Froglet {
		return 0
	}
	buf := p.GenerateMoves(l.bufs[ply-1][:0])
	l.bufs[ply-1] = buf
	if len(buf) == 0 {
		if p.Game == positions.Hupfer {
			return lost + ply
		}
		return 0
	}
	if depth == 0 {
		return material(p)
	}
	// Moves that take the most come first: they cut the most.
	order(p, buf)
	best := lost * 2
	for i := range buf {
		g := gain(p, &buf[i])
		v := g - l.negamax(p.Child(&buf[i]), depth-1, ply+1, g-beta, g-alpha)
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// order sorts moves by what they take, most first (insertion sort: the
// lists are short).
func order(p *positions.Position, ms []positions.Move) {
	key := func(m *positions.Move) int16 {
		if p.Game == positions.Froglet {
			return m.Points
		}
		return m.Jumps
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && key(&ms[j]) > key(&ms[j-1]); j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// Chance is the chance that a player who picks uniformly among the
// moves values ranks highest picks the move numbered best.
func Chance(values []int, best int) float64 {
	top, n := values[best], 0
	for _, v := range values {
		if v > top {
			return 0
		}
		if v == top {
			n++
		}
	}
	return 1 / float64(n)
}
