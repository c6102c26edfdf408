package positions

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/leapfrog-solver/leapfrog/internal/hash"

	"github.com/leapfrog-solver/leapfrog/internal/prefetch"
)

// Counting identifies a Froglet position by its board alone: the scores do
// not change what can follow, and both players have the same moves, so the
// side to move does not either. A Hüpfer position is its board, side and
// supplies.

// PlyCount is what CountDepth finds at one ply.
type PlyCount struct {
	Ply       int    `json:"ply"`
	Paths     uint64 `json:"paths"`
	Positions int    `json:"positions"`
}

// ErrOverflow is returned when a count no longer fits 64 bits.
var ErrOverflow = errors.New("count exceeds 2^64")

// countKey identifies a position for counting.
type countKey struct {
	occ, c0, c1 Set
	meta        uint64
}

func keyOf(p *Position) countKey {
	k := countKey{occ: p.Occ, c0: p.Colour[0], c1: p.Colour[1]}
	if p.Game == Hupfer {
		k.meta = packMeta(p.Side, p.Counts[0], p.Counts[1])
	}
	return k
}

// CountDepth counts, for each ply from 1 to depth, the move sequences of
// that length from p and the distinct positions they reach (zeros once
// every game has ended). stop, if not
// nil, is polled between positions; when it returns true the count ends
// with the plies finished so far and a nil error.
func CountDepth(p *Position, depth int, stop func() bool) ([]PlyCount, error) {
	type entry struct {
		pos   *Position
		paths uint64
	}
	level := map[countKey]*entry{keyOf(p): {p, 1}}
	var out []PlyCount
	var buf []Move
	for ply := 1; ply <= depth; ply++ {
		next := map[countKey]*entry{}
		var paths uint64
		for _, e := range level {
			if stop != nil && stop() {
				return out, nil
			}
			buf = e.pos.GenerateMoves(buf[:0])
			if TooManyMoves(buf, 0) {
				return out, fmt.Errorf("%s: %w", e.pos, ErrTooManyMoves)
			}
			for i := range buf {
				child := e.pos.Child(&buf[i])
				k := keyOf(child)
				n, ok := next[k]
				if !ok {
					n = &entry{pos: child}
					next[k] = n
				}
				var carry uint64
				n.paths, carry = bits.Add64(n.paths, e.paths, 0)
				if carry != 0 {
					return out, ErrOverflow
				}
				paths, carry = bits.Add64(paths, e.paths, 0)
				if carry != 0 {
					return out, ErrOverflow
				}
			}
		}
		out = append(out, PlyCount{Ply: ply, Paths: paths, Positions: len(next)})
		level = next // once empty, the plies left are rows of zeros
	}
	return out, nil
}

// LevelCount is the number of positions with a given number of pieces.
type LevelCount struct {
	Pieces    int `json:"pieces"`
	Positions int `json:"positions"`
}

// tier strictly falls with every move: Froglet frogs, or Hüpfer pieces on the
// board plus twice the pieces in the supplies (rules.md, Decision 6).
func tier(p *Position) int {
	if p.Game == Hupfer {
		return p.Pieces() + 2*(p.Counts[0]+p.Counts[1])
	}
	return p.Pieces()
}

// CountAll counts every distinct position reachable from p, p included,
// grouped by the number of pieces on the board, largest first. With
// symmetry, positions that a symmetry of the board maps onto each other
// count once. Tiers (see tier) are expanded from the highest down, each by
// all cores. progress, if not nil, is called after each tier with the
// positions counted and found so far; stop, if not nil, is polled every 64
// positions and ends the count with ErrStopped.
func CountAll(p *Position, symmetry bool, progress func(done, total int), stop func() bool) ([]LevelCount, int, error) {
	var syms []Symmetry
	if symmetry {
		syms = p.Board.Symmetries()[1:]
	}
	if p.Board.words == 1 {
		return countAll(p, newSmallCodec(p.Board, syms), progress, stop)
	}
	return countAll(p, bigCodec{syms}, progress, stop)
}

// keyCodec turns positions into compact comparable keys (canonical under
// the symmetries it holds) and back.
type keyCodec[K comparable] interface {
	key(q Position) K
	position(p *Position, k K) Position
	hash(k *K) uint64
}

// expand calls emit with the tier and canonical key of every position one
// move from the position of k (game g on board b), and returns the number
// of pieces on k's board. Froglet positions are expanded by single jumps,
// as in countAllKeep: a longer jump ends where a run of single jumps does.
func (c smallCodec) expand(g Game, b *Board, k *smallKey, buf *[]SmallMove, emit func(t int, ck smallKey)) int {
	s := k.Small(g)
	if g == Froglet && s.Occ != b.Cells[0] {
		*buf = b.smallSingleJumps(&s, (*buf)[:0])
	} else {
		*buf = b.SmallChildren(g, &s, (*buf)[:0])
	}
	var im Images
	c.images(&s, &im)
	for i := range *buf {
		child := s
		child.Apply(g, &(*buf)[i])
		// By value: a pointer passed to emit would move ck to the heap,
		// an allocation per child.
		emit(SmallTier(g, &child), c.childKey(g, &im, &s, &child))
	}
	return bits.OnesCount64(s.Occ)
}

// smallKey is a position of a board of at most 64 cells.
type smallKey = SmallKey

type smallCodec struct {
	syms []Symmetry
	// rows holds the images of cells, where children's keys come from
	// their parents' images (see incremental); nil elsewhere. One
	// pointer: the codec is passed by value on every child, in registers.
	*rows
}

// rows are the images of cells under a codec's symmetries, as one-word
// sets, by which a child's images come from its parent's.
type rows struct {
	// cells[c][i] is the image of cell c under syms[i].
	cells [64][7]uint64
	// jumps[c][d][i] is the image under syms[i] of the three cells a jump
	// from cell c in direction d changes (its start, the cell it jumps
	// over and its landing), where the jump stays on the board.
	jumps [64][numDirs][7]uint64
}

// newSmallCodec returns the codec of one-word keys of positions of board
// b canonical under syms, symmetries of b (the identity left out).
func newSmallCodec(b *Board, syms []Symmetry) smallCodec {
	c := smallCodec{syms: syms}
	// Children's keys come from their parent's images on boards of more
	// than 40 cells, where a word's image takes eight table look-ups and a
	// child's few changed cells fewer; on small boards it costs
	// (docs/PERFORMANCE.md, "Tablebases"). The codec says so by having the
	// rows (a field, not the test: a pointer chase on every child).
	if len(syms) > 0 && len(syms[0].Perm) > 40 {
		c.rows = new(rows)
		for i := range syms {
			for cell, img := range syms[i].bit {
				c.cells[cell][i] = img
			}
		}
		offs := b.offsets()
		for d := range numDirs {
			for x := b.canJump[d]; x != 0; x &= x - 1 {
				from := bits.TrailingZeros64(x)
				mid, to := from+offs[d], from+2*offs[d]
				for i := range c.jumps[from][d] {
					c.jumps[from][d][i] = c.cells[from][i] ^ c.cells[mid][i] ^ c.cells[to][i]
				}
			}
		}
	}
	return c
}

func (c smallCodec) key(q Position) smallKey {
	return c.least(smallKey{q.Occ[0], q.Colour[0][0], q.Colour[1][0], meta(&q)})
}

// least returns the least image of k under the codec's symmetries.
func (c smallCodec) least(k smallKey) smallKey {
	occ, c0, c1 := k.Occ, k.C0, k.C1
	plain := c0|c1 == 0 // one colour only: the colour planes map to 0
	for i := range c.syms {
		sy := &c.syms[i]
		o := map4(sy.lo, occ) // sy.mapWord(occ), inlined: every key of every child
		if sy.hi != nil {
			o |= map4(sy.hi, occ>>32)
		}
		if o > k.Occ {
			continue
		}
		img := smallKey{Occ: o, Meta: k.Meta}
		if !plain {
			img.C0 = sy.mapWord(c0)
			if c1 != 0 { // Hüpfer has one colour plane
				img.C1 = sy.mapWord(c1)
			}
		}
		if o < k.Occ || img.C0 < k.C0 || (img.C0 == k.C0 && img.C1 < k.C1) {
			k = img
		}
	}
	return k
}

func (smallCodec) position(p *Position, k smallKey) Position {
	q := Position{Game: p.Game, Board: p.Board}
	q.Occ[0], q.Colour[0][0], q.Colour[1][0] = k.Occ, k.C0, k.C1
	setMeta(&q, k.Meta)
	return q
}

// hash mixes a key's words: C1 and Meta multiplied by odd constants (each
// a bijection) and xored into C0, mixed, xored into Occ and mixed again.
// Two finalisers instead of one per word: every child of the backward pass
// and the enumeration is hashed.
func (smallCodec) hash(k *smallKey) uint64 {
	return hash.Mix(k.Occ ^ hash.Mix(k.C0^k.C1*0x9e3779b97f4a7c15^k.Meta*0xc2b2ae3d27d4eb4f))
}

type bigCodec struct{ syms []Symmetry }

func (c bigCodec) key(q Position) countKey {
	k := countKey{occ: q.Occ, c0: q.Colour[0], c1: q.Colour[1], meta: meta(&q)}
	for i := range c.syms {
		sy := &c.syms[i]
		img := countKey{occ: sy.Map(&q.Occ), c0: sy.Map(&q.Colour[0]), c1: sy.Map(&q.Colour[1]), meta: k.meta}
		if countKeyLess(&img, &k) {
			k = img
		}
	}
	return k
}

func (bigCodec) position(p *Position, k countKey) Position {
	q := Position{Game: p.Game, Board: p.Board, Occ: k.occ, Colour: [2]Set{k.c0, k.c1}}
	setMeta(&q, k.meta)
	return q
}

func (bigCodec) hash(k *countKey) uint64 {
	h := hash.Mix(k.meta)
	for i := range k.occ {
		h = hash.Mix(h ^ k.occ[i] ^ hash.Mix(k.c0[i]^hash.Mix(k.c1[i])))
	}
	return h
}

// meta packs what a count key holds besides the board: nothing for
// Froglet, side and supplies for Hüpfer.
func meta(q *Position) uint64 {
	if q.Game != Hupfer {
		return 0
	}
	return packMeta(q.Side, q.Counts[0], q.Counts[1])
}

func setMeta(q *Position, m uint64) {
	if q.Game == Hupfer {
		side, red, turquoise := unpackMeta(m)
		q.Side, q.Counts = side, [2]int{red, turquoise}
	}
}

// packMeta packs a Hüpfer side and supplies into a key's Meta word;
// unpackMeta undoes it.
func packMeta(side, red, turquoise int) uint64 {
	return uint64(side) | uint64(red)<<1 | uint64(turquoise)<<32
}

func unpackMeta(m uint64) (side, red, turquoise int) {
	return int(m & 1), int(m >> 1 & 0x7fffffff), int(m >> 32)
}

// smallKeyOf is the key of s (game g) before symmetries: what meta and
// the sets of a Position give for it.
func smallKeyOf(g Game, s *Small) smallKey {
	k := smallKey{Occ: s.Occ, C0: s.C0, C1: s.C1}
	if g == Hupfer {
		k.Meta = packMeta(int(s.Side), int(s.Counts[0]), int(s.Counts[1]))
	}
	return k
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

func countAll[K comparable, C keyCodec[K]](p *Position, codec C, progress func(done, total int), stop func() bool) ([]LevelCount, int, error) {
	return countAllKeep(p, codec, progress, stop, nil)
}

// countAllKeep is countAll that hands each tier's set, once expanded, to
// keep (Enumerate keeps them all); keep's error ends the count.
func countAllKeep[K comparable, C keyCodec[K]](p *Position, codec C, progress func(done, total int), stop func() bool, keep func(int, *shardedSet[K]) error) ([]LevelCount, int, error) {
	tiers := map[int]*shardedSet[K]{}
	tierOf := func(t int) *shardedSet[K] {
		if tiers[t] == nil {
			tiers[t] = newShardedSet(codec.hash)
		}
		return tiers[t]
	}
	k0 := codec.key(*p)
	var first batcher[K]
	first.add(tierOf(tier(p)), k0, codec.hash(&k0))
	first.flush(tierOf(tier(p)))
	byPieces := map[int]int{}
	total := 0
	workers := runtime.GOMAXPROCS(0)
	// Boards of at most 64 cells are expanded on the one-word forms (K is
	// then smallKey, which the pointer conversions below rely on).
	sc, small := any(codec).(smallCodec)
	// Larger boards use bigCodec (K is then countKey): its hash is called
	// on it directly, for the reason emit gives.
	bc, big := any(codec).(bigCodec)
	if !small && !big {
		return nil, 0, fmt.Errorf("enumeration: unknown key codec %T", codec)
	}
	for {
		top := -1
		for t := range tiers {
			if t > top {
				top = t
			}
		}
		if top < 0 {
			break
		}
		set := tiers[top]
		delete(tiers, top)
		// Children of one tier fall into lower tiers; make those sets now
		// so that workers only read them, from a slice: map look-ups per
		// child were a sixth of the enumeration.
		lower := make([]*shardedSet[K], top)
		for t := range lower {
			lower[t] = tierOf(t)
		}
		var stopped atomic.Bool
		var wg sync.WaitGroup
		var mu sync.Mutex
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				local := make([]int, MaxCells+1) // positions by pieces
				var buf []Move
				var sbuf []SmallMove
				// One batcher per target tier.
				batchers := make([]*batcher[K], top)
				defer func() {
					for t, b := range batchers {
						if b != nil {
							b.flush(lower[t])
						}
					}
				}()
				batcherOf := func(t int) *batcher[K] {
					b := batchers[t]
					if b == nil {
						b = &batcher[K]{}
						batchers[t] = b
					}
					return b
				}
				emit := func(t int, ck smallKey) {
					// sc.hash, not codec.hash: through the generic
					// dictionary &ck would escape, an allocation per child.
					h := sc.hash(&ck)
					batcherOf(t).add(lower[t], *(*K)(unsafe.Pointer(&ck)), h)
				}
				polled := 0
				for si := w; si < len(set.shards); si += workers {
					set.shards[si].set.each(func(k *K) bool {
						// stop every 64 positions: a shared counter it
						// may keep moves between the cores' caches.
						if polled++; polled&63 == 0 && stop != nil && stop() {
							stopped.Store(true)
							return false
						}
						if small {
							local[sc.expand(p.Game, p.Board, (*smallKey)(unsafe.Pointer(k)), &sbuf, emit)]++
							return true
						}
						q := codec.position(p, *k)
						local[q.Pieces()]++
						if q.Game == Froglet && !q.IsFull() {
							buf = q.singleJumps(buf[:0])
						} else {
							buf = q.GenerateMoves(buf[:0])
						}
						for i := range buf {
							child := q
							child.Apply(&buf[i])
							ck := codec.key(child)
							t := tier(&child)
							h := bc.hash((*countKey)(unsafe.Pointer(&ck)))
							batcherOf(t).add(lower[t], ck, h)
						}
						return true
					})
					if stopped.Load() {
						return
					}
				}
				mu.Lock()
				for n, c := range local {
					if c != 0 {
						byPieces[n] += c
						total += c
					}
				}
				mu.Unlock()
			}(w)
		}
		wg.Wait()
		if stopped.Load() {
			return nil, total, ErrStopped
		}
		if keep != nil {
			if err := keep(top, set); err != nil {
				return nil, total, err
			}
		}
		for t, s := range tiers {
			if s.size.Load() == 0 {
				delete(tiers, t)
			}
		}
		if progress != nil {
			n := 0
			for _, s := range tiers {
				n += int(s.size.Load())
			}
			progress(total, total+n)
		}
	}
	var levels []LevelCount
	for pieces, n := range byPieces {
		levels = append(levels, LevelCount{pieces, n})
	}
	sort.Slice(levels, func(i, j int) bool { return levels[i].Pieces > levels[j].Pieces })
	return levels, total, nil
}

// ErrStopped is returned by a count that its stop function ended.
var ErrStopped = errors.New("stopped")

func countKeyLess(a, b *countKey) bool {
	if a.occ != b.occ {
		return a.occ.Less(&b.occ)
	}
	if a.c0 != b.c0 {
		return a.c0.Less(&b.c0)
	}
	return a.c1.Less(&b.c1)
}

// singleJumps appends the Froglet moves of one jump each. Every Froglet move
// is a chain of single jumps, each of which is a move on its own, so the
// positions reachable by single jumps are exactly those reachable by moves:
// CountAll uses them as the cheaper way to enumerate.
func (p *Position) singleJumps(buf []Move) []Move {
	for w := 0; w < p.Board.words; w++ {
		for x := p.Occ[w]; x != 0; x &= x - 1 {
			buf = p.singleJumpsFrom(buf, w<<6+bits.TrailingZeros64(x))
		}
	}
	return buf
}
