//go:build !amd64

package prefetch

import "unsafe"

// Line does nothing where there is no assembly version.
func Line(unsafe.Pointer) {}
