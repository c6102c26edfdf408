package positions_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/leapfrog-solver/leapfrog/internal/reference"
	. "github.com/leapfrog-solver/leapfrog/positions"
)

// checkAgainstReference compares both of the fast generator's APIs with
// the reference on p and returns a description of the first difference.
func checkAgainstReference(p *Position) (skipped bool, problem string) {
	ref, ok := reference.Moves(p)
	if !ok {
		return true, ""
	}
	fast := p.GenerateMoves(nil)
	seen := map[string]bool{}
	for i := range fast {
		res := p.Child(&fast[i]).String()
		if seen[res] {
			return false, fmt.Sprintf("GenerateMoves repeats the move to %s", res)
		}
		seen[res] = true
		rm, ok := ref[res]
		if !ok {
			return false, fmt.Sprintf("GenerateMoves has an illegal move %s (to %s)", p.Spell(&fast[i]), res)
		}
		if int(fast[i].Points) != rm.Points {
			return false, fmt.Sprintf("%s scores %d, reference %d", rm.Text, fast[i].Points, rm.Points)
		}
	}
	if len(fast) != len(ref) {
		var missing []string
		for res, rm := range ref {
			if !seen[res] {
				missing = append(missing, rm.Text)
			}
		}
		sort.Strings(missing)
		return false, fmt.Sprintf("GenerateMoves has %d moves, reference %d; missing %v", len(fast), len(ref), missing)
	}
	legal := p.LegalMoves()
	if len(legal) != len(ref) {
		return false, fmt.Sprintf("LegalMoves has %d moves, reference %d", len(legal), len(ref))
	}
	for _, lm := range legal {
		rm, ok := ref[lm.Result.String()]
		if !ok || rm.Text != lm.Text || rm.Points != int(lm.Points) {
			return false, fmt.Sprintf("LegalMoves says %s (%d points) to %s; reference %+v", lm.Text, lm.Points, lm.Result, rm)
		}
	}
	return false, ""
}

func TestMovesAgainstReference(t *testing.T) {
	n := 12000
	if testing.Short() {
		n = 2000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	skipped := 0
	games := map[Game]int{}
	for i := 0; i < n; i++ {
		p := reference.RandomPosition(rng)
		skip, problem := checkAgainstReference(p)
		if skip {
			skipped++
			continue
		}
		games[p.Game]++
		if problem != "" {
			t.Fatalf("position %d, %s: %s", i, p, problem)
		}
	}
	if skipped > n/100 {
		t.Errorf("%d of %d positions were too big for the reference", skipped, n)
	}
	t.Logf("compared %v positions, %d skipped", games, skipped)
}
