package tablebase

// Writing a tier, and reading one back into a build that resumes.

import (
	"fmt"

	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// store writes a computed tier, whose positions and values are in set
// (it runs beside the computation of the next tier), and returns the
// format it used. When the keys' differing bits fit two words, the
// entries are packed straight from the set, 16 bytes each, and stored in
// the hashed format; otherwise they are sorted and stored in the sorted
// one.
func (t *table) store(kv KV, id []byte, tier int, set *enumerate.KeySet) (int, error) {
	var kb keyBits
	kb.or, kb.and = set.KeyBits()
	if pk, ok := newPacking(kb.or, kb.and); ok && !t.sortedOnly {
		var a []packedEntry
		if g, ok := newGather(&pk, set); ok {
			a = g.entries(set)
		} else {
			a = make([]packedEntry, 0, set.Len())
			set.Each(0, set.Slots(), func(i int, k positions.SmallKey) bool {
				a = append(a, pk.pack(&entry{k, set.Value(i)}))
				return true
			})
		}
		return formatHashed, t.storeHashed(kv, id, tier, newHashedTier(pk, len(a)), a)
	}
	es := make([]entry, 0, set.Len())
	set.Each(0, set.Slots(), func(i int, k positions.SmallKey) bool {
		es = append(es, entry{k, set.Value(i)})
		return true
	})
	es = sortEntriesBits(es, kb)
	return formatSorted, t.writeChunks(kv, id, tier, es)
}

// load reads a stored tier's values into the table.
func (t *table) load(kv KV, id []byte, tm TierMeta) error {
	set := t.sets[tm.Tier]
	found := 0
	err := readTier(kv, t.game, id, tm, func(e entry) error {
		i, ok := set.Index(e.k)
		if !ok {
			return fmt.Errorf("tier %d: %w", tm.Tier, errCorrupt)
		}
		set.SetValue(i, e.v)
		found++
		return nil
	})
	if err == nil && found != set.Len() {
		err = fmt.Errorf("tier %d: %d stored positions, %d expected: %w", tm.Tier, found, set.Len(), errCorrupt)
	}
	if err == nil {
		t.ready[tm.Tier] = true
	}
	return err
}
