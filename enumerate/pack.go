package enumerate

import (
	"fmt"
	"math/bits"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// packedKey is a positions.SmallKey in two words, as a KeySet keeps it: 16 bytes a
// slot instead of 32, so that tables take half the memory and a look-up
// reads half as much. The top 16 bits of the second word are left to the
// key's value, so that a look-up in the backward pass reads one cache
// line.
type packedKey [2]uint64

// valueShift is where the value starts in the second word of a packedKey.
const valueShift = 48

// keyPacking packs the SmallKeys of the positions reachable from one root
// into packedKeys. Its fields hold the bits that can differ: the occupied
// cells, the colour planes in use and (Hüpfer) the side and supplies, whose
// sizes never grow. When those do not fit 112 bits, the second word's top
// 16 bits left to the value, it is sparse: the occupied cells, then one
// bit per piece of each colour plane in use.
type keyPacking struct {
	fields []packField
	mask   [4]uint64 // the bits of each key word that the fields hold
	sparse bool
	planes [2]bool // sparse: the colour planes in use
	meta   uint    // sparse: the bits of the second word left to colour bits; Meta's fields follow them
	// By planes, Occ, C0 and C1 each go whole to one out word at a bit
	// (at): a key with bits outside mask is refused first, so a plain
	// shift packs them. second is all ones for the words that go to the
	// second out word. Meta's fields are metaFields.
	at         [3]uint8
	second     [3]uint64
	metaFields []packField
}

// packField moves width bits from a key word (from, at bit lo) to an out
// word (to, at bit at).
type packField struct{ from, lo, width, to, at uint }

// newKeyPacking returns the packing for the positions reachable from root
// (a board of at most 64 cells), or an error if they do not fit two words.
func newKeyPacking(root *positions.Position) (keyPacking, error) {
	n := uint(root.Board.Size())
	var want []packField // from, lo, width
	want = append(want, packField{from: 0, width: n})
	planes := [2]bool{root.Colour[0][0] != 0 || root.Game == positions.Hupfer, root.Colour[1][0] != 0}
	for c, used := range planes {
		if used {
			want = append(want, packField{from: uint(1 + c), width: n})
		}
	}
	var metaBits uint
	if root.Game == positions.Hupfer {
		red, turquoise := uint(bits.Len(uint(root.Counts[0]))), uint(bits.Len(uint(root.Counts[1])))
		want = append(want, packField{from: 3, width: 1}, packField{from: 3, lo: 1, width: red}, packField{from: 3, lo: 32, width: turquoise})
		metaBits = 1 + red + turquoise
	}
	var pk keyPacking
	var used [2]uint // bits taken in each out word
	fits := true
	for _, f := range want {
		if f.width == 0 {
			continue
		}
		switch {
		case used[0]+f.width <= 64:
			f.to, f.at = 0, used[0]
		case used[1]+f.width <= valueShift:
			f.to, f.at = 1, used[1]
		default:
			fits = false
		}
		used[f.to] += f.width
		pk.fields = append(pk.fields, f)
		pk.mask[f.from] |= lowMask(f.width) << f.lo
	}
	if fits {
		for _, f := range pk.fields {
			if f.from < 3 {
				pk.at[f.from], pk.second[f.from] = uint8(f.at), -uint64(f.to)
			} else {
				pk.metaFields = append(pk.metaFields, f)
			}
		}
		return pk, nil
	}
	// Sparse: Occ in word 0; word 1 holds a colour bit per piece and plane,
	// then the Meta fields.
	pieces := uint(root.Pieces())
	if root.Game == positions.Hupfer {
		pieces += uint(root.Counts[0] + root.Counts[1]) // births add pieces
	}
	colourBits := uint(0)
	for _, used := range planes {
		if used {
			colourBits += pieces
		}
	}
	if colourBits+metaBits > valueShift {
		return keyPacking{}, fmt.Errorf("tables of %s: %d cells with %d pieces in %d colour planes do not fit the table's 112-bit keys",
			root.Game, n, pieces, colourBits/max(pieces, 1))
	}
	sp := keyPacking{sparse: true, planes: planes, meta: colourBits}
	at := colourBits
	for _, f := range pk.fields {
		if f.from == 3 {
			f.to, f.at = 1, at
			at += f.width
			sp.fields = append(sp.fields, f)
			sp.mask[3] |= lowMask(f.width) << f.lo
		}
	}
	sp.mask[0] = lowMask(n)
	return sp, nil
}

// lowMask is a mask of the n lowest bits, n <= 64 (1<<64 is 0 in Go).
func lowMask(n uint) uint64 { return 1<<n - 1 }

// pack returns k packed, and false if k has bits the packing cannot hold
// (no position of the table has that key).
func (pk *keyPacking) pack(k *positions.SmallKey) (packedKey, bool) {
	lo, hi, ok := pk.packWords(k)
	return packedKey{lo, hi}, ok
}

// packWords is pack giving the two words apart: in registers, where an
// array result goes through memory, and a 16-byte read of two 8-byte
// writes waits for them to reach the cache (a look-up of the backward
// pass packs every child's key).
func (pk *keyPacking) packWords(k *positions.SmallKey) (lo, hi uint64, ok bool) {
	if pk.sparse {
		x, ok := pk.packSparse(k)
		return x[0], x[1], ok
	}
	// By planes each word goes whole to its place, with no loop over the
	// fields.
	if k.Occ&^pk.mask[0]|k.C0&^pk.mask[1]|k.C1&^pk.mask[2]|k.Meta&^pk.mask[3] != 0 {
		return 0, 0, false
	}
	// Each word shifted into place, then sent to its out word by a mask:
	// no indexed stores, which went through memory.
	o, c0, c1 := k.Occ<<(pk.at[0]&63), k.C0<<(pk.at[1]&63), k.C1<<(pk.at[2]&63)
	lo = o&^pk.second[0] | c0&^pk.second[1] | c1&^pk.second[2]
	hi = o&pk.second[0] | c0&pk.second[1] | c1&pk.second[2]
	for _, f := range pk.metaFields {
		x := k.Meta >> f.lo & lowMask(f.width) << f.at
		if f.to == 0 {
			lo |= x
		} else {
			hi |= x
		}
	}
	return lo, hi, true
}

// packSparse is pack for a sparse packing.
func (pk *keyPacking) packSparse(k *positions.SmallKey) (packedKey, bool) {
	if k.Occ&^pk.mask[0]|k.Meta&^pk.mask[3] != 0 {
		return packedKey{}, false
	}
	words := [4]uint64{k.Occ, k.C0, k.C1, k.Meta}
	out := packedKey{k.Occ, 0}
	at := uint(0)
	for c, used := range pk.planes {
		plane := words[1+c]
		if !used {
			if plane != 0 {
				return packedKey{}, false
			}
			continue
		}
		if plane&^k.Occ != 0 || at+uint(bits.OnesCount64(k.Occ)) > pk.meta {
			return packedKey{}, false
		}
		for occ := k.Occ; occ != 0; occ &= occ - 1 {
			out[1] |= plane >> uint(bits.TrailingZeros64(occ)) & 1 << at
			at++
		}
	}
	for _, f := range pk.fields { // Meta's
		out[f.to] |= words[f.from] >> f.lo & lowMask(f.width) << f.at
	}
	return out, true
}

// unpack undoes pack.
func (pk *keyPacking) unpack(x packedKey) positions.SmallKey {
	var words [4]uint64
	for _, f := range pk.fields {
		words[f.from] |= x[f.to] >> f.at & lowMask(f.width) << f.lo
	}
	if pk.sparse {
		words[0] = x[0]
		at := uint(0)
		for c, used := range pk.planes {
			if !used {
				continue
			}
			for occ := x[0]; occ != 0; occ &= occ - 1 {
				words[1+c] |= x[1] >> at & 1 << uint(bits.TrailingZeros64(occ))
				at++
			}
		}
	}
	return positions.SmallKey{Occ: words[0], C0: words[1], C1: words[2], Meta: words[3]}
}
