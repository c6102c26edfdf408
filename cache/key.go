package cache

import (
	"encoding/binary"
	"errors"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// FormatVersion is the version of the key and value encodings. Change it
// whenever either changes: entries of another version are never read.
const FormatVersion = 1

// RulesVersion is the version of the rules of each game as rules.md gives
// them. Change it whenever a rule (or its reading) changes what a position
// is worth: older entries then stop matching.
var RulesVersion = map[positions.Game]byte{positions.Froglet: 1, positions.Hupfer: 1}

// Prefix returns the first bytes of every key of a game: the format version,
// the game and its rules version (the rules fingerprint). Entries under
// another prefix are never returned for this game.
func Prefix(g positions.Game) []byte {
	return []byte{FormatVersion, byte(g), RulesVersion[g]}
}

// Key returns the key of a position: the rules prefix, then the canonical
// position. A Froglet value depends on the board alone (frogs are shared,
// past scores do not count); a Hüpfer position is first seen from the side
// to move (its pieces written as Red's, the supplies mover first). Then the
// board is replaced by the first of its images under the board's
// symmetries, so symmetric positions share one entry.
func Key(p *positions.Position) []byte {
	q := p.FromMover()
	if q.Game == positions.Froglet {
		q.Side, q.Counts = 0, [2]int{}
	}
	c, _ := q.Canonical()
	b := c.Board
	key := append(Prefix(p.Game), byte(b.Width), byte(b.Height))
	n := b.Size()
	if b.HasHoles() {
		key = append(key, 1)
		key = appendBits(key, n, func(i int) bool { return !b.IsCell(i) })
	} else {
		key = append(key, 0)
	}
	key = appendBits(key, n, c.Occ.Has)
	// Colours of the occupied cells only, in cell order: two bits a frog,
	// one bit a Hüpfer piece.
	cells := c.Occ.Cells()
	planes := 2
	if c.Game == positions.Hupfer {
		planes = 1
	}
	key = appendBits(key, len(cells)*planes, func(i int) bool {
		return c.Colour[i%planes].Has(cells[i/planes])
	})
	if c.Game == positions.Hupfer {
		key = binary.AppendUvarint(key, uint64(c.Counts[0]))
		key = binary.AppendUvarint(key, uint64(c.Counts[1]))
	}
	return key
}

func appendBits(dst []byte, n int, bit func(int) bool) []byte {
	for i := 0; i < n; i += 8 {
		var x byte
		for j := 0; j < 8 && i+j < n; j++ {
			if bit(i + j) {
				x |= 1 << j
			}
		}
		dst = append(dst, x)
	}
	return dst
}

// Bounds is what the cache holds for a position: proven bounds on its
// score, in package score's terms (Froglet score differences; Hüpfer
// ±(score.Win - plies)).
// Lower == Upper is an exact value.
type Bounds struct {
	Lower, Upper int
}

// encode writes bounds as two zigzag varints: 2 to 6 bytes.
func (v Bounds) encode() []byte {
	out := binary.AppendVarint(nil, int64(v.Lower))
	if v.Upper == v.Lower {
		return out
	}
	return binary.AppendVarint(out, int64(v.Upper))
}

var errBadValue = errors.New("cache: malformed value")

func decode(b []byte) (Bounds, error) {
	lo, n := binary.Varint(b)
	if n <= 0 {
		return Bounds{}, errBadValue
	}
	if n == len(b) {
		return Bounds{int(lo), int(lo)}, nil
	}
	hi, m := binary.Varint(b[n:])
	if m <= 0 || n+m != len(b) || hi < lo {
		return Bounds{}, errBadValue
	}
	return Bounds{int(lo), int(hi)}, nil
}
