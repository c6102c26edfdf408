package tablebase

// Look-ups: the tables in a store, found by their metadata, and a
// position's value from the tier that holds it.

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// Tables answers look-ups from every table built in a store.
type Tables struct {
	kv     KV
	tables []tableInfo
	mu     sync.Mutex
	index  map[string][]positions.SmallKey // id+tier -> first key of each chunk (sorted format)
	hashed map[string]*hashedTier          // id+tier -> the tier's record (hashed format)
	// damaged holds the tables found damaged, by id: they answer no more
	// probes.
	damaged map[string]bool
	// OnDamage, if set, is called once for each table found damaged, with
	// an error that names it and says how to rebuild it; probes then go
	// on without it (a search answers instead).
	OnDamage func(err error)
}

// DamageError reports a damaged table: a stored value that fails its
// checksum or does not decode.
type DamageError struct {
	Root string
	Err  error
}

func (e *DamageError) Error() string {
	return fmt.Sprintf("the table of %s is damaged (%v): 'leapfrog tablebase drop \"%s\"', then build it again", e.Root, e.Err, e.Root)
}

func (e *DamageError) Unwrap() error { return e.Err }

// damage marks table t damaged and reports it once.
func (ts *Tables) damage(t *tableInfo, err error) error {
	derr := &DamageError{Root: t.meta.Root, Err: err}
	ts.mu.Lock()
	first := !ts.damaged[string(t.id)]
	ts.damaged[string(t.id)] = true
	ts.mu.Unlock()
	if first && ts.OnDamage != nil {
		ts.OnDamage(derr)
	}
	return derr
}

func (ts *Tables) isDamaged(t *tableInfo) bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.damaged[string(t.id)]
}

type tableInfo struct {
	id    []byte
	meta  Meta
	root  *positions.Position
	tiers map[int]TierMeta // the stored tiers
}

// Open reads the list of tables in kv.
func Open(kv KV) (*Tables, error) {
	ts := &Tables{kv: kv, index: map[string][]positions.SmallKey{}, hashed: map[string]*hashedTier{}, damaged: map[string]bool{}}
	// Only the metadata keys: a scan of every key under the tables'
	// prefix would read every table's chunks, gigabytes, on every command
	// that opens the cache.
	for _, g := range []positions.Game{positions.Froglet, positions.Hupfer} {
		if err := ts.scanMeta(g); err != nil {
			return ts, err
		}
	}
	return ts, nil
}

// scanMeta adds the tables of game g found in the store.
func (ts *Tables) scanMeta(g positions.Game) error {
	return ts.kv.ScanRaw(metaKey(g, nil), func(k, v []byte) error {
		if len(k) != 11 {
			return nil
		}
		var m Meta
		if err := json.Unmarshal(v, &m); err != nil {
			return fmt.Errorf("a table's description: %w: %v", errCorrupt, err)
		}
		root, err := positions.ParsePosition(m.Root)
		if err != nil || string(tableID(root)) != string(k[3:]) {
			return fmt.Errorf("the description of the table of %q: %w", m.Root, errCorrupt)
		}
		ti := tableInfo{id: k[3:], meta: m, root: root, tiers: map[int]TierMeta{}}
		for _, tm := range m.Tiers {
			if tm.Done {
				ti.tiers[tm.Tier] = tm
			}
		}
		ts.tables = append(ts.tables, ti)
		return nil
	})
}

// List returns the tables' descriptions.
func (ts *Tables) List() []Meta {
	var out []Meta
	for _, t := range ts.tables {
		out = append(out, t.meta)
	}
	return out
}

// Probe returns p's score (solver scores) from a table holding it. A
// table found damaged is reported (a *DamageError, and OnDamage) and
// answers no more probes.
func (ts *Tables) Probe(p *positions.Position) (int, bool, error) {
	if len(ts.tables) == 0 || p.Board.Size() > 64 {
		return 0, false, nil
	}
	tier := positions.Tier(p)
	var key positions.SmallKey
	keyed := false
	for i := range ts.tables {
		t := &ts.tables[i]
		tm, stored := t.tiers[tier]
		if t.root.Game != p.Game || !t.root.Board.Equal(p.Board) || !stored || ts.isDamaged(t) {
			continue
		}
		if !keyed {
			key, keyed = positions.CanonicalKey(p), true
		}
		var v int16
		var ok bool
		var err error
		if tm.Format == formatHashed {
			v, ok, err = ts.probeHashed(*t, tier, key)
		} else {
			v, ok, err = ts.probeSorted(*t, tier, key)
		}
		if err == nil && ok && !plausible(t.root.Game, v) {
			err = fmt.Errorf("tier %d: value %d out of range: %w", tier, v, errCorrupt)
		}
		if err != nil {
			return 0, false, ts.damage(t, err)
		}
		if ok {
			return int(v), ok, nil
		}
	}
	return 0, false, nil
}

// probeHashed looks key up in a tier of t stored in the hashed format.
func (ts *Tables) probeHashed(t tableInfo, tier int, key positions.SmallKey) (int16, bool, error) {
	name := string(t.id) + string(rune(tier))
	ts.mu.Lock()
	h, ok := ts.hashed[name]
	ts.mu.Unlock()
	if !ok {
		raw, found, err := ts.kv.GetRaw(hashedRecordKey(t.root.Game, t.id, tier))
		if err != nil {
			return 0, false, err
		}
		if !found {
			return 0, false, fmt.Errorf("tier %d: no record: %w", tier, errCorrupt)
		}
		parsed, err := parseHashedTier(raw)
		if err != nil {
			return 0, false, fmt.Errorf("tier %d record: %w", tier, err)
		}
		h = &parsed
		ts.mu.Lock()
		ts.hashed[name] = h
		ts.mu.Unlock()
	}
	x, ok := h.key(key)
	if !ok {
		return 0, false, nil
	}
	raw, found, err := ts.kv.GetRaw(hashedChunkKey(t.root.Game, t.id, tier, h.bucket(&x)))
	if err != nil || !found {
		return 0, false, err
	}
	xs, err := h.entries(raw)
	if err != nil {
		return 0, false, err
	}
	for _, y := range xs {
		if y.hi == x.hi && y.lo>>16 == x.lo>>16 {
			return int16(uint16(y.lo)), true, nil
		}
	}
	return 0, false, nil
}

// plausible reports whether v can be a stored score of game g: a Froglet
// score difference (at most four points for each of 18x18 cells either
// way) or a Hüpfer ±(10000 - plies).
func plausible(g positions.Game, v int16) bool {
	if g == positions.Hupfer {
		return v != 0 && v >= -10000 && v <= 10000
	}
	return v >= -4*positions.MaxCells && v <= 4*positions.MaxCells
}

// BestMove returns the first move of p, in spelling order, whose value is
// p's, every child probed in the tables; ok is false when p has no move
// or a child is in no table.
func (ts *Tables) BestMove(p *positions.Position, want int) (positions.LegalMove, bool, error) {
	for _, m := range p.LegalMoves() {
		cs, ok, err := ts.Probe(m.Result)
		if err != nil || !ok {
			return positions.LegalMove{}, false, err
		}
		if score.Move(p.Game, int(m.Points), cs) == want {
			return m, true, nil
		}
	}
	return positions.LegalMove{}, false, nil
}
