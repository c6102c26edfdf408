// Package hash holds the 64-bit mixers every hash of the project is made
// of: the in-memory sets of positions, the solver's table keys, and the
// buckets of stored tablebase tiers.
//
// Stored tiers depend on Mix (tablebase's hashed format puts each entry in
// the bucket Mix gives it), so Mix must never change: TestMixIsFrozen holds
// it to known values. A faster mixer for memory only would be a new
// function beside it.
package hash

// Mix is SplitMix64's finaliser: it spreads every input bit over the whole
// word.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Mix2 is MurmurHash3's finaliser: a second mixer independent of Mix, for
// the check half of a key whose other half Mix makes.
func Mix2(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	return x ^ x>>33
}
