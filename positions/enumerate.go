package positions

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/leapfrog-solver/leapfrog/internal/hugepages"
	"github.com/leapfrog-solver/leapfrog/internal/prefetch"
)

// SmallKey is a position of a board of at most 64 cells, packed: its
// occupied cells, colour planes and (Hüpfer) side and supplies. Keys made
// by CanonicalKey are the same for positions that a symmetry of the board
// maps onto each other.
type SmallKey struct{ Occ, C0, C1, Meta uint64 }

// CanonicalKey returns p's SmallKey, the least of its images under the
// board's symmetries. p's board must have at most 64 cells. Callers with
// many positions of one board should use a Canonicalizer.
func CanonicalKey(p *Position) SmallKey {
	return NewCanonicalizer(p.Board).Key(p)
}

// Canonicalizer makes the canonical keys of positions of one board.
type Canonicalizer struct{ codec smallCodec }

// NewCanonicalizer returns a Canonicalizer for board b.
func NewCanonicalizer(b *Board) Canonicalizer {
	return Canonicalizer{newSmallCodec(b, b.Symmetries()[1:])}
}

// Key returns p's canonical key (see CanonicalKey).
func (c Canonicalizer) Key(p *Position) SmallKey { return c.codec.key(*p) }

// SmallKey returns the canonical key of s, a position of game g on the
// Canonicalizer's board: what Key gives for it.
func (c Canonicalizer) SmallKey(g Game, s *Small) SmallKey {
	return c.codec.least(smallKeyOf(g, s))
}

// Images holds a position's images under its board's symmetries, so that
// the canonical keys of its children come cheaper (ChildKey): a child
// differs from it in a few cells. On boards where that does not pay (see
// incremental) it is empty, and ChildKey works from the child alone.
type Images struct{ occ, c0, c1 [7]uint64 }

// incremental reports whether children's keys are made from their
// parent's images (see newSmallCodec).
func (c smallCodec) incremental() bool { return c.rows != nil }

// Images sets im to the images of s under the symmetries (on boards where
// they do not pay it leaves im as it is: ChildKey does not read it).
func (c Canonicalizer) Images(s *Small, im *Images) { c.codec.images(s, im) }

func (c smallCodec) images(s *Small, im *Images) {
	if !c.incremental() {
		return
	}
	for i := range c.syms {
		sy := &c.syms[i]
		im.occ[i] = sy.mapWord(s.Occ)
		im.c0[i], im.c1[i] = 0, 0
		if s.C0|s.C1 != 0 {
			im.c0[i], im.c1[i] = sy.mapWord(s.C0), sy.mapWord(s.C1)
		}
	}
	// A board with fewer symmetries: images no key is greater than, so
	// that childKey's minimum can take all seven.
	for i := len(c.syms); i < len(im.occ); i++ {
		im.occ[i] = ^uint64(0)
	}
}

// ChildKey returns the canonical key of child, a position of game g one
// move from parent, whose images im are: what SmallKey gives for it.
func (c Canonicalizer) ChildKey(g Game, im *Images, parent, child *Small) SmallKey {
	return c.codec.childKey(g, im, parent, child)
}

func (c smallCodec) childKey(g Game, im *Images, parent, child *Small) SmallKey {
	k := smallKeyOf(g, child)
	if !c.incremental() {
		return c.least(k)
	}
	// The images of the occupied cells: the parent's, with the changed
	// cells' images toggled, a row of every symmetry's per cell (one
	// cache line). In seven variables, not an array, so that they stay in
	// registers (docs/PERFORMANCE.md, "Tablebases").
	o0, o1, o2, o3 := im.occ[0], im.occ[1], im.occ[2], im.occ[3]
	o4, o5, o6 := im.occ[4], im.occ[5], im.occ[6]
	for x := parent.Occ ^ child.Occ; x != 0; x &= x - 1 {
		row := &c.cells[bits.TrailingZeros64(x)]
		o0, o1, o2, o3 = o0^row[0], o1^row[1], o2^row[2], o3^row[3]
		o4, o5, o6 = o4^row[4], o5^row[5], o6^row[6]
	}
	// The least occupied cells, without a branch on each image: which one
	// wins is data the branch predictor cannot learn.
	m := min(k.Occ, o0, o1, o2, o3, o4, o5, o6)
	if child.C0|child.C1 == 0 {
		return SmallKey{Occ: m, Meta: k.Meta}
	}
	occ := [7]uint64{o0, o1, o2, o3, o4, o5, o6}
	return c.leastColoured(k, &occ, m, im, parent.C0^child.C0, parent.C1^child.C1)
}

// leastColoured returns the least of key k and its images under the
// symmetries, given m, the least occupied cells among them, and the
// images' occupied cells occ: k itself if its cells are m and its colours
// least, else the image with cells m and the least colour planes. The
// images' colour planes are those of the parent (im) toggled by dC0 and
// dC1, where the parent's differ from k's. A key without colours is
// {Occ: m} and needs no call.
func (c smallCodec) leastColoured(k SmallKey, occ *[7]uint64, m uint64, im *Images, dC0, dC1 uint64) SmallKey {
	least := k
	for i := range c.syms {
		if occ[i] != m {
			continue
		}
		sy := &c.syms[i]
		img := SmallKey{Occ: m, C0: im.c0[i] ^ sy.mapFew(dC0), C1: im.c1[i] ^ sy.mapFew(dC1), Meta: k.Meta}
		if least.Occ != m || img.C0 < least.C0 || (img.C0 == least.C0 && img.C1 < least.C1) {
			least = img
		}
	}
	return least
}

// Word returns the key's words in order of significance: 0 Occ, 1 C0,
// 2 C1, 3 Meta (the order keys are sorted in).
func (k *SmallKey) Word(i int) uint64 {
	switch i {
	case 0:
		return k.Occ
	case 1:
		return k.C0
	case 2:
		return k.C1
	}
	return k.Meta
}

// Small returns the position of a key in game g, in the one-word form.
func (k SmallKey) Small(g Game) Small {
	s := Small{Occ: k.Occ, C0: k.C0, C1: k.C1}
	if g == Hupfer {
		side, red, turquoise := unpackMeta(k.Meta)
		s.Side, s.Counts = uint8(side), [2]int32{int32(red), int32(turquoise)}
	}
	return s
}

// SmallTier is Tier for a position of game g in the one-word form.
func SmallTier(g Game, s *Small) int {
	n := bits.OnesCount64(s.Occ)
	if g == Hupfer {
		n += 2 * int(s.Counts[0]+s.Counts[1])
	}
	return n
}

// Position returns the position of a key on board b in game g.
func (k SmallKey) Position(g Game, b *Board) Position {
	return smallCodec{}.position(&Position{Game: g, Board: b}, k)
}

// Tier returns the tier of p: a number that falls with every move (Froglet
// frogs; Hüpfer pieces on the board plus twice the pieces in the supplies).
func Tier(p *Position) int { return tier(p) }

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
// slot it has in s (a key's hash is its SmallKey's, so slots and shards
// stay valid). It fails if a key does not pack.
func newKeySet(pk keyPacking, s *shardedSet[smallKey]) (*KeySet, error) {
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
		return smallCodec{}.hash(&k)
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
func (ks *KeySet) Index(k SmallKey) (int, bool) {
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
func (ks *KeySet) Prepare(k *SmallKey) (l Lookup, ok bool) {
	ok = ks.PrepareTo(&l, k)
	return l, ok
}

// PrepareTo is Prepare into *l, field by field: callers that keep many
// look-ups prepare each where it stays. (A Lookup made apart and then
// copied is read 16 bytes at a time from its 8-byte writes, a read that
// must wait for them to reach the cache.)
func (ks *KeySet) PrepareTo(l *Lookup, k *SmallKey) bool {
	lo, hi, packed := ks.pk.packWords(k)
	h := smallCodec{}.hash(k)
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
func (ks *KeySet) Key(l *Lookup) (SmallKey, bool) {
	if !l.packed {
		return SmallKey{}, false
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
		ks.Each(0, len(ks.slots), func(_ int, k SmallKey) bool {
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
func (ks *KeySet) Each(from, to int, fn func(i int, k SmallKey) bool) {
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
func (ks *KeySet) Add(k SmallKey) bool {
	x, ok := ks.pk.pack(&k)
	if !ok {
		return false
	}
	h := smallCodec{}.hash(&k)
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
func NewKeySet(root *Position) (*KeySet, error) {
	pk, err := newKeyPacking(root)
	if err != nil {
		return nil, err
	}
	return &KeySet{pk: pk, set: newPackedSet(pk)}, nil
}

// Seal fixes the indexes after Adds.
func (ks *KeySet) Seal() { *ks = *sealed(ks.pk, ks.set, nil) }

// ErrTooLarge is what a *TooLargeError is (errors.Is): the positions do
// not fit the memory budget.
var ErrTooLarge = errors.New("the positions do not fit the memory budget")

// TooLargeError reports a table that does not fit its memory budget: when
// it was found out and with what it had found.
type TooLargeError struct {
	// Phase is what was stopped: "enumeration" or "backward pass".
	Phase string
	// Positions found and tiers complete when it stopped.
	Positions, Tiers int
	// Bytes is the heap in use when the enumeration stopped, or the
	// estimate of what the backward pass needs; Budget is the bound.
	Bytes, Budget int64
}

func (e *TooLargeError) Error() string {
	if e.Phase == "backward pass" {
		return fmt.Sprintf("the positions do not fit the memory budget: the backward pass over %d positions in %d tiers needs about %s, the budget is %s",
			e.Positions, e.Tiers, FormatBytes(e.Bytes), FormatBytes(e.Budget))
	}
	return fmt.Sprintf("the positions do not fit the memory budget: the enumeration stopped at %s of heap with %d positions in %d complete tiers and more to come; the budget is %s",
		FormatBytes(e.Bytes), e.Positions, e.Tiers, FormatBytes(e.Budget))
}

// Is makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// FormatBytes writes a byte count for people in the units the command
// line's sizes use (a GB is 2^30 bytes, as in --memory 8GB): 3.2 GB,
// 512 MB, 12 KB.
func FormatBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.0f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// HeapBytes returns the bytes of live and not yet collected heap objects,
// what memory budgets are checked against.
func HeapBytes() int64 { return heapBytes() }

// Enumerate finds every position reachable from p (a board of at most 64
// cells), up to symmetry, and returns them by tier. maxBytes bounds the
// heap (0: no bound): the count checks the live heap as it goes, every set
// counted, and ends with ErrTooLarge before it outgrows the bound.
// progress and stop as in CountAll.
func Enumerate(p *Position, maxBytes int64, progress func(done, total int), stop func() bool) (map[int]*KeySet, error) {
	if p.Board.words != 1 {
		return nil, errors.New("tables are made for boards of at most 64 cells")
	}
	var tooLarge atomic.Int64 // the heap when the budget was passed
	var calls atomic.Int64
	check := func() bool {
		if stop != nil && stop() {
			return true
		}
		if maxBytes > 0 && calls.Add(1)%(1<<10) == 0 { // every 65,536 positions (see countAllKeep)
			if h := heapBytes(); h > maxBytes {
				tooLarge.CompareAndSwap(0, h)
			}
		}
		return tooLarge.Load() != 0
	}
	pk, err := newKeyPacking(p)
	if err != nil {
		return nil, err
	}
	// Each tier, once complete, is packed to half its size.
	kept := map[int]*KeySet{}
	found := 0
	keep := func(t int, s *shardedSet[smallKey]) error {
		ks, err := newKeySet(pk, s)
		if err != nil {
			return fmt.Errorf("tier %d: %w", t, err)
		}
		kept[t] = ks
		found += ks.Len()
		if maxBytes > 0 {
			if h := heapBytes(); h > maxBytes {
				runtime.GC() // the unpacked set may still count
				if h := heapBytes(); h > maxBytes {
					tooLarge.CompareAndSwap(0, h)
					return ErrTooLarge
				}
			}
		}
		return nil
	}
	_, _, err = countAllKeep(p, newSmallCodec(p.Board, p.Board.Symmetries()[1:]), progress, check, keep)
	if h := tooLarge.Load(); h != 0 {
		return nil, &TooLargeError{Phase: "enumeration", Positions: found, Tiers: len(kept), Bytes: h, Budget: maxBytes}
	}
	if err != nil {
		return nil, err
	}
	return kept, nil
}

// heapBytes returns the bytes of live and not yet collected heap objects.
func heapBytes() int64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(sample[0].Value.Uint64())
}
