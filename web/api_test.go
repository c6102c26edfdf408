package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leapfrog-solver/leapfrog/answer"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/solver"
)

func get(t *testing.T, srv *httptest.Server, path string, params url.Values) (int, string) {
	t.Helper()
	r, err := http.Get(srv.URL + path + "?" + params.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	body, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(body)
}

// TestAnswersAsTheCLI: the API's answers are package answer's, the ones
// the command line prints with --json.
func TestAnswersAsTheCLI(t *testing.T) {
	srv := httptest.NewServer(Handler(Config{}))
	defer srv.Close()
	for _, pos := range []string{"froglet rbg./..ry/bgyg w 0-0", "hupfer ..tt/..tt/rr../rr.. r 4-4"} {
		p, _ := positions.ParsePosition(pos)
		s := solver.New(solver.Options{HashMB: 16, Threads: 1})
		moves, _ := s.Analyze(p)
		v, _ := s.Value(p)
		want, _ := json.Marshal(answer.AnalysisOf(p, v, moves))
		code, body := get(t, srv, "/api/analyze", url.Values{"position": {pos}})
		if code != 200 || strings.TrimSpace(body) != string(want) {
			t.Errorf("analyze %s: %d %s, want %s", pos, code, body, want)
		}
		wantMoves, _ := json.Marshal(answer.MovesOf(p))
		if code, body := get(t, srv, "/api/moves", url.Values{"position": {pos}}); code != 200 || strings.TrimSpace(body) != string(wantMoves) {
			t.Errorf("moves %s: %d %s", pos, code, body)
		}
		var sol answer.Solve
		if code, body := get(t, srv, "/api/solve", url.Values{"position": {pos}}); code != 200 || json.Unmarshal([]byte(body), &sol) != nil || sol.Best == nil || *sol.Best != moves[0].Text {
			t.Errorf("solve %s: %d %s", pos, code, body)
		}
		var ex answer.Exact
		if code, body := get(t, srv, "/api/solve", url.Values{"position": {pos}, "value": {"1"}}); code != 200 || json.Unmarshal([]byte(body), &ex) != nil || ex.Value != sol.Value || ex.Outcome != sol.Outcome || strings.Contains(body, `"best"`) {
			t.Errorf("solve value=1 %s: %d %s", pos, code, body)
		}
		if code, body := get(t, srv, "/api/picture.svg", url.Values{"position": {pos}, "move": {moves[0].Text}}); code != 200 || !strings.HasPrefix(body, "<svg") {
			t.Errorf("picture %s: %d %.60s", pos, code, body)
		}
	}
	if code, body := get(t, srv, "/api/new", url.Values{"game": {"hupfer"}, "size": {"6"}, "supply": {"5"}}); code != 200 || !strings.Contains(body, "rr..../rr.... r 5-5") {
		t.Errorf("new: %d %s", code, body)
	}
}

// TestErrors: every bad request gets a JSON error with a 4xx status, and
// a search that outruns its time a 503.
func TestErrors(t *testing.T) {
	srv := httptest.NewServer(Handler(Config{Timeout: 200 * time.Millisecond}))
	defer srv.Close()
	for _, tc := range []struct {
		path   string
		params url.Values
		status int
	}{
		{"/api/solve", nil, 400},
		{"/api/solve", url.Values{"position": {"chess 8/8 w 0-0"}}, 400},
		{"/api/analyze", url.Values{"position": {strings.Repeat("g", 5000)}}, 400},
		{"/api/moves", url.Values{"position": {"froglet .g.g.g.g./ggggggggg/.g.g.g.g./ggggggggg/.g.gyg.g./ggggggggg/.g.g.g.g./ggggggggg/.g.g.g.g. w 0-0"}}, 400},
		{"/api/probe", url.Values{"position": {"froglet gg/g. w 0-0"}}, 404},
		{"/api/new", url.Values{"game": {"hupfer"}, "size": {"99"}}, 400},
		{"/api/picture.svg", url.Values{"position": {"froglet gg/g. w 0-0"}, "move": {"z9"}}, 400},
		{"/api/nothing", nil, 404},
		{"/api/solve", url.Values{"position": {"froglet gg/g. w 0-0"}, "wdl": {"maybe"}}, 400},
		{"/api/solve", url.Values{"position": {"froglet gg/g. w 0-0"}, "wdl": {"1"}, "value": {"1"}}, 400},
		{"/api/solve", url.Values{"position": {"froglet ggggy/gyrgg/ygrrg/rgygg/gyygg/grygy w 0-0"}}, 503},
	} {
		code, body := get(t, srv, tc.path, tc.params)
		var e answer.Error
		if code != tc.status || json.Unmarshal([]byte(body), &e) != nil || e.Error == "" {
			t.Errorf("%s %v: %d %s, want %d and a JSON error", tc.path, tc.params, code, body, tc.status)
		}
	}
	r, err := http.Post(srv.URL+"/api/solve", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", r.StatusCode)
	}
}

// TestLoad: 200 analyze requests at once over mixed small positions, with
// two searches at a time: every one answered, none an error; the
// latencies are logged (docs/PERFORMANCE.md, "serve").
func TestLoad(t *testing.T) {
	srv := httptest.NewServer(Handler(Config{Searches: 2, Timeout: 60 * time.Second}))
	defer srv.Close()
	var pos []string
	for seed := uint64(1); seed <= 10; seed++ {
		p, _ := positions.NewFroglet(4, 4, seed)
		pos = append(pos, p.String())
		q, _ := positions.NewHupfer(4, 4, int(seed%5))
		pos = append(pos, q.String())
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var took []time.Duration
	errs := 0
	start := time.Now()
	for i := range 200 {
		wg.Go(func() {
			t0 := time.Now()
			r, err := http.Get(srv.URL + "/api/analyze?" + url.Values{"position": {pos[i%len(pos)]}}.Encode())
			ok := err == nil && r.StatusCode == 200
			if err == nil {
				io.Copy(io.Discard, r.Body)
				r.Body.Close()
			}
			mu.Lock()
			defer mu.Unlock()
			took = append(took, time.Since(t0))
			if !ok {
				errs++
			}
		})
	}
	wg.Wait()
	slices.Sort(took)
	if errs > 0 {
		t.Errorf("%d of 200 requests failed", errs)
	}
	t.Logf("200 requests in %v: p50 %v, p99 %v, max %v", time.Since(start).Round(time.Millisecond),
		took[len(took)/2].Round(time.Millisecond), took[len(took)*99/100].Round(time.Millisecond), took[len(took)-1].Round(time.Millisecond))
}
