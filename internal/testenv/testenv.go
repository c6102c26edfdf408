// Package testenv tells tests whether to run the long cross-checks. The
// README's test command (go test ./...) runs the quick ones, in under two
// minutes on the project's 2-core machine; LEAPFROG_LONG=1 adds the long
// ones (thousands of random positions against the reference solver, every
// example command, hundreds of damaged copies of a cache), and .ci/run
// sets it, so that CI runs everything.
package testenv

import (
	"os"
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
