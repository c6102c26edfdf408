package cache

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/solver"
)

func randomSmall(rng *rand.Rand) *positions.Position {
	game := positions.Froglet
	if rng.IntN(2) == 1 {
		game = positions.Hupfer
	}
	w, h := 2+rng.IntN(3), 2+rng.IntN(3)
	p := &positions.Position{Game: game, Board: positions.MustBoard(w, h, positions.Set{}), Side: rng.IntN(2)}
	for c := 0; c < w*h; c++ {
		if rng.IntN(10) < 6 {
			if game == positions.Froglet {
				p.Put(c, rng.IntN(4))
			} else {
				p.Put(c, rng.IntN(2))
			}
		}
	}
	if game == positions.Hupfer {
		p.Counts = [2]int{rng.IntN(3), rng.IntN(3)}
	}
	return p
}

// TestReadBackEqualsFresh solves random positions with the cache on, then
// reopens it: what a new solver reads back equals fresh values, and the
// stored values of the roots are exact.
func TestReadBackEqualsFresh(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 1))
	var ps []*positions.Position
	for i := 0; i < 300; i++ {
		ps = append(ps, randomSmall(rng))
	}
	st, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := solver.New(solver.Options{HashMB: 4, Threads: 1, Persistent: st})
	want := map[int]score.Value{}
	for i, p := range ps {
		v, err := s.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = v
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st, err = Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i, p := range ps {
		b, ok := st.Get(p)
		if !ok || b.Lower != want[i].Score || b.Upper != want[i].Score {
			t.Fatalf("%s: cache has %+v (found %v), value %d", p, b, ok, want[i].Score)
		}
		fresh, err := solver.New(solver.Options{HashMB: 1, Threads: 1}).Value(p)
		if err != nil {
			t.Fatal(err)
		}
		warm, err := solver.New(solver.Options{HashMB: 1, Threads: 1, Persistent: st}).Value(p)
		if err != nil || warm != fresh {
			t.Fatalf("%s: warm %+v, fresh %+v (%v)", p, warm, fresh, err)
		}
	}
}

func TestSymmetricAndSwappedPositionsShareAKey(t *testing.T) {
	a, _ := positions.ParsePosition("hupfer ..tt/..tt/rr../rr.. r 4-3")
	b, _ := positions.ParsePosition("hupfer ..rr/..rr/tt../tt.. t 3-4") // colours swapped
	c, _ := positions.ParsePosition("hupfer tt../tt../..rr/..rr r 4-3") // mirrored
	if !bytes.Equal(Key(a), Key(b)) || !bytes.Equal(Key(a), Key(c)) {
		t.Errorf("keys differ: %x %x %x", Key(a), Key(b), Key(c))
	}
	d, _ := positions.ParsePosition("hupfer ..tt/..tt/rr../rr.. r 3-4")
	if bytes.Equal(Key(a), Key(d)) {
		t.Error("different supplies share a key")
	}
	f1, _ := positions.ParsePosition("froglet gyr/.../... w 0-0")
	f2, _ := positions.ParsePosition("froglet .../.../ryg b 5-9")
	if !bytes.Equal(Key(f1), Key(f2)) {
		t.Error("froglet: mirrored boards with other scores and side should share a key")
	}
	f3, _ := positions.ParsePosition("froglet gyr/.../...")
	f4, _ := positions.ParsePosition("froglet gyr/.../#..")
	if bytes.Equal(Key(f3), Key(f4)) {
		t.Error("a hole must change the key")
	}
}

func TestChangedRulesMiss(t *testing.T) {
	st, err := Open(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p, _ := positions.ParsePosition("froglet rbg./..ry/bgyg w 0-0")
	st.Put(p, Bounds{5, 5})
	st.flushForTest()
	if _, ok := st.Get(p); !ok {
		t.Fatal("entry not found")
	}
	old := RulesVersion[positions.Froglet]
	RulesVersion[positions.Froglet] = old + 1
	defer func() { RulesVersion[positions.Froglet] = old }()
	if _, ok := st.Get(p); ok {
		t.Error("an entry of older rules was returned")
	}
}

func TestSecondProcessIsLockedOut(t *testing.T) {
	dir := t.TempDir()
	st, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	start := time.Now()
	_, err = Open(dir, Options{LockWait: 300 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), ErrLocked.Error()) {
		t.Fatalf("second open: %v", err)
	}
	if time.Since(start) < 300*time.Millisecond {
		t.Error("did not wait for the lock")
	}
}

func TestForeignAndCorruptDirectories(t *testing.T) {
	foreign := t.TempDir()
	os.WriteFile(filepath.Join(foreign, "notes.txt"), []byte("mine"), 0o644)
	if _, err := Open(foreign, Options{}); err == nil || !strings.Contains(err.Error(), "not a leapfrog cache") {
		t.Errorf("foreign directory: %v", err)
	}
	corrupt := t.TempDir()
	st, err := Open(corrupt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := positions.ParsePosition("froglet rbg./..ry/bgyg w 0-0")
	st.Put(p, Bounds{5, 5})
	st.Close()
	os.WriteFile(filepath.Join(corrupt, "MANIFEST"), []byte("garbage, not a manifest"), 0o644)
	if _, err := Open(corrupt, Options{}); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), corrupt) || !strings.Contains(err.Error(), "cache clear") {
		t.Errorf("corrupt manifest: %v", err)
	}
}

// flushForTest waits until the queued writes are committed.
func (s *Store) flushForTest() {
	for len(s.writes) > 0 {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(1100 * time.Millisecond) // the writer commits every second
}
