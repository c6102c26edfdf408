package study

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// A Record is a file of solved openings, one JSON line each with a
// checksum, that a study reads back and appends to as it goes. Unlike the
// cache it is plain text that travels: kept beside the results, it lets a
// study go on from another machine or a later day, and its answers are
// checked before they are used.
type Record struct {
	name  string
	board string
	w, h  int
	f     *os.File
	mu    sync.Mutex // known is read by a study's workers as Add writes it
	known map[uint64]Opening
	// Recovered is what opening the record repaired: a last line cut
	// short by a killed process, dropped. Empty when nothing was.
	Recovered string
}

// RecordError is a line of a record that is not what a study wrote: its
// file, line and column (0 when the whole line is at fault) and why.
type RecordError struct {
	Name      string
	Line, Col int
	Msg       string
}

func (e *RecordError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Name, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.Name, e.Line, e.Msg)
}

// recordLine is one line of a record. Check is the first 16 hex digits of
// the SHA-256 of the line's JSON with Check empty.
type recordLine struct {
	Board string `json:"board"`
	Opening
	Check string `json:"check"`
}

// maxRecordLine bounds a line: an opening's is under 300 bytes.
const maxRecordLine = 64 << 10

// maxRecordSize bounds a record: a million openings' lines.
const maxRecordSize = 512 << 20

func (l recordLine) sum() string {
	l.Check = ""
	data, _ := json.Marshal(l)
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:8])
}

// OpenRecord reads the record in the file name, for openings of a w x h
// board, creating the file if it does not exist, and keeps it open for
// appending. A line that does not parse, fails its checksum, belongs to
// another board, or whose position is not its seed's opening is a
// *RecordError; a last line cut short (no newline, not whole) is dropped,
// as a process killed while writing leaves it.
//
// A device (/dev/null) is written to and not read: it answers nothing. A
// named pipe, a socket or a directory is refused: reading one would wait
// for ever or never end.
func OpenRecord(name string, w, h int) (*Record, error) {
	device := false
	if fi, err := os.Stat(name); err == nil {
		switch m := fi.Mode(); {
		case m.IsRegular():
		case m&os.ModeCharDevice != 0:
			device = true
		default:
			return nil, fmt.Errorf("opening the record: %s is %s, not a file", name, kindOf(m))
		}
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("opening the record: %w", err)
	}
	r := &Record{name: name, board: fmt.Sprintf("%dx%d", w, h), w: w, h: h, f: f, known: map[uint64]Opening{}}
	if device {
		return r, nil
	}
	if err := r.read(); err != nil {
		f.Close()
		return nil, err
	}
	return r, nil
}

// kindOf names what a path that is not a regular file is.
func kindOf(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "a device"
}

func (r *Record) read() error {
	if fi, err := r.f.Stat(); err != nil {
		return fmt.Errorf("record %s: %w", r.name, err)
	} else if fi.Size() > maxRecordSize {
		return fmt.Errorf("record %s: %d bytes, more than a record holds (%d)", r.name, fi.Size(), maxRecordSize)
	}
	// Bounded again as read: the file may grow after its size was taken.
	data, err := io.ReadAll(io.LimitReader(r.f, maxRecordSize+1))
	if err != nil {
		return fmt.Errorf("record %s: %w", r.name, err)
	}
	if len(data) > maxRecordSize {
		return fmt.Errorf("record %s: more than a record holds (%d bytes)", r.name, maxRecordSize)
	}
	whole := data
	if i := bytes.LastIndexByte(data, '\n'); i+1 < len(data) {
		whole = data[:i+1]
		if tail := data[i+1:]; !json.Valid(tail) {
			// A last line cut short by a kill: drop it, so that the next
			// line appended starts a line of its own.
			if err := r.f.Truncate(int64(len(whole))); err != nil {
				return fmt.Errorf("record %s: dropping a last line cut short: %w", r.name, err)
			}
			r.Recovered = fmt.Sprintf("%s: dropped a last line cut short (%d bytes)", r.name, len(tail))
		} else {
			whole = append(data, '\n')
			if _, err := r.f.Write([]byte{'\n'}); err != nil {
				return fmt.Errorf("record %s: %w", r.name, err)
			}
		}
	}
	n := 0
	for len(whole) > 0 {
		n++
		i := bytes.IndexByte(whole, '\n')
		line := whole[:i]
		whole = whole[i+1:]
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		o, err := r.parse(n, line)
		if err != nil {
			return err
		}
		if err := r.keep(n, o); err != nil {
			return err
		}
	}
	return nil
}

// parse reads and checks line n.
func (r *Record) parse(n int, line []byte) (Opening, error) {
	bad := func(col int, format string, args ...any) (Opening, error) {
		return Opening{}, &RecordError{Name: r.name, Line: n, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	if len(line) > maxRecordLine {
		return bad(0, "a line of %d bytes, more than a record's %d", len(line), maxRecordLine)
	}
	var l recordLine
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return bad(int(se.Offset), "not a record line: %v", err)
		case errors.As(err, &te):
			return bad(int(te.Offset), "not a record line: %v", err)
		}
		return bad(1, "not a record line: %v", err)
	}
	if dec.More() {
		return bad(int(dec.InputOffset())+1, "more after the record line's object")
	}
	if l.Check != l.sum() {
		return bad(0, "the checksum does not match the line: it was changed or damaged after leapfrog wrote it (remove the line, and the study solves its opening again)")
	}
	if l.Board != r.board {
		return bad(0, "an opening of a %s board, where this study is of %s", l.Board, r.board)
	}
	p, err := positions.NewFroglet(r.w, r.h, l.Seed)
	if err != nil || p.String() != l.Position {
		return bad(0, "seed %d's opening is not %q: the line is from another version of leapfrog new froglet", l.Seed, l.Position)
	}
	if l.WDL && (l.Value < -1 || l.Value > 1 || l.Worst != nil) {
		return bad(0, "a who-wins line with the value %d", l.Value)
	}
	return l.Opening, nil
}

// keep adds o to the openings known, refusing a seed answered twice
// differently.
func (r *Record) keep(n int, o Opening) error {
	old, ok := r.known[o.Seed]
	if !ok {
		r.known[o.Seed] = o
		return nil
	}
	if outcome(old.Value) != outcome(o.Value) || (!old.WDL && !o.WDL && old.Value != o.Value) {
		return &RecordError{Name: r.name, Line: n, Msg: fmt.Sprintf("seed %d answered twice, differently (%+d and %+d)", o.Seed, old.Value, o.Value)}
	}
	if !answersAsMuch(old, o) {
		r.known[o.Seed] = o
	}
	return nil
}

// answersAsMuch reports whether old answers all that o does: a value
// answers an outcome, and removals answer a value without them.
func answersAsMuch(old, o Opening) bool {
	return !(old.WDL && !o.WDL) && !(old.Worst == nil && o.Worst != nil)
}

// Lookup returns seed's opening as cfg asks it (an outcome for WDL, a
// value, a value with the worst removal), if the record answers it.
func (r *Record) Lookup(cfg Config, seed uint64) (Opening, bool) {
	r.mu.Lock()
	o, ok := r.known[seed]
	r.mu.Unlock()
	switch {
	case !ok:
		return Opening{}, false
	case cfg.WDL:
		if !o.WDL {
			o = Opening{Seed: o.Seed, Position: o.Position, Value: int(outcome(o.Value)), Nodes: o.Nodes, WDL: true}
		}
		return o, true
	case o.WDL, cfg.Removals && o.Worst == nil:
		return Opening{}, false
	}
	if !cfg.Removals {
		o.Worst = nil
	}
	return o, true
}

// Len is how many seeds the record answers.
func (r *Record) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.known)
}

// Add appends o to the record, synced to the disk, unless the record
// answers as much already.
func (r *Record) Add(o Opening) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.known[o.Seed]; ok && answersAsMuch(old, o) {
		return nil // the record answers as much already
	}
	l := recordLine{Board: r.board, Opening: o}
	l.Check = l.sum()
	data, err := json.Marshal(l)
	if err != nil {
		return fmt.Errorf("record %s: %w", r.name, err)
	}
	if _, err := r.f.Write(append(data, '\n')); err != nil {
		return fmt.Errorf("record %s: %w", r.name, err)
	}
	// A file that cannot be synced (/dev/null, a pipe) is kept as it is.
	if err := r.f.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return fmt.Errorf("record %s: %w", r.name, err)
	}
	return r.keep(0, o)
}

// Close closes the record's file.
func (r *Record) Close() error { return r.f.Close() }
