package solver

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table with huge pages where
// transparent huge pages are enabled on request ("madvise"): random probes
// into a table of gigabytes otherwise miss the TLB on almost every node.
// It is only advice; errors are ignored.
func adviseHugePages(b []byte) {
	const pageSize = 2 << 20
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	off := int((base+pageSize-1)&^(pageSize-1) - base)
	n := (len(b) - off) &^ (pageSize - 1)
	if off >= len(b) || n <= 0 {
		return
	}
	const madvHugePage = 14
	_ = syscall.Madvise(b[off:off+n], madvHugePage)
}
