package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestVerifyExampleSuites(t *testing.T) {
	for _, f := range []string{"froglet-puzzles.txt", "hupfer-puzzles.txt", "positions.txt"} {
		path := filepath.Join("..", "..", "examples", f)
		if f == "positions.txt" {
			// positions.txt carries no claims; its export must verify.
			code, out, stderr := runCLI(t, "", "export", path, "--hash", "64")
			if code != 0 {
				t.Fatalf("export %s: exit %d: %s", f, code, stderr)
			}
			path = filepath.Join(t.TempDir(), "exported.txt")
			os.WriteFile(path, []byte(out), 0o644)
		}
		code, stdout, stderr := runCLI(t, "", "verify", path, "--hash", "64")
		if code != 0 || !strings.Contains(stdout, " 0 failed") {
			t.Errorf("verify %s: exit %d\n%s%s", f, code, stdout, stderr)
		}
	}
}

// TestVerifyUnreadable: a file that cannot be read gets its error alone,
// exit 2, and no count of records on standard output.
func TestVerifyUnreadable(t *testing.T) {
	dir := t.TempDir()
	for _, path := range []string{filepath.Join(dir, "missing.txt"), dir} {
		code, stdout, stderr := runCLI(t, "", "verify", path, "--hash", "8")
		if code != exitBadInput || stdout != "" || !strings.Contains(stderr, path) {
			t.Errorf("verify %s: exit %d, stdout %q, stderr %q", path, code, stdout, stderr)
		}
	}
}

// TestVerifyCountsBadRecords: a bad record is one of the records that the
// closing count says were not checked.
func TestVerifyCountsBadRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "suite.txt")
	os.WriteFile(path, []byte("froglet gg. w 0-0; value 1;\nfroglet zz w 0-0; value 0;\n"), 0o644)
	code, stdout, stderr := runCLI(t, "", "verify", path, "--hash", "8")
	if code != exitBadInput || !strings.Contains(stdout, "1 of 2 records checked, 1 claim, 0 failed") || !strings.Contains(stderr, "1 bad record") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

func TestVerifyFailsLoudly(t *testing.T) {
	suite := strings.Join([]string{
		`froglet rbg./..ry/bgyg w 0-0; id "wrong value"; value 4;`,
		`froglet rbg./..ry/bgyg w 0-0; id "non-best bm"; bm d1-d3;`,
		`hupfer ..tt/..tt/rr../rr.. r 4-4; id "second optimal"; bm a1-a3+b3;`,
		`froglet rbg./..ry/bgyg w 0-0; id "illegal pv"; pv d2-b2 d2-d4;`,
		`froglet rbg./..ry/bgyg w 0-0; id "all good"; value 5; bm d2-b2; am b3-d3;`,
	}, "\n")
	path := filepath.Join(t.TempDir(), "suite.txt")
	os.WriteFile(path, []byte(suite), 0o644)
	code, stdout, stderr := runCLI(t, "", "verify", path, "--hash", "8")
	if code != exitClaimFailed {
		t.Fatalf("exit %d, want %d", code, exitClaimFailed)
	}
	for _, want := range []string{
		`"wrong value": FAILED`, "the value is +5, not 4",
		`"non-best bm": FAILED`, "d1-d3 is not optimal: +2 against +5",
		`"second optimal": FAILED`, "not unique: a1-c1+c2 also optimal",
		`"illegal pv": FAILED`, "move 2, d2-d4, is not legal",
		`"all good": ok`, "5 records, 7 claims, 4 failed",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "4 of 7 claims do not hold") {
		t.Errorf("stderr %q", stderr)
	}
	// A record that a limit stopped is not counted as checked; the
	// exit is the limit's, which outranks a failed claim (cli.md).
	limited := suite + "\n" + hardPosition + "; id \"hard\"; value 0;"
	os.WriteFile(path, []byte(limited), 0o644)
	code, stdout, _ = runCLI(t, "", "verify", path, "--hash", "8", "--max-nodes", "20000")
	if code != exitLimit || !strings.Contains(stdout, "5 of 6 records checked, 7 claims, 4 failed") {
		t.Errorf("with a record stopped by a limit: exit %d\n%s", code, stdout)
	}
}

func TestAnnotateFormats(t *testing.T) {
	game := filepath.Join("..", "..", "examples", "froglet-game-1.txt")
	code, out, _ := runCLI(t, "", "annotate", game, "--format", "csv", "--hash", "64")
	if code != 0 || !strings.HasPrefix(out, "ply,side,move,value,outcome,best,best_value,best_outcome,cost,label\n1,White,a2,") {
		t.Errorf("csv: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "annotate", game, "--json", "--hash", "64")
	if code != 0 || !strings.Contains(out, `"label":"blunder"`) || !strings.Contains(out, `"result":"14-23"`) {
		t.Errorf("json: exit %d\n%s", code, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("froglet ggy/gyg/ygb w 0-0\n1. a2 c2-c3\n"), 0o644)
	code, _, stderr := runCLI(t, "", "annotate", bad)
	if code != exitBadInput || !strings.Contains(stderr, "bad.txt:2:10: move 2 (c2-c3)") {
		t.Errorf("bad game: exit %d, %q", code, stderr)
	}
}

func TestPictures(t *testing.T) {
	dir := t.TempDir()
	svg, pngFile := filepath.Join(dir, "b.svg"), filepath.Join(dir, "b.png")
	code, _, stderr := runCLI(t, "", "show", "froglet rbg./..ry/bgyg w 0-0", "--move", "d2-b2", "--svg", svg, "--png", pngFile)
	if code != 0 {
		t.Fatalf("show: exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(svg)
	if !strings.HasPrefix(string(data), "<svg") || !strings.Contains(string(data), "Move: d2-b2") {
		t.Errorf("svg: %.200s", data)
	}
	if data, _ := os.ReadFile(pngFile); !strings.HasPrefix(string(data), "\x89PNG") {
		t.Error("no PNG written")
	}
	code, _, _ = runCLI(t, "", "solve", "hupfer ..tt/..tt/rr../rr.. r 4-4", "--svg", svg, "--hash", "8")
	if data, _ := os.ReadFile(svg); code != 0 || !strings.Contains(string(data), "Move: a1-a3+b3") {
		t.Errorf("solve --svg: exit %d, %.300s", code, data)
	}
	shots := filepath.Join(dir, "game")
	code, _, _ = runCLI(t, "", "annotate", filepath.Join("..", "..", "examples", "froglet-game-1.txt"), "--svg-dir", shots, "--hash", "64")
	entries, _ := os.ReadDir(shots)
	if code != 0 || len(entries) != 16+4 { // 16 moves, 4 of them not best
		t.Errorf("annotate --svg-dir: exit %d, %d files", code, len(entries))
	}
	code, _, stderr = runCLI(t, "", "show", "froglet rbg./..ry/bgyg w 0-0", "--move", "a1-a3", "--svg", svg)
	if code != exitBadInput || !strings.Contains(stderr, "--move:1:4: no frog on a2") {
		t.Errorf("bad --move: exit %d, %q", code, stderr)
	}
}

// TestExportKeepsStoppedRecords: export's text output is its file filled
// in, so a record whose search a limit stopped stays in it as it was,
// between the others, and the exit is the limit's.
func TestExportKeepsStoppedRecords(t *testing.T) {
	in := "// a comment\nfroglet gg/gg; id \"a\";\n" + hardPosition + "; id \"hard\"; c \"deep\";\nfroglet gg/gg; id \"c\";\n"
	code, out, _ := runCLI(t, in, "export", "-", "--hash", "8", "--max-nodes", "20000")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitLimit || len(lines) != 4 || lines[0] != "// a comment" ||
		lines[2] != hardPosition+`; id "hard"; c "deep";` ||
		!strings.HasPrefix(lines[1], `froglet gg/gg w 0-0; id "a"; value 0;`) || !strings.HasPrefix(lines[3], `froglet gg/gg w 0-0; id "c"; value 0;`) {
		t.Errorf("exit %d:\n%s", code, out)
	}
}
