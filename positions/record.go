package positions

import (
	"fmt"
	"strconv"
	"strings"
)

// Op is one operation of a record, such as `bm d2-b2` or `id "tiny 1"`.
type Op struct {
	Name string
	// Args are the operation's words; a quoted string is one argument,
	// without its quotes.
	Args []string
	// Col is where the operation starts in its line (from 1).
	Col int
}

// Record is a position with its operations (notation.md).
type Record struct {
	Position *Position
	Ops      []Op
}

// ParseRecord reads one record line: a position, then operations each ended
// by ';'. Unknown operations are kept.
func ParseRecord(line string) (*Record, error) {
	end := strings.IndexByte(line, ';')
	if end < 0 {
		end = len(line)
	}
	p, err := ParsePosition(line[:end])
	if err != nil {
		return nil, err
	}
	ops, err := parseOps(line, end+1)
	if err != nil {
		return nil, err
	}
	return &Record{Position: p, Ops: ops}, nil
}

// RecordID returns the id of a record line whose operations can be read,
// even when its position cannot, so that the error of a bad record can
// still name it; "" when there is none.
func RecordID(line string) string {
	end := strings.IndexByte(line, ';')
	if end < 0 {
		return ""
	}
	ops, err := parseOps(line, end+1)
	if err != nil {
		return ""
	}
	return (&Record{Ops: ops}).ID()
}

// parseOps reads the operations of line from byte i on, each ended by ';'.
func parseOps(line string, i int) ([]Op, error) {
	var ops []Op
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i >= len(line) {
			break
		}
		start := i
		var words []string
		var cur strings.Builder
		inWord := false
		for i < len(line) && line[i] != ';' {
			ch := line[i]
			switch {
			case ch == '"':
				j := strings.IndexByte(line[i+1:], '"')
				if j < 0 {
					return nil, errAt(line, i, "unterminated quoted string")
				}
				cur.WriteString(line[i+1 : i+1+j])
				inWord = true
				i += j + 2
				continue
			case ch == ' ' || ch == '\t':
				if inWord {
					words = append(words, cur.String())
					cur.Reset()
					inWord = false
				}
			default:
				cur.WriteByte(ch)
				inWord = true
			}
			i++
		}
		if inWord {
			words = append(words, cur.String())
		}
		if i >= len(line) {
			return nil, errAt(line, start, "operation %q is not ended by ';'", strings.TrimSpace(line[start:]))
		}
		i++ // the ';'
		if len(words) == 0 {
			continue
		}
		ops = append(ops, Op{Name: words[0], Args: words[1:], Col: start + 1})
	}
	return ops, nil
}

// Op returns the first operation named name, if any.
func (r *Record) Op(name string) (Op, bool) {
	for _, op := range r.Ops {
		if op.Name == name {
			return op, true
		}
	}
	return Op{}, false
}

// ID returns the record's id (its first id operation), or "".
func (r *Record) ID() string {
	if op, ok := r.Op("id"); ok && len(op.Args) > 0 {
		return op.Args[0]
	}
	return ""
}

// String returns the record in canonical form: the position, then each
// operation followed by ';'. Arguments of id and c are quoted.
func (r *Record) String() string {
	var sb strings.Builder
	sb.WriteString(r.Position.String())
	for _, op := range r.Ops {
		sb.WriteString("; ")
		sb.WriteString(op.Name)
		for _, a := range op.Args {
			sb.WriteByte(' ')
			if op.Name == "id" || op.Name == "c" || strings.ContainsAny(a, " \t;") {
				sb.WriteString(`"` + a + `"`)
			} else {
				sb.WriteString(a)
			}
		}
	}
	if len(r.Ops) > 0 {
		sb.WriteByte(';')
	}
	return sb.String()
}

// IsBlankOrComment reports whether a record-file line holds no record.
func IsBlankOrComment(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || strings.HasPrefix(t, "//")
}

// CheckClaims reports the first claim of r that is not well formed: a
// value that is not a whole number (Froglet) or win/loss (Hüpfer), a dist
// that is not a whole number or is given for Froglet, or a bm, am or pv
// without moves. Whether a well-formed claim holds is the solver's
// question; a malformed one is bad input.
func (r *Record) CheckClaims() error {
	for _, op := range r.Ops {
		bad := func(format string, args ...any) error {
			return &SyntaxError{Col: op.Col, Msg: fmt.Sprintf("%s: ", op.Name) + fmt.Sprintf(format, args...)}
		}
		switch op.Name {
		case "value":
			if len(op.Args) != 1 {
				return bad("give one value")
			}
			if r.Position.Game == Hupfer {
				if v := strings.ToLower(op.Args[0]); v != "win" && v != "loss" {
					return bad("%q: a Hüpfer value is win or loss", op.Args[0])
				}
			} else if _, err := strconv.Atoi(op.Args[0]); err != nil {
				return bad("%q is not a whole number", op.Args[0])
			}
		case "dist":
			if r.Position.Game != Hupfer {
				return bad("dist is for Hüpfer positions")
			}
			if len(op.Args) != 1 {
				return bad("give one distance")
			}
			if n, err := strconv.Atoi(op.Args[0]); err != nil || n < 0 {
				return bad("%q is not a distance in plies", op.Args[0])
			}
		case "bm", "am", "pv":
			if len(op.Args) == 0 {
				return bad("no move given")
			}
		}
	}
	return nil
}
