package tablebase

import (
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/solver"
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

// Stats reads root's table and summarises it tier by tier.
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
		set := t.sets[tm.Tier]
		set.Each(0, set.Slots(), func(i int, k positions.SmallKey) bool {
			v := solver.Value{Game: t.game, Score: int(set.Value(i))}
			if t.game == positions.Froglet {
				st.Values[v.Score]++
				if v.Score > st.Best {
					p := k.Position(t.game, t.board)
					st.Best, st.BestFrom = v.Score, p.String()
				}
				return true
			}
			if v.Win() {
				st.Wins++
				if v.Distance() > st.LongestWin {
					p := k.Position(t.game, t.board)
					st.LongestWin, st.LongestFrom = v.Distance(), p.String()
				}
			} else {
				st.Losses++
			}
			return true
		})
		out = append(out, st)
	}
	return meta, out, nil
}
