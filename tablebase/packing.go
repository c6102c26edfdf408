package tablebase

// Packing: a tier's keys in two words, from the bits that differ between
// them, for the hashed format and the store of a tier.

import (
	"math/bits"
	"slices"
	"unsafe"

	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
)

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

// gather packs entries straight from a KeySet's packed slots, without
// making their SmallKeys: each run of a packing's field that sits in one
// place in a slot is moved in one shift and mask.
type gather struct{ moves []move }

// move takes n bits of slot word sw from bit at to bit to of the packed
// entry.
type move struct{ sw, at, n, to uint }

// newGather returns the gather for pk's entries from set's slots, and
// false when the set's packing has no fixed place for each bit (sparse).
func newGather(pk *packing, set *enumerate.KeySet) (gather, bool) {
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
func (g *gather) entries(set *enumerate.KeySet) []packedEntry {
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
