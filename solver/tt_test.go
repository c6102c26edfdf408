package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// used counts the table's filled slots.
func (t *Table) used() int {
	n := 0
	for i := range t.buckets {
		for j := range t.buckets[i] {
			if t.buckets[i][j].data.load() != 0 {
				n++
			}
		}
	}
	return n
}

func TestTableDouble(t *testing.T) {
	// Split between goroutines or not, every doubling keeps every entry.
	for _, movers := range []int{1, 2, 3} {
		t.Run(fmt.Sprintf("movers=%d", movers), func(t *testing.T) { testTableDouble(t, movers) })
	}
}

func testTableDouble(t *testing.T, movers int) {
	rng := rand.New(rand.NewPCG(3, 4))
	tt := NewTable(1) // 2^14 buckets: doublings from 2^14 to 2^19 cross indexLow
	tt.movers = movers
	want := map[Key]Entry{}
	for i := 0; i < 100000; i++ {
		k := Key{rng.Uint64(), rng.Uint64()}
		e := Entry{Lower: int16(i % 2000), Upper: int16(i%2000 + 1), Best: uint16(i % 7), Work: uint8(1 + i%9)}
		tt.Store(k, e)
		want[k] = e
	}
	check := func(stage string) {
		t.Helper()
		found := 0
		for k, e := range want {
			got, ok := tt.Probe(k)
			if !ok {
				continue
			}
			found++
			if got != e {
				t.Fatalf("%s: entry %+v, stored %+v", stage, got, e)
			}
		}
		t.Logf("%s: %d buckets, %d entries found", stage, len(tt.buckets), found)
	}
	check("before")
	// Every entry found before a doubling is found after it.
	for range 5 {
		before := map[Key]Entry{}
		for k, e := range want {
			if _, ok := tt.Probe(k); ok {
				before[k] = e
			}
		}
		usedBefore := tt.used()
		b := len(tt.buckets)
		tt.double()
		for k := range before {
			if _, ok := tt.Probe(k); !ok {
				t.Fatalf("doubling %d buckets lost an entry", b)
			}
		}
		// Where the key's bit is kept, each entry moves to one bucket;
		// else to both.
		wantUsed := usedBefore
		if b < 1<<indexLow || b >= 1<<(indexLow+8) {
			wantUsed *= 2
		}
		if got := tt.used(); got != wantUsed {
			t.Errorf("doubling %d buckets: %d slots used, want %d", b, got, wantUsed)
		}
		check("doubled")
		want = before
	}
}

func TestGrowingTable(t *testing.T) {
	defer setGrowth(0, 1)()
	for _, threads := range []int{1, 2} {
		p := benchPosition(t, "froglet 5x5 seed 1")
		fixed, err := New(Options{Threads: threads, HashMB: 64}).Value(p)
		if err != nil {
			t.Fatal(err)
		}
		s := New(Options{Threads: threads})
		v, err := s.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if v != fixed {
			t.Errorf("threads %d: value %+v with a growing table, %+v with a fixed one", threads, v, fixed)
		}
		st := s.TableStats()
		// From one bucket (64 bytes), doubling each time the nodes since
		// the last doubling reach four per bucket: about 8 to 16 bytes a
		// node, here 4 at least.
		if st.Bytes < 4*s.Nodes() || st.Bytes > int64(AutoHashMB(25))<<20 {
			t.Errorf("threads %d: the table grew to %d bytes in %d nodes", threads, st.Bytes, s.Nodes())
		}
		// A node that finds the search stopped returns before its probe.
		if st.Probes < s.Nodes()-100 || st.Hits > st.Probes || st.Replaced > st.Stores || st.Stores == 0 {
			t.Errorf("threads %d: %d nodes, table counts %+v", threads, s.Nodes(), st)
		}
	}
}

// TestForget: after Forget a growing table starts again at one bucket
// and grows with the next question's nodes alone, a fixed one keeps its
// size, and every answer is the fresh solver's.
func TestForget(t *testing.T) {
	defer setGrowth(0, 1)()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, hash := range []int{0, 1} {
		s := New(Options{Threads: 1, HashMB: hash})
		for i := range 200 {
			p := smallPosition(rng)
			if i%2 == 0 {
				s.Forget()
				if hash > 0 && s.TableStats().Bytes != 1<<20 {
					t.Fatalf("hash %d: a fixed table of %d bytes after Forget", hash, s.TableStats().Bytes)
				}
			}
			want, err := New(Options{Threads: 1, HashMB: 1}).Value(p)
			if err != nil {
				t.Fatal(err)
			}
			before := s.Nodes()
			got, err := s.Value(p)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("hash %d, question %d, %s: value %+v, a fresh solver's %+v", hash, i, p, got, want)
			}
			// A table that starts at one bucket after Forget doubles at
			// four nodes per slot: it holds no more than the question's
			// nodes need.
			if st := s.TableStats(); hash == 0 && i%2 == 0 && st.Bytes > max(64, 2*16*(s.Nodes()-before+1)) {
				t.Fatalf("hash %d, question %d: a table of %d bytes after %d nodes", hash, i, st.Bytes, s.Nodes()-before)
			}
		}
	}
}

// TestGrowLetsOthersBackIn: a searcher that steps out to grow the table
// while another doubles it gets back in as soon as the table has doubled,
// without waiting for the one that doubled it to step out again (which it
// does only at the next doubling, seconds or minutes later).
func TestGrowLetsOthersBackIn(t *testing.T) {
	tt := NewGrowingTable(1, 64, growNodesFor(16), 0)
	tt.growAt.Store(0)
	aBack, bBack, release := make(chan struct{}), make(chan struct{}), make(chan struct{})
	tt.enter()  // B is searching
	go func() { // A
		tt.enter()
		tt.grow(1) // waits for B to step out, then doubles
		close(aBack)
		<-release // A searches on and does not call grow again
		tt.leave()
	}()
	time.Sleep(50 * time.Millisecond) // A now waits for B
	go func() {
		tt.grow(1) // B steps out
		close(bBack)
	}()
	select {
	case <-aBack:
	case <-time.After(10 * time.Second):
		t.Fatal("the table did not double")
	}
	select {
	case <-bBack:
	case <-time.After(10 * time.Second):
		t.Fatal("a searcher waited for the table to grow after it had doubled")
	}
	close(release)
	tt.leave()
	if got := len(tt.buckets); got != 2*int(bucketsFor(1)) {
		t.Errorf("%d buckets after one doubling from %d", got, bucketsFor(1))
	}
}

// benchPosition returns the position of the bench case name.
func benchPosition(t *testing.T, name string) *positions.Position {
	for _, c := range BenchSuite() {
		if c.Name == name {
			return c.Position
		}
	}
	t.Fatalf("no bench case %q", name)
	return nil
}

// TestKeySeesFromTheMover: the search's keys of Hüpfer positions are made
// from words seen from the side to move (hupferWord), a fast copy of
// positions.FromMover; a position and its mover's view share a key.
func TestKeySeesFromTheMover(t *testing.T) {
	for seed := uint64(0); seed < 300; seed++ {
		root, _ := positions.NewHupfer(5, 5, 3)
		p := positions.RandomPlies(root, int(seed%15), seed)
		if key(p) != key(p.FromMover()) {
			t.Fatalf("%s: its key differs from its mover's view %s", p, p.FromMover())
		}
	}
}
