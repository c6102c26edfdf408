package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// progress prints a one-line status on standard error, at most a few times a
// second and only after the work has run for a second, when standard error
// is a terminal and --quiet is not set.
type progress struct {
	w       io.Writer
	label   string
	start   time.Time
	last    time.Time
	enabled bool
	shown   bool
}

func newProgress(c *cli.Context, label string) *progress {
	p := &progress{w: c.App.ErrWriter, label: label, start: time.Now()}
	if f, ok := c.App.ErrWriter.(*os.File); ok && term.IsTerminal(int(f.Fd())) && os.Getenv("TERM") != "dumb" {
		p.enabled = !c.Bool("quiet")
	}
	return p
}

func (p *progress) update(format string, args ...any) {
	if !p.enabled {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	p.shown = true
	fmt.Fprintf(p.w, "\r\x1b[K%s: %s, %.0fs", p.label, fmt.Sprintf(format, args...), now.Sub(p.start).Seconds())
}

func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
