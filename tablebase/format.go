package tablebase

// The storage format of tables: how a table's data is laid out under keys
// of the cache (package cache, which checksums every value), and the two
// formats a tier's entries take (sorted.go, hashed.go).

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// Key layout: 'T', game, kind, table id (8 bytes), then per kind:
// 'M' meta (JSON); in the sorted format (sorted.go), 'I' tier (2 bytes):
// the first key of each chunk, and 'C' tier (2 bytes), chunk (4 bytes):
// the chunk's entries; in the hashed format, 'J' tier: the tier's record,
// and 'H' tier, bucket (4 bytes): the bucket's entries.
func tableID(root *positions.Position) []byte {
	sum := sha256.Sum256(cache.Key(root))
	return sum[:8]
}

func metaKey(g positions.Game, id []byte) []byte {
	return append([]byte{cache.TablePrefix, byte(g), 'M'}, id...)
}

func indexKey(g positions.Game, id []byte, tier int) []byte {
	return binary.BigEndian.AppendUint16(append([]byte{cache.TablePrefix, byte(g), 'I'}, id...), uint16(tier))
}

func chunkKey(g positions.Game, id []byte, tier, chunk int) []byte {
	k := binary.BigEndian.AppendUint16(append([]byte{cache.TablePrefix, byte(g), 'C'}, id...), uint16(tier))
	return binary.BigEndian.AppendUint32(k, uint32(chunk))
}

// chunkSize is the number of entries per stored chunk: a probe reads one.
const chunkSize = 256

// Tiers are stored in one of two formats (TierMeta.Format):
//
//   - formatSorted: the entries sorted by key, in chunks of chunkSize whose
//     keys are delta-coded; an index ('I') holds the first key of each
//     chunk, and a probe searches it. Tables built before the hashed format
//     have only this one, and tiers whose keys' differing bits do not fit
//     112 still use it.
//   - formatHashed: the entries in buckets by a hash of their packed keys,
//     a chunk ('H') per bucket, each entry its packed key and value in a
//     fixed number of bytes; the tier's record ('J') holds the packing and
//     the number of buckets, and a probe hashes its key to find the chunk.
//     Storing needs no sort: the sort was most of the store's work, which
//     runs beside the backward pass and took a fifth of its cores.
//
// The formats use different kinds of keys, so that a binary that knows
// only the sorted one finds no tier rather than misreading one, and a
// tier stored again in the other format leaves nothing behind to confuse.
const (
	formatSorted = 0
	formatHashed = 1
)

func hashedRecordKey(g positions.Game, id []byte, tier int) []byte {
	return binary.BigEndian.AppendUint16(append([]byte{cache.TablePrefix, byte(g), 'J'}, id...), uint16(tier))
}

func hashedChunkKey(g positions.Game, id []byte, tier, bucket int) []byte {
	k := binary.BigEndian.AppendUint16(append([]byte{cache.TablePrefix, byte(g), 'H'}, id...), uint16(tier))
	return binary.BigEndian.AppendUint32(k, uint32(bucket))
}

var errCorrupt = errors.New("table data is corrupt (leapfrog tablebase drop, then build again)")

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

// Has reports whether kv holds a table of root, built or begun: whether
// its metadata is there.
func Has(kv KV, root *positions.Position) (bool, error) {
	_, ok, err := kv.GetRaw(metaKey(root.Game, tableID(root)))
	return ok, err
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
