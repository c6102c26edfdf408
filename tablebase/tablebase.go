// Package tablebase solves every position reachable from a start, once,
// and keeps the values in the persistent cache, where any later question
// about one of them is answered by a look-up.
//
// Every move lowers a position's tier (positions.Tier), so a build first
// enumerates the reachable positions tier by tier, up to symmetry, then
// computes values backwards: from the lowest tier, whose children are all
// known, up to the start's. Each tier is computed by all cores and stored
// in bulk as soon as it is done; an interrupted build resumes from the
// last stored tier.
package tablebase

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// KV is the storage a table lives in (a *cache.Store).
type KV interface {
	WriteRaw(kvs [][2][]byte) error
	GetRaw(k []byte) ([]byte, bool, error)
	ScanRaw(prefix []byte, fn func(k, v []byte) error) error
	DropRaw(prefix []byte) error
}

// Meta describes a table.
type Meta struct {
	Root  string     `json:"root"`
	Game  string     `json:"game"`
	Tiers []TierMeta `json:"tiers"`
	// Done is set when every tier is stored.
	Done bool `json:"done"`
	// Seconds is the time the build took, over all its runs.
	Seconds float64 `json:"seconds"`
}

// TierMeta describes one tier.
type TierMeta struct {
	Tier      int  `json:"tier"`
	Positions int  `json:"positions"`
	Done      bool `json:"done"`
	// Format is how the tier is stored (formatSorted, formatHashed).
	Format int `json:"format,omitempty"`
}

// Options of a build.
type Options struct {
	// MaxBytes bounds the memory of the position sets (0: no bound).
	MaxBytes int64
	// Progress, if not nil, receives a line per phase and tier.
	Progress func(format string, args ...any)
	// Working, if not nil, is told now and then, while a tier is computed,
	// how many of its positions are done.
	Working func(tier, done, total int)
	// Stop, if not nil, is polled; true ends the build with ErrStopped
	// after storing the tiers finished.
	Stop func() bool
	// sortedOnly stores every tier in the sorted format, as builds did
	// before the hashed one (tests of reading such tables).
	sortedOnly bool
}

// ErrStopped is returned by a build that was stopped: the error of a
// stopped enumeration too, so that there is one to test for.
var ErrStopped = enumerate.ErrStopped

// table is a table in memory: the positions of each tier with their
// values, and which tiers have their values.
type table struct {
	game  positions.Game
	board *positions.Board
	canon positions.Canonicalizer
	sets  map[int]*enumerate.KeySet
	ready map[int]bool
	// sortedOnly stores every tier in the sorted format (tests of
	// reading it).
	sortedOnly bool
}

func (t *table) say(opt Options, format string, args ...any) {
	if opt.Progress != nil {
		opt.Progress(format, args...)
	}
}

// Build makes (or finishes) the table of every position reachable from
// root and stores it in kv.
func Build(kv KV, root *positions.Position, opt Options) (*Meta, error) {
	if root.Board.Size() > 64 {
		return nil, fmt.Errorf("tablebases are made for boards of at most 64 cells; %dx%d has %d", root.Board.Width, root.Board.Height, root.Board.Size())
	}
	start := time.Now()
	id := tableID(root)
	meta, err := readMeta(kv, root, id)
	if err != nil {
		return nil, err
	}
	if meta.Done {
		return meta, nil
	}
	t := &table{game: root.Game, board: root.Board, canon: positions.NewCanonicalizer(root.Board), ready: map[int]bool{}, sortedOnly: opt.sortedOnly}
	t.say(opt, "enumerating the positions reachable from %s", root)
	sets, err := enumerate.Enumerate(root, opt.MaxBytes, nil, opt.Stop)
	if errors.Is(err, ErrStopped) {
		return meta, ErrStopped
	}
	if err != nil {
		return nil, err
	}
	t.sets = sets
	tiers, done, total := planTiers(meta, sets)
	t.say(opt, "%d positions in %d tiers (%.1fs)", total, len(tiers), time.Since(start).Seconds())
	if err := checkBackward(sets, opt.MaxBytes); err != nil {
		return meta, err
	}
	if stopped, err := t.backward(kv, id, root, meta, tiers, done, opt); err != nil {
		if stopped {
			return meta, err // what is stored stays: a new build goes on from it
		}
		return nil, err
	}
	meta.Done = true
	meta.Seconds += time.Since(start).Seconds()
	return meta, writeMeta(kv, root.Game, id, meta)
}

// readMeta returns the metadata kept for the table of root (id), or a new
// one if there is none: a build that was interrupted goes on from it.
func readMeta(kv KV, root *positions.Position, id []byte) (*Meta, error) {
	meta := &Meta{Root: root.String(), Game: root.Game.String()}
	raw, ok, err := kv.GetRaw(metaKey(root.Game, id))
	if err != nil {
		return nil, err
	}
	if !ok {
		return meta, nil
	}
	if err := json.Unmarshal(raw, meta); err != nil {
		return nil, fmt.Errorf("table of %s: %w", root, err)
	}
	return meta, nil
}

// planTiers lists the tiers of sets from the lowest (the order of the
// backward pass), the tiers meta says are stored already, and the number
// of positions; it resets meta's tiers to those of sets.
func planTiers(meta *Meta, sets map[int]*enumerate.KeySet) (tiers []int, done map[int]TierMeta, total int) {
	tiers = sortedTiers(sets)
	done = map[int]TierMeta{}
	for _, tm := range meta.Tiers {
		if tm.Done {
			done[tm.Tier] = tm
		}
	}
	meta.Tiers = nil
	for _, tier := range tiers {
		tm := done[tier]
		meta.Tiers = append(meta.Tiers, TierMeta{Tier: tier, Positions: sets[tier].Len(), Done: tm.Done, Format: tm.Format})
		total += sets[tier].Len()
	}
	return tiers, done, total
}

// backward values the tiers in order, loading those stored already
// (done), and stores each tier while the next one is computed (which
// needs only the values in memory); a tier is marked done in meta once
// its write is over, so an interrupted build never counts a tier it has
// not stored. stopped reports that the build ended early (opt.Stop, or an error
// computing a tier) with every write over.
func (t *table) backward(kv KV, id []byte, root *positions.Position, meta *Meta, tiers []int, done map[int]TierMeta, opt Options) (stopped bool, err error) {
	var pending chan error
	wait := func() error {
		if pending == nil {
			return nil
		}
		err := <-pending
		pending = nil
		return err
	}
	seconds, positions := 0.0, 0
	for i, tier := range tiers {
		tierStart := time.Now()
		set := t.sets[tier]
		if tm := done[tier]; tm.Done {
			if err := t.load(kv, id, tm); err != nil {
				return false, err
			}
			t.say(opt, "tier %d: %d positions, loaded", tier, set.Len())
			continue
		}
		if opt.Stop != nil && opt.Stop() {
			if err := wait(); err != nil {
				return false, err
			}
			return true, ErrStopped
		}
		if err := t.compute(tier, opt); err != nil {
			if werr := wait(); werr != nil {
				return false, werr
			}
			return true, err
		}
		computed := time.Since(tierStart).Seconds()
		seconds += computed
		positions += set.Len()
		if err := wait(); err != nil {
			return false, err
		}
		t.say(opt, "tier %d: %d positions computed in %.2fs, %.2fM positions/s", tier, set.Len(), computed, float64(set.Len())/computed/1e6)
		pending = make(chan error, 1)
		go func(i, tier int, set *enumerate.KeySet) {
			format, err := t.store(kv, id, tier, set)
			if err == nil {
				meta.Tiers[i].Done, meta.Tiers[i].Format = true, format
				err = writeMeta(kv, root.Game, id, meta)
			}
			pending <- err
		}(i, tier, set)
	}
	if err := wait(); err != nil {
		return false, err
	}
	if seconds > 0 {
		cores := runtime.GOMAXPROCS(0)
		rate := float64(positions) / seconds / 1e6
		t.say(opt, "backward pass: %d positions computed in %.1fs, %.2fM positions/s on %d cores (%.2fM per core)",
			positions, seconds, rate, cores, rate/float64(cores))
	}
	return false, nil
}

// checkBackward refuses, with the estimate, a backward pass that would
// outgrow the budget (0: none) once the sets are enumerated.
func checkBackward(sets map[int]*enumerate.KeySet, budget int64) error {
	if budget <= 0 {
		return nil
	}
	// The heap counts garbage the collector has not yet taken, the more
	// of it the larger the budget: collect it first, so that the estimate
	// starts from what is live.
	runtime.GC()
	need := backwardBytes(sets)
	if need <= budget {
		return nil
	}
	total := 0
	for _, s := range sets {
		total += s.Len()
	}
	return &enumerate.TooLargeError{Phase: "backward pass", Positions: total, Tiers: len(sets), Bytes: need, Budget: budget}
}

// backwardBytes estimates the heap the backward pass needs with the sets
// in memory (which hold the values): what is in use now, and what storing
// the largest tier makes: its entries (40 bytes each) twice over for the
// radix sort, and their encoding.
func backwardBytes(sets map[int]*enumerate.KeySet) int64 {
	var largest int64
	for _, s := range sets {
		largest = max(largest, int64(s.Len()))
	}
	return enumerate.HeapBytes() + 96*largest
}

func writeMeta(kv KV, g positions.Game, id []byte, m *Meta) error {
	raw, _ := json.Marshal(m)
	return kv.WriteRaw([][2][]byte{{metaKey(g, id), raw}})
}

func sortedTiers(sets map[int]*enumerate.KeySet) []int {
	var tiers []int
	for t := range sets {
		tiers = append(tiers, t)
	}
	sort.Ints(tiers)
	return tiers
}

// compute fills the values of a tier from its children's, on all cores.
func (t *table) compute(tier int, opt Options) error {
	set := t.sets[tier]
	var progress func(int)
	if opt.Working != nil {
		progress = func(n int) { opt.Working(tier, n, set.Len()) }
	}
	sets, ready := t.tiers()
	err := t.valueAll(set, sets, ready, opt.Stop, progress, func(i int, _ *positions.Small, v int) {
		set.SetValue(i, int16(v))
	})
	if err == nil {
		t.ready[tier] = true
	}
	return err
}

// valueAll derives the value of every position of set from its children's
// (sets and ready as tiers returns them) on all cores, and calls done
// with each, from several goroutines at once. Workers take slots in blocks
// from a shared counter rather than a fixed share each: a build stores the
// previous tier beside the computation, which slows one core more than the
// other, and a fixed share would leave the other idle at the end. stop, if
// not nil, is polled between blocks (ErrStopped); progress, if not nil, is
// called after each block with the number of positions done so far.
func (t *table) valueAll(set *enumerate.KeySet, sets []*enumerate.KeySet, ready []bool, stop func() bool, progress func(int), done func(i int, p *positions.Small, v int)) error {
	const block = 1 << 14
	var next, doneCount atomic.Int64
	var wg sync.WaitGroup
	var firstErr atomic.Pointer[error]
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := t.newBatch(sets, ready)
			for firstErr.Load() == nil {
				from := int(next.Add(block)) - block
				if from >= set.Slots() {
					return
				}
				if stop != nil && stop() {
					err := ErrStopped
					firstErr.CompareAndSwap(nil, &err)
					return
				}
				n := 0
				err := b.each(set, from, from+block, func(i int, p *positions.Small, v int) {
					done(i, p, v)
					n++
				})
				if err != nil {
					firstErr.CompareAndSwap(nil, &err)
					return
				}
				if progress != nil {
					progress(int(doneCount.Add(int64(n))))
				}
			}
		}()
	}
	wg.Wait()
	if e := firstErr.Load(); e != nil {
		return *e
	}
	return nil
}

// tiers returns the set of every tier, indexed by tier, and whether its
// values are there, for the look-ups of value (a map look-up per child
// costs more than the rest of the work on it).
func (t *table) tiers() ([]*enumerate.KeySet, []bool) {
	top := 0
	for tier := range t.sets {
		top = max(top, tier)
	}
	sets, ready := make([]*enumerate.KeySet, top+1), make([]bool, top+1)
	for tier, set := range t.sets {
		sets[tier], ready[tier] = set, t.ready[tier]
	}
	return sets, ready
}

// child is a move's child during a batch: its tier and key, made ready
// for the look-up, and the points of the move.
type child struct {
	look   enumerate.Lookup
	tier   int32
	points int16
}

// batchSize is the number of positions whose children are prefetched
// together. A Hüpfer 5x5 position has 1.2 moves on average, so one
// position alone leaves few waits for memory to overlap.
const batchSize = 32

// batch derives the values of positions from their children's values
// (sets and ready as tiers returns them), a batch at a time: it makes the
// key of every child of every position in the batch and prefetches its
// slot (which holds the value) before the first look-up, since each
// look-up is a random read in sets of hundreds of megabytes. It is one
// worker's, and reused.
type batch struct {
	t        *table
	sets     []*enumerate.KeySet
	ready    []bool
	pos      []positions.Small
	index    []int             // the caller's index of each position
	ends     []int             // the children of pos[j] are children[ends[j-1]:ends[j]]
	kids     []positions.Child // of the Froglet position being added
	scratch  positions.ChildScratch
	moves    []positions.SmallMove // of the Hüpfer position being added
	im       positions.Images      // its images
	children []child
	other    *batch // the batch that takes turns with this one (see each)
}

func (t *table) newBatch(sets []*enumerate.KeySet, ready []bool) *batch {
	b := &batch{t: t, sets: sets, ready: ready}
	b.other = &batch{t: t, sets: sets, ready: ready}
	return b
}

// add puts position p, the caller's number i, in the batch: it generates
// its children and starts loading their slots. It reports whether the
// batch is full (call run).
func (b *batch) add(i int, p *positions.Small) (bool, error) {
	t := b.t
	// The children, not the moves: a position two moves reach is looked
	// up twice rather than searched for among the moves.
	if t.game == positions.Froglet {
		b.kids = t.canon.Children(t.game, t.board, p, &b.scratch, b.kids[:0])
		for j := range b.kids {
			k := &b.kids[j]
			if !b.push(int(k.Tier), k.Points, &k.Key) {
				return false, t.missing(p, k)
			}
		}
	} else {
		// Hüpfer positions have few children: the moves one by one,
		// without Children's list, cost less (docs/PERFORMANCE.md,
		// "Tablebases").
		b.moves = t.board.SmallChildren(t.game, p, b.moves[:0])
		t.canon.Images(p, &b.im)
		for j := range b.moves {
			m := &b.moves[j]
			c := *p
			c.Apply(t.game, m)
			k := t.canon.ChildKey(t.game, &b.im, p, &c)
			if ct := positions.SmallTier(t.game, &c); !b.push(ct, m.Points, &k) {
				return false, t.missing(p, &positions.Child{Key: k, Tier: int32(ct)})
			}
		}
	}
	b.pos = append(b.pos, *p)
	b.index = append(b.index, i)
	b.ends = append(b.ends, len(b.children))
	return len(b.pos) >= batchSize, nil
}

// push adds to the batch a child of tier ct with key k, which a move of
// points makes, and reports false if the tier has no values yet or no
// position of it can have k (a broken table). The child is made where it
// stays, field by field: a child made apart and copied in is read 16
// bytes at a time from smaller writes, which waits for them to reach the
// cache.
func (b *batch) push(ct int, points int16, k *positions.SmallKey) bool {
	if ct >= len(b.sets) || !b.ready[ct] {
		return false
	}
	n := len(b.children)
	if n == cap(b.children) {
		b.children = append(b.children, child{})
	}
	b.children = b.children[:n+1]
	ch := &b.children[n]
	ch.tier, ch.points = int32(ct), points
	return b.sets[ct].PrepareTo(&ch.look, k)
}

// run computes the value of every position of the batch, calls done with
// each (the caller's number, the position, its value) and empties the
// batch.
func (b *batch) run(done func(i int, p *positions.Small, v int)) error {
	t := b.t
	start := 0
	for j := range b.pos {
		best := score.Terminal(t.game)
		if start < b.ends[j] {
			best = -1 << 30
		}
		for i := range b.children[start:b.ends[j]] {
			c := &b.children[start+i]
			cv, ok := c.look.Value() // inlined: most often the key is in its first slot
			if !ok {
				cv, ok = b.sets[c.tier].ValueOf(&c.look)
			}
			if !ok {
				k, _ := b.sets[c.tier].Key(&c.look)
				return t.missing(&b.pos[j], &positions.Child{Key: k, Tier: c.tier})
			}
			if v := score.Move(t.game, int(c.points), int(cv)); v > best {
				best = v
			}
		}
		done(b.index[j], &b.pos[j], best)
		start = b.ends[j]
	}
	b.pos, b.index, b.ends, b.children = b.pos[:0], b.index[:0], b.ends[:0], b.children[:0]
	return nil
}

// prefetch starts loading the slots of the children of the batch, in a
// burst (see KeySet.Prepare).
func (b *batch) prefetch() {
	for i := range b.children {
		c := &b.children[i]
		b.sets[c.tier].Prefetch(&c.look)
	}
}

// each derives the value of every position of set with indexes in [from,
// to) and calls done with each. It stops at the first error. Two batches
// take turns: the children of one are generated while the slots of the
// other's load.
func (b *batch) each(set *enumerate.KeySet, from, to int, done func(i int, p *positions.Small, v int)) error {
	var err error
	cur, prev := b, b.other
	set.Each(from, to, func(i int, k positions.SmallKey) bool {
		p := k.Small(b.t.game)
		var full bool
		if full, err = cur.add(i, &p); err == nil && full {
			cur.prefetch()
			err = prev.run(done)
			cur, prev = prev, cur
		}
		return err == nil
	})
	if err != nil {
		return err
	}
	cur.prefetch()
	if err := prev.run(done); err != nil {
		return err
	}
	return cur.run(done)
}

// missing is the error of a child not in the table: a broken table. The
// child is shown as its key is, in the orientation and with the counts
// that keys keep.
func (t *table) missing(p *positions.Small, c *positions.Child) error {
	cp, pp := c.Key.Position(t.game, t.board), p.Position(t.game, t.board)
	return fmt.Errorf("table: child %s of %s is missing", cp.String(), pp.String())
}
