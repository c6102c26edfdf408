//go:build !linux

package hugepages

// Advise does nothing where there is no madvise.
func Advise([]byte) {}
