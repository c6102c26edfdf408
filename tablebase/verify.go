package tablebase

// Whole tables in memory: verify, and the loading it needs.

import (
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// loadAll reads a whole built table into memory (for verify and stats).
func loadAll(kv KV, root *positions.Position, opt Options) (*table, *Meta, error) {
	id := tableID(root)
	raw, ok, err := kv.GetRaw(metaKey(root.Game, id))
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, nil, fmt.Errorf("no table of %s (build it with leapfrog tablebase build)", root)
	}
	var meta Meta
	if err := json.Unmarshal(raw, &meta); err != nil {
		return nil, nil, err
	}
	if !meta.Done {
		return nil, nil, fmt.Errorf("the table of %s is not finished (build it again to resume)", root)
	}
	t := &table{game: root.Game, board: root.Board, canon: positions.NewCanonicalizer(root.Board), sets: map[int]*enumerate.KeySet{}, ready: map[int]bool{}}
	// The tiers are independent: each core loads one at a time.
	var mu sync.Mutex
	var firstErr error
	next := make(chan TierMeta)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for tm := range next {
				set, err := loadTier(kv, root, id, tm)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				t.sets[tm.Tier], t.ready[tm.Tier] = set, err == nil
				mu.Unlock()
			}
		}()
	}
	for _, tm := range meta.Tiers {
		next <- tm
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, nil, firstErr
	}
	return t, &meta, nil
}

// loadTier reads a stored tier into a new set, values and all.
func loadTier(kv KV, root *positions.Position, id []byte, tm TierMeta) (*enumerate.KeySet, error) {
	set, err := enumerate.NewKeySet(root)
	if err != nil {
		return nil, err
	}
	var es []entry
	if err := readTier(kv, root.Game, id, tm, func(e entry) error {
		es = append(es, e)
		return nil
	}); err != nil {
		return nil, err
	}
	for _, e := range es {
		if !set.Add(e.k) {
			return nil, fmt.Errorf("tier %d: %w", tm.Tier, errCorrupt)
		}
	}
	set.Seal()
	for _, e := range es {
		i, _ := set.Index(e.k)
		set.SetValue(i, e.v)
	}
	return set, nil
}

// Verify re-derives every value of root's table from its children's and
// returns the number of positions checked and the first inconsistencies.
func Verify(kv KV, root *positions.Position, opt Options) (int, []string, error) {
	t, meta, err := loadAll(kv, root, opt)
	if err != nil {
		return 0, nil, err
	}
	var checked atomic.Int64
	var mu sync.Mutex
	var bad []string
	sets, ready := t.tiers()
	for _, tm := range meta.Tiers {
		set := t.sets[tm.Tier]
		err := t.valueAll(set, sets, ready, nil, nil, func(i int, p *positions.Small, v int) {
			checked.Add(1)
			if stored := set.Value(i); v != int(stored) {
				pp := p.Position(t.game, t.board)
				mu.Lock()
				if len(bad) < 20 {
					bad = append(bad, fmt.Sprintf("%s: stored %d, children give %d", pp.String(), stored, v))
				}
				mu.Unlock()
			}
		})
		if err != nil {
			return int(checked.Load()), bad, err
		}
	}
	return int(checked.Load()), bad, nil
}
