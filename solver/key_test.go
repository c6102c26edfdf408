package solver

import (
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// TestKeysDistinct holds each half of the table's key to telling apart
// every position of a small board, where the inputs are as structured as
// they come (a few low bits, most words alike): a collision of either
// half among a few million positions would be a flaw of the mixing, not
// chance (the birthday bound is some 2^-23 for 64 bits). A false match in
// the table needs both halves to collide.
func TestKeysDistinct(t *testing.T) {
	type half struct {
		name string
		seen map[uint64]positions.SmallKey
	}
	check := func(t *testing.T, halves []*half, k Key, pos positions.SmallKey) {
		t.Helper()
		for i, v := range [2]uint64{k.Index, k.Check} {
			if prev, ok := halves[i].seen[v]; ok {
				t.Fatalf("%+v and %+v share the %s %#x", prev, pos, halves[i].name, v)
			}
			halves[i].seen[v] = pos
		}
	}
	newHalves := func() []*half {
		return []*half{{"index", map[uint64]positions.SmallKey{}}, {"check", map[uint64]positions.SmallKey{}}}
	}

	t.Run("froglet 3x3", func(t *testing.T) {
		// Every board of 9 cells, each empty or a frog of one of four
		// colours: 5^9 positions.
		b := positions.MustBoard(3, 3, positions.Set{})
		seed := keySeed(b, positions.Froglet)
		halves := newHalves()
		n := 1
		for range 9 {
			n *= 5
		}
		for code := 0; code < n; code++ {
			var occ, c0, c1 uint64
			for c, x := 0, code; c < 9; c, x = c+1, x/5 {
				if v := x % 5; v > 0 {
					occ |= 1 << c
					c0 |= uint64((v-1)&1) << c
					c1 |= uint64((v-1)>>1) << c
				}
			}
			check(t, halves, seed.frogletWord(occ, c0, c1), positions.SmallKey{Occ: occ, C0: c0, C1: c1})
		}
	})
	t.Run("hupfer 3x4", func(t *testing.T) {
		// Every board of 12 points, each empty, the mover's or the
		// opponent's, with supplies 0 or 1 each: 3^12 x 4 positions.
		b := positions.MustBoard(3, 4, positions.Set{})
		seed := keySeed(b, positions.Hupfer)
		halves := newHalves()
		n := 1
		for range 12 {
			n *= 3
		}
		for mine := 0; mine <= 1; mine++ {
			for theirs := 0; theirs <= 1; theirs++ {
				meta := seed.hupferMeta(mine, theirs)
				for code := 0; code < n; code++ {
					var occ, m uint64
					for c, x := 0, code; c < 12; c, x = c+1, x/3 {
						if v := x % 3; v > 0 {
							occ |= 1 << c
							m |= uint64(v&1) << c
						}
					}
					check(t, halves, meta.hupferView(occ, m), positions.SmallKey{Occ: occ, C0: m, Meta: uint64(mine)<<8 | uint64(theirs)})
				}
			}
		}
	})
}
