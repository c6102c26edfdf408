package tablebase

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/leapfrog-solver/leapfrog/internal/hash"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// hashedTier is what reading a tier in the hashed format needs: its
// packing, the number of buckets (1 << bucketBits) and the bytes of an
// entry.
type hashedTier struct {
	pk         packing
	bucketBits uint
	width      int
}

func newHashedTier(pk packing, n int) hashedTier {
	// About chunkSize entries a bucket, as the sorted format's chunks.
	bb := uint(bits.Len(uint(n / chunkSize)))
	return hashedTier{pk: pk, bucketBits: bb, width: int(pk.bits+16+7) / 8}
}

// bucket returns the bucket of a packed entry (its key; not its value).
func (h *hashedTier) bucket(x *packedEntry) int {
	if h.bucketBits == 0 {
		return 0
	}
	// hash.Mix is frozen: the buckets of stored tiers depend on it.
	return int(hash.Mix(x.hi^hash.Mix(x.lo>>16|x.hi<<48)) >> (64 - h.bucketBits))
}

// record encodes the tier's record: a version byte (1), the bucket bits,
// the number of fields, the packing's base (four big-endian words) and
// each field's word, low bit and width.
func (h *hashedTier) record() []byte {
	b := []byte{1, byte(h.bucketBits), byte(len(h.pk.fields))}
	for _, w := range h.pk.base {
		b = binary.BigEndian.AppendUint64(b, w)
	}
	for _, f := range h.pk.fields {
		b = append(b, byte(f.word), byte(f.lo), byte(f.width))
	}
	return b
}

// parseHashedTier decodes a tier's record.
func parseHashedTier(b []byte) (hashedTier, error) {
	if len(b) < 3+32 || b[0] != 1 || b[1] > 32 || len(b) != 3+32+3*int(b[2]) {
		return hashedTier{}, errCorrupt
	}
	var pk packing
	for w := range pk.base {
		pk.base[w] = binary.BigEndian.Uint64(b[3+8*w:])
	}
	for i := 0; i < int(b[2]); i++ {
		f := b[3+32+3*i:]
		word, lo, width := uint(f[0]), uint(f[1]), uint(f[2])
		if word > 3 || width == 0 || lo+width > 64 {
			return hashedTier{}, errCorrupt
		}
		// In the order newPacking makes them: by word, then from the
		// highest bits down, never overlapping.
		if n := len(pk.fields); n > 0 {
			if p := pk.fields[n-1]; word < p.word || word == p.word && lo+width > p.lo {
				return hashedTier{}, errCorrupt
			}
		}
		pk.fields = append(pk.fields, field{word: word, lo: lo, width: width})
	}
	pk.place()
	if pk.bits > maxPackedBits {
		return hashedTier{}, errCorrupt
	}
	h := newHashedTier(pk, 0)
	h.bucketBits = uint(b[1])
	return h, nil
}

// mask returns the bits of a packed entry that the tier's entries use:
// its fields and the value.
func (h *hashedTier) mask() packedEntry {
	n := h.pk.bits + 16
	if n <= 64 {
		return packedEntry{lo: lowBits(n)}
	}
	return packedEntry{lo: ^uint64(0), hi: lowBits(n - 64)}
}

// appendEntry appends x in the tier's width of bytes, least significant
// first.
func (h *hashedTier) appendEntry(b []byte, x packedEntry) []byte {
	var buf [16]byte
	binary.LittleEndian.PutUint64(buf[:], x.lo)
	binary.LittleEndian.PutUint64(buf[8:], x.hi)
	return append(b, buf[:h.width]...)
}

// entries decodes a chunk.
func (h *hashedTier) entries(b []byte) ([]packedEntry, error) {
	if len(b)%h.width != 0 {
		return nil, errCorrupt
	}
	out := make([]packedEntry, 0, len(b)/h.width)
	for ; len(b) > 0; b = b[h.width:] {
		var buf [16]byte
		copy(buf[:], b[:h.width])
		out = append(out, packedEntry{lo: binary.LittleEndian.Uint64(buf[:]), hi: binary.LittleEndian.Uint64(buf[8:])})
	}
	return out, nil
}

// key packs k for a look-up, and reports false when no key of the tier
// can be k (bits outside its packing's fields differ from the base).
func (h *hashedTier) key(k positions.SmallKey) (packedEntry, bool) {
	x := h.pk.pack(&entry{k: k})
	return x, h.pk.unpack(x).k == k
}

// storeHashed writes a tier's packed entries (in any order) in the hashed
// format.
func (t *table) storeHashed(kv KV, id []byte, tier int, h hashedTier, a []packedEntry) error {
	n := 1 << h.bucketBits
	start := make([]int, n+1) // bucket b's entries are sorted[start[b]:start[b+1]]
	buckets := make([]uint32, len(a))
	for i := range a {
		b := h.bucket(&a[i])
		buckets[i] = uint32(b)
		start[b+1]++
	}
	for b := 1; b <= n; b++ {
		start[b] += start[b-1]
	}
	next := append([]int(nil), start[:n]...)
	sorted := make([]packedEntry, len(a))
	for i, b := range buckets {
		sorted[next[b]] = a[i]
		next[b]++
	}
	var kvs [][2][]byte
	for b := 0; b < n; b++ {
		if start[b] == start[b+1] {
			continue
		}
		chunk := make([]byte, 0, (start[b+1]-start[b])*h.width)
		for _, x := range sorted[start[b]:start[b+1]] {
			chunk = h.appendEntry(chunk, x)
		}
		kvs = append(kvs, [2][]byte{hashedChunkKey(t.game, id, tier, b), chunk})
		if len(kvs) >= 4096 {
			if err := kv.WriteRaw(kvs); err != nil {
				return err
			}
			kvs = kvs[:0]
		}
	}
	kvs = append(kvs, [2][]byte{hashedRecordKey(t.game, id, tier), h.record()})
	return kv.WriteRaw(kvs)
}

// readTier calls fn with every entry of a stored tier, in either format.
func readTier(kv KV, g positions.Game, id []byte, tm TierMeta, fn func(e entry) error) error {
	switch tm.Format {
	case formatSorted:
		prefix := chunkKey(g, id, tm.Tier, 0)
		return kv.ScanRaw(prefix[:len(prefix)-4], func(_, v []byte) error {
			es, err := decodeChunk(v)
			if err != nil {
				return err
			}
			for _, e := range es {
				if err := fn(e); err != nil {
					return err
				}
			}
			return nil
		})
	case formatHashed:
		raw, ok, err := kv.GetRaw(hashedRecordKey(g, id, tm.Tier))
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("tier %d: no record: %w", tm.Tier, errCorrupt)
		}
		h, err := parseHashedTier(raw)
		if err != nil {
			return fmt.Errorf("tier %d record: %w", tm.Tier, err)
		}
		prefix := hashedChunkKey(g, id, tm.Tier, 0)
		return kv.ScanRaw(prefix[:len(prefix)-4], func(k, v []byte) error {
			if int(binary.BigEndian.Uint32(k[len(k)-4:])) >= 1<<h.bucketBits {
				return fmt.Errorf("tier %d: a chunk past the last bucket: %w", tm.Tier, errCorrupt)
			}
			xs, err := h.entries(v)
			if err != nil {
				return err
			}
			for _, x := range xs {
				if err := fn(h.pk.unpack(x)); err != nil {
					return err
				}
			}
			return nil
		})
	}
	return fmt.Errorf("tier %d: format %d is not one this build of leapfrog reads", tm.Tier, tm.Format)
}
