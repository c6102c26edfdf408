package hugepages

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// hugeKB returns the kilobytes of the mapping holding p that are on huge
// pages, from /proc/self/smaps.
func hugeKB(t *testing.T, p unsafe.Pointer) int {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip("no /proc/self/smaps")
	}
	defer f.Close()
	addr, in, kb := uintptr(p), false, -1
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) < 2:
		case !strings.HasSuffix(f[0], ":"): // a mapping's first line: "lo-hi perms ..."
			var lo, hi uintptr
			fmt.Sscanf(f[0], "%x-%x", &lo, &hi)
			in = lo <= addr && addr < hi
		case in && f[0] == "AnonHugePages:":
			fmt.Sscanf(f[1], "%d", &kb)
		}
	}
	return kb
}

// needTHP skips unless transparent huge pages can be had on request.
func needTHP(t *testing.T) {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(b), "[never]") {
		t.Skip("transparent huge pages are off here")
	}
}

func touch(b []byte) {
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
}

func TestMakeFreshIsHuge(t *testing.T) {
	needTHP(t)
	b := Make[byte](64 << 20)
	touch(b)
	if kb := hugeKB(t, unsafe.Pointer(&b[32<<20])); kb < 32<<10 {
		t.Errorf("64 MB made and touched: %d KB on huge pages", kb)
	}
	runtime.KeepAlive(b)
}

// A table of half a huge page or more starts within an element of a
// huge-page boundary and is on huge pages from end to end once touched.
func TestMakeAligned(t *testing.T) {
	cases := []struct {
		name string
		make func() (unsafe.Pointer, int, int) // first element, elements, element size
	}{
		{"1.5 MB of 96-byte elements", func() (unsafe.Pointer, int, int) {
			s := Make[[96]byte](1 << 14)
			return unsafe.Pointer(&s[0]), len(s), 96
		}},
		{"8 MB of 64-byte elements", func() (unsafe.Pointer, int, int) {
			s := Make[[64]byte](1 << 17)
			return unsafe.Pointer(&s[0]), len(s), 64
		}},
		{"5 MB of 24-byte elements", func() (unsafe.Pointer, int, int) {
			s := Make[[24]byte](5 << 20 / 24)
			return unsafe.Pointer(&s[0]), len(s), 24
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, n, elem := c.make()
			if off := uintptr(p) & (pageSize - 1); off >= uintptr(elem) {
				t.Fatalf("starts %d bytes past a huge-page boundary", off)
			}
			b := unsafe.Slice((*byte)(p), n*elem)
			touch(b)
			needTHP(t)
			// Every huge page the table touches is huge: its mapping
			// holds at least as many.
			want := (len(b) + pageSize - 1) &^ (pageSize - 1)
			if kb := hugeKB(t, p); kb < want>>10 {
				t.Errorf("%d KB on huge pages, want %d", kb, want>>10)
			}
			runtime.KeepAlive(b)
		})
	}
}

// Memory the Go heap reuses was touched before, on small pages; Advise
// collapses it (Linux 6.1 and later).
func TestAdviseTouchedIsHuge(t *testing.T) {
	needTHP(t)
	var u syscall.Utsname
	if syscall.Uname(&u) == nil {
		rel := make([]byte, 0, len(u.Release))
		for _, c := range u.Release {
			if c == 0 {
				break
			}
			rel = append(rel, byte(c))
		}
		var major, minor int
		if fmt.Sscanf(string(rel), "%d.%d", &major, &minor); major < 6 || major == 6 && minor < 1 {
			t.Skipf("kernel %s has no MADV_COLLAPSE", rel)
		}
	}
	b := make([]byte, 64<<20) // not advised: small pages
	touch(b)
	Advise(b)
	if kb := hugeKB(t, unsafe.Pointer(&b[32<<20])); kb < 32<<10 {
		t.Errorf("64 MB touched, then advised: %d KB on huge pages", kb)
	}
	runtime.KeepAlive(b)
}
