package positions

import "fmt"

// MaxMoves is the most legal moves leapfrog lists for one position. Jump
// chains can branch at every frog they pass, so a crafted board (rows of
// frogs with gaps between them, say) has more end states than any
// computer can list; the generators stop past this many. Legal positions
// from play have far fewer: the densest crafted 8x8 board tried has 6,464.
const MaxMoves = 10000

// ErrTooManyMoves is the error of a position with more than MaxMoves legal
// moves.
var ErrTooManyMoves = fmt.Errorf("the position has more than %d legal moves, more than leapfrog lists or searches", MaxMoves)

// TooManyMoves reports whether a generator's list of moves, found from
// buf[first:], was cut short: it then holds MaxMoves+1 moves that are not
// all of them.
func TooManyMoves[M Move | SmallMove](moves []M, first int) bool {
	return len(moves)-first > MaxMoves
}

// cut returns buf cut to first+MaxMoves+1 moves when it holds more than
// MaxMoves from first, the mark TooManyMoves looks for.
func cut[M Move | SmallMove](buf []M, first int) []M {
	if len(buf)-first > MaxMoves {
		return buf[:first+MaxMoves+1]
	}
	return buf
}

// CheckMoves returns ErrTooManyMoves when p has more than MaxMoves legal
// moves. Commands call it on the positions they are given before listing,
// counting or searching.
func (p *Position) CheckMoves() error {
	if TooManyMoves(p.GenerateMoves(nil), 0) {
		return ErrTooManyMoves
	}
	return nil
}

// indexFrom is the length from which a list of jump states is looked up in
// a map rather than scanned: a chain's layer of states can grow to
// thousands, and a scan of each against all is then quadratic.
const indexFrom = 64

type chainState struct {
	to      int16
	removed Set
}

// stateIndex answers whether an end state is among a growing list of
// moves: a scan while the list is short, a map of it once it is long.
type stateIndex struct {
	seen    map[chainState]struct{}
	indexed int // how many moves of the list are in seen
}

func (x *stateIndex) contains(ms []Move, m *Move) bool {
	if len(ms) < indexFrom {
		return containsState(ms, m)
	}
	if x.seen == nil {
		x.seen = make(map[chainState]struct{}, 4*indexFrom)
	}
	for ; x.indexed < len(ms); x.indexed++ {
		x.seen[chainState{ms[x.indexed].To, ms[x.indexed].Removed}] = struct{}{}
	}
	_, ok := x.seen[chainState{m.To, m.Removed}]
	return ok
}

// reset empties the index for a new list.
func (x *stateIndex) reset() {
	if x.indexed > 0 {
		clear(x.seen)
		x.indexed = 0
	}
}

type smallState struct {
	to      int8
	removed uint64
}

// smallIndex is stateIndex for small moves.
type smallIndex struct {
	seen    map[smallState]struct{}
	indexed int
}

func (x *smallIndex) contains(ms []SmallMove, to int8, removed uint64) bool {
	if len(ms) < indexFrom {
		return containsSmall(ms, to, removed)
	}
	if x.seen == nil {
		x.seen = make(map[smallState]struct{}, 4*indexFrom)
	}
	for ; x.indexed < len(ms); x.indexed++ {
		x.seen[smallState{ms[x.indexed].To, ms[x.indexed].Removed}] = struct{}{}
	}
	_, ok := x.seen[smallState{to, removed}]
	return ok
}

func (x *smallIndex) reset() {
	if x.indexed > 0 {
		clear(x.seen)
		x.indexed = 0
	}
}
