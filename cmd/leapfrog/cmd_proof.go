package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/answer"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/proof"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// writeProof writes the proof of p that solve --proof asks for: to a
// temporary file beside it, renamed into place once whole, so that an
// interrupted run leaves no half proof under the name.
func writeProof(c *cli.Context, s *solver.Solver, p *positions.Position) (*answer.Proof, error) {
	pf, _, err := writeProofWith(c, p, s.Proof)
	return pf, err
}

// checkProofTarget reports, before any search, a --proof name that no
// proof could be written to: a directory, or a file in a directory that
// does not exist or cannot be written.
func checkProofTarget(name string) error {
	if fi, err := os.Stat(name); err == nil {
		if fi.IsDir() {
			return badInputf("solve: --proof: %s is a directory", name)
		}
		if !fi.Mode().IsRegular() {
			return nil // a device or a pipe (/dev/stdout): written as it is
		}
	}
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".*.tmp")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return badInputf("solve: --proof %s: cannot write a file in %s: %v", name, filepath.Dir(name), err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// writeProofWith writes the proof that prove makes to the --proof file,
// through a temporary file renamed into place, and reports whether the
// player to move wins. A device or a pipe (/dev/stdout) is written
// directly: renaming over it would put a file in its place.
func writeProofWith(c *cli.Context, p *positions.Position, prove func(*positions.Position, io.Writer) (solver.ProofStats, error)) (*answer.Proof, bool, error) {
	name := c.String("proof") // checked before the search (checkProofTarget)
	var f *os.File
	var err error
	fi, serr := os.Stat(name)
	direct := serr == nil && !fi.Mode().IsRegular()
	if direct {
		f, err = os.OpenFile(name, os.O_WRONLY, 0)
	} else {
		f, err = os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".*.tmp")
	}
	if err != nil {
		return nil, false, badInputf("solve: --proof: %v", err)
	}
	if !direct {
		defer os.Remove(f.Name()) // gone once renamed
	}
	w := &recordingWriter{w: f}
	st, err := prove(p, w)
	if !direct && w.err == nil {
		w.err = f.Chmod(0o644)
	}
	if cerr := f.Close(); w.err == nil {
		w.err = cerr
	}
	if err := proofError(name, w.err, err); err != nil {
		return nil, false, err
	}
	if !direct {
		if err := os.Rename(f.Name(), name); err != nil {
			return nil, false, badInputf("solve: --proof: %v", err)
		}
	}
	return &answer.Proof{File: name, Lines: st.Lines, SHA256: st.SHA256}, st.Won, nil
}

// recordingWriter keeps the first error of its writer, so that a proof
// that could not be written is told from a search that stopped.
type recordingWriter struct {
	w   io.Writer
	err error
}

func (r *recordingWriter) Write(b []byte) (int, error) {
	n, err := r.w.Write(b)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}

// proofError is what writing the proof to name came to: the file's own
// error first (bad usage: the file cannot take the proof), else the
// search's (a limit or an interrupt keeps its exit code).
func proofError(name string, writeErr, err error) error {
	if writeErr != nil {
		return badInputf("solve: --proof %s: %v", name, writeErr)
	}
	if err != nil {
		return fmt.Errorf("--proof %s: %w", name, err)
	}
	return nil
}

func proofCommand() *cli.Command {
	return &cli.Command{
		Name:  "proof",
		Usage: "check a proof that solve --proof wrote",
		Subcommands: []*cli.Command{{
			Name:      "check",
			Usage:     "replay a proof's strategy against every defence",
			ArgsUsage: "FILE",
			Description: `Replays the winner's strategy of FILE from its root: the winner plays the
proof's move, the loser every legal move, until every line ends with the loser to
move and no move left. A Froglet proof claims the final lead of the player to move:
that player's strategy is played against every move of the other, and must finish
at least that far ahead on every line, then the other's strategy against every
move of that player, who must finish no further ahead. Moves come from a plain move
generator that shares no code with the search (internal/reference). Exit 0 if the
claim holds, 1 if a strategy does not make it, 2 if FILE is no proof (the message
names the line).

   leapfrog solve "$(leapfrog new hupfer --size 5 --supply 4)" --proof h54.proof
   leapfrog proof check h54.proof`,
			Flags: []cli.Flag{jsonFlag},
			Action: func(c *cli.Context) error {
				if c.NArg() != 1 {
					return badInputf("proof check: give one proof FILE")
				}
				return checkProof(c, c.Args().First())
			},
		}},
	}
}

// checkProof checks the proof in file and prints what it proves.
func checkProof(c *cli.Context, file string) error {
	f, err := os.Open(file)
	if err != nil {
		return badInputf("proof check: %v", err)
	}
	defer f.Close()
	ctx, cancel := interruptible()
	defer cancel()
	res, err := proof.Check(f, func() bool { return ctx.Err() != nil })
	if ctx.Err() != nil {
		return &exitError{exitInterrupted, fmt.Errorf("proof check: %s: interrupted", file)}
	}
	var pe *proof.Error
	switch {
	case errors.As(err, &pe) && pe.Bad:
		return badInputf("proof check: %s: %v", file, err)
	case err != nil:
		return &exitError{exitClaimFailed, fmt.Errorf("proof check: %s: the proof does not hold: %w", file, err)}
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, res)
	}
	if res.Lead != nil {
		fmt.Fprintf(c.App.Writer, "%s\nok: %s finishes %s: %s's strategy does no worse against every defence, the other's holds %s to no better (games of at most %d plies)\n%d strategy lines; %d positions where a strategy moved, %d where every move was played; sha256 %s\n",
			res.Root, res.Winner, leadText(*res.Lead), res.Winner, res.Winner, res.Plies, res.Lines, res.WinnerPositions, res.LoserPositions, res.SHA256)
	} else {
		fmt.Fprintf(c.App.Writer, "%s\nok: %s wins in at most %d plies (claimed %d)\n%d strategy lines; %d positions with %s to move, %d with the other side; sha256 %s\n",
			res.Root, res.Winner, res.Plies, res.Claimed, res.Lines, res.WinnerPositions, res.Winner, res.LoserPositions, res.SHA256)
	}
	if res.Unused > 0 {
		warnf(c, "%d strategy lines were never reached", res.Unused)
	}
	return nil
}

// leadText says a final lead in words: "2 ahead", "level", "1 behind".
func leadText(lead int) string {
	switch {
	case lead > 0:
		return fmt.Sprintf("%d ahead", lead)
	case lead < 0:
		return fmt.Sprintf("%d behind", -lead)
	}
	return "level"
}
