package enumerate

import (
	"errors"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/leapfrog-solver/leapfrog/internal/hugepages"
	"github.com/leapfrog-solver/leapfrog/internal/prefetch"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// KeySet is the set of positions of one tier, and a value for each: a hash
// table whose slots give each position a fixed index.
//
// It keeps its keys packed in two words (see keyPacking), with the value
// in 16 bits of the same slot; its methods take and give SmallKeys.
type KeySet struct {
	pk     keyPacking
	set    *shardedSet[packedKey]
	offset [numShards]int // the first index of each shard
	slots  []packedKey    // the shards' keys one after the other (indexes)
	// empty is what an empty slot holds once sealed: no key, and a value
	// no position has, so that a look-up needs not read the bitmap of used
	// slots.
	empty packedKey
}

// newKeySet returns the set of the keys of s packed by pk, each in the
// slot it has in s (a key's hash is its positions.SmallKey's, so slots and shards
// stay valid). It fails if a key does not pack.
func newKeySet(pk keyPacking, s *shardedSet[positions.SmallKey]) (*KeySet, error) {
	ps := newPackedSet(pk)
	ps.size.Store(s.size.Load())
	// The shards' keys share one slice, which can have huge pages.
	var at [numShards + 1]int // where each shard's keys start in all
	for i := range s.shards {
		at[i+1] = at[i] + len(s.shards[i].set.keys)
	}
	all := hugepages.Make[packedKey](at[numShards])
	var wg sync.WaitGroup
	var bad atomic.Bool
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < numShards; i += workers {
				from, to := &s.shards[i].set, &ps.shards[i].set
				to.keys, to.used, to.n, to.mask = all[at[i]:at[i+1]:at[i+1]], from.used, from.n, from.mask
				for u, word := range from.used {
					for ; word != 0; word &= word - 1 {
						j := u<<6 + bits.TrailingZeros64(word)
						x, ok := pk.pack(&from.keys[j])
						if !ok {
							bad.Store(true)
						}
						to.keys[j] = x
					}
				}
				from.keys = nil // its memory goes as soon as it can
			}
		}()
	}
	wg.Wait()
	if bad.Load() {
		return nil, errors.New("a position does not fit the table's packed keys")
	}
	return sealed(pk, ps, all), nil
}

// newPackedSet returns an empty sharded set of packed keys hashed as
// their SmallKeys.
func newPackedSet(pk keyPacking) *shardedSet[packedKey] {
	return newShardedSet(func(x *packedKey) uint64 {
		k := pk.unpack(*x)
		return k.Hash()
	})
}

// sealed returns the set of s's keys, indexed, with values 0. all, if not
// nil, holds the shards' keys one after the other; otherwise they are
// moved into one slice.
func sealed(pk keyPacking, s *shardedSet[packedKey], all []packedKey) *KeySet {
	ks := &KeySet{pk: pk, set: s, slots: all}
	size := 0
	for i := range s.shards {
		ks.offset[i] = size
		size += len(s.shards[i].set.keys)
	}
	if all == nil {
		ks.slots = hugepages.Make[packedKey](size)
		for i := range s.shards {
			fs := &s.shards[i].set
			at, n := ks.offset[i], len(fs.keys)
			copy(ks.slots[at:], fs.keys)
			fs.keys = ks.slots[at : at+n : at+n]
		}
	}
	ks.empty[1] = 1 << 15 << valueShift // the value -32768
	for i := range s.shards {
		fs := &s.shards[i].set
		for w, word := range fs.used {
			for free := ^word; free != 0; free &= free - 1 {
				if j := w<<6 + bits.TrailingZeros64(free); j < len(fs.keys) {
					fs.keys[j] = ks.empty
				}
			}
		}
	}
	return ks
}

// Len returns the number of positions in the set.
func (ks *KeySet) Len() int { return int(ks.set.size.Load()) }

// Slots returns the number of indexes (Len or more: a hash table has holes).
func (ks *KeySet) Slots() int { return len(ks.slots) }

// Index returns the index of key k, and whether the set holds it.
func (ks *KeySet) Index(k positions.SmallKey) (int, bool) {
	l, _ := ks.Prepare(&k) // a key Prepare refuses, probe does not find
	return ks.IndexOf(&l)
}

// Lookup is a key made ready for a look-up in a KeySet by Prepare:
// packed and hashed (Prefetch then starts loading its slot).
type Lookup struct {
	x      packedKey
	h      uint64
	slot   *packedKey // where the probe starts; nil if Prepare refused the key
	packed bool
}

// Prepare packs and hashes k for a look-up (IndexOf, ValueOf), and
// returns false when no key of the set can be k. Callers with several
// keys to look up prepare them all, then Prefetch them all in a burst,
// then look them up: a prefetch that misses the TLB holds up the
// instructions after it until the page walk is done, and in a burst the
// walks overlap, where spread among other work each one stalls alone.
func (ks *KeySet) Prepare(k *positions.SmallKey) (l Lookup, ok bool) {
	ok = ks.PrepareTo(&l, k)
	return l, ok
}

// PrepareTo is Prepare into *l, field by field: callers that keep many
// look-ups prepare each where it stays. (A Lookup made apart and then
// copied is read 16 bytes at a time from its 8-byte writes, a read that
// must wait for them to reach the cache.)
func (ks *KeySet) PrepareTo(l *Lookup, k *positions.SmallKey) bool {
	lo, hi, packed := ks.pk.packWords(k)
	h := k.Hash()
	l.x[0], l.x[1], l.h, l.packed, l.slot = lo, hi, h, packed, nil
	if fs := &ks.set.shards[h>>58].set; packed && len(fs.keys) != 0 {
		l.slot = &fs.keys[h&fs.mask]
		return true
	}
	return false
}

// Prefetch starts loading the slot that the look-up of l (which Prepare
// accepted) starts at.
func (ks *KeySet) Prefetch(l *Lookup) {
	if l.slot != nil {
		prefetch.Line(unsafe.Pointer(l.slot))
	}
}

// IndexOf is Index for a key that Prepare made ready.
func (ks *KeySet) IndexOf(l *Lookup) (int, bool) {
	shard, i, _, ok := ks.probe(l)
	return ks.offset[shard] + int(i), ok
}

// ValueOf returns the value of a key that Prepare made ready, and
// whether the set holds the key. It takes the value from the slot the
// probe compared. Callers with many look-ups (the backward pass, once per
// child) try Lookup.Value first, which is inlined, and call ValueOf when
// it misses.
func (ks *KeySet) ValueOf(l *Lookup) (int16, bool) {
	_, _, hi, ok := ks.probe(l)
	return int16(hi >> valueShift), ok
}

// Value returns the value of l's key if the slot its probe starts at
// holds the key, which is most often so; false means that ValueOf must
// look further. It is small enough to be inlined, where probe is not.
func (l *Lookup) Value() (int16, bool) {
	// An empty slot's value is -32768, which no position has.
	if x := l.slot; x != nil {
		if x0, x1 := x[0], x[1]; x0 == l.x[0] && (x1^l.x[1])&lowMask(valueShift) == 0 && x1>>valueShift != 1<<15 {
			return int16(x1 >> valueShift), true
		}
	}
	return 0, false
}

// probe finds the slot of l's key: its shard, its place in the shard and
// the slot's second word (where the value is), and false if the set does
// not hold the key. IndexOf and ValueOf are inlined around it, so a
// look-up makes one call.
func (ks *KeySet) probe(l *Lookup) (shard int, i uint64, hi uint64, ok bool) {
	if l.slot == nil { // Prepare refused the key
		return 0, 0, 0, false
	}
	shard = int(l.h >> 58)
	fs := &ks.set.shards[shard].set
	// The slot's words one by one: a slot read whole is a 16-byte value,
	// which Go moves through the stack.
	k0, k1 := l.x[0], l.x[1]
	e0, e1 := ks.empty[0], ks.empty[1]
	for i = l.h & fs.mask; ; i = (i + 1) & fs.mask {
		slot := &fs.keys[i]
		x0, x1 := slot[0], slot[1]
		if x0 == e0 && x1 == e1 {
			return 0, 0, 0, false
		}
		if x0 == k0 && (x1^k1)&lowMask(valueShift) == 0 {
			return shard, i, x1, true
		}
	}
}

// Value returns the value kept with the key of index i.
func (ks *KeySet) Value(i int) int16 {
	return int16(ks.slots[i][1] >> valueShift)
}

// SetValue keeps v with the key of index i. v must not be -32768 (the
// mark of empty slots; scores are far smaller). Goroutines may set the
// values of different keys at once.
func (ks *KeySet) SetValue(i int, v int16) {
	w := &ks.slots[i][1]
	*w = *w&lowMask(valueShift) | uint64(uint16(v))<<valueShift
}

// Key returns the key that Prepare made l from, if the set's packing
// holds it (false: no position of the set's table has that key).
func (ks *KeySet) Key(l *Lookup) (positions.SmallKey, bool) {
	if !l.packed {
		return positions.SmallKey{}, false
	}
	return ks.pk.unpack(l.x), true
}

// KeyBits returns the bits that some key of the set has in each word
// (or), and those that every key has (and). On a set packed by planes it
// reads the packed slots and unpacks the two results only, since packing
// by planes moves bits and nothing else.
func (ks *KeySet) KeyBits() (or, and [4]uint64) {
	and = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	if ks.pk.sparse {
		ks.Each(0, len(ks.slots), func(_ int, k positions.SmallKey) bool {
			for w, x := range [4]uint64{k.Occ, k.C0, k.C1, k.Meta} {
				or[w] |= x
				and[w] &= x
			}
			return true
		})
		return or, and
	}
	var por packedKey
	pand := packedKey{^uint64(0), ^uint64(0)}
	// Without a branch on empty slots (more than half of them, in no
	// order): an empty slot's key bits are zero, which or ignores, and
	// it is made all ones for and. Only it has the value -32768.
	for _, x := range ks.slots {
		empty := uint64(int64(x[1]>>valueShift^1<<15-1) >> 63) // all ones if empty
		por[0], por[1] = por[0]|x[0], por[1]|x[1]
		pand[0], pand[1] = pand[0]&(x[0]|empty), pand[1]&(x[1]|empty)
	}
	if ks.Len() == 0 {
		return or, and
	}
	o, a := ks.pk.unpack(por), ks.pk.unpack(pand) // value bits are outside the fields
	return [4]uint64{o.Occ, o.C0, o.C1, o.Meta}, [4]uint64{a.Occ, a.C0, a.C1, a.Meta}
}

// CopyPacked copies the packed slots of the set's positions, in index
// order, into dst (at least Len long), and returns how many it copied. A
// slot's key bits are where SlotBits says; its value is in the top 16
// bits of its second word.
func (ks *KeySet) CopyPacked(dst [][2]uint64) int {
	n := 0
	for shard := range ks.set.shards {
		fs := &ks.set.shards[shard].set
		for w, word := range fs.used {
			for ; word != 0; word &= word - 1 {
				dst[n] = fs.keys[w<<6+bits.TrailingZeros64(word)]
				n++
			}
		}
	}
	return n
}

// SlotBits tells where bit lo of key word w (0 Occ, 1 C0, 2 C1, 3 Meta)
// sits in the packed slots: bit at of slot word sw, the n bits of w from
// lo on staying together there. present is false when the bit is in no
// field (it is zero in every key; the next n bits are too); ok is false
// on sparse packings, where a bit has no fixed place.
func (ks *KeySet) SlotBits(w, lo uint) (sw, at, n uint, present, ok bool) {
	if ks.pk.sparse {
		return 0, 0, 0, false, false
	}
	next := uint(64) // the start of the next field of w above lo
	for _, f := range ks.pk.fields {
		if f.from != w {
			continue
		}
		if lo >= f.lo && lo < f.lo+f.width {
			return f.to, f.at + lo - f.lo, f.lo + f.width - lo, true, true
		}
		if f.lo > lo {
			next = min(next, f.lo)
		}
	}
	return 0, 0, next - lo, false, true
}

// Each calls fn with the index and key of every position, the indexes in
// [from, to) only; fn's false stops it.
func (ks *KeySet) Each(from, to int, fn func(i int, k positions.SmallKey) bool) {
	for shard := range ks.set.shards {
		fs := &ks.set.shards[shard].set
		base := ks.offset[shard]
		lo, hi := max(from-base, 0), min(to-base, len(fs.keys))
		if lo >= hi {
			continue
		}
		for w := lo >> 6; w<<6 < hi; w++ {
			word := fs.used[w]
			if w<<6 < lo {
				word &^= 1<<(lo&63) - 1 // the slots before lo
			}
			if end := w<<6 + 64; end > hi {
				word &= 1<<(hi&63) - 1 // the slots from hi on
			}
			for word != 0 {
				j := w<<6 + bits.TrailingZeros64(word)
				word &= word - 1
				if !fn(base+j, ks.pk.unpack(fs.keys[j])) {
					return
				}
			}
		}
	}
}

// Add puts a key in the set (used when a set is rebuilt from storage),
// and reports false if the key cannot be a position of the set's table.
// Call it before Seal only.
func (ks *KeySet) Add(k positions.SmallKey) bool {
	x, ok := ks.pk.pack(&k)
	if !ok {
		return false
	}
	h := k.Hash()
	sh := &ks.set.shards[h>>58]
	sh.mu.Lock()
	if sh.set.add(x, h) {
		ks.set.size.Add(1)
	}
	sh.mu.Unlock()
	return true
}

// NewKeySet returns an empty set for positions of root's table; call Seal
// after the last Add.
func NewKeySet(root *positions.Position) (*KeySet, error) {
	pk, err := newKeyPacking(root)
	if err != nil {
		return nil, err
	}
	return &KeySet{pk: pk, set: newPackedSet(pk)}, nil
}

// Seal fixes the indexes after Adds.
func (ks *KeySet) Seal() { *ks = *sealed(ks.pk, ks.set, nil) }
