//go:build !linux

package solver

// adviseHugePages does nothing where there is no madvise.
func adviseHugePages([]byte) {}
