package hash

import "testing"

// TestMixIsFrozen: stored tablebase tiers are bucketed by Mix; a change
// would make every stored table unreadable.
func TestMixIsFrozen(t *testing.T) {
	for _, tc := range []struct{ in, want uint64 }{
		{0, 0},
		{1, 0x5692161d100b05e5},
		{0x0123456789abcdef, 0xb2c058e4ebb5112c},
	} {
		if got := Mix(tc.in); got != tc.want {
			t.Errorf("Mix(%#x) = %#x, want %#x", tc.in, got, tc.want)
		}
	}
}
