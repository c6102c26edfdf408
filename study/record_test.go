package study

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/leapfrog-solver/leapfrog/solver"
)

func recordConfig(openings int) Config {
	return Config{Width: 4, Height: 3, FirstSeed: 1, Openings: openings, Parallel: 2,
		Solver: func() *solver.Solver { return solver.New(solver.Options{HashMB: 4, Threads: 1}) }}
}

// runRecorded runs cfg with the record in name, as study froglet --record
// does, and returns the openings and how many were solved rather than
// read.
func runRecorded(t *testing.T, name string, cfg Config) ([]Opening, int) {
	t.Helper()
	r, err := OpenRecord(name, cfg.Width, cfg.Height)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var solved atomic.Int64
	cfg.Known = func(seed uint64) (Opening, bool) {
		o, ok := r.Lookup(cfg, seed)
		if !ok {
			solved.Add(1)
		}
		return o, ok
	}
	cfg.Done = func(o Opening) {
		if err := r.Add(o); err != nil {
			t.Error(err)
		}
	}
	got, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return got, int(solved.Load())
}

// TestRecord: a study run again takes what its record answers, and only
// that; an answer read back is the answer solved.
func TestRecord(t *testing.T) {
	name := filepath.Join(t.TempDir(), "r.jsonl")
	exact, solved := runRecorded(t, name, recordConfig(10))
	if solved != 10 {
		t.Fatalf("a new record: %d solved, want 10", solved)
	}
	again, solved := runRecorded(t, name, recordConfig(15))
	if solved != 5 {
		t.Errorf("extended to 15: %d solved, want 5", solved)
	}
	for i := range exact {
		if again[i] != exact[i] {
			t.Errorf("seed %d: read back %+v, solved %+v", exact[i].Seed, again[i], exact[i])
		}
	}
	cfg := recordConfig(15)
	cfg.WDL = true
	wdl, solved := runRecorded(t, name, cfg)
	if solved != 0 {
		t.Errorf("who wins from values: %d solved, want 0", solved)
	}
	for i, o := range wdl {
		if !o.WDL || o.Value != int(outcome(again[i].Value)) {
			t.Errorf("seed %d: outcome %+v from value %d", o.Seed, o, again[i].Value)
		}
	}
	cfg = recordConfig(3)
	cfg.Removals = true
	if _, solved := runRecorded(t, name, cfg); solved != 3 {
		t.Errorf("removals over values without them: %d solved, want 3", solved)
	}
	data, _ := os.ReadFile(name)
	if n := bytes.Count(data, []byte{'\n'}); n != 18 {
		t.Errorf("the record has %d lines, want 15 values and 3 with removals", n)
	}
}

// TestRecordDamage: a changed, foreign or malformed line is an error that
// names its line; a last line cut short is dropped and the record goes on.
func TestRecordDamage(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	runRecorded(t, good, recordConfig(4))
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	second := lines[1]
	for _, tc := range []struct {
		name, text string
		w, h       int
		want       string
	}{
		{"value", strings.Replace(second, `"value":`, `"value":9`, 1), 4, 3, ":2: the checksum does not match"},
		{"nodes", strings.Replace(second, `"nodes":`, `"nodes":1`, 1), 4, 3, ":2: the checksum does not match"},
		{"board", second, 3, 4, ":1: an opening of a 4x3 board"},
		{"json", `{"board": 4x3}` + "\n", 4, 3, ":2:12: not a record line"},
		{"field", strings.Replace(second, `{`, `{"extra":1,`, 1), 4, 3, ":2:"},
		{"two", strings.TrimSuffix(second, "\n") + " {}\n", 4, 3, ":2:"},
		{"empty object", "{}\n", 4, 3, ":2: the checksum"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := filepath.Join(dir, tc.name+".jsonl")
			os.WriteFile(name, []byte(lines[0]+tc.text+lines[2]), 0o644)
			_, err := OpenRecord(name, tc.w, tc.h)
			var re *RecordError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v, want a RecordError with %q", err, tc.want)
			}
		})
	}

	// A kill while writing: the last line cut short.
	cut := filepath.Join(dir, "cut.jsonl")
	os.WriteFile(cut, data[:len(data)-20], 0o644)
	r, err := OpenRecord(cut, 4, 3)
	if err != nil || r.Len() != 3 || r.Recovered == "" {
		t.Fatalf("a cut-short last line: %v, %d openings, %q", err, r.Len(), r.Recovered)
	}
	r.Close()
	if _, solved := runRecorded(t, cut, recordConfig(4)); solved != 1 {
		t.Errorf("after the cut: %d solved, want 1", solved)
	}
	again, _ := os.ReadFile(cut)
	if a, b := sortedLines(again), sortedLines(data); a != b {
		t.Errorf("the repaired record:\n%s\nthe first:\n%s", a, b)
	}
	// A last line whole but for its newline is kept.
	open := filepath.Join(dir, "open.jsonl")
	os.WriteFile(open, data[:len(data)-1], 0o644)
	if r, err := OpenRecord(open, 4, 3); err != nil || r.Len() != 4 || r.Recovered != "" {
		t.Fatalf("no last newline: %v", err)
	} else {
		r.Close()
	}
	if _, solved := runRecorded(t, open, recordConfig(5)); solved != 1 {
		t.Errorf("no last newline, then one more: %d solved, want 1", solved)
	}
	if _, err := OpenRecord(open, 4, 3); err != nil {
		t.Errorf("appended after a line without its newline: %v", err)
	}

	// The same seed answered twice, differently.
	twice := filepath.Join(dir, "twice.jsonl")
	r, _ = OpenRecord(good, 4, 3)
	o, _ := r.Lookup(recordConfig(1), 1)
	r.Close()
	flip := o
	flip.Value = -o.Value - 1
	var buf bytes.Buffer
	for _, x := range []Opening{o, flip} {
		l := recordLine{Board: "4x3", Opening: x}
		l.Check = l.sum()
		b, _ := json.Marshal(l)
		buf.Write(append(b, '\n'))
	}
	os.WriteFile(twice, buf.Bytes(), 0o644)
	if _, err := OpenRecord(twice, 4, 3); err == nil || !strings.Contains(err.Error(), ":2: seed 1 answered twice") {
		t.Errorf("two answers: %v", err)
	}
}

// FuzzOpenRecord: whatever a record holds, reading it is an answer or a
// RecordError, never a panic, and what it answers is each seed's opening.
func FuzzOpenRecord(f *testing.F) {
	f.Add([]byte(`{"board":"3x3","seed":1,"position":"x","value":0,"best":"","nodes":0,"check":"00"}` + "\n"))
	f.Add([]byte("\n\n{"))
	f.Add([]byte(`{"board":"3x3","seed":18446744073709551615,"value":1e9}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		name := filepath.Join(dir, "f.jsonl")
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := OpenRecord(name, 3, 3)
		if err != nil {
			return
		}
		defer r.Close()
		for seed, o := range r.known {
			if o.Seed != seed {
				t.Errorf("seed %d holds %+v", seed, o)
			}
		}
	})
}

func sortedLines(data []byte) string {
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}
