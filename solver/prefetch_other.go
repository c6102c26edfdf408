//go:build !amd64

package solver

import "unsafe"

// prefetch does nothing where there is no assembly version.
func prefetch(unsafe.Pointer) {}
