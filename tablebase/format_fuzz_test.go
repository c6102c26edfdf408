package tablebase

import (
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// FuzzStoredTier feeds arbitrary bytes to the readers of stored tiers, as
// a damaged store would: a hashed tier's record and chunk, and a sorted
// chunk. They must return an error or entries, never panic; and what a
// parsed record's packing reads back must pack to the same bytes.
func FuzzStoredTier(f *testing.F) {
	st := openStore(f)
	root, _ := positions.ParsePosition("froglet gyrg/ybgy/rgyb w 0-0")
	meta, err := Build(st, root, Options{})
	if err != nil {
		f.Fatal(err)
	}
	id := tableID(root)
	for _, tm := range meta.Tiers {
		rec, _, _ := st.GetRaw(hashedRecordKey(root.Game, id, tm.Tier))
		chunk, _, _ := st.GetRaw(hashedChunkKey(root.Game, id, tm.Tier, 0))
		f.Add(rec, chunk)
	}
	f.Add([]byte{1, 0, 0}, []byte{})
	f.Add([]byte{1, 40, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 64}, []byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, rec, chunk []byte) {
		decodeChunk(chunk) // the sorted format's reader
		h, err := parseHashedTier(rec)
		if err != nil {
			return
		}
		xs, err := h.entries(chunk)
		if err != nil {
			return
		}
		m := h.mask()
		for _, x := range xs {
			e := h.pk.unpack(x)
			if y := h.pk.pack(&e); y != (packedEntry{lo: x.lo & m.lo, hi: x.hi & m.hi}) {
				t.Fatalf("entry %x unpacks to %+v, which packs to %x", x, e, y)
			}
			h.bucket(&x)
		}
	})
}
