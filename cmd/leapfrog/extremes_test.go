package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestFlagExtremes runs every command with each of its flags at 0, -1, the
// largest 64-bit number, beyond it, and at a word that is no value: each
// run must end with a message and an exit code of cli.md, never a Go
// trace. Flags that name output files are left out (they would write into
// the package directory), and bench, whose suite takes minutes, runs only
// with values it must refuse.
func TestFlagExtremes(t *testing.T) {
	values := []string{"0", "-1", "9223372036854775807", "99999999999999999999", "x"}
	if testing.Short() {
		values = []string{"-1", "99999999999999999999"}
	}
	skip := map[string]bool{"help": true, "h": true, "file": true, "f": true, "svg": true, "png": true, "gif": true, "strip": true, "proof": true, "svg-dir": true, "cache": true}
	position := map[string]string{
		"new":       "froglet",
		"tablebase": "froglet ggg/g.g w 0-0",
		"bench":     "",
	}
	dir := t.TempDir()
	var cmds [][]*cli.Command
	for _, c := range newApp(nil, nil, nil).Commands {
		if len(c.Subcommands) == 0 {
			cmds = append(cmds, []*cli.Command{c})
		}
		for _, sub := range c.Subcommands {
			cmds = append(cmds, []*cli.Command{c, sub})
		}
	}
	runs := 0
	for _, path := range cmds {
		cmd := path[len(path)-1]
		var words []string
		for _, c := range path {
			words = append(words, c.Name)
		}
		arg, ok := position[path[0].Name]
		if !ok {
			arg = "froglet rbg./..ry/bgyg w 0-0"
		}
		if path[0].Name == "cache" || (len(path) > 1 && path[1].Name == "list") {
			arg = ""
		}
		for _, f := range cmd.Flags {
			name := f.Names()[0]
			if skip[name] {
				continue
			}
			_, isBool := f.(*cli.BoolFlag)
			for _, v := range values {
				if isBool && v != "x" && v != "0" {
					continue
				}
				if path[0].Name == "bench" && (v == "0" || v == "x") {
					continue
				}
				args := append([]string{}, words...)
				args = append(args, fmt.Sprintf("--%s=%s", name, v), "--cache", filepath.Join(dir, "cache"))
				if arg != "" {
					args = append(args, arg)
				}
				if path[0].Name == "solve" || path[0].Name == "analyze" || path[0].Name == "export" {
					args = append(args, "--timeout", "2s")
				}
				runs++
				code, _, stderr := runCLI(t, "", args...)
				for _, trace := range []string{"panic:", "goroutine ", "fatal error", "runtime."} {
					if strings.Contains(stderr, trace) {
						t.Errorf("leapfrog %s: a Go trace: %s", strings.Join(args, " "), stderr)
					}
				}
				switch code {
				case exitOK, exitClaimFailed, exitBadInput, exitLimit:
				default:
					t.Errorf("leapfrog %s: exit %d", strings.Join(args, " "), code)
				}
				if code != exitOK && !strings.HasPrefix(stderr, "leapfrog: ") {
					t.Errorf("leapfrog %s: exit %d without a message: %q", strings.Join(args, " "), code, stderr)
				}
			}
		}
	}
	os.RemoveAll(dir)
	t.Logf("%d runs", runs)
}
