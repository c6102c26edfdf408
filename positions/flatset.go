package positions

import "math/bits"

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
