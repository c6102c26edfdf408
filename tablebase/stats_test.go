package tablebase

import (
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// TestStatsExamples checks every tier's counts and example position
// against a plain pass over the table's sets: the example has the tier's
// best value (Froglet) or longest win (Hüpfer), and no position with it
// has a smaller key, so that the example does not depend on the order of
// the positions in memory.
func TestStatsExamples(t *testing.T) {
	st := openStore(t)
	for _, text := range roots[:5] {
		root, err := positions.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Build(st, root, Options{}); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		_, tiers, err := Stats(st, root)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		tb, _, err := loadAll(st, root, Options{})
		if err != nil {
			t.Fatal(err)
		}
		canon := positions.NewCanonicalizer(root.Board)
		for _, ts := range tiers {
			set := tb.sets[ts.Tier]
			// measure is what the example maximises; counted, the tier's
			// positions and wins.
			measure := func(v int16) (int, bool) {
				val := score.Value{Game: root.Game, Score: int(v)}
				if root.Game == positions.Froglet {
					return int(v), true
				}
				return val.Distance(), val.Win()
			}
			best, n, wins := 0, 0, 0
			var least *positions.SmallKey
			set.Each(0, set.Slots(), func(i int, k positions.SmallKey) bool {
				n++
				m, ok := measure(set.Value(i))
				if !ok {
					return true
				}
				wins++
				if least == nil || m > best || m == best && keyCompare(&k, least) < 0 {
					best, least = m, &k
				}
				return true
			})
			from, got := ts.BestFrom, ts.Best
			if root.Game == positions.Hupfer {
				from, got = ts.LongestFrom, ts.LongestWin
				if ts.Wins != wins || ts.Losses != n-wins {
					t.Errorf("%s tier %d: %d wins %d losses, want %d and %d", text, ts.Tier, ts.Wins, ts.Losses, wins, n-wins)
				}
			}
			if ts.Positions != n {
				t.Errorf("%s tier %d: %d positions, want %d", text, ts.Tier, ts.Positions, n)
			}
			if least == nil {
				if from != "" {
					t.Errorf("%s tier %d: example %q with nothing to show", text, ts.Tier, from)
				}
				continue
			}
			p, err := positions.ParsePosition(from)
			if err != nil {
				t.Fatalf("%s tier %d: example %q: %v", text, ts.Tier, from, err)
			}
			if got != best || canon.Key(p) != *least {
				t.Errorf("%s tier %d: example %s with %d, want the least key %+v with %d", text, ts.Tier, from, got, *least, best)
			}
		}
	}
}
