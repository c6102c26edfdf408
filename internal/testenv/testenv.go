// Package testenv tells tests whether to run the long cross-checks. The
// README's test command (go test ./...) runs the quick ones, in a few
// minutes on the project's 2-core machine; LEAPFROG_LONG=1 adds the long
// ones (thousands of random positions against the reference solver, every
// example command, hundreds of damaged copies of a cache), and .ci/run
// sets it, so that CI runs everything.
package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// Long reports whether the long tests are asked for (LEAPFROG_LONG set
// and not empty or 0).
func Long() bool {
	v := os.Getenv("LEAPFROG_LONG")
	return v != "" && v != "0"
}

// SkipUnlessLong skips t unless the long tests are asked for.
func SkipUnlessLong(t testing.TB, why string) {
	t.Helper()
	if !Long() {
		t.Skipf("long test (%s): run with LEAPFROG_LONG=1", why)
	}
}

// Scale returns quick, or long when the long tests are asked for: the
// number of cases of a test that runs in both.
func Scale(quick, long int) int {
	if Long() {
		return long
	}
	return quick
}

// CopyDir copies the files of from into to (a flat directory, as a cache
// is).
func CopyDir(t testing.TB, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A Damage is one way a file gets damaged at an offset: Apply returns the
// damaged bytes (it may change b).
type Damage struct {
	Name  string
	Apply func(b []byte, off int) []byte
}

// Damages are what the fault tests do to the files of a store: a flipped
// bit, a truncation, a zeroed 4 KiB page.
var Damages = []Damage{
	{"bit flip", func(b []byte, off int) []byte { b[off] ^= 1 << (off % 8); return b }},
	{"truncation", func(b []byte, off int) []byte { return b[:off] }},
	{"zeroed page", func(b []byte, off int) []byte { clear(b[off:min(off+4096, len(b))]); return b }},
}
