package tablebase

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/solver"
)

func openCacheStore(dir string) (*cache.Store, error) { return cache.Open(dir, cache.Options{}) }

func openStore(t testing.TB) *cache.Store {
	t.Helper()
	st, err := openCacheStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

var roots = []string{
	"hupfer ..tt/..tt/rr../rr.. r 1-1",
	"hupfer ..tt/..tt/rr../rr.. r 2-1",
	"froglet gyrg/ybgy/rgyb w 0-0",
	"froglet ggg/ggg/g.g w 0-0",
	"froglet ##g##/#ggg#/ggggg/gg.gg/##g## w 0-0",
	// Keys too wide for packing by planes (147 and 139 bits) are packed
	// sparsely: a colour bit per piece.
	"froglet ......./.gy..../..rb.../...yg../....b../......./....... w 0-0",
	"hupfer ......../......../...tt.../...t..../..rr..../..r...../......../........ r 1-1",
}

func TestTableMatchesSolver(t *testing.T) {
	for _, sorted := range []bool{false, true} {
		t.Run(map[bool]string{false: "hashed", true: "sorted"}[sorted], func(t *testing.T) {
			tableMatchesSolver(t, Options{sortedOnly: sorted})
		})
	}
}

func tableMatchesSolver(t *testing.T, opt Options) {
	st := openStore(t)
	for _, text := range roots {
		root, err := positions.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		meta, err := Build(st, root, opt)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if !meta.Done {
			t.Fatalf("%s: not done", text)
		}
		n, bad, err := Verify(st, root, Options{})
		if err != nil || len(bad) > 0 || n == 0 {
			t.Fatalf("%s: verify %d positions: %v %v", text, n, bad, err)
		}
	}
	tables, err := Open(st)
	if err != nil {
		t.Fatal(err)
	}
	if len(tables.List()) != len(roots) {
		t.Fatalf("%d tables listed", len(tables.List()))
	}
	s := solver.New(solver.Options{HashMB: 16, Threads: 1})
	for _, text := range roots {
		root, _ := positions.ParsePosition(text)
		for seed := uint64(0); seed < 60; seed++ {
			p := positions.RandomPlies(root, int(seed%9), seed)
			got, ok, err := tables.Probe(p)
			if err != nil || !ok {
				t.Fatalf("%s: probe missed (%v)", p, err)
			}
			want, err := s.Value(p)
			if err != nil {
				t.Fatal(err)
			}
			if got != want.Score {
				t.Fatalf("%s: table %d, solver %d", p, got, want.Score)
			}
		}
	}
	// A position of another board is not in any table.
	other, _ := positions.ParsePosition("froglet gg/gg")
	if _, ok, _ := tables.Probe(other); ok {
		t.Error("probe hit a position from no table")
	}
}

func TestInterruptedBuildResumes(t *testing.T) {
	root, _ := positions.ParsePosition("hupfer ..tt/..tt/rr../rr.. r 2-2")
	whole := openStore(t)
	if _, err := Build(whole, root, Options{}); err != nil {
		t.Fatal(err)
	}
	// The first run stores its tiers as this run does, or (oldFormat) in
	// the sorted format, as builds did before the hashed one: a table
	// begun by an older leapfrog is finished in both formats.
	for _, oldFormat := range []bool{false, true} {
		st := openStore(t)
		tiersDone := 0
		opt := Options{
			Progress: func(format string, args ...any) {
				if strings.HasPrefix(format, "tier ") {
					tiersDone++
				}
			},
			Stop:       func() bool { return tiersDone >= 3 },
			sortedOnly: oldFormat,
		}
		meta, err := Build(st, root, opt)
		if err != ErrStopped || meta.Done {
			t.Fatalf("first run: %v, done %v", err, meta != nil && meta.Done)
		}
		meta, err = Build(st, root, Options{})
		if err != nil {
			t.Fatalf("resume: %v", err)
		}
		formats := map[int]int{}
		for _, tm := range meta.Tiers {
			formats[tm.Format]++
		}
		if oldFormat && (formats[formatSorted] == 0 || formats[formatHashed] == 0) || !oldFormat && formats[formatSorted] != 0 {
			t.Fatalf("old format %v: tiers in each format %v", oldFormat, formats)
		}
		equalTables(t, root, whole, st)
		if n, bad, err := Verify(st, root, Options{}); err != nil || len(bad) != 0 || n == 0 {
			t.Fatalf("verify %d positions: %v %v", n, bad, err)
		}
	}
}

// equalTables fails t unless the tables of root in stores whole and st hold
// the same positions with the same values.
func equalTables(t *testing.T, root *positions.Position, whole, st KV) {
	t.Helper()
	a, _, err := loadAll(whole, root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := loadAll(st, root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for tier, set := range a.sets {
		if set.Len() != b.sets[tier].Len() {
			t.Fatalf("tier %d: %d vs %d positions", tier, set.Len(), b.sets[tier].Len())
		}
		set.Each(0, set.Slots(), func(i int, k positions.SmallKey) bool {
			j, ok := b.sets[tier].Index(k)
			if !ok || set.Value(i) != b.sets[tier].Value(j) {
				t.Fatalf("tier %d: a position differs after resuming", tier)
			}
			return true
		})
	}
}

func TestMemoryBudget(t *testing.T) {
	root, _ := positions.ParsePosition("hupfer ..tt/..tt/rr../rr.. r 4-4")
	_, err := Build(openStore(t), root, Options{MaxBytes: 10_000})
	var tl *enumerate.TooLargeError
	if !errors.Is(err, enumerate.ErrTooLarge) || !errors.As(err, &tl) || tl.Phase != "enumeration" || tl.Budget != 10_000 {
		t.Fatalf("%v", err)
	}
	if !strings.Contains(err.Error(), "memory budget") || !strings.Contains(err.Error(), "the budget is 10 KB") {
		t.Errorf("%v", err)
	}
	// The backward pass is refused before it starts when its estimate
	// exceeds the budget.
	sets, err := enumerate.Enumerate(root, 0, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	need := backwardBytes(sets)
	err = checkBackward(sets, need/2)
	if !errors.As(err, &tl) || tl.Phase != "backward pass" || tl.Bytes < need/2 || !strings.Contains(err.Error(), "backward pass") {
		t.Errorf("budget %d, estimate %d: %v", need/2, need, err)
	}
	if err := checkBackward(sets, 2*need); err != nil {
		t.Errorf("budget %d, estimate %d: %v", 2*need, need, err)
	}
}

// TestVerifyFindsACorruptValue changes one stored value, in each format,
// and expects Verify to report that position.
func TestVerifyFindsACorruptValue(t *testing.T) {
	root, _ := positions.ParsePosition("hupfer ..tt/..tt/rr../rr.. r 2-1")
	for _, sorted := range []bool{true, false} {
		st := openStore(t)
		meta, err := Build(st, root, Options{sortedOnly: sorted})
		if err != nil {
			t.Fatal(err)
		}
		// The largest tier's first chunk, one value flipped.
		tier := meta.Tiers[0]
		for _, tm := range meta.Tiers {
			if tm.Positions > tier.Positions {
				tier = tm
			}
		}
		if want := map[bool]int{true: formatSorted, false: formatHashed}[sorted]; tier.Format != want {
			t.Fatalf("tier %d stored in format %d, want %d", tier.Tier, tier.Format, want)
		}
		var corrupt entry
		if sorted {
			key := chunkKey(root.Game, tableID(root), tier.Tier, 0)
			raw, ok, err := st.GetRaw(key)
			if err != nil || !ok {
				t.Fatalf("chunk 0 of tier %d: %v %v", tier.Tier, ok, err)
			}
			es, err := decodeChunk(raw)
			if err != nil {
				t.Fatal(err)
			}
			es[len(es)/2].v = -es[len(es)/2].v
			corrupt = es[len(es)/2]
			if err := st.WriteRaw([][2][]byte{{key, encodeChunk(es)}}); err != nil {
				t.Fatal(err)
			}
		} else {
			raw, _, err := st.GetRaw(hashedRecordKey(root.Game, tableID(root), tier.Tier))
			if err != nil {
				t.Fatal(err)
			}
			h, err := parseHashedTier(raw)
			if err != nil {
				t.Fatal(err)
			}
			prefix := hashedChunkKey(root.Game, tableID(root), tier.Tier, 0)
			var key, chunk []byte
			st.ScanRaw(prefix[:len(prefix)-4], func(k, v []byte) error {
				if key == nil {
					key, chunk = append([]byte(nil), k...), append([]byte(nil), v...)
				}
				return nil
			})
			xs, err := h.entries(chunk)
			if err != nil || len(xs) == 0 {
				t.Fatalf("a chunk of tier %d: %d entries, %v", tier.Tier, len(xs), err)
			}
			x := &xs[len(xs)/2]
			x.lo = x.lo&^0xffff | uint64(uint16(-int16(uint16(x.lo))))
			corrupt = h.pk.unpack(*x)
			var out []byte
			for _, x := range xs {
				out = h.appendEntry(out, x)
			}
			if err := st.WriteRaw([][2][]byte{{key, out}}); err != nil {
				t.Fatal(err)
			}
		}
		n, bad, err := Verify(st, root, Options{})
		if err != nil {
			t.Fatal(err)
		}
		// The corrupt position is reported, and so may be the positions
		// whose stored values its true value decided.
		p := corrupt.k.Position(root.Game, root.Board)
		want := fmt.Sprintf("%s: stored %d,", p.String(), corrupt.v)
		found := false
		for _, b := range bad {
			found = found || strings.HasPrefix(b, want)
		}
		if !found || n == 0 {
			t.Fatalf("sorted %v: verify of %d positions with %q corrupt reports %v", sorted, n, want, bad)
		}
	}
}

// TestSortEntries holds the radix sort to a comparison sort, on keys with
// words that vary in a few bits, in all bits, or not at all. Where the
// keys' differing bits pack into two words (the hashed format's entries),
// each entry must also come back whole from its packing. (The packing
// once served a sort of its own, which these cases exercised.)
func TestSortEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, n := range []int{0, 1, 100, 1023, 1024, 5000, 70000} {
		for _, masks := range [][4]uint64{
			{1<<25 - 1, 1<<25 - 1, 0, 0xff},
			{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)},
			{1<<49 - 1, 0, 0, 0},
			{0xf0f0, 0, 1, 1 << 40},
			{1<<32 - 1, 1<<32 - 1, 0, 0},           // packed windows of 64 bits in all
			{1<<33 - 1, 1<<32 - 1, 0, 0},           // 65 bits: packed in two words
			{1<<25 - 1, 1<<25 - 1, 1<<25 - 1, 0},   // 75 bits, as a Froglet 5x5 key
			{^uint64(0), 1<<48 - 1, 0, 0},          // 112 bits, the most that packs
			{^uint64(0), 1<<49 - 1, 0, 0},          // 113 bits: not packed
			{^uint64(0), 0, 0, 0},                  // one window of 64 bits
			{0, 0, 0, ^uint64(0)},                  // likewise, in the last word
			{0x0ff0_0000_0000_0ff0, 1 << 63, 0, 6}, // windows with shared bits inside
		} {
			seen := map[positions.SmallKey]bool{}
			var es []entry
			for try := 0; len(es) < n && try < 20*n; try++ {
				k := positions.SmallKey{Occ: rng.Uint64() & masks[0], C0: rng.Uint64() & masks[1], C1: rng.Uint64() & masks[2], Meta: rng.Uint64() & masks[3]}
				k.C1 |= 1 << 20 // a bit every key has
				if !seen[k] {
					seen[k] = true
					es = append(es, entry{k, int16(rng.IntN(100))})
				}
			}
			want := slices.Clone(es)
			slices.SortFunc(want, func(a, b entry) int { return keyCompare(&a.k, &b.k) })
			if got := sortEntries(es); !slices.Equal(got, want) {
				t.Fatalf("%d entries, masks %x: radix sort differs", len(es), masks)
			}
			kb := newKeyBits()
			for i := range es {
				kb.add(&es[i].k)
			}
			if pk, ok := newPacking(kb.or, kb.and); ok {
				for _, e := range es {
					if back := pk.unpack(pk.pack(&e)); back != e {
						t.Fatalf("masks %x: %+v packs and comes back as %+v", masks, e, back)
					}
				}
			}
		}
	}
}

// TestGatherMatchesPack checks that packing entries straight from a key
// set's slots gives what unpacking each key and packing it gives, on
// every tier of the test roots (those packed sparsely have no gather),
// and of a 5x4 Froglet position whose fields cross the 64th bit.
func TestGatherMatchesPack(t *testing.T) {
	compared := 0
	for _, text := range append([]string{"froglet byygr/g.r.r/g..ry/gyy.b w 0-0"}, roots...) {
		root, err := positions.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		sets, err := enumerate.Enumerate(root, 0, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		for tier, set := range sets {
			set.Each(0, set.Slots(), func(i int, _ positions.SmallKey) bool {
				set.SetValue(i, int16(i%2001-1000))
				return true
			})
			var kb keyBits
			kb.or, kb.and = set.KeyBits()
			pk, ok := newPacking(kb.or, kb.and)
			if !ok {
				continue
			}
			g, ok := newGather(&pk, set)
			if !ok {
				continue
			}
			var want []packedEntry
			set.Each(0, set.Slots(), func(i int, k positions.SmallKey) bool {
				want = append(want, pk.pack(&entry{k, set.Value(i)}))
				return true
			})
			if got := g.entries(set); !slices.Equal(got, want) {
				t.Fatalf("%s tier %d: gathered entries differ from packed ones", text, tier)
			}
			for _, m := range g.moves {
				if m.to < 64 && m.to+m.n > 64 {
					compared++ // a move across the words of an entry
				}
			}
		}
	}
	if compared == 0 {
		t.Error("no tier had a field across the 64th bit")
	}
}

// TestDropLeavesNothing builds a table in each format, drops it, and
// expects no key of it left in the store, and the other table untouched.
func TestDropLeavesNothing(t *testing.T) {
	st := openStore(t)
	keep, _ := positions.ParsePosition("froglet gyrg/ybgy/rgyb w 0-0")
	if _, err := Build(st, keep, Options{}); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		n := 0
		st.ScanRaw([]byte{cache.TablePrefix}, func(_, _ []byte) error { n++; return nil })
		return n
	}
	before := count()
	root, _ := positions.ParsePosition("hupfer ..tt/..tt/rr../rr.. r 2-1")
	for _, sorted := range []bool{false, true} {
		if _, err := Build(st, root, Options{sortedOnly: sorted}); err != nil {
			t.Fatal(err)
		}
		if count() <= before {
			t.Fatal("the build stored nothing")
		}
		if err := Drop(st, root); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != before {
			t.Fatalf("sorted %v: %d keys after the drop, want %d", sorted, n, before)
		}
	}
	if n, bad, err := Verify(st, keep, Options{}); err != nil || len(bad) != 0 || n == 0 {
		t.Fatalf("the table kept: verify %d positions: %v %v", n, bad, err)
	}
}

// countingKV counts the entries ScanRaw gives its callers.
type countingKV struct {
	KV
	scanned int
}

func (c *countingKV) ScanRaw(prefix []byte, fn func(k, v []byte) error) error {
	return c.KV.ScanRaw(prefix, func(k, v []byte) error {
		c.scanned++
		return fn(k, v)
	})
}

// TestOpenReadsOnlyMetadata checks that opening the tables reads one entry
// per table, not their chunks: every command that opens the cache opens
// the tables, and a scan of all their keys read 2 GB for the Froglet 5x5
// opening's table.
func TestOpenReadsOnlyMetadata(t *testing.T) {
	st := openStore(t)
	for _, text := range []string{"hupfer ..tt/..tt/rr../rr.. r 2-1", "froglet ggg/ggg/g.g w 0-0"} {
		root, _ := positions.ParsePosition(text)
		if _, err := Build(st, root, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	kv := &countingKV{KV: st}
	tables, err := Open(kv)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tables.List()); n != 2 || kv.scanned != 2 {
		t.Errorf("Open found %d tables reading %d entries, want 2 and 2", n, kv.scanned)
	}
}
