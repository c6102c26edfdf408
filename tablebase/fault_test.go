package tablebase

// The faults the tables survive: a built table's files damaged by one
// flipped bit, a truncation or a zeroed 4 KiB page, at offsets spread over
// every file of the cache that holds it. After each, every probe of a
// sample of positions either answers the value the undamaged table gives
// or does not answer (the cache refuses to open, the table is reported
// damaged, or the position is not found): never another value, never a
// panic.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/leapfrog-solver/leapfrog/internal/testenv"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/positions"
)

func TestDamagedTables(t *testing.T) {
	clean := t.TempDir()
	st, err := cache.Open(clean, cache.Options{})
	if err != nil {
		t.Fatal(err)
	}
	type probe struct {
		p     *positions.Position
		score int
	}
	var sample []probe
	for i, text := range []string{"hupfer ...tt/...tt/...../rr.../rr... r 2-2", "froglet gyrg/ybgy/rgyb/gyyr w 0-0", "froglet ggg/ggg/g.g w 0-0"} {
		root, _ := positions.ParsePosition(text)
		if _, err := Build(st, root, Options{sortedOnly: i == 2}); err != nil {
			t.Fatal(err)
		}
	}
	tables, err := Open(st)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range tables.List() {
		root, _ := positions.ParsePosition(m.Root)
		for seed := uint64(0); seed < 1500; seed++ {
			p := positions.RandomPlies(root, int(seed%16), seed)
			v, ok, err := tables.Probe(p)
			if err != nil || !ok {
				t.Fatalf("%s: clean probe: %v", p, err)
			}
			sample = append(sample, probe{p, v})
		}
	}
	// Every stored entry of every table, to hold whole reads against.
	stored := readAllTiers(t, tables, nil)
	st.Close()

	entries, _ := os.ReadDir(clean)
	var files []string
	for _, e := range entries {
		if info, _ := e.Info(); info.Size() > 0 && e.Name() != "LEAPFROG-CACHE" {
			files = append(files, e.Name())
		}
	}
	sort.Strings(files)
	perFile := testenv.Scale(4, 16)
	rng := rand.New(rand.NewPCG(5, 6))
	var tried, refused, reported, answered int
	for _, name := range files {
		orig, _ := os.ReadFile(filepath.Join(clean, name))
		for i := 0; i < perFile; i++ {
			off := rng.IntN(len(orig))
			for _, d := range testenv.Damages {
				what := fmt.Sprintf("%s of %s at %d", d.Name, name, off)
				dir := t.TempDir()
				testenv.CopyDir(t, clean, dir)
				os.WriteFile(filepath.Join(dir, name), d.Apply(append([]byte(nil), orig...), off), 0o644)
				tried++
				st, err := cache.Open(dir, cache.Options{})
				if err != nil {
					if !errors.Is(err, cache.ErrDamaged) {
						t.Errorf("%s: open: %v", what, err)
					}
					refused++
					continue
				}
				tables, err := Open(st)
				if err != nil {
					reported++
					st.Close()
					continue
				}
				damaged := false
				tables.OnDamage = func(error) { damaged = true }
				readAllTiers(t, tables, func(id string, e entry) {
					if v, ok := stored[id][e.k]; !ok || v != e.v {
						t.Errorf("%s: a table entry read %v, stored %v (present %v)", what, e, v, ok)
					}
				})
				for _, pr := range sample {
					v, ok, err := tables.Probe(pr.p)
					var de *DamageError
					if err != nil && !errors.As(err, &de) {
						t.Errorf("%s: %s: an error that names no table: %v", what, pr.p, err)
					}
					if ok && v != pr.score {
						t.Errorf("%s: %s: probe %d, undamaged %d", what, pr.p, v, pr.score)
					}
					if ok {
						answered++
					}
				}
				if damaged {
					reported++
				}
				st.Close()
			}
		}
	}
	t.Logf("%d damaged copies of %d files: %d refused by the cache, %d tables reported damaged, %d right answers, 0 wrong",
		tried, len(files), refused, reported, answered)
}

// readAllTiers reads every entry of every tier of the tables; with check
// nil it returns them, else it passes each to check. A tier that cannot be
// read (damaged) is skipped: it answers nothing.
func readAllTiers(t *testing.T, tables *Tables, check func(id string, e entry)) map[string]map[positions.SmallKey]int16 {
	out := map[string]map[positions.SmallKey]int16{}
	for _, ti := range tables.tables {
		id := string(ti.id)
		out[id] = map[positions.SmallKey]int16{}
		for _, tm := range ti.tiers {
			err := readTier(tables.kv, ti.root.Game, ti.id, tm, func(e entry) error {
				if check != nil {
					check(id, e)
				} else {
					out[id][e.k] = e.v
				}
				return nil
			})
			if err != nil && check == nil {
				t.Fatalf("clean table: %v", err)
			}
		}
	}
	return out
}
