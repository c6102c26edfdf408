// Package solver finds exact values of Froglet and Hüpfer positions:
// negamax alpha-beta over the whole game tree with a shared transposition
// table, null-window searches (MTD(f)) to pin the value, several threads
// sharing the table and deferring each other's children (ABDADA), best
// moves and principal variations.
//
// Where things are: solver.go (options, threads, MTD(f)), search.go (the
// search on general positions, move ordering), small.go (the same search
// on one-word positions of boards of at most 64 cells, with prefetching and
// move hints, transposition cut-offs and the threads' busy table), tt.go
// (the table), solution.go (values, best moves, lines,
// analysis), verify.go and annotate.go (puzzle claims and game notes),
// bench.go (the fixed suite of leapfrog bench).
package solver

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// Errors of a search that did not finish.
var (
	// ErrLimit: the node or time limit ran out.
	ErrLimit = errors.New("limit reached before the answer was exact")
	// ErrInterrupted: the Stop channel was closed.
	ErrInterrupted = errors.New("interrupted")
	// errOvertaken ends a search handed over to another method.
	errOvertaken = errors.New("handed over to another method")
)

// Options configure a Solver. The zero value is usable: a table that
// grows with the search (see AutoHashMB), all cores, no limits.
type Options struct {
	// HashMB is the transposition table's size in megabytes, fixed; 0
	// makes a table that starts small and grows as the search goes on, up
	// to a size set by the board of the first position searched
	// (AutoHashMB).
	HashMB int
	// Threads is the number of search threads (0: all cores).
	Threads int
	// MaxNodes ends the search after about this many nodes (0: no limit).
	MaxNodes int64
	// Timeout ends the search after this long (0: no limit).
	Timeout time.Duration
	// Stop, when closed, ends the search (Ctrl-C).
	Stop <-chan struct{}
	// Persistent, if not nil, is a store of results that outlives the
	// process (package cache), behind the in-memory table.
	Persistent Persistent
	// Method is how WDL answers a Hüpfer position: MethodAuto (the
	// zero value), MethodAlphaBeta or MethodProofNumber.
	Method Method
	// Trace, if not nil, gets a line for every alpha-beta search run
	// (traceRun): where the nodes of a question go, window by window.
	Trace io.Writer
}

// Method is a way of answering who wins.
type Method int

// The methods of WDL for Hüpfer (Froglet always uses alpha-beta, which
// answers its three outcomes in one search): MethodAuto runs proof-number
// search for pnBudget nodes, which settles the wins it finds fast, then
// alpha-beta for abBudget nodes, which settles the small losses, then
// proof numbers to the end, the faster on large questions; the others
// run only the one named.
const (
	MethodAuto Method = iota
	MethodAlphaBeta
	MethodProofNumber
)

// Persistent is a store of proven bounds on positions' scores that
// outlives the process. Load is consulted where the table has nothing and
// a hit would save much work; Save is called for exact results and for
// positions whose search was expensive, and must not block.
type Persistent interface {
	Load(p *positions.Position) (lower, upper int, ok bool)
	Save(p *positions.Position, lower, upper int)
}

// Where the persistent store is used: table misses at plies below
// persistPlies are looked up, and bounds that took at least 2^persistWork
// nodes are saved. A Badger read costs a few microseconds, some tens of
// nodes: near the root that is nothing beside the subtrees it can save.
const (
	persistPlies = 4
	persistWork  = 14
)

// AutoHashMB is the most the table grows to when Options.HashMB is 0, by
// the number of cells of the board: 16 MB for boards of up to 16 cells,
// whose searches never need more, else 2 GiB. Such a table starts at
// startHashMB and doubles as the search goes on (NewGrowingTable): a table
// far larger than the search needs is slower, since every probe misses
// the processor's caches (docs/PERFORMANCE.md, "Table size").
func AutoHashMB(cells int) int {
	if cells <= 16 {
		return 16
	}
	return 2048
}

// startHashMB is the size a table of AutoHashMB starts at (a variable so
// that tests can start tables at a single bucket): a big search that
// starts smaller stays slower (docs/PERFORMANCE.md, "Table size").
var startHashMB = 8

// Solver searches positions. Its table persists between calls, so that a
// second question about a position already searched is answered from it.
// A Solver is not safe for concurrent calls; it uses threads inside.
type Solver struct {
	opts  Options
	tt    *Table
	start time.Time
	// baseNodes is the node count when the limits were last restarted.
	baseNodes int64
	nodes     atomic.Int64
	stop      atomic.Bool
	limitHit  atomic.Int32 // 0, or limitNodesOrTime, limitInterrupted, limitTooManyMoves, limitOvertaken
	// handOver, when above 0, stops a search once the nodes since the
	// limits restarted reach it (WDL's alpha-beta phase, which then hands
	// the question to proof numbers).
	handOver int64
	workers  []*searcher
	// Bounds of the root being searched, for progress reports.
	lower, upper atomic.Int64
	// oriented is true while a call that chose the keys' symmetries
	// (orient) runs.
	oriented bool
}

// orient makes the keys of the searches of a question about p canonical
// under p's Stabilizer, the symmetries that map it onto itself: the lines
// of its tree that are images of each other then share their entries. It
// returns the function that ends the question. A call within a question
// (Solve asks Value, Analyze asks the children's) keeps the question's
// symmetries. Any set of symmetries keys soundly: positions with equal
// keys are images of each other, and symmetric positions have one value.
func (s *Solver) orient(p *positions.Position) func() {
	if s.oriented {
		return func() {}
	}
	s.oriented = true
	if _, ok := p.Small(); ok {
		syms := p.Stabilizer()
		for _, w := range s.workers {
			w.small.orient(p.Board, p.Game, syms)
		}
	}
	return func() { s.oriented = false }
}

// key is the search's key of p: on the one-word path, under the
// symmetries orient chose.
func (s *Solver) key(p *positions.Position) Key {
	w := s.workers[0]
	if sp, ok := w.smallFor(p); ok && !noSmall {
		return w.small.key(&sp)
	}
	return key(p)
}

// New returns a Solver with its own table.
func New(opts Options) *Solver {
	if opts.Threads <= 0 {
		opts.Threads = runtime.NumCPU()
	}
	s := &Solver{opts: opts, start: time.Now()}
	if opts.HashMB > 0 {
		s.tt = NewTable(opts.HashMB)
	}
	var busy *busyTable
	if opts.Threads > 1 {
		busy = newBusyTable(16)
	}
	for i := 0; i < opts.Threads; i++ {
		w := &searcher{stop: &s.stop, shuffle: i, published: &s.nodes, persist: opts.Persistent, limitHit: &s.limitHit, busy: busy}
		w.limit = s.limitReached
		s.workers = append(s.workers, w)
	}
	return s
}

// table returns the transposition table, made on first use at the size
// the options ask for or the position's board suggests.
func (s *Solver) table(p *positions.Position) *Table {
	if s.tt == nil {
		cells := p.Board.Size()
		s.tt = NewGrowingTable(startHashMB, AutoHashMB(cells), growNodesFor(cells), s.Nodes())
	}
	s.tt.movers = len(s.workers)
	for _, w := range s.workers {
		w.tt = s.tt
	}
	return s.tt
}

// Forget empties the solver's table between searches, so that the next
// question grows a small table of its own: a table grown to gigabytes by
// unrelated questions misses the processor's caches on every probe.
func (s *Solver) Forget() {
	switch {
	case s.tt == nil:
	case s.opts.HashMB > 0:
		s.tt.Clear()
	default:
		s.tt = nil
		for _, w := range s.workers {
			w.tt = nil
		}
	}
}

// Nodes returns the nodes searched since the solver was made.
func (s *Solver) Nodes() int64 {
	return s.nodes.Load()
}

// TableStats returns what the searches since the solver was made asked of
// its transposition table. Call it between searches.
func (s *Solver) TableStats() TableStats {
	var st TableStats
	if s.tt != nil {
		st.Bytes = int64(s.tt.Bytes())
	}
	for _, w := range s.workers {
		st.add(w.stats)
	}
	return st
}

// Bounds returns the bounds on the root score currently known (for progress).
func (s *Solver) Bounds() (int, int) { return int(s.lower.Load()), int(s.upper.Load()) }

// limitReached is polled by the searchers every few thousand nodes.
func (s *Solver) limitReached(int64) bool {
	if s.handOver > 0 && s.Nodes()-s.baseNodes >= s.handOver {
		s.limitHit.CompareAndSwap(0, limitOvertaken)
		return true
	}
	if s.opts.Stop != nil {
		select {
		case <-s.opts.Stop:
			s.limitHit.CompareAndSwap(0, limitInterrupted)
			return true
		default:
		}
	}
	if s.opts.MaxNodes > 0 && s.Nodes()-s.baseNodes >= s.opts.MaxNodes {
		s.limitHit.CompareAndSwap(0, limitNodesOrTime)
		return true
	}
	if s.opts.Timeout > 0 && time.Since(s.start) >= s.opts.Timeout {
		s.limitHit.CompareAndSwap(0, limitNodesOrTime)
		return true
	}
	return false
}

// RestartLimits starts the node and time limits afresh: a batch restarts
// them for each position, so that each gets the whole budget. A search
// ended by a limit can then go on.
func (s *Solver) RestartLimits() {
	s.start = time.Now()
	s.baseNodes = s.Nodes()
	s.limitHit.CompareAndSwap(limitNodesOrTime, 0)
	s.limitHit.CompareAndSwap(limitTooManyMoves, 0)
}

// Why a search stopped early (Solver.limitHit).
const (
	limitNodesOrTime  = 1
	limitInterrupted  = 2
	limitTooManyMoves = 3
	limitOvertaken    = 4
)

func (s *Solver) limitErr() error {
	switch s.limitHit.Load() {
	case limitNodesOrTime:
		return ErrLimit
	case limitInterrupted:
		return ErrInterrupted
	case limitTooManyMoves:
		return positions.ErrTooManyMoves
	case limitOvertaken:
		return errOvertaken
	}
	return nil
}

// run searches p with the window (alpha, beta) on every thread at once and
// returns the first result (any thread's is right: the window decides what
// it means, not the thread).
func (s *Solver) run(p *positions.Position, alpha, beta int) (int, error) {
	if err := s.limitErr(); err != nil {
		return 0, err
	}
	var result int
	if s.opts.Trace != nil {
		defer s.traceRun(p, alpha, beta, &result, s.Nodes(), time.Now())
	}
	s.table(p)
	s.stop.Store(false)
	var once sync.Once
	var wg sync.WaitGroup
	for _, w := range s.workers {
		wg.Add(1)
		go func(w *searcher) {
			defer wg.Done()
			w.aborted = false
			w.tt.enter()
			v := w.searchRoot(p, alpha, beta)
			w.tt.leave()
			if !w.aborted {
				once.Do(func() {
					result = v
					s.stop.Store(true) // the others may stop
				})
			}
		}(w)
	}
	wg.Wait()
	for _, w := range s.workers {
		s.nodes.Add(w.nodes & (checkEvery - 1))
		w.nodes = 0
	}
	s.stop.Store(false)
	if err := s.limitErr(); err != nil {
		return 0, err
	}
	return result, nil
}

// traceRun writes Options.Trace's line for a search of p with the window
// (alpha, beta) that returned *result, started when the solver had
// searched nodes0 nodes: the position, the window, what a result at beta
// or above proves (score.KnownFrom), whether it was proved, and the
// search's nodes and seconds. An interrupted search's line says so.
func (s *Solver) traceRun(p *positions.Position, alpha, beta int, result *int, nodes0 int64, t0 time.Time) {
	answer := "no"
	switch {
	case s.limitErr() != nil:
		answer = "stopped"
	case *result >= beta:
		answer = "yes"
	}
	question := score.KnownFrom(p.Game, beta, infinity).String()
	fmt.Fprintf(s.opts.Trace, "search %s: window (%d, %d), %s? %s (%d): %d nodes, %.3f s\n",
		p, alpha, beta, question, answer, *result, s.Nodes()-nodes0, time.Since(t0).Seconds())
}

// exact returns the exact score of p by MTD(f): null-window searches that
// close in on the value from a first guess (the table's, else 0; Hüpfer
// from the lowest score up, exactHupfer). line says that the line will be
// asked for next (Solve), which a Froglet opening's windows and, on one
// thread, a Hüpfer position's not known to be won prepare for
// (testInSpelling).
func (s *Solver) exact(p *positions.Position, line bool) (int, error) {
	lower, upper := -infinity, infinity
	if e, ok := s.table(p).Probe(s.key(p)); ok {
		lower, upper = int(e.Lower), int(e.Upper)
	} else if pe := s.opts.Persistent; pe != nil {
		if lo, hi, ok := pe.Load(p); ok {
			lower, upper = lo, hi
			s.tt.Store(s.key(p), Entry{Lower: int16(lo), Upper: int16(hi), Best: NoMove, Work: 1})
		}
	}
	var err error
	test := s.test
	if line && p.Game == positions.Froglet && p.IsFull() {
		// An opening: the removals' values lie close together and
		// close to 0, the first window's, so that window is nearly
		// always the last to succeed, and the removals spelt before
		// the best one fail in it as the line needs them to
		// (testInSpelling). Elsewhere the windows before the last
		// would pay for proofs the line never asks for: a puzzle or an
		// endgame several points from 0 took up to 2.9 times the nodes
		// (docs/PERFORMANCE.md, "The line's moves in the value's
		// search").
		test = s.testInSpelling
	}
	if p.Game == positions.Hupfer {
		lower, err = s.exactHupfer(p, lower, upper, line)
	} else {
		lower, err = s.exactFroglet(p, lower, upper, test)
	}
	if err != nil {
		return 0, err
	}
	s.save(p, lower, lower)
	return lower, nil
}

// exactFroglet is MTD(f) from the bounds (lower, upper) the table knew,
// each window searched by test.
func (s *Solver) exactFroglet(p *positions.Position, lower, upper int, test testFunc) (int, error) {
	guess := 0
	switch {
	case lower > -infinity:
		guess = lower
	case upper < infinity:
		guess = upper
	}
	for lower < upper {
		beta := guess
		if guess == lower {
			beta = guess + 1
		}
		v, err := test(p, beta, lower, upper)
		if err != nil {
			return 0, err
		}
		if v < beta {
			upper = v
		} else {
			lower = v
		}
		guess = v
	}
	return lower, nil
}

// exactHupfer pins a Hüpfer score between the bounds (lower, upper) the
// table knew, by null windows from the lowest score up: does the mover
// last 2 plies, 4, 6...? Such a window far below the value is cheap (the
// mover lasts a few plies easily), one far above it costs about what
// asking who wins does, and the two next to the value are what any order
// must pay. Asking who wins first, then the distance down from the bound
// that search gave, took 39% more nodes over 32 starts and middle games
// (docs/PERFORMANCE.md, "Hüpfer: MTD(f) from the shortest loss up"); the
// fail-soft results let a win jump past the losses. Windows skip the
// scores that never occur (score.HupferCeil).
//
// When the line will be asked for next (line) and no win is known yet,
// one thread tries the root's moves in spelling order (testInSpelling):
// in a loss the window that succeeds last then shows the moves spelt
// before the best one worse, as the line needs, and the window that fails
// finds them in the table. On the 6x6 starts that took 0.77 to 0.96 of
// the nodes; a win that proof numbers proved keeps the order of ranks
// (5x5 8-8: spelling order took 1.7 times the nodes), and one they did not
// climbs through the losses in spelling order (5x5 6-6 1.34 times). More
// threads keep the order of ranks: there they split the root's moves in
// the window that fails, where spelling order searches one move at a time
// on all of them and 6x6 7-7 took 1.2 times as long on two
// (docs/PERFORMANCE.md, "The line's moves in the value's search").
func (s *Solver) exactHupfer(p *positions.Position, lower, upper int, line bool) (int, error) {
	// Every position scores at least a loss now and at most a win in 1.
	lower = score.HupferCeil(max(lower, -winScore))
	upper = score.HupferFloor(min(upper, winScore-1))
	test := s.test
	if line && lower < 0 && len(s.workers) == 1 {
		test = s.testInSpelling
	}
	for lower < upper {
		beta := score.HupferCeil(lower + 1)
		v, err := test(p, beta, lower, upper)
		if err != nil {
			return 0, err
		}
		if v >= beta {
			lower = min(score.HupferCeil(v), upper)
		} else {
			upper = max(score.HupferFloor(v), lower)
		}
	}
	return lower, nil
}

// test searches p with the null window (beta-1, beta), the root's score
// known to lie in [lower, upper], and returns the fail-soft result.
func (s *Solver) test(p *positions.Position, beta, lower, upper int) (int, error) {
	s.lower.Store(int64(lower))
	s.upper.Store(int64(upper))
	v, err := s.run(p, beta-1, beta)
	if err != nil {
		return 0, &LimitError{Err: err, Lower: lower, Upper: upper}
	}
	return v, nil
}

// testFunc is test or testInSpelling.
type testFunc func(p *positions.Position, beta, lower, upper int) (int, error)

// testInSpelling is test with p's moves tried in the order of their
// spellings, each move's position searched on its own: the first move that
// reaches beta ends it. Solve asks it for the value when it will find the
// line, whose first move must be the first optimal one in that order
// (BestMove): the moves spelt before it are then shown worse once, in
// the windows the value asks, instead of again by BestMove, and the best
// move's proof is the value's own.
func (s *Solver) testInSpelling(p *positions.Position, beta, lower, upper int) (int, error) {
	moves := p.LegalMoves()
	if len(moves) == 0 {
		return s.test(p, beta, lower, upper)
	}
	s.lower.Store(int64(lower))
	s.upper.Store(int64(upper))
	most := -infinity
	for i := range moves {
		m := &moves[i]
		// m reaches beta exactly when its position scores t or less.
		t := childTarget(m, score.Value{Game: p.Game, Score: beta})
		r, err := s.run(m.Result, t, t+1)
		if err != nil {
			return 0, &LimitError{Err: err, Lower: lower, Upper: upper}
		}
		v := moveValue(m, score.Value{Game: p.Game, Score: r}).Score
		if r <= t {
			return v, nil // at least v
		}
		most = max(most, v) // m scores at most v, less than beta
	}
	return most, nil
}

// LimitError reports the bounds on the root score known when a search
// stopped early.
type LimitError struct {
	Err          error
	Lower, Upper int
}

func (e *LimitError) Error() string { return e.Err.Error() }
func (e *LimitError) Unwrap() error { return e.Err }
