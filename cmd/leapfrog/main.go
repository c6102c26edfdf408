// Command leapfrog solves and analyses positions of Froglet and Hüpfer, two
// jumping games. Run `leapfrog --help` for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
)

// Exit codes of cli.md.
const (
	exitOK          = 0
	exitClaimFailed = 1
	exitBadInput    = 2
	exitLimit       = 3
	exitInterrupted = 130
)

// exitError carries an exit code with its message.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// badInput marks err as bad input or usage (exit 2).
func badInput(err error) error { return &exitError{exitBadInput, err} }

// badInputf is badInput with a formatted message.
func badInputf(format string, args ...any) error {
	return badInput(fmt.Errorf(format, args...))
}

func main() {
	stop, err := startProfile(os.Getenv("LEAPFROG_CPUPROFILE"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "leapfrog: %s\n", err)
		os.Exit(exitBadInput)
	}
	go exitOnInterrupt()
	out := &checkedWriter{f: os.Stdout}
	code := run(os.Args, os.Stdin, out, os.Stderr)
	stop()
	if out.err != nil && code == exitOK {
		fmt.Fprintf(os.Stderr, "leapfrog: writing the output: %v\n", out.err)
		code = exitBadInput
	}
	os.Exit(code)
}

// interruptGrace is how long a command has after Ctrl-C to stop on its
// own (keeping what it solved) before the process exits anyway.
const interruptGrace = 400 * time.Millisecond

// exitOnInterrupt ends the process with exit code 130 when a command has
// not stopped within interruptGrace of Ctrl-C, or at a second Ctrl-C. The
// commands watch for Ctrl-C themselves; this bounds the ones busy where
// they do not look (a long move list, closing the database). The cache
// survives such an exit as it survives a kill.
func exitOnInterrupt() {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt)
	<-sigs
	select {
	case <-sigs:
	case <-time.After(interruptGrace):
	}
	fmt.Fprintln(os.Stderr, "leapfrog: interrupted")
	os.Exit(exitInterrupted)
}

// interruptible returns a context that Ctrl-C cancels, for the commands
// that stop cleanly on it and keep what they found (exitOnInterrupt ends
// the process anyway interruptGrace later).
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// checkedWriter is standard output keeping its first write error (a full
// disk, a closed file), so that a command whose answer was lost does not
// exit 0.
type checkedWriter struct {
	f   *os.File
	err error
}

func (w *checkedWriter) Write(b []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.f.Write(b)
	if err != nil {
		w.err = err
	}
	return n, err
}

// Fd lets the terminal checks see the file behind the writer.
func (w *checkedWriter) Fd() uintptr { return w.f.Fd() }

// startProfile starts writing a CPU profile of the run to file, if it is
// not empty (LEAPFROG_CPUPROFILE: for go tool pprof, and for the profile
// that builds are optimised with, cmd/leapfrog/default.pgo; see
// docs/PERFORMANCE.md, "Profile-guided builds"). stop ends it.
func startProfile(file string) (stop func(), err error) {
	if file == "" {
		return func() {}, nil
	}
	f, err := os.Create(file)
	if err != nil {
		return nil, fmt.Errorf("LEAPFROG_CPUPROFILE: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("LEAPFROG_CPUPROFILE: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "leapfrog: LEAPFROG_CPUPROFILE: %s\n", err)
		}
	}, nil
}

// run is main without the process: tests call it with their own streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	notFound = nil
	err := app.Run(interspersed(app, args))
	if err == nil {
		err = notFound
	}
	if err == nil {
		return exitOK
	}
	var ee *exitError
	code := exitBadInput
	if errors.As(err, &ee) {
		code = ee.code
	}
	if msg := err.Error(); msg != "" {
		fmt.Fprintf(stderr, "leapfrog: %s\n", msg)
	}
	return code
}

// notFound is the error of an unknown command (urfave/cli's
// CommandNotFound returns none).
var notFound error

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:  "leapfrog",
		Usage: "solve and analyse Froglet and Hüpfer positions",
		Description: `leapfrog reads positions in the notation of the rule book, for example

   froglet rbg./..ry/bgyg w 0-0
   hupfer ....tt/....tt/....../....../rr..../rr.... r 14-14

(GAME BOARD SIDE COUNTS: the board's rows from the top, '/' between rows;
Froglet g y r b frogs worth 1 to 4, Hüpfer r and t pieces, '.' empty, '#' no
cell; w/b or r/t to move; then the scores, White's first, or the supplies,
Red's first). Quote a position: it is one argument.

   leapfrog new froglet --size 4x4 --seed 1     a start position
   leapfrog show POS                            the board (--svg/--png: a picture)
   leapfrog solve POS                           value, best move, line of best play
   leapfrog verify FILE                         check the answers of a puzzle file

Solved positions are cached on disk ('leapfrog cache path'). Every command's
--help has examples; --json gives JSON Lines for scripts.`,
		Version:              version(),
		Suggest:              true,
		EnableBashCompletion: true,
		CommandNotFound: func(c *cli.Context, name string) {
			notFound = commandNotFound(c, name)
		},
		Reader:          stdin,
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		Commands: []*cli.Command{
			newCommand(),
			showCommand(),
			movesCommand(),
			countCommand(),
			solveCommand(),
			analyzeCommand(),
			benchCommand(),
			cacheCommand(),
			verifyCommand(),
			exportCommand(),
			annotateCommand(),
			tablebaseCommand(),
			proofCommand(),
			serveCommand(),
			clusterCommand(),
			studyCommand(),
			puzzleCommand(),
			completionCommand(),
			manCommand(),
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			if strings.Contains(err.Error(), "for flag -timeout") {
				return badInputf("%v: a duration needs a unit, like 30s, 5m or 1h30m", err)
			}
			return badInput(err)
		},
		ExitErrHandler: func(*cli.Context, error) {},
	}
	for _, c := range app.Commands {
		c.OnUsageError = app.OnUsageError
		refuseArgs(c, "")
	}
	return app
}

// refuseArgs makes each command under c (c included) that names no
// arguments (no ArgsUsage) refuse any it is given, with exit 2: otherwise
// urfave/cli passes them by unread, and "leapfrog cache clear hupfer
// --yes" would clear the whole cache, not hupfer's part.
func refuseArgs(c *cli.Command, parent string) {
	name := strings.TrimSpace(parent + " " + c.Name)
	for _, sub := range c.Subcommands {
		refuseArgs(sub, name)
	}
	action := c.Action
	if action == nil || c.ArgsUsage != "" || len(c.Subcommands) > 0 {
		return
	}
	c.Action = func(ctx *cli.Context) error {
		if ctx.NArg() > 0 {
			return badInputf("%s takes no arguments, only flags (got %q)", name, ctx.Args().First())
		}
		return action(ctx)
	}
}
