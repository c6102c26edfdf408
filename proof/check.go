package proof

import (
	"fmt"
	"io"
	"slices"

	"github.com/leapfrog-solver/leapfrog/internal/reference"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// Result is what a proof proves.
type Result struct {
	Root string `json:"root"`
	// Winner is the side the claim names: Hüpfer's winner, Froglet's
	// player to move at the root.
	Winner string `json:"winner"`
	// Claimed is the claim's plies (Hüpfer; 0 in Froglet); Plies the most
	// the strategy takes against any defence (at most Claimed), or in
	// Froglet the strategies.
	Claimed int `json:"claimed_plies"`
	Plies   int `json:"plies"`
	// Lead is the final lead of Winner that the Froglet strategies hold
	// both players to (nil in Hüpfer).
	Lead *int `json:"lead,omitempty"`
	// WinnerPositions and LoserPositions are the distinct positions the
	// check visited with each side to move; Lines the strategy's lines
	// and Unused those it never reached.
	WinnerPositions int    `json:"winner_positions"`
	LoserPositions  int    `json:"loser_positions"`
	Lines           int    `json:"lines"`
	Unused          int    `json:"unused_lines"`
	SHA256          string `json:"sha256"`
}

// Check reads a proof and replays it: from the root, the winner plays
// the strategy's move and the loser every legal move, each position once,
// until every line ends with the loser to move and no move left. Moves
// come from the plain generator of internal/reference, never from the
// search's. A malformed proof is an *Error with Bad set; a strategy that
// does not win within the claim is an *Error without it. stop, if not
// nil, is polled between positions; true ends the check with an error.
func Check(r io.Reader, stop func() bool) (*Result, error) {
	f, err := read(r, reference.Text)
	if err != nil {
		return nil, err
	}
	if f.root.Game == positions.Froglet {
		return checkLead(f, stop)
	}
	c := &checker{f: f, depth: map[string]int{}, stop: stop}
	plies, err := c.node(f.root, reference.Text(f.root))
	if err != nil {
		return nil, err
	}
	res := &Result{Root: f.root.String(), Winner: positions.PlayerName(f.root.Game, f.winner), Claimed: f.plies, Plies: plies,
		WinnerPositions: c.winners, LoserPositions: c.losers, Lines: f.lines, SHA256: f.digest}
	for _, e := range f.strategy {
		if !e.used {
			res.Unused++
		}
	}
	if plies > f.plies {
		return res, &Error{Msg: fmt.Sprintf("the strategy wins, but in %d plies against the best defence, not within the %d claimed", plies, f.plies)}
	}
	return res, nil
}

// checker replays a proof.
type checker struct {
	f *file
	// depth holds the plies to the end of every position replayed (-1
	// while its lines are being replayed).
	depth           map[string]int
	winners, losers int
	stop            func() bool
}

// node replays the position p, whose reference text is key, and returns
// the most plies to the end against any defence.
func (c *checker) node(p *positions.Position, key string) (int, error) {
	if d, ok := c.depth[key]; ok {
		if d < 0 {
			return 0, &Error{Msg: fmt.Sprintf("%s comes back on its own line", p)}
		}
		return d, nil
	}
	if c.stop != nil && c.stop() {
		return 0, &Error{Msg: "stopped"}
	}
	c.depth[key] = -1
	moves, ok := reference.AllSpellings(p)
	if !ok {
		return 0, &Error{Msg: fmt.Sprintf("%s has too many paths for the plain move generator", p)}
	}
	var d int
	var err error
	if p.Side == c.f.winner {
		c.winners++
		d, err = c.winnerMoves(p, key, moves)
	} else {
		c.losers++
		d, err = c.loserMoves(moves)
	}
	if err != nil {
		return 0, err
	}
	c.depth[key] = d
	return d, nil
}

// winnerMoves plays the strategy's move in p.
func (c *checker) winnerMoves(p *positions.Position, key string, moves map[string][]string) (int, error) {
	q, result, err := c.f.play(p, key, moves)
	if err != nil {
		return 0, err
	}
	d, err := c.node(q, result)
	return d + 1, err
}

// play finds the move the strategy names for p (keyed key, with the
// reference's moves), marks its line used, and returns the position it
// makes and that position's reference text.
func (f *file) play(p *positions.Position, key string, moves map[string][]string) (*positions.Position, string, error) {
	e, ok := f.strategy[key]
	if !ok {
		return nil, "", &Error{Msg: fmt.Sprintf("the strategy has no move for %s (%s to move)", p, positions.PlayerName(p.Game, p.Side))}
	}
	e.used = true
	f.strategy[key] = e
	if len(moves) == 0 {
		return nil, "", &Error{Line: e.line, Msg: fmt.Sprintf("%s: the winner has no move and loses", p)}
	}
	for result, spellings := range moves {
		if slices.Contains(spellings, e.move) {
			q, err := parseResult(result)
			return q, result, err
		}
	}
	return nil, "", &Error{Line: e.line, Msg: fmt.Sprintf("%s is not a legal move of %s", e.move, p)}
}

// sortedResults returns the positions the moves make, in order: the same
// replay, and the same first error, every time.
func sortedResults(moves map[string][]string) []string {
	results := make([]string, 0, len(moves))
	for result := range moves {
		results = append(results, result)
	}
	slices.Sort(results)
	return results
}

// parseResult reads a position the reference generator made.
func parseResult(result string) (*positions.Position, error) {
	q, err := positions.ParsePosition(result)
	if err != nil {
		return nil, fmt.Errorf("the reference's position %q does not read: %w", result, err)
	}
	return q, nil
}

// loserMoves replays every reply of the loser; a loser with none has
// lost.
func (c *checker) loserMoves(moves map[string][]string) (int, error) {
	most := -1
	for _, result := range sortedResults(moves) {
		q, err := parseResult(result)
		if err != nil {
			return 0, err
		}
		d, err := c.node(q, result)
		if err != nil {
			return 0, err
		}
		most = max(most, d)
	}
	return most + 1, nil
}

// checkLead checks a Froglet proof: the claim's player (the player to move
// at the root) plays its strategy against every move of the other, and
// must finish at least the claimed lead ahead on every line; then the
// other plays its strategy against every move of the claim's player, who
// must finish at most that lead ahead on every line. Together the two
// make the lead the position's exact result.
func checkLead(f *file, stop func() bool) (*Result, error) {
	res := &Result{Root: f.root.String(), Winner: positions.PlayerName(f.root.Game, f.winner), Lines: f.lines, SHA256: f.digest}
	for _, prover := range []int{f.winner, f.winner ^ 1} {
		c := &leadChecker{f: f, prover: prover, seen: map[string]leadEnd{}, stop: stop}
		end, err := c.node(f.root, reference.Text(f.root))
		if err != nil {
			return nil, err
		}
		res.Plies = max(res.Plies, end.plies)
		res.WinnerPositions += c.mine
		res.LoserPositions += c.theirs
		switch {
		case prover == f.winner && end.lead < f.lead:
			return res, &Error{Msg: fmt.Sprintf("%s's strategy finishes only %d ahead against the best defence, not %d", res.Winner, end.lead, f.lead)}
		case prover != f.winner && end.lead > f.lead:
			return res, &Error{Msg: fmt.Sprintf("against %s's strategy %s finishes %d ahead, more than the %d claimed", positions.PlayerName(f.root.Game, prover), res.Winner, end.lead, f.lead)}
		}
	}
	for _, e := range f.strategy {
		if !e.used {
			res.Unused++
		}
	}
	lead := f.lead
	res.Lead = &lead
	return res, nil
}

// leadEnd is where a Froglet position's lines end: the lead of the
// claim's player (its score less the other's) that the other side can
// hold it to (the least over the lines, when the claim's player follows
// its strategy; the most, when the other does), and the longest line.
type leadEnd struct {
	lead, plies int
	done        bool
}

// leadChecker replays one of a Froglet proof's two strategies, that of
// prover.
type leadChecker struct {
	f            *file
	prover       int
	seen         map[string]leadEnd
	mine, theirs int
	stop         func() bool
}

// node replays p, whose reference text is key.
func (c *leadChecker) node(p *positions.Position, key string) (leadEnd, error) {
	if e, ok := c.seen[key]; ok {
		if !e.done {
			return e, &Error{Msg: fmt.Sprintf("%s comes back on its own line", p)}
		}
		return e, nil
	}
	if c.stop != nil && c.stop() {
		return leadEnd{}, &Error{Msg: "stopped"}
	}
	c.seen[key] = leadEnd{}
	moves, ok := reference.AllSpellings(p)
	if !ok {
		return leadEnd{}, &Error{Msg: fmt.Sprintf("%s has too many paths for the plain move generator", p)}
	}
	var end leadEnd
	var err error
	switch {
	case len(moves) == 0:
		end.lead = p.Counts[c.f.winner] - p.Counts[c.f.winner^1]
	case p.Side == c.prover:
		c.mine++
		end, err = c.strategyMove(p, key, moves)
	default:
		c.theirs++
		end, err = c.everyMove(moves)
	}
	if err != nil {
		return leadEnd{}, err
	}
	end.done = true
	c.seen[key] = end
	return end, nil
}

// strategyMove plays the strategy's move in p.
func (c *leadChecker) strategyMove(p *positions.Position, key string, moves map[string][]string) (leadEnd, error) {
	q, result, err := c.f.play(p, key, moves)
	if err != nil {
		return leadEnd{}, err
	}
	end, err := c.node(q, result)
	end.plies++
	return end, err
}

// everyMove replays every move of the side without a strategy here, and
// returns the lead it can hold the claim's player to: the least when the
// claim's player has the strategy, else the most.
func (c *leadChecker) everyMove(moves map[string][]string) (leadEnd, error) {
	var end leadEnd
	for i, result := range sortedResults(moves) {
		q, err := parseResult(result)
		if err != nil {
			return leadEnd{}, err
		}
		e, err := c.node(q, result)
		if err != nil {
			return leadEnd{}, err
		}
		better := e.lead < end.lead
		if c.prover != c.f.winner {
			better = e.lead > end.lead
		}
		if i == 0 || better {
			end.lead = e.lead
		}
		end.plies = max(end.plies, e.plies)
	}
	end.plies++
	return end, nil
}
