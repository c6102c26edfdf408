package cache

import (
	"encoding/binary"
	"hash/crc32"
)

// Every value leapfrog stores ends with a CRC-32C of its key and its
// bytes, so that a flipped bit anywhere (in a table file, the value log or
// a key) is found on read instead of answering for the wrong position.
// Badger's own checksums guard its blocks and log entries; this one also
// catches what they do not, such as a damaged key that now names another
// position, and it does not depend on how Badger was configured.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

const checksumBytes = 4

// seal returns value followed by the checksum of key and value. It never
// writes into value's array.
func seal(key, value []byte) []byte {
	sum := crc32.Update(crc32.Checksum(key, castagnoli), castagnoli, value)
	out := make([]byte, len(value), len(value)+checksumBytes)
	copy(out, value)
	return binary.LittleEndian.AppendUint32(out, sum)
}

// unseal returns the value of a stored value, and false when its checksum
// does not match the key and the bytes.
func unseal(key, stored []byte) ([]byte, bool) {
	if len(stored) < checksumBytes {
		return nil, false
	}
	n := len(stored) - checksumBytes
	sum := crc32.Update(crc32.Checksum(key, castagnoli), castagnoli, stored[:n])
	return stored[:n], sum == binary.LittleEndian.Uint32(stored[n:])
}
