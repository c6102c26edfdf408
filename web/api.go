// Package web is leapfrog serve: a JSON API in the manner of the Lichess
// tablebase API, answering what the command line's --json answers
// (package answer), and an analysis board page that uses it, embedded
// in the binary. It listens where the caller says (the command line:
// 127.0.0.1), bounds every request's size, time and the searches that
// run at once, and answers every error in JSON.
package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/leapfrog-solver/leapfrog/answer"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/render"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// Config is what a server needs.
type Config struct {
	// Timeout bounds each search (default 10 s).
	Timeout time.Duration
	// Searches is how many searches run at once (default: one per
	// core); a request waits for a turn within its timeout.
	Searches int
	// HashMB is each search's table (default 16).
	HashMB int
	// Persistent, if not nil, is the store behind every search (the
	// cache, and the tables in it).
	Persistent solver.Persistent
	// Probe, if not nil, looks a position up in the tablebases: its
	// score, and false if no table holds it.
	Probe func(p *positions.Position) (int, bool, error)
	// BestMove, with Probe, gives a tabled position's best move.
	BestMove func(p *positions.Position, sc int) (positions.LegalMove, bool, error)
}

// maxPosition bounds the position parameter: an 18x18 board with its
// scores is under 400 bytes.
const maxPosition = 4096

// server answers the API.
type server struct {
	cfg   Config
	turns chan struct{}
}

// Handler returns the server's handler: the API under /api/ and the
// board page at /.
func Handler(cfg Config) http.Handler {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.Searches <= 0 {
		cfg.Searches = runtime.NumCPU()
	}
	if cfg.HashMB <= 0 {
		cfg.HashMB = 16
	}
	s := &server{cfg: cfg, turns: make(chan struct{}, cfg.Searches)}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/moves", s.get(s.moves))
	mux.HandleFunc("/api/solve", s.get(s.solve))
	mux.HandleFunc("/api/analyze", s.get(s.analyze))
	mux.HandleFunc("/api/probe", s.get(s.probe))
	mux.HandleFunc("/api/new", s.get(s.newPosition))
	mux.HandleFunc("/api/picture.svg", s.picture)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Errorf("no such question: %s (ask /api/moves, solve, analyze, probe, new or picture.svg)", r.URL.Path))
	})
	mux.Handle("/", page())
	return mux
}

// errStatus is an error with the HTTP status it answers with.
type errStatus struct {
	status int
	err    error
}

func (e *errStatus) Error() string { return e.err.Error() }

func bad(format string, args ...any) error {
	return &errStatus{http.StatusBadRequest, fmt.Errorf(format, args...)}
}

// get wraps a question: GET only, its answer or its error as JSON.
func (s *server) get(question func(*http.Request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("%s: only GET", r.URL.Path))
			return
		}
		out, err := question(r)
		if err != nil {
			status := http.StatusInternalServerError
			var es *errStatus
			if errors.As(err, &es) {
				status = es.status
			}
			writeError(w, status, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.Encode(out)
	}
}

func writeError(w http.ResponseWriter, status int, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(answer.Error{Error: err.Error()})
}

// flag reads the true-or-false parameter name of r: absent is false.
func flag(r *http.Request, name string) (bool, error) {
	text := r.URL.Query().Get(name)
	if text == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(text)
	if err != nil {
		return false, bad("%s=%.40q: want 1 or 0 (true or false)", name, text)
	}
	return b, nil
}

// position reads the position parameter.
func position(r *http.Request) (*positions.Position, error) {
	text := r.URL.Query().Get("position")
	if text == "" {
		return nil, bad("give a position: ?position=... in the notation of docs/notation.md")
	}
	if len(text) > maxPosition {
		return nil, bad("the position is %d bytes long: at most %d", len(text), maxPosition)
	}
	p, err := positions.ParsePosition(text)
	if err != nil {
		return nil, bad("position: %v", err)
	}
	if err := p.CheckMoves(); err != nil {
		return nil, bad("position: %v", err)
	}
	return p, nil
}

func (s *server) moves(r *http.Request) (any, error) {
	p, err := position(r)
	if err != nil {
		return nil, err
	}
	return answer.MovesOf(p), nil
}

// search runs question with a solver of its own once a turn is free,
// within the time limit; the client's leaving ends it.
func (s *server) search(r *http.Request, question func(*solver.Solver) (any, error)) (any, error) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
	defer cancel()
	select {
	case s.turns <- struct{}{}:
		defer func() { <-s.turns }()
	case <-ctx.Done():
		return nil, &errStatus{http.StatusServiceUnavailable, fmt.Errorf("busy: no search was free within %v", s.cfg.Timeout)}
	}
	sv := solver.New(solver.Options{HashMB: s.cfg.HashMB, Threads: 1, Stop: ctx.Done(), Persistent: s.cfg.Persistent})
	out, err := question(sv)
	var le *solver.LimitError
	if errors.As(err, &le) || (err != nil && ctx.Err() != nil) {
		return nil, &errStatus{http.StatusServiceUnavailable, fmt.Errorf("the search ran out of its %v before the answer was exact", s.cfg.Timeout)}
	}
	return out, err
}

func (s *server) solve(r *http.Request) (any, error) {
	p, err := position(r)
	if err != nil {
		return nil, err
	}
	wdl, err := flag(r, "wdl")
	if err != nil {
		return nil, err
	}
	value, err := flag(r, "value")
	if err != nil {
		return nil, err
	}
	if wdl && value {
		return nil, bad("wdl and value each ask for less than the whole answer: give one of them")
	}
	return s.search(r, func(sv *solver.Solver) (any, error) {
		start := time.Now()
		if wdl {
			o, err := sv.WDL(p)
			if err != nil {
				return nil, err
			}
			return answer.WDLOf(p, o, sv.Nodes(), time.Since(start).Seconds()), nil
		}
		if value {
			v, err := sv.ExactValue(p)
			if err != nil {
				return nil, err
			}
			return answer.ExactOf(p, v, sv.Nodes(), time.Since(start).Seconds()), nil
		}
		sol, err := sv.Solve(p)
		if err != nil {
			return nil, err
		}
		return answer.SolveOf(p, sol, sv.Nodes(), time.Since(start).Seconds()), nil
	})
}

func (s *server) analyze(r *http.Request) (any, error) {
	p, err := position(r)
	if err != nil {
		return nil, err
	}
	return s.search(r, func(sv *solver.Solver) (any, error) {
		moves, err := sv.Analyze(p)
		if err != nil {
			return nil, err
		}
		v, err := sv.Value(p)
		if err != nil {
			return nil, err
		}
		return answer.AnalysisOf(p, v, moves), nil
	})
}

func (s *server) probe(r *http.Request) (any, error) {
	p, err := position(r)
	if err != nil {
		return nil, err
	}
	if s.cfg.Probe == nil {
		return nil, &errStatus{http.StatusNotFound, errors.New("no tablebases: the server runs without a cache")}
	}
	start := time.Now()
	sc, ok, err := s.cfg.Probe(p)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &errStatus{http.StatusNotFound, fmt.Errorf("%s is in no table", p)}
	}
	elapsed := time.Since(start)
	var best *positions.LegalMove
	if m, ok, err := s.cfg.BestMove(p, sc); err != nil {
		return nil, err
	} else if ok {
		best = &m
	}
	return answer.ProbeOf(p, score.Value{Game: p.Game, Score: sc}, best, elapsed.Microseconds()), nil
}

// newPosition answers /api/new: a start position, as leapfrog new makes
// it (game, size WxH or N, seed for Froglet, supply for Hüpfer).
func (s *server) newPosition(r *http.Request) (any, error) {
	q := r.URL.Query()
	game, err := positions.ParseGame(q.Get("game"))
	if err != nil {
		return nil, bad("game: %v", err)
	}
	w, h := 5, 5
	if game == positions.Froglet {
		w, h = 12, 12
	}
	if size := q.Get("size"); size != "" {
		a, b, found := strings.Cut(size, "x")
		if !found {
			b = a
		}
		w, err = strconv.Atoi(a)
		if err == nil {
			h, err = strconv.Atoi(b)
		}
		if err != nil || w < 1 || h < 1 || w > positions.MaxSide || h > positions.MaxSide {
			return nil, bad("size %q: want N or WxH, 1 to %d", size, positions.MaxSide)
		}
	}
	var p *positions.Position
	if game == positions.Froglet {
		seed, err := strconv.ParseUint(q.Get("seed"), 10, 64)
		if err != nil && q.Get("seed") != "" {
			return nil, bad("seed %q: want a whole number", q.Get("seed"))
		}
		p, err = positions.NewFroglet(w, h, seed)
		if err != nil {
			return nil, bad("%v", err)
		}
	} else {
		supply := 8
		if sp := q.Get("supply"); sp != "" {
			supply, err = strconv.Atoi(sp)
			if err != nil || supply < 0 || supply > positions.MaxSupply {
				return nil, bad("supply %q: want 0 to %d", sp, positions.MaxSupply)
			}
		}
		p, err = positions.NewHupfer(w, h, supply)
		if err != nil {
			return nil, bad("%v", err)
		}
	}
	return struct {
		Position string `json:"position"`
	}{p.String()}, nil
}

// picture answers /api/picture.svg: the board, with a move if given.
func (s *server) picture(w http.ResponseWriter, r *http.Request) {
	p, err := position(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	var opt render.Options
	if text := r.URL.Query().Get("move"); text != "" {
		m, err := p.ParseMove(text)
		if err != nil {
			writeError(w, http.StatusBadRequest, fmt.Errorf("move: %v", err))
			return
		}
		opt.Move = &m
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	render.WriteSVG(w, render.Layout(p, opt))
}
