package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/leapfrog-solver/leapfrog/cache"
)

func TestMain(m *testing.M) {
	// Tests never touch the user's own cache.
	dir, err := os.MkdirTemp("", "leapfrog-test-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv("LEAPFROG_CACHE", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestCacheLockedGoesOn(t *testing.T) {
	dir := t.TempDir()
	st, err := cache.Open(dir, cache.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	code, stdout, stderr := runCLI(t, "", "solve", "froglet rbg./..ry/bgyg w 0-0", "--cache", dir, "--json", "--hash", "8")
	if code != 0 || !strings.Contains(stderr, "going on without the persistent cache") || !strings.Contains(stdout, `"value":5`) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestCacheBadDirectory(t *testing.T) {
	foreign := t.TempDir()
	os.WriteFile(filepath.Join(foreign, "thesis.tex"), []byte("x"), 0o644)
	code, _, stderr := runCLI(t, "", "solve", "froglet rbg./..ry/bgyg w 0-0", "--cache", foreign)
	if code != exitBadInput || !strings.Contains(stderr, foreign) {
		t.Errorf("foreign: exit %d, stderr %q", code, stderr)
	}
	corrupt := t.TempDir()
	runCLI(t, "", "solve", "froglet rbg./..ry/bgyg w 0-0", "--cache", corrupt)
	os.WriteFile(filepath.Join(corrupt, "MANIFEST"), []byte("garbage"), 0o644)
	code, _, stderr = runCLI(t, "", "solve", "froglet rbg./..ry/bgyg w 0-0", "--cache", corrupt)
	if code != exitBadInput || !strings.Contains(stderr, corrupt) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
		t.Errorf("corrupt: exit %d, stderr %q", code, stderr)
	}
	// --no-cache ignores it.
	if code, _, _ := runCLI(t, "", "solve", "froglet rbg./..ry/bgyg w 0-0", "--cache", corrupt, "--no-cache"); code != 0 {
		t.Errorf("--no-cache: exit %d", code)
	}
}

func TestCacheCommands(t *testing.T) {
	dir := t.TempDir()
	runCLI(t, "", "solve", "hupfer ..tt/..tt/rr../rr.. r 4-4", "--cache", dir, "--hash", "8")
	code, stdout, _ := runCLI(t, "", "cache", "stats", "--cache", dir, "--json")
	var got struct {
		Games []cache.GameStats `json:"positions"`
	}
	json.Unmarshal([]byte(stdout), &got)
	if code != 0 || len(got.Games) != 1 || got.Games[0].Game != "hupfer" || got.Games[0].Entries == 0 {
		t.Fatalf("stats: exit %d, %s", code, stdout)
	}
	if code, stdout, _ := runCLI(t, "", "cache", "path", "--cache", dir); code != 0 || strings.TrimSpace(stdout) != dir {
		t.Errorf("path: %d %q", code, stdout)
	}
	runCLI(t, "", "cache", "clear", "--cache", dir, "--game", "hupfer")
	_, stdout, _ = runCLI(t, "", "cache", "stats", "--cache", dir, "--json")
	if strings.Contains(stdout, `"hupfer"`) {
		t.Errorf("after clear: %s", stdout)
	}
}

// TestKillDuringSolve kills a solving leapfrog with SIGKILL while it
// writes to its cache, then checks that the cache reopens quickly and the
// answer is the same as without any cache.
func TestKillDuringSolve(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and solves a 5x5 opening")
	}
	bin := filepath.Join(t.TempDir(), "leapfrog")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	pos := "froglet ryygr/ygggr/gggry/gygyy/gyybg w 0-0" // about 3 s on one thread
	for _, after := range []time.Duration{700 * time.Millisecond, 1500 * time.Millisecond} {
		cmd := exec.Command(bin, "solve", pos, "--cache", dir, "--threads", "1", "--hash", "64", "--json")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(after)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
	}
	start := time.Now()
	st, err := cache.Open(dir, cache.Options{})
	if err != nil {
		t.Fatalf("reopening after SIGKILL: %v", err)
	}
	reopen := time.Since(start)
	st.Close()
	if reopen > 2*time.Second {
		t.Errorf("reopening took %v", reopen)
	}
	out, err := exec.Command(bin, "solve", pos, "--cache", dir, "--json").Output()
	if err != nil {
		t.Fatalf("solve after the kills: %v", err)
	}
	fresh, err := exec.Command(bin, "solve", pos, "--no-cache", "--json").Output()
	if err != nil {
		t.Fatal(err)
	}
	var a, b map[string]any
	json.Unmarshal(out, &a)
	json.Unmarshal(fresh, &b)
	for _, k := range []string{"value", "best", "pv", "final"} {
		if ja, _ := json.Marshal(a[k]); string(ja) != func() string { jb, _ := json.Marshal(b[k]); return string(jb) }() {
			t.Errorf("%s after the kills %v, without cache %v", k, a[k], b[k])
		}
	}
	t.Logf("reopened in %v", reopen)
}

// TestCacheFullDisk puts the cache on a full tmpfs: the solve still
// answers, with a warning. It needs root and may not mount elsewhere.
func TestCacheFullDisk(t *testing.T) {
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
	}
	defer exec.Command("umount", mnt).Run()
	// Fill it to the last byte.
	f, err := os.Create(filepath.Join(mnt, "fill"))
	if err != nil {
		t.Fatal(err)
	}
	block := make([]byte, 64*1024)
	for {
		if _, err := f.Write(block); err != nil {
			break
		}
	}
	for {
		if _, err := f.Write(block[:1]); err != nil {
			break
		}
	}
	f.Close()
	code, stdout, stderr := runCLI(t, "", "solve", "froglet rbg./..ry/bgyg w 0-0", "--cache", filepath.Join(mnt, "cache"), "--json", "--hash", "8")
	if code != 0 || !strings.Contains(stdout, `"value":5`) || !strings.Contains(stderr, "no space left") || !strings.Contains(stderr, "going on without the persistent cache") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
