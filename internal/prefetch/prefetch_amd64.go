package prefetch

import "unsafe"

// Line asks the processor to bring the cache line at addr into its
// caches without waiting for it (PREFETCHT0). It never faults.
//
//go:noescape
func Line(addr unsafe.Pointer)
