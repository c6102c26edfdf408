package web

import (
	"context"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// browser returns the path of a Chromium, or skips the test.
func browser(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium (apt-get install chromium); .ci/run installs it")
	return ""
}

// TestBoardInBrowser drives the board page in headless Chromium through
// a puzzle: load a position, read its value, play the best move by
// clicking the piece and its landing, undo it, show the line of best play
// and step into it, copy the record. Screenshots at a desktop's and a
// phone's window size go to $LEAPFROG_ARTIFACTS (else a temporary
// directory).
func TestBoardInBrowser(t *testing.T) {
	exe := browser(t)
	srv := httptest.NewServer(Handler(Config{}))
	defer srv.Close()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	const start = "froglet rbg./..ry/bgyg w 0-0"
	const after = "froglet rbg./.y../bgyg b 3-0" // after d2-b2, the best move
	positionIs := func(want string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](`document.getElementById("position").value === `+quote(want)+
			` && document.querySelectorAll("#moves tbody tr").length > 0`, chromedp.WithPollingTimeout(20*time.Second))
	}
	until := func(expr string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(20*time.Second))
	}
	text := func(sel string) string {
		v, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		return v
	}
	screenshot := func(name string) {
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		dir := os.Getenv("LEAPFROG_ARTIFACTS")
		if dir == "" {
			dir = t.TempDir()
		}
		if err := os.WriteFile(filepath.Join(dir, name), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(srv.URL+"/#"+url.PathEscape(start)),
		positionIs(start),
	); err != nil {
		t.Fatal(err)
	}
	screenshot("board-1280x900.png")
	if v := text("#value"); !strings.Contains(v, "+5 for White: win") {
		t.Errorf("value shown %q, want +5 for White: win", v)
	}
	if first := text("#moves tbody tr td"); first != "d2-b2" {
		t.Errorf("first move listed %q, want d2-b2", first)
	}
	// The best move by clicking its piece, then its landing square.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#board [data-square="d2"]`)),
		until(`document.querySelectorAll("#board .target").length > 0`),
		chromedp.Click(chromedp.CSS(`#board [data-square="b2"]`)),
		positionIs(after),
		chromedp.Click(chromedp.ID("undo")),
		positionIs(start),
	); err != nil {
		t.Fatalf("playing d2-b2 by clicks and undoing it: %v", err)
	}
	// The line of best play, the record, and a step into the line with
	// the keyboard.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("line")),
		until(`document.querySelectorAll("#pv li").length > 0`),
	); err != nil {
		t.Fatalf("showing the line of best play: %v", err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("copy-record")),
		until(`/copied|bm /.test(document.getElementById("status").textContent)`),
	); err != nil {
		t.Fatalf("copying the record: status %q: %v", text("#status"), err)
	}
	if status := text("#status"); status != "record copied" && !strings.Contains(status, "bm d2-b2; value 5;") {
		t.Errorf("copy record: status %q", status)
	}
	if err := chromedp.Do(ctx,
		chromedp.KeyEvent(kb.ArrowRight),
		positionIs(after),
		chromedp.EmulateViewport(390, 844),
	); err != nil {
		t.Fatalf("stepping the line: %v", err)
	}
	screenshot("board-390x844.png")
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }
