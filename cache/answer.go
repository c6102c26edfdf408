package cache

import (
	"encoding/binary"
	"strings"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// AnswerPrefix starts the keys of whole answers: a solved root with its
// line of best play, so that solving it again reads one entry instead of
// searching the positions near the root and rebuilding the line.
const AnswerPrefix = 'A'

// answerKey is the prefix, the game and its rules version, then the
// position exactly as written: a line of moves is spelt for one
// orientation of the board, so symmetric positions do not share it.
func answerKey(p *positions.Position) []byte {
	key := []byte{AnswerPrefix, byte(p.Game), RulesVersion[p.Game], FormatVersion}
	return append(key, p.String()...)
}

// LoadAnswer returns the score and the line of best play stored for p.
func (s *Store) LoadAnswer(p *positions.Position) (score int, pv []string, ok bool) {
	v, found, err := s.GetRaw(answerKey(p))
	if err != nil || !found {
		return 0, nil, false
	}
	sc, n := binary.Varint(v)
	if n <= 0 {
		return 0, nil, false
	}
	if line := string(v[n:]); line != "" {
		pv = strings.Split(line, " ")
	}
	return int(sc), pv, true
}

// SaveAnswer queues p's score and line of best play.
func (s *Store) SaveAnswer(p *positions.Position, score int, pv []string) {
	v := binary.AppendVarint(nil, int64(score))
	v = append(v, strings.Join(pv, " ")...)
	k := answerKey(p)
	select {
	case s.writes <- sealed(k, v):
		s.puts.Add(1)
	default:
		s.dropped.Add(1)
	}
}
