package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestTablebaseCommands(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, "", "tablebase", "build", "hupfer", "--size", "4", "--supply", "2", "--cache", dir, "--quiet")
	if code != 0 || !strings.Contains(stdout, "hupfer ..tt/..tt/rr../rr.. r 2-2:") || !strings.Contains(stdout, "complete") {
		t.Fatalf("build: exit %d: %s%s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "", "tablebase", "probe", "hupfer ..tt/..tt/rr../rr.. r 2-2", "--cache", dir, "--json")
	if code != 0 || !strings.Contains(stdout, `"value":`) || !strings.Contains(stdout, `"best":`) {
		t.Errorf("probe: exit %d: %s", code, stdout)
	}
	// solve answers from the table: no search.
	code, stdout, _ = runCLI(t, "", "solve", "hupfer ..tt/..tt/rr../rr.. r 2-2", "--cache", dir, "--json", "--hash", "8")
	fresh := func() string {
		_, out, _ := runCLI(t, "", "solve", "hupfer ..tt/..tt/rr../rr.. r 2-2", "--no-cache", "--json", "--hash", "8")
		return out
	}()
	// The same answer, from look-ups: a node per move tested on the line
	// instead of a search.
	nodes := func(out string) int {
		var v struct{ Nodes int }
		json.Unmarshal([]byte(out), &v)
		return v.Nodes
	}
	if code != 0 || stdout[:strings.Index(stdout, `"nodes"`)] != fresh[:strings.Index(fresh, `"nodes"`)] || nodes(stdout)*4 > nodes(fresh) {
		t.Errorf("solve with the table: %s\nwithout: %s", stdout, fresh)
	}
	if code, stdout, _ := runCLI(t, "", "tablebase", "verify", "hupfer", "--size", "4", "--supply", "2", "--cache", dir); code != 0 || !strings.Contains(stdout, " 0 inconsistent") {
		t.Errorf("verify: exit %d: %s", code, stdout)
	}
	if code, stdout, _ := runCLI(t, "", "tablebase", "stats", "hupfer ..tt/..tt/rr../rr.. r 2-2", "--cache", dir); code != 0 || !strings.Contains(stdout, "wins") {
		t.Errorf("stats: exit %d: %s", code, stdout)
	}
	if code, stdout, _ := runCLI(t, "", "tablebase", "list", "--cache", dir, "--json"); code != 0 || !strings.Contains(stdout, `"done":true`) {
		t.Errorf("list: exit %d: %s", code, stdout)
	}
	if code, _, stderr := runCLI(t, "", "tablebase", "probe", "hupfer ..tt/..tt/rr../rr.. r 9-9", "--cache", dir); code != exitBadInput || !strings.Contains(stderr, "in no table") {
		t.Errorf("probe miss: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "tablebase", "build", "froglet", "--size", "9x9", "--cache", dir); code == 0 || !strings.Contains(stderr, "at most 64 cells") {
		t.Errorf("big board: exit %d: %s", code, stderr)
	}
	if code, stdout, _ := runCLI(t, "", "tablebase", "drop", "hupfer", "--size", "4", "--supply", "2", "--cache", dir); code != 0 || !strings.HasPrefix(stdout, "dropped the table of hupfer") {
		t.Errorf("drop: exit %d: %s", code, stdout)
	}
	if _, stdout, _ := runCLI(t, "", "tablebase", "list", "--cache", dir); strings.Contains(stdout, "hupfer") {
		t.Errorf("after drop: %s", stdout)
	}
	// Dropping it again says there was none.
	if code, stdout, _ := runCLI(t, "", "tablebase", "drop", "hupfer", "--size", "4", "--supply", "2", "--cache", dir, "--json"); code != 0 || !strings.Contains(stdout, `"dropped":false`) {
		t.Errorf("drop again: exit %d: %s", code, stdout)
	}
}

// TestParseBytes: the sizes --memory takes, and those it refuses; before,
// "8GiB" read as 8 bytes and "1PB" as 1, which stopped a count at once.
func TestParseBytes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64 // 0: refused
	}{
		{"1024", 1024},
		{"1024B", 1024},
		{"500MB", 500 << 20},
		{"500M", 500 << 20},
		{"8GB", 8 << 30},
		{"8gb", 8 << 30},
		{"8GiB", 8 << 30},
		{" 8 GB ", 8 << 30},
		{"1.5GB", 3 << 29},
		{"2TB", 2 << 40},
		{"1PB", 1 << 50},
		{"1024PB", 1 << 60},
		{"0", 0},
		{"0.5", 0},
		{"-1GB", 0},
		{"1025PB", 0},
		{"99999999999999999999", 0},
		{"8 GB extra", 0},
		{"8XB", 0},
		{"1e9", 0},
		{"GB", 0},
		{"", 0},
		{"0x10", 0},
	} {
		got, err := parseBytes(c.in)
		if c.want == 0 {
			if err == nil {
				t.Errorf("parseBytes(%q) = %d, want an error", c.in, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
}
