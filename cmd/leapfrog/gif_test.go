package main

import (
	"encoding/json"
	"fmt"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveGIF: solve --gif writes an animation with a frame per move of
// the line and one for the last position; a bad --scale is refused.
func TestSolveGIF(t *testing.T) {
	file := filepath.Join(t.TempDir(), "line.gif")
	code, out, errs := runCLI(t, "", "solve", "hupfer ..tt/..tt/rr../rr.. r 2-2", "--no-cache", "--json", "--gif", file, "--scale", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sol struct{ PV []string }
	if err := json.Unmarshal([]byte(out), &sol); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(sol.PV)+1 || len(sol.PV) == 0 {
		t.Errorf("%d frames for a line of %d moves", len(g.Image), len(sol.PV))
	}
	for _, scale := range []string{"0", "-1", "9", "NaN"} {
		if code, _, _ := runCLI(t, "", "solve", "hupfer ..tt/..tt/rr../rr.. r 2-2", "--no-cache", "--png", filepath.Join(t.TempDir(), "x.png"), "--scale", scale); code != 2 {
			t.Errorf("--scale %s: exit %d, want 2", scale, code)
		}
	}
}

// TestLineStrip: solve --strip and annotate --gif --strip write a strip of
// diagrams (SVG or PNG by the name) and an animation of the game.
func TestLineStrip(t *testing.T) {
	dir := t.TempDir()
	svg, pngFile, gifFile := filepath.Join(dir, "line.svg"), filepath.Join(dir, "line.png"), filepath.Join(dir, "game.gif")
	if code, _, errs := runCLI(t, "", "solve", "hupfer ..tt/..tt/rr../rr.. r 2-2", "--no-cache", "--strip", svg); code != 0 {
		t.Fatalf("solve --strip: exit %d: %s", code, errs)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.HasPrefix(string(b), "<svg") || !strings.Contains(string(b), "1/") {
		t.Errorf("the strip %s: %v %.80s", svg, err, b)
	}
	// A short game: the line of best play of a small start.
	start := "hupfer ..tt/..tt/rr../rr.. r 2-2"
	_, out, _ := runCLI(t, "", "solve", start, "--no-cache", "--json")
	var sol struct{ PV []string }
	if err := json.Unmarshal([]byte(out), &sol); err != nil {
		t.Fatal(err)
	}
	game := filepath.Join(dir, "game.txt")
	os.WriteFile(game, []byte(start+"\n"+strings.Join(sol.PV, " ")+"\n"), 0o644)
	if code, _, errs := runCLI(t, "", "annotate", game, "--no-cache", "--strip", pngFile, "--gif", gifFile, "--scale", "1"); code != 0 {
		t.Fatalf("annotate --strip --gif: exit %d: %s", code, errs)
	}
	f, err := os.Open(pngFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("the strip %s: %v", pngFile, err)
	}
	g, err := os.Open(gifFile)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if anim, err := gif.DecodeAll(g); err != nil || len(anim.Image) < 2 {
		t.Errorf("the game's animation: %v", err)
	}
}

// TestBatchPictures: with -f, each record's pictures are named by its
// line in the file, so that a batch's pictures do not overwrite each
// other (solve wrote every record's to the one name given); a position
// given as the argument writes the name as given.
func TestBatchPictures(t *testing.T) {
	dir := t.TempDir()
	in := "froglet gg/gg; id \"a\";\n// a comment\nhupfer ..tt/..tt/rr../rr.. r 1-1\n"
	for _, args := range [][]string{
		{"show", "--svg", "show.svg"},
		{"solve", "--svg", "solve.svg", "--gif", "solve.gif", "--strip", "strip.svg"},
		{"solve", "--value", "--svg", "value.svg"},
		{"solve", "--wdl", "--png", "wdl.png"},
		{"analyze", "--svg", "analyze.svg"},
	} {
		for i := 1; i < len(args); i++ {
			if strings.Contains(args[i], ".") {
				args[i] = filepath.Join(dir, args[i])
			}
		}
		run := append(args, "-f", "-")
		if args[0] != "show" {
			run = append(run, "--no-cache")
		}
		code, _, stderr := runCLI(t, in, run...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		for i := 1; i < len(args); i++ {
			if !strings.Contains(args[i], ".") {
				continue
			}
			ext := filepath.Ext(args[i])
			base := strings.TrimSuffix(args[i], ext)
			for _, line := range []int{1, 3} {
				if _, err := os.Stat(fmt.Sprintf("%s-%d%s", base, line, ext)); err != nil {
					t.Errorf("%v: the picture of line %d: %v", args, line, err)
				}
			}
			if _, err := os.Stat(args[i]); err == nil {
				t.Errorf("%v: %s written unnumbered", args, args[i])
			}
		}
	}
	one := filepath.Join(dir, "one.svg")
	if code, _, stderr := runCLI(t, "", "solve", "froglet gg/gg", "--no-cache", "--svg", one); code != 0 {
		t.Fatalf("one position: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(one); err != nil {
		t.Errorf("one position: %v", err)
	}
}
