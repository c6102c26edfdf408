package main

import (
	"encoding/json"
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
