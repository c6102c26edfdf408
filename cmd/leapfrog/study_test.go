package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStudy: the summary adds up, CSV has a line per opening, and bad
// requests are usage errors.
func TestStudy(t *testing.T) {
	code, out, errs := runCLI(t, "", "study", "froglet", "--size", "3x3", "--openings", "20", "--json", "--no-cache")
	var s struct {
		Openings, Wins, Draws, Losses int
		Each                          []struct{ Seed uint64 }
	}
	if code != 0 || json.Unmarshal([]byte(out), &s) != nil || s.Wins+s.Draws+s.Losses != 20 || len(s.Each) != 20 || s.Each[0].Seed != 1 {
		t.Fatalf("study --json: exit %d %s %s", code, out, errs)
	}
	code, out, _ = runCLI(t, "", "study", "froglet", "--size", "3x3", "--openings", "5", "--seed", "7", "--format", "csv", "--no-cache")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || len(lines) != 6 || !strings.HasPrefix(lines[1], "7,") {
		t.Errorf("study --format csv: exit %d\n%s", code, out)
	}
	code, out, errs = runCLI(t, "", "study", "hupfer", "--size", "4", "--supply", "1..2", "--json", "--no-cache")
	var starts []struct {
		Red, Turquoise int
		Plies          int
		RedWins        bool `json:"red_wins"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &starts) != nil || len(starts) != 4 || starts[3].Red != 2 || starts[3].Turquoise != 2 || !starts[3].RedWins || starts[3].Plies != 9 {
		t.Errorf("study hupfer --json: exit %d %s %s", code, out, errs)
	}
	for _, args := range [][]string{
		{"study", "hupfer", "--supply", "3..1", "--no-cache"},
		{"study", "chess", "--no-cache"},
		{"study", "froglet", "--size", "0x3", "--no-cache"},
		{"study", "froglet", "--openings", "0", "--no-cache"},
		{"study", "froglet", "--seed", "18446744073709551615", "--openings", "2", "--no-cache"},
		{"study", "froglet", "--format", "xml", "--no-cache"},
	} {
		if code, _, errs := runCLI(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
}

// TestStudyRecord: --record keeps the openings answered and a second run
// takes them from it; a changed line is bad input naming its line.
func TestStudyRecord(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "study.jsonl")
	code, first, errs := runCLI(t, "", "study", "froglet", "--size", "3x3", "--openings", "6", "--record", rec, "--no-cache", "--format", "csv")
	data, _ := os.ReadFile(rec)
	if code != 0 || strings.Count(string(data), "\n") != 6 {
		t.Fatalf("study --record: exit %d %s, record:\n%s", code, errs, data)
	}
	code, again, _ := runCLI(t, "", "study", "froglet", "--size", "3x3", "--openings", "6", "--record", rec, "--no-cache", "--format", "csv")
	if code != 0 || again != first {
		t.Errorf("from the record: exit %d\n%s\nsolved:\n%s", code, again, first)
	}
	os.WriteFile(rec, []byte(strings.Replace(string(data), `"nodes":`, `"nodes":1`, 1)), 0o644)
	code, _, errs = runCLI(t, "", "study", "froglet", "--size", "3x3", "--openings", "6", "--record", rec, "--no-cache")
	if code != 2 || !strings.Contains(errs, rec+":1: the checksum does not match") {
		t.Errorf("a changed record: exit %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "", "study", "hupfer", "--record", rec, "--no-cache"); code != 2 || !strings.Contains(errs, "--record") {
		t.Errorf("study hupfer --record: exit %d %q", code, errs)
	}
}
