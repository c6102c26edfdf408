// Package proof writes and checks proofs of results: the strategy that
// forces a result, one move at each position where its player is to move,
// which a checker plays against every reply of the other side to the end.
//
// The format is text, a line each:
//
//	leapfrog proof 1
//	root hupfer ..tt/..tt/rr../rr.. r 4-4
//	claim Red wins in 11
//	hupfer ..tt/..tt/rr../rr.. r 4-4<TAB>a1-a3+b3
//	...
//	sha256 <hex digest of every byte above this line>
//
// (A checker reads each line without the \r an editor may end it with, and
// the first without a byte-order mark, so a copy saved that way checks as
// the original does, digest and all.)
//
// A Hüpfer claim names the winner and the most plies the strategy needs,
// and each strategy line gives a position with the winner to move and the
// move the winner plays there, in any spelling of notation.md. A Froglet
// claim names the player to move at the root and the exact lead that
// player finishes with under best play ("claim White finishes 1 ahead",
// the final score difference, scores so far counted in): its lines hold
// two strategies, told apart by the side to move in each position, one
// for each player, each holding the other to that lead (White to at least
// it, Black to at most it). The digest catches a file damaged in transit;
// the check itself catches a forged one, digest and all, since it replays
// the strategies with its own plain move generator (internal/reference)
// and shares no code with the search that wrote it.
package proof

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"strings"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// Version is the format's version, on its first line.
const Version = 1

// Writer writes a proof: the header, then the strategy's lines, then the
// digest (Close).
type Writer struct {
	w     *bufio.Writer
	sum   hash.Hash
	lines int
	err   error
}

// NewWriter starts a proof on w that winner (a side of root's game, a
// Hüpfer position) wins from root within plies plies.
func NewWriter(w io.Writer, root *positions.Position, winner, plies int) (*Writer, error) {
	if root.Game != positions.Hupfer {
		return nil, fmt.Errorf("a proof of a win is written for Hüpfer positions, not %s", root.Game)
	}
	return newWriter(w, root, fmt.Sprintf("claim %s wins in %d", positions.PlayerName(root.Game, winner), plies)), nil
}

// NewLeadWriter starts a proof on w that the player to move in root, a
// Froglet position, finishes exactly lead points ahead under best play
// (behind, when lead is negative).
func NewLeadWriter(w io.Writer, root *positions.Position, lead int) (*Writer, error) {
	if root.Game != positions.Froglet {
		return nil, fmt.Errorf("a proof of a lead is written for Froglet positions, not %s", root.Game)
	}
	return newWriter(w, root, fmt.Sprintf("claim %s finishes %d ahead", positions.PlayerName(root.Game, root.Side), lead)), nil
}

func newWriter(w io.Writer, root *positions.Position, claim string) *Writer {
	pw := &Writer{w: bufio.NewWriter(w), sum: sha256.New()}
	pw.line(fmt.Sprintf("leapfrog proof %d", Version))
	pw.line("root " + root.String())
	pw.line(claim)
	return pw
}

// Move writes the move played in position p by its player to move.
func (pw *Writer) Move(p *positions.Position, move string) error {
	return pw.MoveText(p.String(), move)
}

// MoveText writes the winner's move in the position written as position.
func (pw *Writer) MoveText(position, move string) error {
	pw.lines++
	pw.line(position + "\t" + move)
	return pw.err
}

// Lines returns the number of strategy lines written.
func (pw *Writer) Lines() int { return pw.lines }

// Close writes the digest and flushes; it returns the digest.
func (pw *Writer) Close() (string, error) {
	digest := hex.EncodeToString(pw.sum.Sum(nil))
	if pw.err == nil {
		_, pw.err = fmt.Fprintf(pw.w, "sha256 %s\n", digest)
	}
	if pw.err == nil {
		pw.err = pw.w.Flush()
	}
	return digest, pw.err
}

func (pw *Writer) line(s string) {
	if pw.err != nil {
		return
	}
	pw.sum.Write([]byte(s + "\n"))
	_, pw.err = pw.w.WriteString(s + "\n")
}

// Error is a proof that does not hold or does not read: the line it is
// about (0: the proof as a whole) and what is wrong.
type Error struct {
	Line int
	Msg  string
	// Bad is true for a malformed file, false for a well-formed proof
	// whose strategy does not win as claimed.
	Bad bool
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// file is a proof as read: its header and strategy lines.
type file struct {
	root *positions.Position
	// winner is the side the claim names: Hüpfer's winner, Froglet's
	// player to move at the root, whose final lead is lead.
	winner   int
	plies    int
	lead     int
	digest   string
	strategy map[string]entry // by the reference's text of the position
	lines    int
}

// entry is one strategy line: the move and where it stands.
type entry struct {
	move string
	line int
	used bool
}

// maxLine bounds a line: a position of the largest board with its move.
const maxLine = 64 << 10

// read reads a proof, checking its form and digest. key gives the text a
// position is looked up by.
func read(r io.Reader, key func(*positions.Position) string) (*file, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	sum := sha256.New()
	f := &file{strategy: map[string]entry{}}
	n := 0
	bad := func(format string, args ...any) error {
		return &Error{Line: n, Msg: fmt.Sprintf(format, args...), Bad: true}
	}
	for sc.Scan() {
		n++
		text := sc.Text() // a line's \r, from an editor that ends lines with \r\n, is gone
		if n == 1 {
			text = strings.TrimPrefix(text, "\ufeff") // as such an editor may begin the file
		}
		if f.digest != "" {
			return nil, bad("a line after the digest")
		}
		if d, ok := strings.CutPrefix(text, "sha256 "); ok && n > 3 {
			if got := hex.EncodeToString(sum.Sum(nil)); d != got {
				return nil, bad("the digest is %s, the lines above give %s: the file was changed or cut", d, got)
			}
			f.digest = d
			continue
		}
		sum.Write([]byte(text + "\n"))
		if err := f.header(n, text); err != nil {
			return nil, err
		}
		if n <= 3 {
			continue
		}
		pos, move, ok := strings.Cut(text, "\t")
		if !ok {
			return nil, bad("want a position, a tab and a move")
		}
		p, err := positions.ParsePosition(pos)
		if err != nil {
			return nil, bad("%v", err)
		}
		if p.Game != f.root.Game || !p.Board.Equal(f.root.Board) {
			return nil, bad("a position of another game or board than the root's")
		}
		if p.Game == positions.Hupfer && p.Side != f.winner {
			return nil, bad("%s is to move, not the winner", positions.PlayerName(p.Game, p.Side))
		}
		k := key(p)
		if old, dup := f.strategy[k]; dup {
			return nil, bad("the position of line %d again", old.line)
		}
		f.strategy[k] = entry{move: strings.TrimSpace(move), line: n}
		f.lines++
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, &Error{Line: n + 1, Msg: fmt.Sprintf("the line is longer than %d bytes: not a proof", maxLine), Bad: true}
	} else if err != nil {
		return nil, &Error{Line: n + 1, Msg: fmt.Sprintf("reading: %v", err), Bad: true}
	}
	if n < 3 {
		return nil, &Error{Msg: "not a proof: the header is missing", Bad: true}
	}
	if f.digest == "" {
		return nil, &Error{Msg: "no digest line at the end: the file was cut", Bad: true}
	}
	return f, nil
}

// header reads line n of the header (lines 1 to 3).
func (f *file) header(n int, text string) error {
	bad := func(format string, args ...any) error {
		return &Error{Line: n, Msg: fmt.Sprintf(format, args...), Bad: true}
	}
	switch n {
	case 1:
		if text != fmt.Sprintf("leapfrog proof %d", Version) {
			return bad("not a leapfrog proof of version %d", Version)
		}
	case 2:
		pos, ok := strings.CutPrefix(text, "root ")
		if !ok {
			return bad(`want "root POSITION"`)
		}
		p, err := positions.ParsePosition(pos)
		if err != nil {
			return bad("%v", err)
		}
		f.root = p
	case 3:
		var side string
		g := f.root.Game
		if g == positions.Hupfer {
			if n, err := fmt.Sscanf(text, "claim %s wins in %d", &side, &f.plies); err != nil || n != 2 || f.plies < 0 || text != fmt.Sprintf("claim %s wins in %d", side, f.plies) {
				return bad(`want "claim SIDE wins in N"`)
			}
		} else if n, err := fmt.Sscanf(text, "claim %s finishes %d ahead", &side, &f.lead); err != nil || n != 2 || text != fmt.Sprintf("claim %s finishes %d ahead", side, f.lead) {
			return bad(`want "claim SIDE finishes N ahead"`)
		}
		switch side {
		case positions.PlayerName(g, 0):
			f.winner = 0
		case positions.PlayerName(g, 1):
			f.winner = 1
		default:
			return bad("no side is called %q", side)
		}
		if g == positions.Froglet && f.winner != f.root.Side {
			return bad("a Froglet claim names the player to move at the root, %s", positions.PlayerName(g, f.root.Side))
		}
	}
	return nil
}
