package main

import (
	"fmt"
	"runtime"

	"github.com/urfave/cli/v2"
)

// maxThreads bounds --threads: each search thread keeps its own buffers
// and stack, and past a few per core they only take turns.
const maxThreads = 256

// checkSearchFlags refuses the search flags that no machine could honour,
// before any memory is taken for them.
func checkSearchFlags(c *cli.Context) error {
	name := c.Command.Name
	if c.IsSet("hash") {
		mb := c.Int("hash")
		limit := hashLimitMB()
		if mb < 1 || mb > limit {
			return badInputf("%s: --hash %d: give 1 to %d MB (three quarters of this machine's %s of memory)", name, mb, limit, formatMB(physicalMemory()>>20))
		}
	}
	if t := c.Int("threads"); t < 0 || t > maxThreads {
		return badInputf("%s: --threads %d: give 1 to %d (0 or none: one per core, %d here)", name, t, maxThreads, runtime.NumCPU())
	}
	if c.Int64("max-nodes") < 0 {
		return badInputf("%s: --max-nodes must be 0 (no limit) or more", name)
	}
	if c.Duration("timeout") < 0 {
		return badInputf("%s: --timeout must be 0 (no limit) or more", name)
	}
	return nil
}

// hashLimitMB is the largest --hash: three quarters of physical memory,
// or 1 TB when it cannot be read.
func hashLimitMB() int {
	total := physicalMemory()
	if total == 0 {
		return 1 << 20
	}
	return int(total / 4 * 3 >> 20)
}

func formatMB(mb uint64) string {
	if mb >= 1<<10 {
		return fmt.Sprintf("%.1f GB", float64(mb)/(1<<10))
	}
	return fmt.Sprintf("%d MB", mb)
}
