package tablebase

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// BenchmarkBuildHupfer5x5Supply3 builds the Hüpfer 5x5 table with
// supplies 3-3 into a fresh store.
func BenchmarkBuildHupfer5x5Supply3(b *testing.B) {
	root, _ := positions.NewHupfer(5, 5, 3)
	for i := 0; i < b.N; i++ {
		st := openStore(b)
		if _, err := Build(st, root, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildSmallCross builds the table of the 33-hole cross with the
// centre and the four cells around it empty (3.8 million positions up to
// symmetry), a smaller tree than the full start with the same moves.
func BenchmarkBuildSmallCross(b *testing.B) {
	root, err := positions.ParsePosition("froglet ##ggg##/##ggg##/ggg.ggg/gg...gg/ggg.ggg/##ggg##/##ggg## w 0-0")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		st := openStore(b)
		if _, err := Build(st, root, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBackwardPass computes every tier of a table from its
// enumerated sets, storing nothing: the backward pass alone, which a
// build runs beside the store of the previous tier. It reports positions
// per second per core. Froglet6x4 needs about 8 GB and a minute and a
// half to enumerate (run it with -benchtime 1x).
func BenchmarkBackwardPass(b *testing.B) {
	for _, bc := range []struct{ name, root string }{
		{"Froglet5x4", "froglet byygr/ggggr/ggyry/ggyyy w 0-0"},           // leapfrog new froglet --size 5x4 --seed 1
		{"Froglet6x4", "froglet rbyygr/yyyggg/ygggrg/ggyygy w 0-0"},       // --size 6x4 --seed 1
		{"Froglet5x5Hole", "froglet ryygr/ygggr/ggg.y/gygyy/gyybg w 0-0"}, // the 5x5 opening after its first move, 15.6 million positions
		{"Hupfer5x5", "hupfer ...tt/...tt/...../rr.../rr... r 4-4"},       // --size 5 --supply 4, 14.6 million positions
		{"SmallCross", "froglet ##ggg##/##ggg##/ggg.ggg/gg...gg/ggg.ggg/##ggg##/##ggg## w 0-0"},
		{"Cross", "froglet ##ggg##/##ggg##/ggggggg/ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			root, err := positions.ParsePosition(bc.root)
			if err != nil {
				b.Fatal(err)
			}
			sets, err := enumerate.Enumerate(root, 0, nil, nil)
			if err != nil {
				b.Fatal(err)
			}
			n := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t := &table{game: root.Game, board: root.Board, canon: positions.NewCanonicalizer(root.Board), sets: sets, ready: map[int]bool{}}
				for _, tier := range sortedTiers(sets) {
					if err := t.compute(tier, Options{}); err != nil {
						b.Fatal(err)
					}
					n += sets[tier].Len()
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6/float64(runtime.GOMAXPROCS(0)), "Mpos/s/core")
		})
	}
}

// BenchmarkSortFroglet sorts 4 million entries with keys like a Froglet
// 5x5 tier's (75 differing bits), as the sorted format's store would.
// Froglet tiers are now stored in hash buckets, unsorted; this measures
// the sort that tiers whose keys do not pack still use.
func BenchmarkSortFroglet(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	src := make([]entry, 4<<20)
	for i := range src {
		occ := rng.Uint64() & (1<<25 - 1)
		src[i] = entry{positions.SmallKey{Occ: occ, C0: rng.Uint64() & occ, C1: rng.Uint64() & occ}, int16(i)}
	}
	es := make([]entry, len(src))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copy(es, src)
		sortEntries(es)
	}
}

// BenchmarkStoreFroglet5x4 stores every tier of the Froglet 5x4 opening's
// table (seed 1, 1.66 million positions), computed once beforehand, into a
// fresh store: the work a build does beside its backward pass.
func BenchmarkStoreFroglet5x4(b *testing.B) {
	root, err := positions.ParsePosition("froglet byygr/ggggr/ggyry/ggyyy w 0-0")
	if err != nil {
		b.Fatal(err)
	}
	sets, err := enumerate.Enumerate(root, 0, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	t := &table{game: root.Game, board: root.Board, canon: positions.NewCanonicalizer(root.Board), sets: sets, ready: map[int]bool{}}
	for _, tier := range sortedTiers(sets) {
		if err := t.compute(tier, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	id := tableID(root)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		st := openStore(b)
		b.StartTimer()
		for _, tier := range sortedTiers(sets) {
			if _, err := t.store(st, id, tier, sets[tier]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkProbeHupfer5x5Supply3 probes positions of the Hüpfer 5x5 table
// with supplies 3-3, reopened as a later command would: each look-up reads
// and checks a chunk from the store (Badger's block cache keeps the
// recent ones).
func BenchmarkProbeHupfer5x5Supply3(b *testing.B) {
	root, _ := positions.NewHupfer(5, 5, 3)
	dir := b.TempDir()
	st, err := openCacheStore(dir)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := Build(st, root, Options{}); err != nil {
		b.Fatal(err)
	}
	st.Close()
	if st, err = openCacheStore(dir); err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	tables, err := Open(st)
	if err != nil {
		b.Fatal(err)
	}
	var sample []*positions.Position
	for seed := uint64(0); seed < 1024; seed++ {
		sample = append(sample, positions.RandomPlies(root, int(seed%20), seed))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok, err := tables.Probe(sample[i%len(sample)]); err != nil || !ok {
			b.Fatalf("probe: %v", err)
		}
	}
}
