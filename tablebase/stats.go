package tablebase

import (
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// TierStats summarises one tier of a table.
type TierStats struct {
	Tier      int `json:"tier"`
	Positions int `json:"positions"`
	// Hüpfer: wins and losses for the player to move, and the longest win.
	Wins        int    `json:"wins,omitempty"`
	Losses      int    `json:"losses,omitempty"`
	LongestWin  int    `json:"longest_win,omitempty"`
	LongestFrom string `json:"longest_from,omitempty"`
	// Froglet: the values from worst to best for the player to move, how
	// many positions have each, and a position with the best value.
	Values   map[int]int `json:"values,omitempty"`
	Best     int         `json:"best,omitempty"`
	BestFrom string      `json:"best_from,omitempty"`
}

// Stats reads root's table and summarises it tier by tier. Where several
// positions have a tier's best value (Froglet) or its longest win
// (Hüpfer), the example is the one with the least canonical key, so that
// it does not depend on the order of the positions in memory.
func Stats(kv KV, root *positions.Position) (*Meta, []TierStats, error) {
	t, meta, err := loadAll(kv, root, Options{})
	if err != nil {
		return nil, nil, err
	}
	var out []TierStats
	for _, tm := range meta.Tiers {
		st := TierStats{Tier: tm.Tier, Positions: t.sets[tm.Tier].Len()}
		if t.game == positions.Froglet {
			st.Values = map[int]int{}
			st.Best = -1 << 30
		}
		var example positions.SmallKey // of the best value or longest win
		found := false
		// better says whether k, whose measure is m against the example's
		// best, is the new example.
		better := func(m, best int, k *positions.SmallKey) bool {
			return !found || m > best || m == best && keyCompare(k, &example) < 0
		}
		set := t.sets[tm.Tier]
		set.Each(0, set.Slots(), func(i int, k positions.SmallKey) bool {
			v := score.Value{Game: t.game, Score: int(set.Value(i))}
			if t.game == positions.Froglet {
				st.Values[v.Score]++
				if better(v.Score, st.Best, &k) {
					st.Best, example, found = v.Score, k, true
				}
				return true
			}
			if v.Win() {
				st.Wins++
				if better(v.Distance(), st.LongestWin, &k) {
					st.LongestWin, example, found = v.Distance(), k, true
				}
			} else {
				st.Losses++
			}
			return true
		})
		if found {
			p := example.Position(t.game, t.board)
			if t.game == positions.Froglet {
				st.BestFrom = p.String()
			} else {
				st.LongestFrom = p.String()
			}
		}
		out = append(out, st)
	}
	return meta, out, nil
}
