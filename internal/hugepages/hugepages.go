// Package hugepages advises the operating system to back large tables
// with huge pages: random reads into gigabytes otherwise miss the TLB
// almost every time, and each miss walks the page tables.
package hugepages

import "unsafe"

const pageSize = 2 << 20

// Make returns a new slice of n zero elements, advised to be backed by
// huge pages when it spans at least two of them.
func Make[T any](n int) []T {
	s := make([]T, n)
	var zero T
	if size := n * int(unsafe.Sizeof(zero)); size >= 2*pageSize {
		Advise(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), size))
	}
	return s
}
