package main

import (
	"encoding/json"
	"image/gif"
	"os"
	"path/filepath"
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
