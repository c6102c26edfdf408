package positions

import (
	"sort"
	"strings"
)

// LegalMove is a legal move with what the command line shows of it.
type LegalMove struct {
	Move
	// Text is the canonical spelling (notation.md).
	Text string
	// Result is the position the move produces.
	Result *Position
}

// LegalMoves returns every legal move of p once, with its canonical
// spelling and the position it produces, sorted by spelling. It is the slow,
// thorough API for display and input; search uses GenerateMoves.
func (p *Position) LegalMoves() []LegalMove {
	var raw []Move
	if p.Game == Froglet {
		raw = p.frogletMoves(nil, false)
	} else {
		raw = p.hupferMoves(nil, false)
	}
	var out []LegalMove
	index := map[string]int{}
	for i := range raw {
		m := raw[i]
		res := p.Child(&m)
		key := res.String()
		text := p.spell(&m)
		if j, ok := index[key]; ok {
			if text < out[j].Text {
				out[j].Text, out[j].Move = text, m
			}
			continue
		}
		index[key] = len(out)
		out = append(out, LegalMove{Move: m, Text: text, Result: res})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Text < out[j].Text })
	return out
}

// Spell returns the canonical spelling of a move of p produced by
// GenerateMoves: among all spellings of the same move (any path of the same
// piece that produces the same position), the one with the fewest squares,
// then the first as a byte string.
func (p *Position) Spell(m *Move) string {
	res := p.Child(m)
	for _, lm := range p.LegalMoves() {
		if lm.Result.Equal(res) {
			return lm.Text
		}
	}
	return p.spell(m)
}

// spell returns the smallest spelling of m's own start, end and removed set.
func (p *Position) spell(m *Move) string {
	b := p.Board
	s := int(m.From)
	if m.To < 0 {
		return b.SquareName(s)
	}
	if p.Game == Froglet {
		path, _ := p.jumpPath(s, s, int(m.To), m.Removed, '-', p.frogletJumpOK)
		return joinPath(b, s, path, '-')
	}
	if m.Birth < 0 && p.canCapture(s, s, &Set{}) {
		path, _ := p.jumpPath(s, s, int(m.To), m.Removed, 'x', p.hupferCaptureOK)
		return joinPath(b, s, path, 'x')
	}
	dist := p.hopDistances(s)
	if m.Birth >= 0 {
		hop := p.hopPath(s, int(m.To), '+')
		return joinPath(b, s, hop, '-') + "+" + b.SquareName(int(m.Birth))
	}
	// A hop that turns into a capture: the fewest hops to a capture point
	// from which the captures can end as m does, then the smallest text.
	best, bestHops := "", -1
	for v, dv := range dist {
		if dv <= 0 || !p.canCapture(v, s, &Set{}) || (bestHops >= 0 && dv > bestHops) {
			continue
		}
		caps, ok := p.jumpPath(s, v, int(m.To), m.Removed, 'x', p.hupferCaptureOK)
		if !ok {
			continue
		}
		hop := p.hopPath(s, v, 'x')
		text := joinPath(b, s, hop, '-') + "x" + joinPath(b, caps[0], caps[1:], 'x')
		if bestHops < 0 || dv < bestHops || text < best {
			best, bestHops = text, dv
		}
	}
	return best
}

// joinPath spells first followed by path, joined by sep.
func joinPath(b *Board, first int, path []int, sep byte) string {
	var sb strings.Builder
	sb.WriteString(b.SquareName(first))
	for _, c := range path {
		sb.WriteByte(sep)
		sb.WriteString(b.SquareName(c))
	}
	return sb.String()
}

// jumpOK reports whether a piece that started on s, stands on at and has
// taken the pieces in taken may jump over mid onto to.
type jumpOK func(s, mid, to int, taken *Set) bool

func (p *Position) frogletJumpOK(s, mid, to int, taken *Set) bool {
	return mid != s && p.Occ.Has(mid) && !taken.Has(mid) && p.hupferEmpty(to, s, taken)
}

func (p *Position) hupferCaptureOK(s, mid, to int, taken *Set) bool {
	return p.isEnemy(mid, s, taken) && p.hupferEmpty(to, s, taken)
}

// jumpPath finds the smallest sequence of landing squares (as text, with sep
// after every square but the last) by which the piece that started on s and
// stands on from takes exactly the pieces of want and ends on end. Every such
// path has len(want) jumps, so comparing square by square decides. It returns
// the landing squares and whether such a path exists.
func (p *Position) jumpPath(s, from, end int, want Set, sep byte, ok jumpOK) ([]int, bool) {
	b := p.Board
	total := want.Count()
	dead := map[jumpState]bool{}
	var path []int
	var walk func(at int, taken Set) bool
	walk = func(at int, taken Set) bool {
		if len(path) == total {
			return at == end
		}
		st := jumpState{at, taken}
		if dead[st] {
			return false
		}
		last := len(path)+1 == total
		type cand struct {
			to, mid int
			key     string
		}
		var cands []cand
		for d := 0; d < numDirs; d++ {
			to := int(b.jump[d][at])
			if to < 0 {
				continue
			}
			mid := int(b.step[d][at])
			if !want.Has(mid) || taken.Has(mid) || !ok(s, mid, to, &taken) {
				continue
			}
			key := b.SquareName(to)
			if !last {
				key += string(sep)
			}
			cands = append(cands, cand{to, mid, key})
		}
		sort.Slice(cands, func(i, j int) bool { return cands[i].key < cands[j].key })
		for _, c := range cands {
			t := taken
			t.Add(c.mid)
			path = append(path, c.to)
			if walk(c.to, t) {
				return true
			}
			path = path[:len(path)-1]
		}
		dead[st] = true
		return false
	}
	if !walk(from, Set{}) {
		return nil, false
	}
	return path, true
}

type jumpState struct {
	at    int
	taken Set
}

// hopDistances returns, for every point, the fewest hops by which the piece
// on s reaches it (0 for s, -1 where it cannot); capture points are reached
// but not passed through.
func (p *Position) hopDistances(s int) []int {
	b := p.Board
	dist := make([]int, b.Size())
	for i := range dist {
		dist[i] = -1
	}
	dist[s] = 0
	q := []int{s}
	var none Set
	for len(q) > 0 {
		at := q[0]
		q = q[1:]
		if at != s && p.canCapture(at, s, &none) {
			continue
		}
		for d := 0; d < numDirs; d++ {
			to := int(b.jump[d][at])
			if to < 0 || dist[to] >= 0 || !p.isOwn(int(b.step[d][at]), s) || !p.hupferEmpty(to, s, &none) {
				continue
			}
			dist[to] = dist[at] + 1
			q = append(q, to)
		}
	}
	return dist
}

// hopPath returns the smallest shortest hop path from s to v (the squares
// after s); the square v is followed in the text by endSep.
func (p *Position) hopPath(s, v int, endSep byte) []int {
	b := p.Board
	// Distances to v over the same graph, searched from v.
	toV := make([]int, b.Size())
	for i := range toV {
		toV[i] = -1
	}
	toV[v] = 0
	q := []int{v}
	var none Set
	for len(q) > 0 {
		at := q[0]
		q = q[1:]
		if at != v && at != s && p.canCapture(at, s, &none) {
			continue
		}
		for d := 0; d < numDirs; d++ {
			to := int(b.jump[d][at])
			if to < 0 || toV[to] >= 0 || !p.isOwn(int(b.step[d][at]), s) || !p.hupferEmpty(to, s, &none) {
				continue
			}
			toV[to] = toV[at] + 1
			q = append(q, to)
		}
	}
	var path []int
	at := s
	for at != v {
		best, bestKey := -1, ""
		for d := 0; d < numDirs; d++ {
			to := int(b.jump[d][at])
			if to < 0 || toV[to] != toV[at]-1 || !p.isOwn(int(b.step[d][at]), s) || !p.hupferEmpty(to, s, &none) {
				continue
			}
			if to != v && (to == s || p.canCapture(to, s, &none)) {
				continue
			}
			sep := byte('-')
			if to == v {
				sep = endSep
			}
			key := b.SquareName(to) + string(sep)
			if best < 0 || key < bestKey {
				best, bestKey = to, key
			}
		}
		path = append(path, best)
		at = best
	}
	return path
}
