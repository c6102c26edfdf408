package hugepages

import (
	"syscall"
	"unsafe"
)

// Advise asks Linux to back b with huge pages where transparent huge
// pages are enabled on request ("madvise"). It is only advice; errors are
// ignored. Call it before b is first written, so that its pages are huge
// from the start.
func Advise(b []byte) {
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	off := int((base+pageSize-1)&^(pageSize-1) - base)
	n := (len(b) - off) &^ (pageSize - 1)
	if off >= len(b) || n <= 0 {
		return
	}
	const madvHugePage = 14
	_ = syscall.Madvise(b[off:off+n], madvHugePage)
}
