package cache

// The faults the cache survives. Each test damages a real cache directory
// the way disks, crashes and people do, and checks that leapfrog then
// answers right or not at all: every read is a miss or the value that was
// written, never another one, and nothing panics.
//
//   - one flipped bit, a truncation, or a zeroed 4 KiB page, at offsets
//     spread over every file of the directory (TestDamagedFiles);
//   - a MANIFEST deleted or emptied beside existing tables
//     (TestMissingManifest);
//   - a kill at a random moment of the first 50 ms of a new cache, and
//     several processes creating one cache at once (TestKilledCreation,
//     TestConcurrentCreation);
//   - symbolic links planted in the directory (TestPlantedSymlinks);
//   - another process holding the cache while it is cleared (TestRemove).

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leapfrog-solver/leapfrog/internal/testenv"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// populated writes n entries to a new cache in dir and returns them.
func populated(t *testing.T, dir string, n int) map[string]Bounds {
	t.Helper()
	st, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Bounds{}
	byKey := map[string]string{} // symmetric images share a key: the last written counts
	for seed := uint64(0); len(want) < n; seed++ {
		root, err := positions.NewFroglet(5, 5, seed)
		if err != nil {
			t.Fatal(err)
		}
		p := positions.RandomPlies(root, 1+int(seed%12), seed)
		b := Bounds{int(seed%41) - 20, int(seed%41) - 20 + int(seed%3)}
		if _, dup := want[p.String()]; dup {
			continue
		}
		if old, ok := byKey[string(Key(p))]; ok {
			delete(want, old)
		}
		byKey[string(Key(p))] = p.String()
		want[p.String()] = b
		st.Put(p, b)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return want
}

// checkReads opens dir and reads every entry of want: each must be a miss
// or the value written. A refusal to open must be a clear error.
func checkReads(t *testing.T, dir, what string, want map[string]Bounds) (opened bool) {
	t.Helper()
	st, err := Open(dir, Options{})
	if err != nil {
		if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "cache clear") {
			t.Errorf("%s: open: unclear error %v", what, err)
		}
		return false
	}
	defer st.Close()
	for text, b := range want {
		p, _ := positions.ParsePosition(text)
		if got, ok := st.Get(p); ok && got != b {
			t.Errorf("%s: %s read %v, wrote %v", what, text, got, b)
		}
	}
	return true
}

func TestDamagedFiles(t *testing.T) {
	clean := t.TempDir()
	want := populated(t, clean, 400)
	entries, _ := os.ReadDir(clean)
	var files []string
	for _, e := range entries {
		if info, _ := e.Info(); info.Size() > 0 && e.Name() != markerFile {
			files = append(files, e.Name())
		}
	}
	sort.Strings(files)
	perFile := testenv.Scale(6, 24)
	rng := rand.New(rand.NewPCG(1, 2))
	tried, refused := 0, 0
	for _, name := range files {
		orig, _ := os.ReadFile(filepath.Join(clean, name))
		for i := 0; i < perFile; i++ {
			off := rng.IntN(len(orig))
			if i == 0 {
				off = len(orig) - 1 // the tail holds the indexes and checksums
			}
			for _, d := range testenv.Damages {
				dir := t.TempDir()
				testenv.CopyDir(t, clean, dir)
				b := d.Apply(append([]byte(nil), orig...), off)
				os.WriteFile(filepath.Join(dir, name), b, 0o644)
				if !checkReads(t, dir, fmt.Sprintf("%s of %s at %d", d.Name, name, off), want) {
					refused++
				}
				tried++
			}
		}
	}
	t.Logf("%d damaged copies over %d files: %d refused with a clear error, the others read no wrong value", tried, len(files), refused)
}

func TestMissingManifest(t *testing.T) {
	clean := t.TempDir()
	want := populated(t, clean, 50)
	for _, what := range []string{"deleted", "emptied"} {
		dir := t.TempDir()
		testenv.CopyDir(t, clean, dir)
		if what == "deleted" {
			os.Remove(filepath.Join(dir, "MANIFEST"))
		} else {
			os.WriteFile(filepath.Join(dir, "MANIFEST"), nil, 0o644)
		}
		_, err := Open(dir, Options{})
		if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "MANIFEST") {
			t.Errorf("MANIFEST %s: %v", what, err)
		}
		// Nothing was deleted: the tables are still there for a rescue.
		if ssts, _ := filepath.Glob(filepath.Join(dir, "*.sst")); len(ssts) == 0 {
			t.Errorf("MANIFEST %s: the tables were deleted", what)
		}
		if _, err := Remove(dir); err != nil {
			t.Errorf("MANIFEST %s: remove: %v", what, err)
		}
		if !checkReads(t, dir, "after remove", want) {
			t.Errorf("MANIFEST %s: no fresh cache after remove", what)
		}
	}
}

// The child process of the creation tests: open the cache named by
// LEAPFROG_TEST_CHILD, write, close.
func TestMain(m *testing.M) {
	if dir := os.Getenv("LEAPFROG_TEST_CHILD"); dir != "" {
		st, err := Open(dir, Options{LockWait: 10 * time.Second})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		p, _ := positions.ParsePosition("froglet rbg./..ry/bgyg w 0-0")
		st.Put(p, Bounds{5, 5})
		if err := st.Close(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func child(dir string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "LEAPFROG_TEST_CHILD="+dir)
	return cmd
}

// usable checks that a cache directory opens and answers right.
func usable(t *testing.T, dir, what string) {
	t.Helper()
	st, err := Open(dir, Options{LockWait: 5 * time.Second})
	if err != nil {
		entries, _ := os.ReadDir(dir)
		var files []string
		for _, e := range entries {
			info, _ := e.Info()
			files = append(files, fmt.Sprintf("%s (%d bytes)", e.Name(), info.Size()))
		}
		t.Fatalf("%s: %v; the directory holds %s", what, err, strings.Join(files, ", "))
	}
	defer st.Close()
	p, _ := positions.ParsePosition("froglet rbg./..ry/bgyg w 0-0")
	if b, ok := st.Get(p); ok && b != (Bounds{5, 5}) {
		t.Errorf("%s: read %v", what, b)
	}
	st.Put(p, Bounds{5, 5})
}

func TestKilledCreation(t *testing.T) {
	kills := testenv.Scale(20, 100)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < kills; i++ {
		dir := filepath.Join(t.TempDir(), "cache")
		cmd := child(dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.IntN(50_000)) * time.Microsecond)
		cmd.Process.Kill()
		cmd.Wait()
		usable(t, dir, fmt.Sprintf("kill %d", i))
	}
}

func TestConcurrentCreation(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := child(dir)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil {
				errs[i] = fmt.Errorf("%v: %s", err, stderr.String())
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("process %d: %v", i, err)
		}
	}
	usable(t, dir, "after four creators")
}

func TestPlantedSymlinks(t *testing.T) {
	for _, name := range []string{markerFile, "LOCK", "000001.vlog"} {
		dir := t.TempDir()
		populated(t, dir, 5)
		victim := filepath.Join(t.TempDir(), "victim")
		os.WriteFile(victim, []byte("precious"), 0o644)
		os.Remove(filepath.Join(dir, name))
		if err := os.Symlink(victim, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("%s linked: open: %v", name, err)
		}
		if b, _ := os.ReadFile(victim); string(b) != "precious" {
			t.Errorf("%s linked: the link's target was written", name)
		}
	}
}

func TestRemove(t *testing.T) {
	dir := t.TempDir()
	populated(t, dir, 5)
	mine := filepath.Join(dir, "notes.txt")
	os.WriteFile(mine, []byte("mine"), 0o644)
	st, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Remove(dir); !errors.Is(err, ErrLocked) {
		t.Errorf("remove while open: %v", err)
	}
	st.Close()
	if n, err := Remove(dir); err != nil || n == 0 {
		t.Errorf("remove: %d files, %v", n, err)
	}
	if b, _ := os.ReadFile(mine); string(b) != "mine" {
		t.Error("a file leapfrog did not make was removed")
	}
	if _, err := os.Stat(filepath.Join(dir, markerFile)); !errors.Is(err, os.ErrNotExist) {
		t.Error("the marker is still there")
	}
	// A directory without the marker is not a cache: nothing is deleted.
	if _, err := Remove(dir); err == nil || !strings.Contains(err.Error(), "not a leapfrog cache") {
		t.Errorf("remove of a stranger: %v", err)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Error("a stranger's file was removed")
	}
}

// TestReadersShareTheCache: a cache that is only read is open read-only,
// so two processes read it at once; the first write reopens it for
// writing once the other reader has gone.
func TestReadersShareTheCache(t *testing.T) {
	dir := t.TempDir()
	want := populated(t, dir, 20)
	a, err := Open(dir, Options{LockWait: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(dir, Options{})
	if err != nil {
		t.Fatalf("a second reader: %v", err)
	}
	for text, bounds := range want {
		p, _ := positions.ParsePosition(text)
		for _, st := range []*Store{a, b} {
			if got, ok := st.Get(p); !ok || got != bounds {
				t.Fatalf("%s: read %v %v, wrote %v", text, got, ok, bounds)
			}
		}
	}
	p, _ := positions.ParsePosition("froglet gggg/g..g/gggg w 0-0")
	a.Put(p, Bounds{7, 7})
	time.Sleep(200 * time.Millisecond) // a's writer waits for b
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatalf("the writer: %v", err)
	}
	c, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if got, ok := c.Get(p); !ok || got != (Bounds{7, 7}) {
		t.Errorf("the write after the readers: %v %v", got, ok)
	}
}
