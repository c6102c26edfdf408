package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/internal/testenv"
)

// exampleTakes lists the examples that take more than seconds, with what
// they need; the others must answer within exampleLimit.
var exampleTakes = map[string]string{
	`./leapfrog serve`: "to be stopped: it serves until Ctrl-C (the web tests run it)",
	`leapfrog serve`:   "to be stopped: it serves until Ctrl-C (the web tests run it)",
	`leapfrog tablebase build hupfer --size 5 --supply 5 --memory 12GB`:                                "two minutes and 14 GB",
	`leapfrog tablebase build "froglet ##ggg##/##ggg##/ggggggg/ggg.ggg/ggggggg/##ggg##/##ggg## w 0-0"`: "half a minute and 2 GB",
	// The proof it writes is examples/proofs/hupfer-6x6-14-14.proof,
	// which TestPublishedProofs checks.
	`./leapfrog solve "$(./leapfrog new hupfer --size 6)" --wdl --proof h6.proof`: "half a minute, more beside the other tests",
}

const exampleLimit = 60 * time.Second

// TestExamples runs every example command of the README and of the help
// texts as printed (from a folder holding the examples and the binary as
// ./leapfrog and on the PATH), and checks that each exits 0 within
// exampleLimit with no Go trace.
func TestExamples(t *testing.T) {
	testenv.SkipUnlessLong(t, "builds the binary and runs every example")
	dir := t.TempDir()
	bin := filepath.Join(dir, "leapfrog")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	examples, err := filepath.Abs(filepath.Join("..", "..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(examples, filepath.Join(dir, "examples")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "docs", "images"), 0o755); err != nil { // the README's pictures
		t.Fatal(err)
	}
	var cmds []string
	for _, c := range readmeExamples(t) {
		cmds = append(cmds, c)
	}
	cmds = append(cmds, helpExamples()...)
	if len(cmds) < 30 {
		t.Fatalf("only %d examples found", len(cmds))
	}
	for _, cmd := range cmds {
		if why, ok := exampleTakes[strings.TrimSpace(cmd)]; ok {
			t.Logf("skipped (takes %s): %s", why, cmd)
			continue
		}
		if strings.Contains(cmd, "--nats") || strings.Contains(cmd, "cluster serve") || strings.Contains(cmd, "cluster work") {
			t.Logf("skipped (needs a NATS server and runs until stopped; the cluster tests run them): %s", cmd)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), exampleLimit)
		sh := exec.CommandContext(ctx, "sh", "-c", cmd)
		sh.Dir = dir
		sh.Env = append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"), "LEAPFROG_CACHE="+filepath.Join(dir, "cache"))
		ownGroup(sh)
		sh.WaitDelay = 5 * time.Second
		start := time.Now()
		out, err := sh.CombinedOutput()
		cancel()
		if err != nil || strings.Contains(string(out), "goroutine ") {
			t.Errorf("%s: %v after %.1fs\n%s", cmd, err, time.Since(start).Seconds(), out)
		}
	}
	t.Logf("%d examples", len(cmds))
}

// readmeExamples returns the README's indented command lines.
func readmeExamples(t *testing.T) []string {
	f, err := os.Open(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "    ") {
			continue
		}
		cmd := stripComment(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "./leapfrog "):
			out = append(out, cmd)
		case strings.HasPrefix(cmd, "go run ./cmd/leapfrog "):
			out = append(out, "leapfrog "+strings.TrimPrefix(cmd, "go run ./cmd/leapfrog "))
		}
	}
	return out
}

// helpExamples returns the example lines of every command's help.
func helpExamples() []string {
	var out []string
	app := newApp(nil, nil, nil)
	var walk func(cmds []*cli.Command)
	walk = func(cmds []*cli.Command) {
		for _, c := range cmds {
			for _, line := range strings.Split(c.Description, "\n") {
				if cmd := stripComment(strings.TrimSpace(line)); strings.HasPrefix(line, "   leapfrog ") && !strings.Contains(cmd, "~/") {
					out = append(out, cmd)
				}
			}
			walk(c.Subcommands)
		}
	}
	walk(app.Commands)
	return out
}

var comment = regexp.MustCompile(`\s+#\s.*$`)

// stripComment removes a trailing "# ..." comment (not a '#' of a board).
func stripComment(cmd string) string { return strings.TrimSpace(comment.ReplaceAllString(cmd, "")) }

// TestAnnotatedExamples: each examples/*.annotated.txt is what `leapfrog
// annotate` prints for its game now, as examples/README.md says.
func TestAnnotatedExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.annotated.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no annotated examples: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			game := strings.TrimSuffix(f, ".annotated.txt") + ".txt"
			code, out, errs := runCLI(t, "", "annotate", game, "--no-cache")
			if code != 0 {
				t.Fatalf("annotate %s: exit %d\n%s", game, code, errs)
			}
			if out != string(want) {
				t.Errorf("annotate %s no longer prints %s (remake it with `leapfrog annotate %s > %s`):\n%s",
					game, filepath.Base(f), filepath.Base(game), filepath.Base(f), out)
			}
		})
	}
}
