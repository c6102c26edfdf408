package enumerate

import (
	"math/rand/v2"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// TestKeyPacking packs and unpacks the canonical keys of random positions
// reachable from roots of both games, by planes and sparsely, and checks
// that keys with bits no position of the table can have are refused.
func TestKeyPacking(t *testing.T) {
	for _, tc := range []struct {
		root   string
		sparse bool
	}{
		{"froglet gyrg/ybgy/rgyb w 0-0", false},
		{"froglet ggg/ggg/g.g w 0-0", false},
		{"froglet ##ggg##/##ggg##/ggggggg/ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0", false},
		{"froglet gyrgb/ybgyr/rgybg/gybrg/bgryb w 0-0", false},
		{"froglet ......./.gy..../..rb.../...yg../....b../......./....... w 0-0", true},
		{"froglet gyrbgyrb/......../......../......../......../......../......../rbgyrbgy w 0-0", true},
		{"hupfer ...tt/...tt/...../rr.../rr... r 8-8", false},
		{"hupfer ......../......../...tt.../...t..../..rr..../..r...../......../........ r 3-2", true},
	} {
		root, err := positions.ParsePosition(tc.root)
		if err != nil {
			t.Fatal(err)
		}
		pk, err := newKeyPacking(root)
		if err != nil {
			t.Fatalf("%s: %v", tc.root, err)
		}
		if pk.sparse != tc.sparse {
			t.Errorf("%s: sparse %v, want %v", tc.root, pk.sparse, tc.sparse)
		}
		canon := positions.NewCanonicalizer(root.Board)
		rng := rand.New(rand.NewPCG(7, 8))
		seen := map[packedKey]positions.SmallKey{}
		for i := 0; i < 400; i++ {
			p := positions.RandomPlies(root, rng.IntN(12), rng.Uint64())
			k := canon.Key(p)
			x, ok := pk.pack(&k)
			if !ok {
				t.Fatalf("%s: %s does not pack", tc.root, p)
			}
			if back := pk.unpack(x); back != k {
				t.Fatalf("%s: %s: unpacked %+v, want %+v", tc.root, p, back, k)
			}
			if other, dup := seen[x]; dup && other != k {
				t.Fatalf("%s: %+v and %+v pack alike", tc.root, other, k)
			}
			seen[x] = k
			// A piece off the board, a colour bit on an empty cell (for
			// colour planes in use), a larger supply: not in the table.
			for _, bad := range []positions.SmallKey{
				{Occ: k.Occ | 1<<63, C0: k.C0, C1: k.C1, Meta: k.Meta},
				{Occ: k.Occ, C0: k.C0, C1: k.C1 | 1<<62, Meta: k.Meta},
				{Occ: k.Occ, C0: k.C0, C1: k.C1, Meta: k.Meta | 1<<40},
			} {
				if root.Board.Size() == 64 && bad.Occ != k.Occ {
					continue // every bit is a cell
				}
				if _, ok := pk.pack(&bad); ok && bad != k {
					if back := pk.unpack(mustPack(t, &pk, &bad)); back != bad {
						t.Fatalf("%s: %+v packed although it does not unpack", tc.root, bad)
					}
				}
			}
		}
	}
}

func mustPack(t *testing.T, pk *keyPacking, k *positions.SmallKey) packedKey {
	x, ok := pk.pack(k)
	if !ok {
		t.Fatalf("%+v does not pack", k)
	}
	return x
}

// TestKeyPackingTooWide checks the error for keys that fit no packing.
func TestKeyPackingTooWide(t *testing.T) {
	root, err := positions.ParsePosition("froglet gyrbgyrb/gyrbgyrb/gyrbgyrb/gyrbgyrb/gyrbgyrb/gyrbgyrb/gyrbgyrb/gyrbgyrb w 0-0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newKeyPacking(root); err == nil {
		t.Fatal("a full 8x8 board of four colours packed")
	}
	if _, err := Enumerate(root, 0, nil, nil); err == nil {
		t.Fatal("Enumerate accepted it")
	}
}
