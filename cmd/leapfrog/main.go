// Command leapfrog solves and analyses positions of Froglet and Hüpfer, two
// jumping games. Run `leapfrog --help` for the commands.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/pprof"

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
	code := run(os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// startProfile starts writing a CPU profile of the run to file, if it is
// not empty (LEAPFROG_CPUPROFILE: for go tool pprof, and for the profile
// that builds are optimised with, cmd/leapfrog/default.pgo; see
// docs/PERFORMANCE.md). stop ends it.
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
	err := app.Run(interspersed(app, args))
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
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return badInput(err)
		},
		ExitErrHandler: func(*cli.Context, error) {},
	}
	for _, c := range app.Commands {
		c.OnUsageError = app.OnUsageError
	}
	return app
}
