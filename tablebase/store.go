package tablebase

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
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

// packing maps entries into two words that sort as their keys do, when
// the bits that differ between the keys fit 112: the key's fields, runs of
// such bits from the most significant (Occ's highest) to the least, then
// the value in the low 16 bits.
type packing struct {
	base   [4]uint64 // the bits every key shares
	fields []field
	bits   uint // the fields' total width
}

// field is a run of bits of a key's word: word >> lo, width bits, found
// at bit at of the packed entry.
type field struct{ word, lo, width, at uint }

// maxFields bounds the fields of a packing: runs closer than this are
// merged, shared bits and all, to keep packing cheap.
const maxFields = 6

// maxPackedBits is the most key bits a packing holds: two words less the
// value's 16.
const maxPackedBits = 128 - 16

// newPacking returns the packing of keys whose words' bitwise or and and
// are given, and whether their differing bits fit maxPackedBits.
func newPacking(or, and [4]uint64) (packing, bool) {
	pk := packing{base: and}
	for w := range or {
		diff := or[w] ^ and[w]
		for diff != 0 { // the runs of diff, highest first
			hi := uint(64 - bits.LeadingZeros64(diff))
			lo := uint(bits.LeadingZeros64(^(diff << (64 - hi))))
			lo = hi - lo // the run is bits [lo, hi)
			pk.fields = append(pk.fields, field{word: uint(w), lo: lo, width: hi - lo})
			diff &= lowBits(lo)
		}
	}
	for len(pk.fields) > maxFields { // merge the two closest runs of a word
		best, gap := -1, uint(65)
		for i := 0; i+1 < len(pk.fields); i++ {
			a, b := pk.fields[i], pk.fields[i+1]
			if a.word == b.word && a.lo-(b.lo+b.width) < gap {
				best, gap = i, a.lo-(b.lo+b.width)
			}
		}
		if best < 0 {
			return pk, false // more words differ than fields allow
		}
		a, b := pk.fields[best], pk.fields[best+1]
		pk.fields[best] = field{word: a.word, lo: b.lo, width: a.lo + a.width - b.lo}
		pk.fields = slices.Delete(pk.fields, best+1, best+2)
	}
	pk.place()
	return pk, pk.bits <= maxPackedBits
}

// place sets where each field sits in a packed entry (the value's bits
// first, then the fields from the last to the first) and the fields'
// total width.
func (pk *packing) place() {
	at := uint(16)
	for i := len(pk.fields) - 1; i >= 0; i-- {
		pk.fields[i].at = at
		at += pk.fields[i].width
	}
	pk.bits = at - 16
}

// lowBits is a mask of the n lowest bits, n <= 64 (1<<64 is 0 in Go).
func lowBits(n uint) uint64 { return 1<<n - 1 }

// packedEntry is an entry packed: a 128-bit number, hi and lo.
type packedEntry struct{ lo, hi uint64 }

// shl shifts x left by n bits, 1 <= n <= 64 (in Go x<<64 is 0 and x>>0 is x).
func (x packedEntry) shl(n uint) packedEntry {
	return packedEntry{lo: x.lo << n, hi: x.hi<<n | x.lo>>(64-n)}
}

func (pk *packing) pack(e *entry) packedEntry {
	var x packedEntry
	for _, f := range pk.fields {
		x = x.shl(f.width)
		x.lo |= e.k.Word(int(f.word)) >> f.lo & lowBits(f.width)
	}
	x = x.shl(16)
	x.lo |= uint64(uint16(e.v))
	return x
}

func (pk *packing) unpack(x packedEntry) entry {
	words := pk.base
	for _, f := range pk.fields {
		// The field's bits, read where they are: no shift of the whole
		// entry per field.
		var b uint64
		switch {
		case f.at >= 64:
			b = x.hi >> (f.at - 64)
		case f.at+f.width <= 64:
			b = x.lo >> f.at
		default:
			b = x.lo>>f.at | x.hi<<(64-f.at)
		}
		m := lowBits(f.width)
		words[f.word] = words[f.word]&^(m<<f.lo) | b&m<<f.lo
	}
	return entry{positions.SmallKey{Occ: words[0], C0: words[1], C1: words[2], Meta: words[3]}, int16(uint16(x.lo))}
}

func keyLess(a, b *positions.SmallKey) bool {
	if a.Occ != b.Occ {
		return a.Occ < b.Occ
	}
	if a.C0 != b.C0 {
		return a.C0 < b.C0
	}
	if a.C1 != b.C1 {
		return a.C1 < b.C1
	}
	return a.Meta < b.Meta
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

var errCorrupt = errors.New("table data is corrupt (leapfrog tablebase drop, then build again)")

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

// store writes a computed tier, whose positions and values are in set
// (it runs beside the computation of the next tier), and returns the
// format it used. When the keys' differing bits fit two words, the
// entries are packed straight from the set, 16 bytes each, and stored in
// the hashed format; otherwise they are sorted and stored in the sorted
// one.
func (t *table) store(kv KV, id []byte, tier int, set *positions.KeySet) (int, error) {
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

// gather packs entries straight from a KeySet's packed slots, without
// making their SmallKeys: each run of a packing's field that sits in one
// place in a slot is moved in one shift and mask.
type gather struct{ moves []move }

// move takes n bits of slot word sw from bit at to bit to of the packed
// entry.
type move struct{ sw, at, n, to uint }

// newGather returns the gather for pk's entries from set's slots, and
// false when the set's packing has no fixed place for each bit (sparse).
func newGather(pk *packing, set *positions.KeySet) (gather, bool) {
	var g gather
	for _, f := range pk.fields {
		for b := f.lo; b < f.lo+f.width; {
			sw, at, n, present, ok := set.SlotBits(f.word, b)
			if !ok {
				return gather{}, false
			}
			n = min(n, f.lo+f.width-b)
			if present {
				g.moves = append(g.moves, move{sw, at, n, f.at + b - f.lo})
			}
			b += n
		}
	}
	return g, true
}

// entries returns the packed entries of the set's positions, in index
// order.
func (g *gather) entries(set *positions.KeySet) []packedEntry {
	a := make([]packedEntry, set.Len())
	// The slots are copied in place, then turned into entries: a
	// packedEntry and a slot are both two words.
	slots := unsafe.Slice((*[2]uint64)(unsafe.Pointer(unsafe.SliceData(a))), len(a))
	a = a[:set.CopyPacked(slots)]
	for i, x := range slots[:len(a)] {
		e := packedEntry{lo: x[1] >> 48}
		for _, m := range g.moves {
			b := x[m.sw&1] >> m.at & lowBits(m.n)
			if m.to < 64 {
				e.lo |= b << m.to
				if m.to+m.n > 64 {
					e.hi |= b >> (64 - m.to)
				}
			} else {
				e.hi |= b << (m.to - 64)
			}
		}
		a[i] = e
	}
	return a
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
	// prefix read every table's chunks, 2 GB and 2 s for the Froglet 5x5
	// opening's, on every command that opens the cache.
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

// probeSorted looks key up in a tier of t stored in the sorted format.
func (ts *Tables) probeSorted(t tableInfo, tier int, key positions.SmallKey) (int16, bool, error) {
	firsts, err := ts.chunkIndex(t, tier)
	if err != nil {
		return 0, false, err
	}
	c := sort.Search(len(firsts), func(i int) bool { return keyLess(&key, &firsts[i]) }) - 1
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
	j := sort.Search(len(es), func(i int) bool { return !keyLess(&es[i].k, &key) })
	if j < len(es) && es[j].k == key {
		return es[j].v, true, nil
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

// Drop deletes the table of root.
func Drop(kv KV, root *positions.Position) error {
	id := tableID(root)
	for _, kind := range tableKinds {
		if err := kv.DropRaw(append([]byte{cache.TablePrefix, byte(root.Game), kind}, id...)); err != nil {
			return err
		}
	}
	return nil
}

// tableKinds are the kinds of keys a table's data is stored under.
var tableKinds = []byte{'M', 'I', 'C', 'J', 'H'}

// Size returns the bytes of the keys and values of root's table, when kv
// can estimate them (the cache can), else 0.
func Size(kv KV, root *positions.Position) (int64, error) {
	sizer, ok := kv.(interface {
		PrefixBytes(prefix []byte) (int64, error)
	})
	if !ok {
		return 0, nil
	}
	var total int64
	for _, kind := range tableKinds {
		n, err := sizer.PrefixBytes(append([]byte{cache.TablePrefix, byte(root.Game), kind}, tableID(root)...))
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

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
	t := &table{game: root.Game, board: root.Board, canon: positions.NewCanonicalizer(root.Board), sets: map[int]*positions.KeySet{}, ready: map[int]bool{}}
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
func loadTier(kv KV, root *positions.Position, id []byte, tm TierMeta) (*positions.KeySet, error) {
	set, err := positions.NewKeySet(root)
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

// plausible reports whether v can be a stored score of game g: a Froglet
// score difference (at most four points for each of 18x18 cells either
// way) or a Hüpfer ±(10000 - plies).
func plausible(g positions.Game, v int16) bool {
	if g == positions.Hupfer {
		return v != 0 && v >= -10000 && v <= 10000
	}
	return v >= -4*positions.MaxCells && v <= 4*positions.MaxCells
}

// Layered answers the solver's look-ups from the tables first, then from
// Next (the cache); results are saved to Next. It implements
// the solver's Persistent.
type Layered struct {
	Tables *Tables
	Next   interface {
		Load(p *positions.Position) (lower, upper int, ok bool)
		Save(p *positions.Position, lower, upper int)
	}
}

// Load returns p's exact score from a table, else what Next knows.
func (l Layered) Load(p *positions.Position) (int, int, bool) {
	if v, ok, err := l.Tables.Probe(p); err == nil && ok {
		return v, v, true
	}
	if l.Next != nil {
		return l.Next.Load(p)
	}
	return 0, 0, false
}

// Save passes bounds on to Next.
func (l Layered) Save(p *positions.Position, lower, upper int) {
	if l.Next != nil {
		l.Next.Save(p, lower, upper)
	}
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
