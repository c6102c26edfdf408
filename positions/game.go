package positions

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// GameRecord is a game: a start position and the moves played
// (notation.md, "Game records").
type GameRecord struct {
	Start *Position
	Moves []PlayedMove
}

// PlayedMove is one move of a game record.
type PlayedMove struct {
	LegalMove
	// Before is the position the move was played in.
	Before *Position
	// Comment is the text in braces that followed the move, if any.
	Comment string
	// Line and Col locate the move in the record.
	Line, Col int
}

// LocatedError is a problem at a line and column of a multi-line text.
type LocatedError struct {
	Line, Col int
	Msg       string
}

func (e *LocatedError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// ParseGameRecord reads a game record: the start position on the first
// line (blank lines and // comments before it are skipped), then the moves
// separated by white space over any number of lines. Move numbers such as
// "12." are ignored; text in braces is a comment, kept with the move before
// it. Every move is checked against the rules; an error names the line and
// column.
func ParseGameRecord(text string) (*GameRecord, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	first := 0
	for first < len(lines) && IsBlankOrComment(lines[first]) {
		first++
	}
	if first == len(lines) {
		return nil, &LocatedError{1, 1, "empty game record: the first line must be a position"}
	}
	start, err := ParsePosition(strings.TrimPrefix(lines[first], "\ufeff"))
	if err != nil {
		col := 1
		if se, ok := err.(*SyntaxError); ok {
			col, err = se.Col, fmt.Errorf("%s", se.Msg)
		}
		return nil, &LocatedError{first + 1, col, err.Error()}
	}
	g := &GameRecord{Start: start}
	cur := start
	inComment := false
	openLine, openCol := 0, 0 // where the comment being read opened
	var comment strings.Builder
	for ln := first + 1; ln < len(lines); ln++ {
		line := lines[ln]
		i := 0
		for i < len(line) {
			if inComment {
				end := strings.IndexByte(line[i:], '}')
				if end < 0 {
					comment.WriteString(line[i:] + " ")
					break
				}
				comment.WriteString(line[i : i+end])
				i += end + 1
				inComment = false
				if n := len(g.Moves); n > 0 {
					g.Moves[n-1].Comment = strings.TrimSpace(strings.TrimSpace(g.Moves[n-1].Comment + " " + comment.String()))
				}
				comment.Reset()
				continue
			}
			c := line[i]
			if c == ' ' || c == '\t' {
				i++
				continue
			}
			if c == '{' {
				inComment = true
				openLine, openCol = ln+1, utf8.RuneCountInString(line[:i])+1
				i++
				continue
			}
			j := i
			for j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '{' {
				j++
			}
			word := line[i:j]
			col := utf8.RuneCountInString(line[:i]) + 1
			if isMoveNumber(word) {
				i = j
				continue
			}
			if strings.HasPrefix(word, "//") {
				break // a comment to the end of the line
			}
			lm, err := cur.ParseMove(word)
			if err != nil {
				msg := err.Error()
				if se, ok := err.(*SyntaxError); ok {
					col += se.Col - 1
					msg = se.Msg
				}
				return nil, &LocatedError{ln + 1, col, fmt.Sprintf("move %d (%s): %s", len(g.Moves)+1, word, msg)}
			}
			g.Moves = append(g.Moves, PlayedMove{LegalMove: lm, Before: cur, Line: ln + 1, Col: col})
			cur = lm.Result
			i = j
		}
	}
	if inComment {
		return nil, &LocatedError{openLine, openCol, "the comment opened here with '{' is not closed by '}'"}
	}
	return g, nil
}

// isMoveNumber reports whether word is a move number such as "12." or "3...".
func isMoveNumber(word string) bool {
	digits := strings.TrimRight(word, ".")
	if digits == word || digits == "" {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// Final returns the position after the last move.
func (g *GameRecord) Final() *Position {
	if len(g.Moves) == 0 {
		return g.Start
	}
	return g.Moves[len(g.Moves)-1].Result
}
