//go:build unix

package study

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRecordNotAFile holds OpenRecord to an answer, never a wait: a
// device is written to and answers nothing, a pipe or a directory is
// refused by name.
func TestRecordNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	for _, tc := range []struct {
		name, want string
	}{
		{"/dev/zero", ""},
		{"/dev/null", ""},
		{fifo, "is a named pipe, not a file"},
		{dir, "is a directory, not a file"},
	} {
		t.Run(filepath.Base(tc.name), func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				r, err := OpenRecord(tc.name, 4, 3)
				if err == nil {
					if r.Len() != 0 {
						t.Errorf("%s holds %d openings", tc.name, r.Len())
					}
					r.Close()
				}
				done <- err
			}()
			select {
			case err := <-done:
				switch {
				case tc.want == "" && err != nil:
					t.Errorf("OpenRecord(%s): %v", tc.name, err)
				case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
					t.Errorf("OpenRecord(%s): %v, want %q", tc.name, err, tc.want)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("OpenRecord(%s) still reading after 10 s", tc.name)
			}
		})
	}
}
