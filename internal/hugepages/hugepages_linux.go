package hugepages

import (
	"syscall"
	"unsafe"
)

// Advise asks Linux to back b with huge pages where transparent huge
// pages are enabled on request ("madvise"). It is only advice; errors are
// ignored.
//
// Pages of b that are already in memory (the Go heap reuses memory that
// was freed, and clears it first) stay small after the advice alone, so
// Advise also asks for them to be collapsed into huge pages now
// (MADV_COLLAPSE, Linux 6.1 and later; docs/PERFORMANCE.md, "Tablebases"). The
// tablebase's key and value arrays are allocated after the enumeration
// freed gigabytes, and were mostly on small pages: every look-up walked
// the page tables (docs/PERFORMANCE.md).
func Advise(b []byte) {
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	off := int((base+pageSize-1)&^(pageSize-1) - base)
	n := (len(b) - off) &^ (pageSize - 1)
	if off >= len(b) || n <= 0 {
		return
	}
	const madvHugePage, madvCollapse = 14, 25
	_ = syscall.Madvise(b[off:off+n], madvHugePage)
	// On memory never touched this fails (EINVAL) at once, and the advice
	// above makes its first touch take huge pages.
	_ = syscall.Madvise(b[off:off+n], madvCollapse)
}
