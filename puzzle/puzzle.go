// Package puzzle makes puzzles for either game: positions with exactly
// one right move, proven by the solver, and graded by how far a player
// has to look ahead to find that move.
//
// A position is a puzzle when its mover has at least two moves and one
// best move: Froglet, the only move that keeps the position's value;
// Hüpfer, a position the mover wins, with the only winning move or the
// fastest win by Margin plies or more. Its difficulty comes from the
// search: how many moves fail, how far their refutations run, and the
// least lookahead (Lookahead: a plain depth-limited search counting
// material at its horizon) at which a player finds the move; a lookahead
// of 1 is the greedy player, who takes the most now.
package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// Grades, from easy to hard, by the lookahead a player needs (Depth):
// easy 1-2 plies, medium 3-4, hard 5 or more (or more than the lookahead
// searched). A position with only two moves is at most medium: a guess
// finds it half the time.
var Grades = []string{"easy", "medium", "hard"}

// MaxDepth is the deepest lookahead tried: a player who needs more is
// rated MaxDepth+1.
const MaxDepth = 6

// GradeOf returns the grade of a puzzle whose best move a player finds
// from depth plies of lookahead on, among moves legal moves.
func GradeOf(depth, moves int) string {
	g := 0
	switch {
	case depth >= 5:
		g = 2
	case depth >= 3:
		g = 1
	}
	if moves <= 2 && g > 1 {
		g = 1
	}
	return Grades[g]
}

// Config says which puzzles to make.
type Config struct {
	Game          positions.Game
	Width, Height int
	// Supply is each Hüpfer player's supply at the start.
	Supply int
	// Plies random moves from the start make a candidate (the stage of
	// the game); or, when Pieces is above 0, random moves until the
	// board holds Pieces (Froglet: at most Pieces frogs).
	Plies, Pieces int
	// Grade, if not empty, keeps only puzzles of that grade.
	Grade string
	// Count is how many puzzles to make; Tries the most seeds to try.
	Count, Tries int
	// FirstSeed is the first candidate's seed; candidates take the seeds
	// from it on, in order.
	FirstSeed uint64
	// Margin: a Hüpfer position with several winning moves is a puzzle
	// when the fastest wins at least Margin plies sooner than any other.
	Margin int
	// MaxNodes is the most a candidate's search may take; a candidate
	// that needs more is skipped (0: no limit).
	MaxNodes int64
	// Prefix starts each puzzle's id; the seed ends it.
	Prefix string
	// Parallel candidates are judged at once.
	Parallel int
	// Stop, when closed, ends the search.
	Stop <-chan struct{}
	// Tried, if not nil, is told of each candidate judged, in seed order,
	// one call at a time.
	Tried func(seed uint64, p *Puzzle)
}

// Puzzle is a position with one right move, and what makes it hard.
type Puzzle struct {
	ID       string              `json:"id"`
	Position *positions.Position `json:"-"`
	Text     string              `json:"position"`
	Seed     uint64              `json:"seed"`
	Best     string              `json:"bm"`
	Value    score.Value         `json:"-"`
	PV       []string            `json:"pv"`
	// Moves is the number of legal moves; Wrong of them do not keep the
	// value (Froglet) or do not win (Hüpfer).
	Moves int `json:"moves"`
	Wrong int `json:"wrong"`
	// Greedy is the chance that the greedy player (lookahead 1) plays the
	// best move; GreedyMove is its pick (the first, if several tie).
	Greedy     float64 `json:"greedy"`
	GreedyMove string  `json:"greedy_move"`
	// Depth is the least lookahead at which a player finds the best move
	// alone (Depth; MaxDepth+1: none up to MaxDepth).
	Depth int    `json:"depth"`
	Grade string `json:"grade"`
	// Costs: Froglet, the least and the most points a wrong move gives
	// away; Hüpfer, the shortest and the longest refutation of a losing
	// move, in plies (zero when every move wins).
	CostLow  int    `json:"cost_low"`
	CostHigh int    `json:"cost_high"`
	Comment  string `json:"comment"`
	Nodes    int64  `json:"nodes"`
}

// Record returns the puzzle as a record (notation.md) that leapfrog
// verify checks: id, bm, value, dist (Hüpfer), pv and a comment.
func (z *Puzzle) Record() *positions.Record {
	r := &positions.Record{Position: z.Position}
	r.Ops = append(r.Ops, positions.Op{Name: "id", Args: []string{z.ID}}, positions.Op{Name: "bm", Args: []string{z.Best}})
	if z.Value.Game == positions.Froglet {
		r.Ops = append(r.Ops, positions.Op{Name: "value", Args: []string{strconv.Itoa(z.Value.Score)}})
	} else {
		r.Ops = append(r.Ops, positions.Op{Name: "value", Args: []string{z.Value.WinLoss()}},
			positions.Op{Name: "dist", Args: []string{strconv.Itoa(z.Value.Distance())}})
	}
	if len(z.PV) > 0 {
		r.Ops = append(r.Ops, positions.Op{Name: "pv", Args: z.PV})
	}
	r.Ops = append(r.Ops, positions.Op{Name: "c", Args: []string{z.Comment}})
	return r
}

// Candidate returns the position seed makes under cfg, or nil when the
// game ends before the stage cfg asks for.
func Candidate(cfg *Config, seed uint64) (*positions.Position, error) {
	var p *positions.Position
	var err error
	if cfg.Game == positions.Froglet {
		p, err = positions.NewFroglet(cfg.Width, cfg.Height, seed)
	} else {
		p, err = positions.NewHupfer(cfg.Width, cfg.Height, cfg.Supply)
	}
	if err != nil {
		return nil, err
	}
	if cfg.Pieces <= 0 {
		return positions.RandomPlies(p, cfg.Plies, seed), nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x7069656365)) // "piece"
	var buf []positions.Move
	for range 100_000 {
		n := p.Pieces()
		if n == cfg.Pieces || (cfg.Game == positions.Froglet && n < cfg.Pieces) {
			return p, nil
		}
		buf = p.GenerateMoves(buf[:0])
		if len(buf) == 0 {
			return nil, nil
		}
		p = p.Child(&buf[rng.IntN(len(buf))])
	}
	return nil, nil
}

// Judge solves p and returns it as a puzzle, or nil when it is not one
// (fewer than two moves, no single best move, or a Hüpfer position its
// mover loses). s's search limits decide how long it may take.
func Judge(s *solver.Solver, p *positions.Position, margin int) (*Puzzle, error) {
	moves := p.LegalMoves()
	if len(moves) < 2 {
		return nil, nil
	}
	start := s.Nodes()
	a, err := s.Analyze(p)
	if err != nil {
		return nil, err
	}
	best := a[0].Value
	if p.Game == positions.Hupfer {
		if !best.Win() {
			return nil, nil
		}
		if a[1].Value.Win() && a[1].Value.Distance()-best.Distance() < margin {
			return nil, nil
		}
	} else if a[1].Value == best {
		return nil, nil
	}
	sol, err := s.Solve(p)
	if err != nil {
		return nil, err
	}
	z := &Puzzle{Position: p, Text: p.String(), Best: a[0].Text, Value: best, Moves: len(moves), Nodes: s.Nodes() - start}
	for _, m := range sol.PV {
		z.PV = append(z.PV, m.Text)
	}
	if z.PV[0] != z.Best {
		return nil, fmt.Errorf("%s: the line starts %s, the analysis %s", p, z.PV[0], z.Best)
	}
	first := true
	for _, m := range a[1:] {
		var cost int
		if p.Game == positions.Froglet {
			cost = best.Score - m.Value.Score
		} else if !m.Value.Win() {
			cost = m.Value.Distance()
		} else {
			continue
		}
		z.Wrong++
		if first || cost < z.CostLow {
			z.CostLow = cost
		}
		if first || cost > z.CostHigh {
			z.CostHigh = cost
		}
		first = false
	}
	bi := 0
	for i := range moves {
		if moves[i].Text == z.Best {
			bi = i
		}
	}
	z.Depth = Depth(p, moves, bi)
	greedy := Lookahead(p, moves, 1)
	z.Greedy = Chance(greedy, bi)
	gi := 0
	for i, v := range greedy {
		if v > greedy[gi] {
			gi = i
		}
	}
	z.GreedyMove = moves[gi].Text
	var gv score.Value
	for _, m := range a {
		if m.Text == z.GreedyMove {
			gv = m.Value
		}
	}
	z.Grade = GradeOf(z.Depth, z.Moves)
	z.Comment = comment(z, moves[gi], gv)
	return z, nil
}

// Depth returns the least lookahead at which a player finds the move
// numbered best of moves (p.LegalMoves()) alone: 1 when the greedy player
// does, MaxDepth+1 when no lookahead up to MaxDepth does.
func Depth(p *positions.Position, moves []positions.LegalMove, best int) int {
	for d := 1; d <= MaxDepth; d++ {
		if Chance(Lookahead(p, moves, d), best) == 1 {
			return d
		}
	}
	return MaxDepth + 1
}

// comment says why the puzzle is as hard as its grade.
func comment(z *Puzzle, greedy positions.LegalMove, gv score.Value) string {
	var sb strings.Builder
	look := "the greedy move"
	switch {
	case z.Depth > MaxDepth:
		look = fmt.Sprintf("not seen within %d plies of lookahead", MaxDepth)
	case z.Depth > 1:
		look = fmt.Sprintf("seen at %d plies of lookahead", z.Depth)
	}
	fmt.Fprintf(&sb, "%s, %s: ", z.Grade, look)
	if z.Value.Game == positions.Froglet {
		fmt.Fprintf(&sb, "the only move of %d that keeps %+d; %s give away %s",
			z.Moves, z.Value.Score, others(z.Wrong), span(z.CostLow, z.CostHigh, "point"))
	} else if z.Wrong == z.Moves-1 {
		fmt.Fprintf(&sb, "the only winning move of %d (win in %d); the others lose in %s",
			z.Moves, z.Value.Distance(), span(z.CostLow, z.CostHigh, "ply"))
	} else {
		fmt.Fprintf(&sb, "the fastest of %d winning moves (win in %d)", z.Moves-z.Wrong, z.Value.Distance())
		if z.Wrong > 0 {
			fmt.Fprintf(&sb, "; %d lose in %s", z.Wrong, span(z.CostLow, z.CostHigh, "ply"))
		}
	}
	var take string
	if z.Value.Game == positions.Froglet {
		take = fmt.Sprintf("takes %d now", greedy.Points)
	} else {
		take = fmt.Sprintf("captures %d", greedy.Jumps)
	}
	switch {
	case z.Greedy == 1:
	case z.Greedy > 0:
		fmt.Fprintf(&sb, "; it is one of %.0f greedy moves", 1/z.Greedy)
	default:
		fmt.Fprintf(&sb, "; the greedy %s %s but ends %s", greedy.Text, take, ends(gv))
	}
	return sb.String()
}

// others writes "the other" or "the 5 others".
func others(n int) string {
	if n == 1 {
		return "the other"
	}
	return fmt.Sprintf("the %d others", n)
}

// span writes a range of counts with its unit: "3 points", "1 to 6 points".
func span(lo, hi int, unit string) string {
	if lo == hi {
		if lo == 1 {
			return "1 " + unit
		}
		return fmt.Sprintf("%d %s", lo, plural(unit))
	}
	return fmt.Sprintf("%d to %d %s", lo, hi, plural(unit))
}

// plural is a unit's plural.
func plural(unit string) string {
	if unit == "ply" {
		return "plies"
	}
	return unit + "s"
}

// ends says how a move of value v ends: "+1", "in a loss in 4 plies".
func ends(v score.Value) string {
	if v.Game == positions.Froglet {
		return v.String()
	}
	return fmt.Sprintf("in a %s in %s", v.WinLoss(), span(v.Distance(), v.Distance(), "ply"))
}

// Make judges the candidates of the seeds from cfg.FirstSeed on, in
// batches of cfg.Parallel at once, each with a solver of its own from
// newSolver, and returns the first cfg.Count puzzles (of cfg.Grade, if
// set) in seed order: the same ones whatever cfg.Parallel is, since each
// candidate gets a fresh solver and the same budget. A candidate whose
// search passes the budget is skipped.
func Make(ctx context.Context, cfg Config, newSolver func() *solver.Solver) ([]*Puzzle, error) {
	var out []*Puzzle
	par := max(cfg.Parallel, 1)
	// Counted by offset, not by seed, so that a range ending at the
	// largest seed is not mistaken for an empty one.
	for off := 0; off < cfg.Tries && len(out) < cfg.Count; off += par {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		seed := cfg.FirstSeed + uint64(off)
		n := uint64(min(par, cfg.Tries-off))
		got := make([]*Puzzle, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				got[i], errs[i] = judgeSeed(&cfg, seed+i, newSolver)
			})
		}
		wg.Wait()
		for i := range n {
			if errs[i] != nil {
				return out, errs[i]
			}
			z := got[i]
			if cfg.Tried != nil {
				cfg.Tried(seed+i, z)
			}
			if z != nil && (cfg.Grade == "" || z.Grade == cfg.Grade) && len(out) < cfg.Count {
				out = append(out, z)
			}
		}
	}
	return out, nil
}

// judgeSeed judges seed's candidate; a search stopped by its budget makes
// no puzzle, one stopped by the user ends the run.
func judgeSeed(cfg *Config, seed uint64, newSolver func() *solver.Solver) (*Puzzle, error) {
	p, err := Candidate(cfg, seed)
	if err != nil || p == nil {
		return nil, err
	}
	z, err := Judge(newSolver(), p, cfg.Margin)
	if errors.Is(err, solver.ErrLimit) || errors.Is(err, positions.ErrTooManyMoves) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("seed %d: %w", seed, err)
	}
	if z != nil {
		z.Seed = seed
		z.ID = fmt.Sprintf("%s seed %d", cfg.Prefix, seed)
	}
	return z, nil
}
