package tablebase

// The sorted format: a tier's entries sorted by key in delta-coded chunks,
// with an index of each chunk's first key (format.go describes both
// formats).

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"sort"

	"github.com/leapfrog-solver/leapfrog/positions"
)

type entry struct {
	k positions.SmallKey
	v int16
}

func keyCompare(a, b *positions.SmallKey) int {
	if c := cmp.Compare(a.Occ, b.Occ); c != 0 {
		return c
	}
	if c := cmp.Compare(a.C0, b.C0); c != 0 {
		return c
	}
	if c := cmp.Compare(a.C1, b.C1); c != 0 {
		return c
	}
	return cmp.Compare(a.Meta, b.Meta)
}

// sortEntries sorts es by key (keyCompare's order) and returns the sorted
// slice, which may be es or a new one. It is a least-significant-digit
// radix sort on 16-bit digits that skips the digits every key shares. It
// serves the sorted format, which tiers use only when their keys do not
// pack into two words (the others are stored in hash buckets, unsorted).
func sortEntries(es []entry) []entry {
	if len(es) < 1024 {
		slices.SortFunc(es, func(a, b entry) int { return keyCompare(&a.k, &b.k) })
		return es
	}
	kb := newKeyBits()
	for i := range es {
		kb.add(&es[i].k)
	}
	return sortEntriesBits(es, kb)
}

// sortEntriesBits is sortEntries for entries whose keys' bits kb holds.
func sortEntriesBits(es []entry, kb keyBits) []entry {
	or, and := kb.or, kb.and
	tmp := make([]entry, len(es))
	count := make([]int, 1<<16)
	// The words from the least significant (Meta) to the most (Occ).
	for w := 3; w >= 0; w-- {
		for shift := uint(0); shift < 64; shift += 16 {
			if (or[w]^and[w])>>shift&0xffff == 0 {
				continue // every key has the same digit here
			}
			clear(count)
			for i := range es {
				count[es[i].k.Word(w)>>shift&0xffff]++
			}
			pos := 0
			for d, c := range count {
				count[d] = pos
				pos += c
			}
			for i := range es {
				d := es[i].k.Word(w) >> shift & 0xffff
				tmp[count[d]] = es[i]
				count[d]++
			}
			es, tmp = tmp, es
		}
	}
	return es
}

// keyBits gathers the bits of keys: or those any key has, and those every
// key has.
type keyBits struct{ or, and [4]uint64 }

func newKeyBits() keyBits {
	return keyBits{and: [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}}
}

func (kb *keyBits) add(k *positions.SmallKey) {
	for w := range kb.or {
		x := k.Word(w)
		kb.or[w] |= x
		kb.and[w] &= x
	}
}

// encodeChunk writes entries sorted by key: the occupancy as a delta from
// the previous entry's, the rest as varints. A Froglet endgame entry takes
// a few bytes.
func encodeChunk(es []entry) []byte {
	out := binary.AppendUvarint(nil, uint64(len(es)))
	prev := uint64(0)
	for _, e := range es {
		out = binary.AppendUvarint(out, e.k.Occ-prev)
		prev = e.k.Occ
		out = binary.AppendUvarint(out, e.k.C0)
		out = binary.AppendUvarint(out, e.k.C1)
		out = binary.AppendUvarint(out, e.k.Meta)
		out = binary.AppendVarint(out, int64(e.v))
	}
	return out
}

func decodeChunk(b []byte) ([]entry, error) {
	n, used := binary.Uvarint(b)
	if used <= 0 || n > 1<<20 {
		return nil, errCorrupt
	}
	b = b[used:]
	es := make([]entry, n)
	prev := uint64(0)
	for i := range es {
		var f [4]uint64
		for j := range f {
			x, used := binary.Uvarint(b)
			if used <= 0 {
				return nil, errCorrupt
			}
			f[j], b = x, b[used:]
		}
		v, used := binary.Varint(b)
		if used <= 0 {
			return nil, errCorrupt
		}
		b = b[used:]
		prev += f[0]
		es[i] = entry{positions.SmallKey{Occ: prev, C0: f[1], C1: f[2], Meta: f[3]}, int16(v)}
	}
	if len(b) != 0 {
		return nil, errCorrupt
	}
	return es, nil
}

// writeChunks writes entries sorted by key in chunks (the sorted
// format), and the index of the chunks.
func (t *table) writeChunks(kv KV, id []byte, tier int, all []entry) error {
	var kvs [][2][]byte
	var index []byte
	for c := 0; c*chunkSize < len(all); c++ {
		es := all[c*chunkSize : min((c+1)*chunkSize, len(all))]
		kvs = append(kvs, [2][]byte{chunkKey(t.game, id, tier, c), encodeChunk(es)})
		index = appendKey(index, es[0].k)
		if len(kvs) >= 4096 {
			if err := kv.WriteRaw(kvs); err != nil {
				return err
			}
			kvs = kvs[:0]
		}
	}
	kvs = append(kvs, [2][]byte{indexKey(t.game, id, tier), index})
	return kv.WriteRaw(kvs)
}

func appendKey(b []byte, k positions.SmallKey) []byte {
	for _, x := range []uint64{k.Occ, k.C0, k.C1, k.Meta} {
		b = binary.BigEndian.AppendUint64(b, x)
	}
	return b
}

func readKey(b []byte) positions.SmallKey {
	return positions.SmallKey{Occ: binary.BigEndian.Uint64(b), C0: binary.BigEndian.Uint64(b[8:]), C1: binary.BigEndian.Uint64(b[16:]), Meta: binary.BigEndian.Uint64(b[24:])}
}

// probeSorted looks key up in a tier of t stored in the sorted format.
func (ts *Tables) probeSorted(t tableInfo, tier int, key positions.SmallKey) (int16, bool, error) {
	firsts, err := ts.chunkIndex(t, tier)
	if err != nil {
		return 0, false, err
	}
	c := sort.Search(len(firsts), func(i int) bool { return keyCompare(&key, &firsts[i]) < 0 }) - 1
	if c < 0 {
		return 0, false, nil
	}
	raw, ok, err := ts.kv.GetRaw(chunkKey(t.root.Game, t.id, tier, c))
	if err != nil || !ok {
		return 0, false, err
	}
	es, err := decodeChunk(raw)
	if err != nil {
		return 0, false, err
	}
	j := sort.Search(len(es), func(i int) bool { return keyCompare(&es[i].k, &key) >= 0 })
	if j < len(es) && es[j].k == key {
		return es[j].v, true, nil
	}
	return 0, false, nil
}

func (ts *Tables) chunkIndex(t tableInfo, tier int) ([]positions.SmallKey, error) {
	name := string(t.id) + string(rune(tier))
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if firsts, ok := ts.index[name]; ok {
		return firsts, nil
	}
	raw, ok, err := ts.kv.GetRaw(indexKey(t.root.Game, t.id, tier))
	if err != nil || !ok || len(raw)%32 != 0 {
		return nil, fmt.Errorf("tier %d index: %w", tier, errCorrupt)
	}
	var firsts []positions.SmallKey
	for i := 0; i < len(raw); i += 32 {
		firsts = append(firsts, readKey(raw[i:]))
	}
	ts.index[name] = firsts
	return firsts, nil
}
