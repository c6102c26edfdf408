package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/urfave/cli/v2"
)

// fileFlag is the -f flag of the commands that take positions.
var fileFlag = &cli.StringFlag{
	Name:    "file",
	Aliases: []string{"f"},
	Usage:   "read records (one position a line, notation.md) from `FILE`; - reads standard input",
}

// jsonFlag switches a command to JSON output.
var jsonFlag = &cli.BoolFlag{Name: "json", Usage: "print one JSON object per position (JSON Lines)"}

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

// locate turns a notation error into one that names the input and line.
func locate(src source, err error) error {
	var se *positions.SyntaxError
	if errors.As(err, &se) {
		return badInputf("%s:%d: %s", src, se.Col, se.Msg)
	}
	return badInputf("%s: %v", src, err)
}

// readRecords returns the records a command is given: its first argument
// (one position or record), or the lines of -f FILE. With keepGoing, bad
// lines are reported on stderr and skipped (the line protocol of solve -f -);
// the returned error then says how many there were.
func readRecords(c *cli.Context) ([]inputRecord, error) {
	file := c.String("file")
	if file == "" {
		if c.NArg() == 0 {
			return nil, badInputf("%s: give a position (quoted, like \"froglet rbg./..ry/bgyg w 0-0\") or -f FILE", c.Command.Name)
		}
		if c.NArg() > 1 {
			return nil, badInputf("%s: one position, in quotes; got %d arguments (%q ...)", c.Command.Name, c.NArg(), c.Args().Get(1))
		}
		src := source{"argument", 1}
		rec, err := positions.ParseRecord(c.Args().First())
		if err != nil {
			return nil, locate(src, err)
		}
		return []inputRecord{{src, rec}}, nil
	}
	if c.NArg() > 0 {
		return nil, badInputf("%s: give a position or -f FILE, not both", c.Command.Name)
	}
	var recs []inputRecord
	err := eachRecord(c, file, func(src source, rec *positions.Record, err error) error {
		if err != nil {
			return err
		}
		recs = append(recs, inputRecord{src, rec})
		return nil
	})
	return recs, err
}

// eachRecord calls fn for every record line of file (- for stdin), with the
// parse error of a bad line; fn's error stops the reading.
func eachRecord(c *cli.Context, file string, fn func(source, *positions.Record, error) error) error {
	var r io.Reader
	name := file
	if file == "-" {
		r, name = c.App.Reader, "stdin"
	} else {
		f, err := os.Open(file)
		if err != nil {
			return badInputf("%v", err)
		}
		defer f.Close()
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		if positions.IsBlankOrComment(text) {
			continue
		}
		src := source{name, line}
		rec, err := positions.ParseRecord(text)
		if err != nil {
			err = locate(src, err)
		}
		if err := fn(src, rec, err); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return badInputf("%s: %v", name, err)
	}
	return nil
}
