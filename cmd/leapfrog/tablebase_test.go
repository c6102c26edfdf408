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
