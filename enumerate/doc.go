// Package enumerate finds every position reachable from a root, tier by
// tier (positions.Tier falls with every move) on all cores, and keeps them
// in memory for the tablebases.
//
// Where things are:
//   - count.go: CountAll and CountDepth (leapfrog count), and countTiers,
//     the tier loop both the counts and Enumerate run on.
//   - set.go: the hash sets it fills: flat open-addressing sets, sharded
//     with a lock each and filled in batches.
//   - pack.go, keyset.go: a tier's positions packed in two words with a
//     16-bit value each (KeySet), as the backward pass reads them.
//   - enumerate.go: Enumerate under a memory budget, and TooLargeError.
package enumerate
