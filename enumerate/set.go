package enumerate

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/leapfrog-solver/leapfrog/internal/prefetch"
)

// flatSet is an open-addressing hash set (linear probing) of comparable
// keys whose hashes the caller supplies. It stores keys in one flat slice
// with a bitmap of used slots, which makes it several times faster and
// smaller than a Go map for the short fixed-size keys of counting.
type flatSet[K comparable] struct {
	keys []K
	used []uint64
	n    int
	mask uint64
}

// add inserts k (whose hash is h) and reports whether it was new. The
// table must have a free slot (hashedSet.add sees to it).
func (s *flatSet[K]) add(k K, h uint64) bool {
	for i := h & s.mask; ; i = (i + 1) & s.mask {
		if s.used[i>>6]&(1<<(i&63)) == 0 {
			s.used[i>>6] |= 1 << (i & 63)
			s.keys[i] = k
			s.n++
			return true
		}
		if s.keys[i] == k {
			return false
		}
	}
}

func (s *flatSet[K]) init(size int) {
	s.keys = make([]K, size)
	s.used = make([]uint64, (size+63)/64)
	s.mask = uint64(size - 1)
	s.n = 0
}

// hashedSet is a flatSet that remembers how to hash its keys, so it can grow.
type hashedSet[K comparable] struct {
	flatSet[K]
	hash func(*K) uint64
}

func (s *hashedSet[K]) add(k K, h uint64) bool {
	if s.keys == nil {
		s.init(64)
	}
	if s.n*8 >= len(s.keys)*5 { // grow at a load factor of 5/8
		old, oldUsed := s.keys, s.used
		s.init(len(old) * 2)
		for w, word := range oldUsed {
			for word != 0 {
				i := w<<6 + bits.TrailingZeros64(word)
				word &= word - 1
				s.insertNew(old[i], s.hash(&old[i]))
			}
		}
	}
	return s.flatSet.add(k, h)
}

// insertNew puts a key known to be absent.
func (s *flatSet[K]) insertNew(k K, h uint64) {
	for i := h & s.mask; ; i = (i + 1) & s.mask {
		if s.used[i>>6]&(1<<(i&63)) == 0 {
			s.used[i>>6] |= 1 << (i & 63)
			s.keys[i] = k
			s.n++
			return
		}
	}
}

// each calls fn on every key.
func (s *flatSet[K]) each(fn func(*K) bool) bool {
	for w, word := range s.used {
		for word != 0 {
			i := w<<6 + bits.TrailingZeros64(word)
			word &= word - 1
			if !fn(&s.keys[i]) {
				return false
			}
		}
	}
	return true
}

// shardedSet is a set of keys split into 64 shards by the top bits of their
// hash, each with its own lock, so that several workers can fill it at once.
// Workers add in batches (see batcher), taking a shard's lock once per batch.
type shardedSet[K comparable] struct {
	shards [numShards]struct {
		mu  sync.Mutex
		set hashedSet[K]
	}
	size atomic.Int64
}

const numShards = 64

func newShardedSet[K comparable](hash func(*K) uint64) *shardedSet[K] {
	s := &shardedSet[K]{}
	for i := range s.shards {
		s.shards[i].set.hash = hash
	}
	return s
}

// batcher collects one worker's keys per shard and hands them over in
// batches.
type batcher[K comparable] struct {
	keys   [numShards][]K
	hashes [numShards][]uint64
}

const batchSize = 256

func (b *batcher[K]) add(s *shardedSet[K], k K, h uint64) {
	i := h >> 58
	b.keys[i] = append(b.keys[i], k)
	b.hashes[i] = append(b.hashes[i], h)
	if len(b.keys[i]) >= batchSize {
		b.flushShard(s, int(i))
	}
}

func (b *batcher[K]) flushShard(s *shardedSet[K], i int) {
	if len(b.keys[i]) == 0 {
		return
	}
	sh := &s.shards[i]
	added := 0
	sh.mu.Lock()
	// The slots and bitmap words of the batch, loaded in one burst: each
	// is a random read in a set of up to gigabytes.
	if fs := &sh.set; fs.keys != nil {
		for _, h := range b.hashes[i] {
			at := h & fs.mask
			prefetch.Line(unsafe.Pointer(&fs.keys[at]))
			prefetch.Line(unsafe.Pointer(&fs.used[at>>6]))
		}
	}
	for j, k := range b.keys[i] {
		if sh.set.add(k, b.hashes[i][j]) {
			added++
		}
	}
	sh.mu.Unlock()
	s.size.Add(int64(added))
	b.keys[i], b.hashes[i] = b.keys[i][:0], b.hashes[i][:0]
}

func (b *batcher[K]) flush(s *shardedSet[K]) {
	for i := range b.keys {
		b.flushShard(s, i)
	}
}
