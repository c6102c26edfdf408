package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProofRoundTrip: solve --proof writes a proof that proof check
// accepts (exit 0); a forged move fails the digest (exit 2); a Froglet
// position with --wdl --proof or a file of records with --proof is a
// usage error (exit 2).
func TestProofRoundTrip(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "h44.proof")
	pos := "hupfer ..tt/..tt/rr../rr.. r 4-4"
	out := solveWithProof(t, pos, file)
	var sol struct {
		Distance int `json:"distance"`
		Proof    struct {
			File   string `json:"file"`
			Lines  int    `json:"lines"`
			SHA256 string `json:"sha256"`
		} `json:"proof"`
	}
	if err := json.Unmarshal([]byte(out), &sol); err != nil || sol.Proof.File != file || sol.Proof.Lines == 0 {
		t.Fatalf("solve --proof --json: %s (%v)", out, err)
	}
	code, out, errs := runCLI(t, "", "proof", "check", file, "--json")
	var res struct {
		Plies  int    `json:"plies"`
		SHA256 string `json:"sha256"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || res.Plies != sol.Distance || res.SHA256 != sol.Proof.SHA256 {
		t.Fatalf("proof check: exit %d, %s %s; solve said %+v", code, out, errs, sol)
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	forged := filepath.Join(dir, "forged.proof")
	os.WriteFile(forged, []byte(strings.Replace(string(text), "claim Red wins in 11", "claim Red wins in 9", 1)), 0o644)
	if code, _, errs := runCLI(t, "", "proof", "check", forged); code != 2 || !strings.Contains(errs, "digest") {
		t.Errorf("a changed proof: exit %d, %s", code, errs)
	}
	for _, args := range [][]string{
		{"solve", "froglet gg/g. w 0-0", "--no-cache", "--wdl", "--proof", file},
		{"solve", "-f", "-", "--no-cache", "--proof", file},
		{"proof", "check"},
		{"proof", "check", filepath.Join(dir, "missing")},
	} {
		if code, _, errs := runCLI(t, pos+"\n", args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}

// TestProofTargets: a --proof name no proof can go to is bad usage (exit
// 2) before any search, whether or not --wdl; a device is written to and
// stays a device (a rename over /dev/full once made it a file).
func TestProofTargets(t *testing.T) {
	dir := t.TempDir()
	pos := "hupfer ..tt/..tt/rr../rr.. r 4-4"
	for _, tc := range []struct {
		name, file, want string
		code             int
	}{
		{"directory", dir, "is a directory", 2},
		{"no directory", filepath.Join(dir, "none", "p.proof"), "cannot write a file in", 2},
		{"device", os.DevNull, "", 0},
		{"full device", "/dev/full", "no space left", 2},
	} {
		if _, err := os.Stat(tc.file); tc.file == "/dev/full" && err != nil {
			continue // no /dev/full here
		}
		for _, wdl := range []bool{false, true} {
			args := []string{"solve", pos, "--no-cache", "--proof", tc.file}
			if wdl {
				args = append(args, "--wdl")
			}
			code, _, errs := runCLI(t, "", args...)
			if code != tc.code || !strings.Contains(errs, tc.want) {
				t.Errorf("%s, --wdl %v: exit %d, %q; want exit %d, %q", tc.name, wdl, code, errs, tc.code, tc.want)
			}
			if fi, err := os.Stat(tc.file); err == nil && strings.HasPrefix(tc.file, "/dev/") && fi.Mode().IsRegular() {
				t.Fatalf("%s is now a regular file", tc.file)
			}
		}
	}
}

// TestFrogletProofRoundTrip: solve --proof on a Froglet position writes a
// proof of its final lead that proof check accepts, saying the lead; with
// the claim one point off and the digest made again it fails (exit 1).
func TestFrogletProofRoundTrip(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.proof")
	pos := "froglet ygg./g.yg/b.gr w 4-7"
	out := solveWithProof(t, pos, file)
	var sol struct {
		Final string `json:"final"`
		Proof struct {
			SHA256 string `json:"sha256"`
		} `json:"proof"`
	}
	if err := json.Unmarshal([]byte(out), &sol); err != nil || sol.Final != "5-7" {
		t.Fatalf("solve --proof --json: %s (%v)", out, err)
	}
	code, out, errs := runCLI(t, "", "proof", "check", file)
	if code != 0 || !strings.Contains(out, "White finishes 2 behind") {
		t.Fatalf("proof check: exit %d, %s %s", code, out, errs)
	}
	code, out, _ = runCLI(t, "", "proof", "check", file, "--json")
	var res struct {
		Lead   *int   `json:"lead"`
		SHA256 string `json:"sha256"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || res.Lead == nil || *res.Lead != -2 || res.SHA256 != sol.Proof.SHA256 {
		t.Fatalf("proof check --json: exit %d, %s", code, out)
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	body := strings.Replace(string(text), "claim White finishes -2 ahead", "claim White finishes -1 ahead", 1)
	body = body[:strings.LastIndex(body, "sha256 ")]
	sum := sha256.Sum256([]byte(body))
	forged := filepath.Join(dir, "forged.proof")
	os.WriteFile(forged, []byte(body+"sha256 "+hex.EncodeToString(sum[:])+"\n"), 0o644)
	if code, _, errs := runCLI(t, "", "proof", "check", forged); code != 1 || !strings.Contains(errs, "does not hold") {
		t.Errorf("a claim one point too high: exit %d, %s", code, errs)
	}
}

// solveWithProof runs solve --proof FILE --json on pos without the cache,
// failing the test unless it exits 0, and returns its output.
func solveWithProof(t *testing.T, pos, file string) string {
	t.Helper()
	code, out, errs := runCLI(t, "", "solve", pos, "--no-cache", "--proof", file, "--json")
	if code != 0 {
		t.Fatalf("solve --proof: exit %d: %s", code, errs)
	}
	return out
}
