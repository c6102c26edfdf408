package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
)

// fileFlag is the -f flag of the commands that take positions.
var fileFlag = &cli.StringFlag{
	Name:    "file",
	Aliases: []string{"f"},
	Usage:   "read records (one position a line, notation.md) from `FILE`; - reads standard input",
}

// jsonFlag switches a command to JSON output.
var jsonFlag = &cli.BoolFlag{Name: "json", Usage: "print one JSON object per position (JSON Lines)"}

// maxLine is the longest input line leapfrog reads: the largest position
// (18x18) with a long record of operations fits in a few kilobytes.
const maxLine = 1 << 20

// source is where one record came from, for messages.
type source struct {
	name string // "argument", a file name, or "stdin"
	line int
}

func (s source) String() string { return fmt.Sprintf("%s:%d", s.name, s.line) }

// inputRecord is one record read from the command line or a file.
type inputRecord struct {
	src source
	rec *positions.Record
}

// inputError is a bad record: where it is and what is wrong.
type inputError struct {
	src source
	col int // 0 when the whole line is at fault
	msg string
	id  string // the record's id, when it can be read
}

func (e *inputError) Error() string {
	if e.col > 0 {
		return fmt.Sprintf("%s:%d: %s", e.src, e.col, e.msg)
	}
	return fmt.Sprintf("%s: %s", e.src, e.msg)
}

// jsonError is the object cli.md gives a bad record in --json output.
type jsonError struct {
	ID    string `json:"id,omitempty"`
	Error struct {
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		Message string `json:"message"`
	} `json:"error"`
}

func (e *inputError) json() jsonError {
	var j jsonError
	j.ID, j.Error.Line, j.Error.Column, j.Error.Message = e.id, e.src.line, max(e.col, 1), e.msg
	return j
}

// parseRecord reads one record and checks that leapfrog can list its
// position's moves (positions.MaxMoves), so that no command starts work
// it cannot finish.
func parseRecord(src source, text string) (*positions.Record, error) {
	rec, err := positions.ParseRecord(text)
	if err != nil {
		var se *positions.SyntaxError
		if errors.As(err, &se) {
			return nil, &inputError{src: src, col: se.Col, msg: se.Msg, id: positions.RecordID(text)}
		}
		return nil, &inputError{src: src, msg: err.Error(), id: positions.RecordID(text)}
	}
	if err := rec.Position.CheckMoves(); err != nil {
		return nil, &inputError{src: src, col: 1, msg: err.Error(), id: rec.ID()}
	}
	return rec, nil
}

// readRecord returns the one record a command is given as its argument.
func readRecord(c *cli.Context) (inputRecord, error) {
	if c.NArg() == 0 {
		return inputRecord{}, badInputf("%s: give a position (quoted, like \"froglet rbg./..ry/bgyg w 0-0\") or -f FILE", c.Command.Name)
	}
	if c.NArg() > 1 {
		return inputRecord{}, badInputf("%s: one position, in quotes; got %d arguments (%q ...)", c.Command.Name, c.NArg(), c.Args().Get(1))
	}
	src := source{"argument", 1}
	rec, err := parseRecord(src, c.Args().First())
	if err != nil {
		return inputRecord{}, badInput(err)
	}
	return inputRecord{src, rec}, nil
}

// forEachRecord runs fn on every record the command is given: its
// argument, or the lines of -f FILE one at a time, so that standard input
// works as a line protocol (each answer is written before the next line
// is read). A bad line, and a record that fn answers with bad input or a
// limit, are reported (on standard error, and as cli.md's error object in
// --json output) and the batch goes on; the exit code is then the most
// serious met (2 over 3 over 0). Any other error of fn ends the batch.
func forEachRecord(c *cli.Context, fn func(inputRecord) error) error {
	if c.String("file") == "" {
		r, err := readRecord(c)
		if err != nil && !errors.As(err, new(*inputError)) {
			return err // how the command was called, no record's error
		}
		if err == nil {
			err = reportStop(c, r, fn(r))
		}
		if ie := asBadRecord(err, r.src, r.rec); ie != nil && c.Bool("json") {
			// Its object too, as a bad record of a batch has: --json
			// output is one object per position.
			if werr := writeJSON(c.App.Writer, ie.json()); werr != nil {
				return werr
			}
		}
		return err
	}
	if c.NArg() > 0 {
		return badInputf("%s: give a position or -f FILE, not both", c.Command.Name)
	}
	return forEachRecordIn(c, c.String("file"), fn)
}

// reportStop writes, in --json output, the answer of a record whose
// search a limit or an interrupt stopped: what is known instead of a
// value. It returns err.
func reportStop(c *cli.Context, r inputRecord, err error) error {
	var se *stopError
	if !c.Bool("json") || !errors.As(err, &se) {
		return err
	}
	known := se.known
	if known == nil {
		known = &score.Known{}
	}
	if werr := writeJSON(c.App.Writer, stoppedJSON{ID: r.rec.ID(), Position: se.position, Stopped: se.kind(), Known: known, Plies: se.plies}); werr != nil {
		return werr
	}
	return err
}

// forEachRecordIn is forEachRecord on the records of file.
func forEachRecordIn(c *cli.Context, file string, fn func(inputRecord) error) error {
	return forEachRecordKeep(c, file, fn, nil)
}

// forEachRecordKeep is forEachRecordIn that passes the blank and comment
// lines to keep, if not nil, in their place.
func forEachRecordKeep(c *cli.Context, file string, fn func(inputRecord) error, keep func(string) error) error {
	_, err := forEachRecordCounted(c, file, fn, keep)
	return err
}

// forEachRecordCounted is forEachRecordKeep that also returns how many
// records the file held, bad ones included (verify's count says how many
// of them it checked).
func forEachRecordCounted(c *cli.Context, file string, fn func(inputRecord) error, keep func(string) error) (records int, err error) {
	bad, limited := 0, 0
	err = eachRecordKeep(c, file, keep, func(src source, rec *positions.Record, err error) error {
		records++
		if err == nil {
			err = reportStop(c, inputRecord{src, rec}, fn(inputRecord{src, rec}))
		}
		var ee *exitError
		if ie := asBadRecord(err, src, rec); ie != nil {
			bad++
			return reportBad(c, ie)
		}
		switch {
		case err == nil:
			return nil
		case errors.As(err, &ee) && ee.code == exitLimit:
			limited++
			fmt.Fprintf(c.App.ErrWriter, "leapfrog: %s: %v\n", src, err)
			return nil
		}
		return err
	})
	others := "; the others were answered"
	if bad+limited == records {
		others = ""
	}
	switch {
	case err != nil:
		return records, err
	case bad > 0 && limited > 0:
		return records, badInputf("%s and %s%s", plural(bad, "bad record"), stoppedRecords(limited), others)
	case bad > 0:
		return records, badInputf("%s%s", plural(bad, "bad record"), others)
	case limited > 0:
		return records, &exitError{exitLimit, errors.New(stoppedRecords(limited))}
	}
	return records, nil
}

// stoppedRecords says that n records were stopped by a limit.
func stoppedRecords(n int) string {
	if n == 1 {
		return "1 record stopped by a limit before its answer was exact"
	}
	return fmt.Sprintf("%d records stopped by a limit before their answers were exact", n)
}

// asBadRecord returns err as the error of the record rec read from src,
// when err is bad input (its own position, or what a command found wrong
// with it), and nil otherwise.
func asBadRecord(err error, src source, rec *positions.Record) *inputError {
	var ie *inputError
	var ee *exitError
	switch {
	case errors.As(err, &ie):
		if ie.id == "" {
			ie.id = idIn(rec)
		}
		return ie
	case errors.As(err, &ee) && ee.code == exitBadInput:
		return &inputError{src: src, msg: ee.err.Error(), id: idIn(rec)}
	}
	return nil
}

// idIn is rec's id, or "" when there is no record.
func idIn(rec *positions.Record) string {
	if rec == nil {
		return ""
	}
	return rec.ID()
}

// reportBad writes a bad record's error: on standard error, and as an
// object of its own in --json output, so that the output lines up with
// the input.
func reportBad(c *cli.Context, e *inputError) error {
	fmt.Fprintf(c.App.ErrWriter, "leapfrog: %v\n", e)
	if c.Bool("json") {
		return writeJSON(c.App.Writer, e.json())
	}
	return nil
}

// eachRecordKeep calls fn for every record line of file (- for stdin),
// with the error of a bad line, and passes blank and comment lines to
// keep, if not nil; fn's error stops the reading. A line longer than
// maxLine ends the reading with an error that names it: such input is not
// a record file (and may have no end, like /dev/zero).
func eachRecordKeep(c *cli.Context, file string, keep func(string) error, fn func(source, *positions.Record, error) error) error {
	return eachLine(c, file, func(src source, text string) error {
		if positions.IsBlankOrComment(text) {
			if keep != nil {
				return keep(text)
			}
			return nil
		}
		rec, err := parseRecord(src, text)
		return fn(src, rec, err)
	})
}

// eachLine calls fn with every line of file (- for standard input),
// numbered from 1, without its line ending and a leading byte order mark.
func eachLine(c *cli.Context, file string, fn func(source, string) error) error {
	r, name, closeFile, err := openInput(c, file)
	if err != nil {
		return err
	}
	defer closeFile()
	br := bufio.NewReaderSize(r, 64<<10)
	for line := 1; ; line++ {
		text, err := readLine(br)
		src := source{name, line}
		if errors.Is(err, errLongLine) {
			return badInput(&inputError{src: src, msg: fmt.Sprintf("the line is longer than %d bytes: not a record file", maxLine)})
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return badInputf("%s: %v", src, err)
		}
		if errors.Is(err, io.EOF) && text == "" {
			return nil
		}
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		if ferr := fn(src, text); ferr != nil {
			return ferr
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
}

// checkInput reports whether file can be opened as a record file (-,
// standard input, always can), before any work is done on it.
func checkInput(c *cli.Context, file string) error {
	if file == "-" {
		return nil
	}
	_, _, closeFile, err := openInput(c, file)
	if err != nil {
		return err
	}
	closeFile()
	return nil
}

// openInput opens file for reading, - being standard input.
func openInput(c *cli.Context, file string) (io.Reader, string, func(), error) {
	if file == "-" {
		return c.App.Reader, "stdin", func() {}, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, "", nil, badInputf("%v", err)
	}
	if info, err := f.Stat(); err == nil && info.IsDir() {
		f.Close()
		return nil, "", nil, badInputf("%s is a directory, not a record file", file)
	}
	return f, file, func() { f.Close() }, nil
}

var errLongLine = errors.New("line too long")

// readLine returns the next line of br without its line ending, or
// errLongLine past maxLine bytes; io.EOF comes with the last line when it
// has no line ending.
func readLine(br *bufio.Reader) (string, error) {
	var sb strings.Builder
	for {
		chunk, err := br.ReadSlice('\n')
		if sb.Len()+len(chunk) > maxLine+2 {
			return "", errLongLine
		}
		sb.Write(chunk)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		text := strings.TrimSuffix(strings.TrimSuffix(sb.String(), "\n"), "\r")
		if len(text) > maxLine {
			return "", errLongLine
		}
		return text, err
	}
}

// locate turns a notation error into bad input that names the input and
// line.
func locate(src source, err error) error {
	var se *positions.SyntaxError
	if errors.As(err, &se) {
		return badInput(&inputError{src: src, col: se.Col, msg: se.Msg})
	}
	return badInput(&inputError{src: src, msg: err.Error()})
}

// isFile reports whether name is an existing file (not a directory).
func isFile(name string) bool {
	info, err := os.Stat(name)
	return err == nil && !info.IsDir()
}

// maxGame is the longest game record leapfrog reads: a game lasts at most
// a few thousand moves (Hüpfer: the pieces plus twice the supplies).
const maxGame = 8 << 20

// readGameFile returns the text of a game record file (- for standard
// input), read line by line within maxLine and maxGame, so that a file
// that is no game record (a device, a binary) is refused, not read whole.
func readGameFile(c *cli.Context, file string) (string, error) {
	var sb strings.Builder
	err := eachLine(c, file, func(src source, text string) error {
		if sb.Len()+len(text) > maxGame {
			return badInput(&inputError{src: src, msg: fmt.Sprintf("the file is longer than %d bytes: not a game record", maxGame)})
		}
		sb.WriteString(text)
		sb.WriteByte('\n')
		return nil
	})
	return sb.String(), err
}

// fileArg returns the one file a command reads, given as its argument or
// with -f (- for standard input).
func fileArg(c *cli.Context, what string) (string, error) {
	file := c.String("file")
	switch {
	case file == "" && c.NArg() == 1:
		return c.Args().First(), nil
	case file == "" || c.NArg() > 0:
		return "", badInputf("%s: give one %s, as an argument or with -f (- for standard input)", c.Command.Name, what)
	}
	return file, nil
}
