package tablebase

// The tables in front of the persistent cache, for the solver.

import "github.com/leapfrog-solver/leapfrog/positions"

// Layered answers the solver's look-ups from the tables first, then from
// Next (the cache); results are saved to Next. It implements
// the solver's Persistent.
type Layered struct {
	Tables *Tables
	Next   interface {
		Load(p *positions.Position) (lower, upper int, ok bool)
		Save(p *positions.Position, lower, upper int)
	}
}

// Load returns p's exact score from a table, else what Next knows.
func (l Layered) Load(p *positions.Position) (int, int, bool) {
	if v, ok, err := l.Tables.Probe(p); err == nil && ok {
		return v, v, true
	}
	if l.Next != nil {
		return l.Next.Load(p)
	}
	return 0, 0, false
}

// LoadAnswer asks Next for a whole answer, when Next keeps them.
func (l Layered) LoadAnswer(p *positions.Position) (int, []string, bool) {
	if a, ok := l.Next.(interface {
		LoadAnswer(*positions.Position) (int, []string, bool)
	}); ok {
		return a.LoadAnswer(p)
	}
	return 0, nil, false
}

// SaveAnswer passes a whole answer on to Next, when Next keeps them.
func (l Layered) SaveAnswer(p *positions.Position, score int, pv []string) {
	if a, ok := l.Next.(interface {
		SaveAnswer(*positions.Position, int, []string)
	}); ok {
		a.SaveAnswer(p, score, pv)
	}
}

// Save passes bounds on to Next.
func (l Layered) Save(p *positions.Position, lower, upper int) {
	if l.Next != nil {
		l.Next.Save(p, lower, upper)
	}
}
