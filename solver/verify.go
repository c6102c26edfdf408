package solver

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/leapfrog-solver/leapfrog/score"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// ClaimResult is the verdict on one claim of a record.
type ClaimResult struct {
	// Op is the operation (value, dist, bm, am, pv) and Args its words.
	Op   string   `json:"op"`
	Args []string `json:"args"`
	OK   bool     `json:"ok"`
	// Why says what is wrong, and what the truth is, when OK is false.
	Why string `json:"why,omitempty"`
}

// Verify checks every claim (value, dist, bm, am, pv) of a record and
// returns a verdict for each, in the record's order. Other operations are
// not claims and are skipped.
func (s *Solver) Verify(rec *positions.Record) ([]ClaimResult, error) {
	p := rec.Position
	defer s.orient(p)()
	v, err := s.Value(p)
	if err != nil {
		return nil, err
	}
	var analysis []MoveValue
	analyze := func() ([]MoveValue, error) {
		if analysis == nil {
			a, err := s.Analyze(p)
			if err != nil {
				return nil, err
			}
			analysis = a
		}
		return analysis, nil
	}
	var out []ClaimResult
	for _, op := range rec.Ops {
		r := ClaimResult{Op: op.Name, Args: op.Args, OK: true}
		fail := func(format string, args ...any) {
			r.OK, r.Why = false, fmt.Sprintf(format, args...)
		}
		switch op.Name {
		case "value":
			checkValue(p, v, op.Args, fail)
		case "dist":
			switch {
			case p.Game != positions.Hupfer:
				fail("dist is for Hüpfer positions")
			case len(op.Args) != 1:
				fail("dist takes one number")
			default:
				if n, err := strconv.Atoi(op.Args[0]); err != nil || n != v.Distance() {
					fail("the distance is %d, not %s", v.Distance(), op.Args[0])
				}
			}
		case "bm", "am":
			a, err := analyze()
			if err != nil {
				return nil, err
			}
			checkMoves(p, v, a, op, fail)
		case "pv":
			if err := s.checkPV(p, op.Args, fail); err != nil {
				return nil, err
			}
		default:
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

func checkValue(p *positions.Position, v score.Value, args []string, fail func(string, ...any)) {
	if len(args) != 1 {
		fail("value takes one word")
		return
	}
	if p.Game == positions.Froglet {
		n, err := strconv.Atoi(args[0])
		if err != nil {
			fail("%q is not a whole number; the value is %+d", args[0], v.Score)
		} else if n != v.Score {
			fail("the value is %+d, not %s", v.Score, args[0])
		}
		return
	}
	want := strings.ToLower(args[0])
	if want != "win" && want != "loss" {
		fail("%q: a Hüpfer value is win or loss; it is %s", args[0], v.String())
	} else if (want == "win") != v.Win() {
		fail("the value is %s, not %s", v.String(), want)
	}
}

// checkMoves checks bm (each listed move optimal, and no other) or am
// (none of them optimal).
func checkMoves(p *positions.Position, v score.Value, a []MoveValue, op positions.Op, fail func(string, ...any)) {
	if len(op.Args) == 0 {
		fail("%s lists no move", op.Name)
		return
	}
	valueOf := map[string]score.Value{}
	for _, m := range a {
		valueOf[m.Text] = m.Value
	}
	var problems []string
	listed := map[string]bool{}
	for _, text := range op.Args {
		lm, err := p.ParseMove(text)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s is not legal: %v", text, err))
			continue
		}
		listed[lm.Text] = true
		mv := valueOf[lm.Text]
		if op.Name == "bm" && mv != v {
			problems = append(problems, fmt.Sprintf("%s is not optimal: %s against %s", text, mv.String(), v.String()))
		}
		if op.Name == "am" && mv == v {
			problems = append(problems, fmt.Sprintf("%s is optimal (%s)", text, mv.String()))
		}
	}
	if op.Name == "bm" {
		var others []string
		for _, m := range a {
			if m.Value == v && !listed[m.Text] {
				others = append(others, m.Text)
			}
		}
		if len(others) > 0 {
			problems = append(problems, fmt.Sprintf("not unique: %s also optimal", strings.Join(others, ", ")))
		}
	}
	if len(problems) > 0 {
		fail("%s", strings.Join(problems, "; "))
	}
}

// checkPV replays a line: every move legal and optimal where it is played.
func (s *Solver) checkPV(p *positions.Position, moves []string, fail func(string, ...any)) error {
	q := p
	for i, text := range moves {
		lm, err := q.ParseMove(text)
		if err != nil {
			fail("move %d, %s, is not legal: %v", i+1, text, err)
			return nil
		}
		qv, err := s.Value(q)
		if err != nil {
			return err
		}
		cv, err := s.Value(lm.Result)
		if err != nil {
			return err
		}
		if mv := moveValue(&lm, cv); mv != qv {
			best, _, err := s.BestMove(q, qv)
			if err != nil {
				return err
			}
			fail("move %d, %s, is not optimal: %s against %s by %s", i+1, text, mv.String(), qv.String(), best.Text)
			return nil
		}
		q = lm.Result
	}
	return nil
}

// Export returns rec with its claims filled in from the search: value,
// dist (Hüpfer), bm (every optimal move) and pv (a line to the end). The
// other operations are kept in their order, before the filled ones; am
// claims that do not hold are dropped and returned.
func (s *Solver) Export(rec *positions.Record) (*positions.Record, []string, error) {
	p := rec.Position
	defer s.orient(p)()
	sol, err := s.Solve(p)
	if err != nil {
		return nil, nil, err
	}
	a, err := s.Analyze(p)
	if err != nil {
		return nil, nil, err
	}
	out := &positions.Record{Position: p}
	var dropped []string
	for _, op := range rec.Ops {
		switch op.Name {
		case "value", "dist", "bm", "pv":
			continue
		case "am":
			var keep []string
			for _, text := range op.Args {
				lm, err := p.ParseMove(text)
				ok := err == nil
				for _, m := range a {
					if ok && m.Text == lm.Text && m.Value == sol.Value {
						ok = false
					}
				}
				if ok {
					keep = append(keep, lm.Text)
				} else {
					dropped = append(dropped, text)
				}
			}
			if len(keep) > 0 {
				out.Ops = append(out.Ops, positions.Op{Name: "am", Args: keep})
			}
			continue
		}
		out.Ops = append(out.Ops, op)
	}
	if p.Game == positions.Froglet {
		out.Ops = append(out.Ops, positions.Op{Name: "value", Args: []string{strconv.Itoa(sol.Value.Score)}})
	} else {
		out.Ops = append(out.Ops,
			positions.Op{Name: "value", Args: []string{map[bool]string{true: "win", false: "loss"}[sol.Value.Win()]}},
			positions.Op{Name: "dist", Args: []string{strconv.Itoa(sol.Value.Distance())}})
	}
	var bm []string
	for _, m := range a {
		if m.Value == sol.Value {
			bm = append(bm, m.Text)
		}
	}
	sort.Strings(bm)
	if len(bm) > 0 {
		out.Ops = append(out.Ops, positions.Op{Name: "bm", Args: bm})
	}
	if len(sol.PV) > 0 {
		var pv []string
		for _, m := range sol.PV {
			pv = append(pv, m.Text)
		}
		out.Ops = append(out.Ops, positions.Op{Name: "pv", Args: pv})
	}
	return out, dropped, nil
}
