package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/leapfrog-solver/leapfrog/internal/testenv"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/solver"
)

func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"leapfrog"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string // in the message
	}{
		{[]string{"moves", "chess 8/8 w 0-0"}, "argument:1:1: unknown game"},
		{[]string{"moves", "froglet rbz./..ry/bgyg w 0-0"}, "argument:1:11: 'z' is not a froglet cell"},
		{[]string{"moves", "froglet rbg./..r/bgyg w 0-0"}, "argument:1:14: row 2 from the top has 3 cells"},
		{[]string{"moves", "froglet " + strings.Repeat("g", 19)}, "argument:1:9: row 1 from the top has 19 cells: at most 18"},
		{[]string{"moves", "hupfer rt/tr"}, "argument:1:13: missing side to move"},
		{[]string{"moves", "froglet gg/gg w -1-0"}, "argument:1:17: scores \"-1-0\": negative"},
		{[]string{"moves", "froglet gg/gg w x-0"}, "argument:1:17: scores \"x-0\": not a non-negative whole number"},
		{[]string{"show", "hupfer rt/tr r 1-z"}, "argument:1:18: supplies"},
		{[]string{"solve", "froglet rbg./..ry/bgyg w 0-0; bm d2-b2"}, "not ended by ';'"},
		{[]string{"moves"}, "give a position"},
		{[]string{"moves", "froglet g", "froglet g"}, "one position"},
		{[]string{"moves", "-f", "/nonexistent/file"}, "no such file"},
		{[]string{"count", "froglet g"}, "exactly one of --depth N and --all"},
		{[]string{"bench", "--reference", "froglet g"}, "bench takes no arguments"},
		{[]string{"cache", "clear", "hupfer", "--yes"}, `cache clear takes no arguments, only flags (got "hupfer")`},
		{[]string{"tablebase", "list", "x"}, `tablebase list takes no arguments`},
		{[]string{"completion", "bash", "zsh"}, "give one shell"},
		{[]string{"new", "chess"}, "unknown game"},
		{[]string{"new", "froglet", "--size", "19x3"}, "width and height must be whole numbers from 1 to 18"},
		{[]string{"new", "hupfer", "--size", "3"}, "2x2 starting blocks"},
		{[]string{"new", "hupfer", "--supply", "-1"}, "supply -1: must be 0 to 1000"},
		{[]string{"tablebase", "build", "hupfer", "--size", "4", "--supply", "-1"}, "supply -1: must be 0 to 1000"},
		{[]string{"moves", "--frobnicate", "froglet g"}, "flag provided but not defined"},
		{[]string{"frobnicate"}, ""},
		{[]string{"solve", "froglet g", "--wdl", "--value"}, "give one of them"},
		{[]string{"solve", "froglet g", "--value", "--gif", "x.gif"}, "--gif draws the line, which --value does not find"},
		{[]string{"solve", "froglet g", "--wdl", "--strip", "x.svg"}, "--strip draws the line, which --wdl does not find"},
		{[]string{"solve", "froglet g", "--value", "--nats", "nats://127.0.0.1:1"}, "leave out --value or --nats"},
		{[]string{"solv", "froglet g"}, `no command "solv" (leapfrog --help lists them). Did you mean "solve"?`},
		{[]string{"h"}, `no command "h" (leapfrog --help lists them)` + "\n"},
		{[]string{"puzzle", "mak"}, `no command "mak" (leapfrog puzzle --help lists them). Did you mean "make"?`},
	}
	for _, tc := range tests {
		code, _, stderr := runCLI(t, "", tc.args...)
		if code != exitBadInput {
			t.Errorf("%q: exit %d, want %d (stderr %q)", tc.args, code, exitBadInput, stderr)
		}
		if !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "goroutine") || strings.Count(strings.TrimSpace(stderr), "\n") > 0 && tc.want != "" {
			t.Errorf("%q: stderr %q, want one line containing %q", tc.args, stderr, tc.want)
		}
	}
}

func TestBadLineInFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "recs.txt")
	os.WriteFile(file, []byte("// a comment\n\nfroglet g\nfroglet gq\n"), 0o644)
	code, _, stderr := runCLI(t, "", "moves", "-f", file)
	if code != exitBadInput || !strings.Contains(stderr, file+":4:10: 'q' is not a froglet cell") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	// solve -f - reports bad lines and goes on with the others; in JSON
	// the bad line has its error object, so the output lines up.
	code, stdout, stderr := runCLI(t, "froglet gyg w 0-0\nnonsense\nfroglet g.gy w 0-0\n", "solve", "--json", "-f", "-", "--threads", "1", "--hash", "1")
	if code != exitBadInput || !strings.Contains(stderr, "stdin:2:1: unknown game") || strings.Count(stdout, "\n") != 3 ||
		!strings.Contains(stdout, `{"error":{"line":2,"column":1,"message":"unknown game`) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// A bad position given as the argument has its object too.
	code, stdout, stderr = runCLI(t, "", "solve", "froglet gq w 0-0", "--json")
	if code != exitBadInput || stdout != `{"error":{"line":1,"column":10,"message":"'q' is not a froglet cell (g green, y yellow, r red, b blue, . empty, # no cell, or a number of empty cells)"}}`+"\n" ||
		!strings.Contains(stderr, "argument:1:10:") {
		t.Errorf("argument: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestMovesJSON(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "moves", "froglet rbg./..ry/bgyg w 0-0", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var got struct {
		Position string `json:"position"`
		Moves    []struct {
			Move, Position string
			Points         int
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Position != "froglet rbg./..ry/bgyg w 0-0" || len(got.Moves) != 3 || got.Moves[2].Move != "d2-b2" || got.Moves[2].Points != 3 || got.Moves[2].Position != "froglet rbg./.y../bgyg b 3-0" {
		t.Errorf("got %+v", got)
	}
}

func TestSolveJSON(t *testing.T) {
	tests := []struct {
		pos  string
		want map[string]any
	}{
		{"froglet rbg./..ry/bgyg w 0-0", map[string]any{"game": "froglet", "value": 5.0, "best": "d2-b2", "outcome": "win", "final": "9-4"}},
		{"froglet rbg./..ry/bgyg w 0-7", map[string]any{"value": 5.0, "outcome": "loss", "final": "9-11"}},
		{"froglet g.../..../.... b 3-1", map[string]any{"value": 0.0, "best": nil, "outcome": "loss", "final": "3-1"}},
		{"hupfer ..tt/..tt/rr../rr.. r 4-4", map[string]any{"game": "hupfer", "value": "win", "distance": 11.0}},
		{"hupfer r/t t 0-0", map[string]any{"value": "loss", "distance": 0.0, "best": nil}},
	}
	for _, tc := range tests {
		code, stdout, stderr := runCLI(t, "", "solve", tc.pos, "--json", "--hash", "8")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.pos, code, stderr)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatal(err)
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("%s: %s = %v, want %v", tc.pos, k, got[k], v)
			}
		}
		for _, k := range []string{"position", "pv", "nodes", "seconds"} {
			if _, ok := got[k]; !ok {
				t.Errorf("%s: no %q field", tc.pos, k)
			}
		}
	}
}

// TestSolveValueJSON holds solve --value to solve: the same value,
// distance and outcome, and no best, pv or final, which it does not find
// (a null best and an empty pv would say that the game is over).
func TestSolveValueJSON(t *testing.T) {
	for _, pos := range []string{
		"froglet rbg./..ry/bgyg w 0-0",
		"froglet rbg./..ry/bgyg w 0-7",
		"froglet g.../..../.... b 3-1",
		"hupfer ..tt/..tt/rr../rr.. r 4-4",
		"hupfer ...tt/...tt/...../rr.../rr... r 3-3",
		"hupfer r/t t 0-0",
	} {
		var full, value map[string]any
		for _, v := range []struct {
			out  *map[string]any
			args []string
		}{{&full, nil}, {&value, []string{"--value"}}} {
			code, stdout, stderr := runCLI(t, "", append([]string{"solve", pos, "--json", "--no-cache"}, v.args...)...)
			if code != 0 {
				t.Fatalf("%s %v: exit %d: %s", pos, v.args, code, stderr)
			}
			if err := json.Unmarshal([]byte(stdout), v.out); err != nil {
				t.Fatal(err)
			}
		}
		for _, k := range []string{"position", "game", "value", "distance", "outcome"} {
			if value[k] != full[k] {
				t.Errorf("%s: --value gives %s = %v, solve %v", pos, k, value[k], full[k])
			}
		}
		for _, k := range []string{"best", "pv", "final"} {
			if _, ok := value[k]; ok {
				t.Errorf("%s: --value gives %s", pos, k)
			}
		}
		for _, k := range []string{"nodes", "seconds"} {
			if _, ok := value[k]; !ok {
				t.Errorf("%s: --value gives no %s", pos, k)
			}
		}
	}
}

// hardPosition takes far longer than any test to solve.
const hardPosition = "froglet gyrgyb/ygygyg/rgygbg/ygrgyg/gygyrg/ygbgyy w 0-0"

func TestLimitExit3(t *testing.T) {
	code, _, stderr := runCLI(t, "", "solve", hardPosition, "--max-nodes", "20000", "--threads", "1", "--hash", "8")
	if code != exitLimit || !strings.Contains(stderr, "limit reached") {
		t.Errorf("max-nodes: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "solve", hardPosition, "--timeout", "200ms", "--hash", "8")
	if code != exitLimit || !strings.Contains(stderr, "known:") {
		t.Errorf("timeout: exit %d, stderr %q", code, stderr)
	}
}

// TestLimitPerPositionInBatch: a limit stops one position of a batch, and
// the others are still answered; the exit code is 3.
func TestLimitPerPositionInBatch(t *testing.T) {
	in := hardPosition + "\nfroglet rbg./..ry/bgyg w 0-0\n"
	code, stdout, stderr := runCLI(t, in, "solve", "-f", "-", "--json", "--max-nodes", "20000", "--threads", "1", "--hash", "8", "--no-cache")
	if code != exitLimit || !strings.Contains(stdout, `"value":5`) || !strings.Contains(stderr, "stdin:1") || !strings.Contains(stderr, "1 record stopped by a limit before its answer") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestInterrupt sends SIGINT to a built leapfrog in the middle of a search.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "leapfrog")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "solve", hardPosition, "--hash", "8")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
		t.Errorf("exit %v, want %d; stderr %q", err, exitInterrupted, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("stderr %q", stderr.String())
	}
}

func TestCountJSON(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "count", "froglet ggy/gyg/ygb", "--depth", "2", "--json")
	want := `{"position":"froglet ggy/gyg/ygb w 0-0","plies":[{"ply":1,"paths":5,"positions":5},{"ply":2,"paths":6,"positions":6}]}`
	if code != 0 || strings.TrimSpace(stdout) != want {
		t.Errorf("exit %d: %s", code, stdout)
	}
	code, stdout, _ = runCLI(t, "", "count", "froglet ggg/ggg/ggg", "--all", "--symmetry", "--json")
	if code != 0 || !strings.Contains(stdout, `"symmetry":true`) || !strings.Contains(stdout, `"levels":[{"pieces":9,"positions":1}`) {
		t.Errorf("exit %d: %s", code, stdout)
	}
}

// TestBatchIDs: every command that reads records answers each with its
// record's id in --json (cli.md), in input order.
func TestBatchIDs(t *testing.T) {
	in := "froglet gg/gg; id \"first\";\nhupfer rt/.. r 1-1; id \"second\";\n"
	for _, args := range [][]string{
		{"moves"}, {"count", "--depth", "2"}, {"count", "--all"},
		{"solve"}, {"solve", "--wdl"}, {"solve", "--value"},
		{"analyze"}, {"analyze", "--wdl"}, {"verify"}, {"export"},
	} {
		code, stdout, stderr := runCLI(t, in, append(args, "-f", "-", "--json")...)
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if code != 0 || len(lines) != 2 {
			t.Errorf("%v: exit %d, %d lines: %s %s", args, code, len(lines), stdout, stderr)
			continue
		}
		for i, id := range []string{"first", "second"} {
			var o struct{ ID string }
			if err := json.Unmarshal([]byte(lines[i]), &o); err != nil || o.ID != id {
				t.Errorf("%v: answer %d has id %q, want %q: %s", args, i+1, o.ID, id, lines[i])
			}
		}
	}
}

// TestCountStopped: a count that --memory stops gets its answer in a
// batch, as cli.md asks of every record: what is known, here the plies
// --depth finished, and exit 3 (the heap of this test's process is past
// 1 MB before the first ply that holds 4,096 positions).
func TestCountStopped(t *testing.T) {
	big := "froglet ryygr/ygggr/gggry/gygyy/gyybg w 0-0"
	in := "froglet ggy/gyg/ygb; id \"a\";\n" + big + "; id \"b\";\nfroglet gg/gg; id \"c\";\n"
	for _, mode := range []string{"--depth", "--all"} {
		args := []string{"count", "-f", "-", "--json", "--memory", "1MB", mode}
		if mode == "--depth" {
			args = append(args, "12")
		}
		code, stdout, stderr := runCLI(t, in, args...)
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if code != exitLimit || len(lines) != 3 || !strings.Contains(stderr, "outgrew --memory 1MB") {
			t.Fatalf("%s: exit %d, %d lines:\n%s\n%s", mode, code, len(lines), stdout, stderr)
		}
		var stopped struct {
			ID      string
			Stopped string
			Plies   []map[string]any
		}
		if err := json.Unmarshal([]byte(lines[1]), &stopped); err != nil || stopped.ID != "b" || stopped.Stopped != "limit" {
			t.Errorf("%s: the stopped record's answer %s", mode, lines[1])
		}
		if mode == "--depth" && (len(stopped.Plies) == 0 || len(stopped.Plies) >= 12) {
			t.Errorf("--depth: the plies counted before the limit: %s", lines[1])
		}
		if !strings.Contains(lines[0], `"id":"a"`) || !strings.Contains(lines[2], `"id":"c"`) {
			t.Errorf("%s: the others' answers %s, %s", mode, lines[0], lines[2])
		}
	}
}

func TestNewIsReproducible(t *testing.T) {
	_, a, _ := runCLI(t, "", "new", "froglet", "--size", "5x5", "--seed", "3")
	_, b, _ := runCLI(t, "", "new", "froglet", "--seed", "3", "--size", "5x5")
	if a != b || !strings.HasPrefix(a, "froglet ") {
		t.Errorf("%q vs %q", a, b)
	}
	for _, args := range [][]string{{"new", "hupfer"}, {"new", "hupfer", "--size", "6x6", "--seed", "5"}} {
		code, h, _ := runCLI(t, "", args...)
		if code != 0 || strings.TrimSpace(h) != "hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14" {
			t.Errorf("%v: exit %d, %q", args, code, h)
		}
	}
}

// TestNewJSON: new --json gives the position it prints, its game, and the
// seed that made it where one did; that seed makes the same position.
func TestNewJSON(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		withSeed bool
	}{
		{[]string{"new", "froglet", "--size", "5x5"}, true},
		{[]string{"new", "hupfer", "--size", "4"}, false},
		{[]string{"new", "hupfer", "--size", "4", "--random-plies", "3"}, true},
	} {
		code, stdout, _ := runCLI(t, "", append(slices.Clone(tc.args), "--json")...)
		var got struct {
			Position, Game string
			Seed           *uint64
		}
		if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil {
			t.Fatalf("%v: exit %d, %q (%v)", tc.args, code, stdout, err)
		}
		if !strings.HasPrefix(got.Position, got.Game+" ") || (got.Seed != nil) != tc.withSeed {
			t.Errorf("%v: %+v", tc.args, got)
		}
		again := slices.Clone(tc.args)
		if got.Seed != nil {
			again = append(again, "--seed", strconv.FormatUint(*got.Seed, 10))
		}
		if _, plain, _ := runCLI(t, "", again...); strings.TrimSpace(plain) != got.Position {
			t.Errorf("%v: %q, but --json said %q", again, plain, got.Position)
		}
	}
}

// TestNewPrintsItsSeed: without --seed, new prints the seed it drew, and
// that seed given as --seed makes the same position, random plies included.
func TestNewPrintsItsSeed(t *testing.T) {
	for _, args := range [][]string{
		{"new", "froglet", "--size", "5x5"},
		{"new", "froglet", "--size", "5x5", "--random-plies", "6"},
		{"new", "hupfer", "--random-plies", "6"},
	} {
		code, pos, stderr := runCLI(t, "", args...)
		var seed uint64
		if _, err := fmt.Sscanf(stderr, "seed %d", &seed); code != 0 || err != nil {
			t.Fatalf("%v: exit %d, standard error %q (%v)", args, code, stderr, err)
		}
		again := append(slices.Clone(args), "--seed", strconv.FormatUint(seed, 10))
		if code, pos2, _ := runCLI(t, "", again...); code != 0 || pos2 != pos {
			t.Errorf("%v: exit %d, %q; without the seed %q", again, code, pos2, pos)
		}
	}
	// A Hüpfer start without random plies draws no seed, and a bad flag
	// is refused before one is printed.
	if _, _, stderr := runCLI(t, "", "new", "hupfer"); stderr != "" {
		t.Errorf("new hupfer: standard error %q", stderr)
	}
	if code, _, stderr := runCLI(t, "", "new", "froglet", "--random-plies", "-3"); code != exitBadInput || strings.Contains(stderr, "seed ") {
		t.Errorf("--random-plies -3: exit %d, standard error %q", code, stderr)
	}
}

// TestBatchJSONContract: with --json every record of a batch gets exactly
// one object, in input order, with its id: the answer, the error of a bad
// line, or what is known when a limit stopped it; the exit code is the
// most serious met (cli.md).
func TestBatchJSONContract(t *testing.T) {
	in := "froglet rbg./..ry/bgyg w 0-0; id \"tiny\";\n" +
		"// a comment\n" +
		"froglet rbz./..ry/bgyg w 0-0; id \"bad\";\n" +
		hardPosition + "; id \"hard\";\n" +
		"hupfer ..tt/..tt/rr../rr.. r 4-4\n"
	for _, args := range [][]string{{"solve"}, {"analyze"}, {"solve", "--value"}} {
		cmd := strings.Join(args, " ")
		code, stdout, stderr := runCLI(t, in, append(args, "-f", "-", "--json", "--max-nodes", "20000", "--threads", "1", "--hash", "8", "--no-cache")...)
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if code != exitBadInput || len(lines) != 4 {
			t.Fatalf("%s: exit %d, %d lines:\n%s", cmd, code, len(lines), stdout)
		}
		// The closing count names both kinds of record not answered.
		if !strings.Contains(stderr, "1 bad record and 1 record stopped by a limit before its answer was exact") {
			t.Errorf("%s: closing count in %q", cmd, stderr)
		}
		var objs []map[string]any
		for _, l := range lines {
			var o map[string]any
			if err := json.Unmarshal([]byte(l), &o); err != nil {
				t.Fatalf("%s: %q: %v", cmd, l, err)
			}
			objs = append(objs, o)
		}
		if objs[0]["id"] != "tiny" || objs[0]["value"] != float64(5) {
			t.Errorf("%s: first answer %v", cmd, objs[0])
		}
		if e, ok := objs[1]["error"].(map[string]any); !ok || e["line"] != float64(3) || e["column"] != float64(11) || objs[1]["id"] != "bad" {
			t.Errorf("%s: bad line %v", cmd, objs[1])
		}
		if objs[2]["id"] != "hard" || objs[2]["stopped"] != "limit" || objs[2]["known"] == nil {
			t.Errorf("%s: stopped record %v", cmd, objs[2])
		}
		if objs[3]["value"] != "win" || objs[3]["distance"] != float64(11) {
			t.Errorf("%s: last answer %v", cmd, objs[3])
		}
	}
}

// TestMoveVocabulary: analyze and annotate say what a move costs in the
// same words in both games, and a Hüpfer move that throws a win away is
// never said to cost 0.
func TestMoveVocabulary(t *testing.T) {
	code, out, _ := runCLI(t, "", "analyze", "froglet rbg./..ry/bgyg w 0-0", "--json", "--no-cache")
	if code != 0 || !strings.Contains(out, `{"move":"b3-d3","position":"froglet r..b/..ry/bgyg b 1-0","points":1,"value":0,"outcome":"draw","cost":5}`) {
		t.Errorf("analyze froglet: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "analyze", "froglet rbg./..ry/bgyg w 0-0", "--wdl", "--json", "--no-cache")
	if code != 0 || !strings.Contains(out, `"outcome":"win","moves":[`) || !strings.Contains(out, `"move":"b3-d3","position":"froglet r..b/..ry/bgyg b 1-0","points":1,"outcome":"draw"`) {
		t.Errorf("analyze --wdl: exit %d\n%s", code, out)
	}
	game := filepath.Join("..", "..", "examples", "hupfer-game-1.txt")
	code, out, _ = runCLI(t, "", "annotate", game, "--no-cache")
	if code != 0 || strings.Contains(out, "loses 0") || !strings.Contains(out, "throws the win away") || !strings.Contains(out, "Red threw away 1 win") {
		t.Errorf("annotate hupfer: exit %d\n%s", code, out)
	}
	code, _, stderr := runCLI(t, "", "annotate", game, "--json", "--format", "csv", "--no-cache")
	if code != exitBadInput || !strings.Contains(stderr, "two formats") {
		t.Errorf("--json --format csv: exit %d, %q", code, stderr)
	}
}

// TestBenchReference holds bench --reference to the reference solver's
// answers on its five positions, one JSON object each with its figures.
func TestBenchReference(t *testing.T) {
	testenv.SkipUnlessLong(t, "solves ggggy and the cross")
	want := map[string]string{"hupfer 6x6 5-5": "loss in 16", "hupfer 5x5 8-8": "win in 21",
		"the cross": "+1", "ygyyg": "-1", "ggggy": "+1"}
	nodes := map[string]int64{}
	// As solve finds them, with the line, then the values alone: the
	// same answers, and 6x6 5-5's in fewer nodes (its line proves the
	// moves spelt before the best one faster losses).
	for _, value := range []bool{false, true} {
		args := []string{"bench", "--reference", "--threads", "1", "--json"}
		if value {
			args = append(args, "--value")
		}
		code, stdout, stderr := runCLI(t, "", args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if len(lines) != len(want) {
			t.Fatalf("%v: %d lines, want %d: %s", args, len(lines), len(want), stdout)
		}
		for _, line := range lines {
			var r struct {
				Case, Answer string
				Nodes        int64
				Reference    *struct{ Nodes int64 }
			}
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			if r.Answer != want[r.Case] || r.Nodes <= 0 || r.Reference == nil || r.Reference.Nodes <= 0 {
				t.Errorf("%v %s: answer %q (want %q), nodes %d, reference %+v", args, r.Case, r.Answer, want[r.Case], r.Nodes, r.Reference)
			}
			if value && r.Case == "hupfer 6x6 5-5" && r.Nodes >= nodes[r.Case] {
				t.Errorf("%s: the value alone took %d nodes, with the line %d", r.Case, r.Nodes, nodes[r.Case])
			}
			nodes[r.Case] = r.Nodes
		}
	}
}

// TestBenchReferenceDiffers: an answer other than the reference's is a
// claim that fails (exit 1), named on standard error.
func TestBenchReferenceDiffers(t *testing.T) {
	p, err := positions.NewFroglet(4, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer func(f func() []solver.BenchCase) { referenceSuite = f }(referenceSuite)
	referenceSuite = func() []solver.BenchCase {
		return []solver.BenchCase{{Name: "4x4 seed 1", Position: p, Line: true, Reference: solver.ReferenceRun{Answer: "+5", Nodes: 1, Seconds: 1}}}
	}
	code, stdout, stderr := runCLI(t, "", "bench", "--reference", "--threads", "1")
	if code != exitClaimFailed || !strings.Contains(stderr, "4x4 seed 1: +1, the reference +5") {
		t.Errorf("exit %d, stderr %q, stdout %q", code, stderr, stdout)
	}
}

// TestHelpEveryCommand holds every command's --help to printing that
// command's help and exiting 0, also after a positional argument and other
// flags, where urfave/cli alone would take the argument for a subcommand
// to explain.
var bareValue = regexp.MustCompile(`(?m)^ +--[a-z-]+(, -[a-z])? value `)

func TestHelpEveryCommand(t *testing.T) {
	var paths [][]string
	for _, c := range newApp(nil, io.Discard, io.Discard).Commands {
		paths = append(paths, []string{c.Name})
		for _, sub := range c.Subcommands {
			paths = append(paths, []string{c.Name, sub.Name})
		}
	}
	// "leapfrog help CMD" is "leapfrog CMD --help"; "leapfrog help" the
	// app's help.
	if code, out, errs := runCLI(t, "", "help"); code != 0 || !strings.Contains(out, "leapfrog - solve") {
		t.Errorf("help: exit %d, stdout %.80q, stderr %q", code, out, errs)
	}
	for _, path := range paths {
		name := "leapfrog " + strings.Join(path, " ")
		code, out, errs := runCLI(t, "", append([]string{"help"}, path...)...)
		if code != 0 || !strings.Contains(out, name+" - ") {
			t.Errorf("help %v: exit %d, stdout %.80q, stderr %q", path, code, out, errs)
		}
		// Every flag that takes a value names it (--seed SEED), where
		// urfave/cli's default placeholder says only "value".
		if m := bareValue.FindString(out); m != "" {
			t.Errorf("help %v: %q names no value", path, strings.TrimSpace(m))
		}
		for _, tail := range [][]string{{"--help"}, {"-h"}, {"froglet g w 0-0", "--json", "--help"}} {
			args := append(append([]string{}, path...), tail...)
			code, out, errs := runCLI(t, "", args...)
			if code != 0 || !strings.Contains(out, name+" - ") || !strings.Contains(out, "USAGE:") {
				t.Errorf("%q: exit %d, stdout %.80q, stderr %q", args, code, out, errs)
			}
		}
	}
}
