// Package hugepages advises the operating system to back large tables
// with huge pages: random reads into gigabytes otherwise miss the TLB
// almost every time, and each miss walks the page tables.
package hugepages

import "unsafe"

const pageSize = 2 << 20

// Make returns a new slice of n zero elements. One of at least half a huge
// page starts on a huge-page boundary, advised to be on huge pages end to
// end: an unaligned one kept up to 2 MB of small pages, whose first
// touches cost some 12 µs each on a virtual machine (docs/PERFORMANCE.md,
// "Table size"). Its backing array is a huge page longer, the rest unused.
func Make[T any](n int) []T {
	var zero T
	elem := int(unsafe.Sizeof(zero))
	size := n * elem
	if elem == 0 || size < pageSize/2 {
		return make([]T, n)
	}
	// The advised span: whole huge pages holding the slice, which starts
	// within an element of its first boundary.
	whole := (size + elem + pageSize - 1) &^ (pageSize - 1)
	s := make([]T, (whole+pageSize+elem-1)/elem)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	aligned := (base + pageSize - 1) &^ (pageSize - 1)
	off := (int(aligned-base) + elem - 1) / elem
	Advise(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s)), aligned-base)), whole))
	return s[off : off+n : off+n]
}
