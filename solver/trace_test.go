package solver

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// TestTraceAddsUp: Options.Trace gets one line per alpha-beta search, and
// the nodes of those lines are every node the solver counts (Froglet has
// no proof-number search before its windows); each line says what its
// window asked and whether the result proved it.
func TestTraceAddsUp(t *testing.T) {
	cases := []struct {
		pos      string
		wdl      bool   // WDL by alpha-beta instead of Solve
		question string // in the first line
		threads  int    // 2 when 0
	}{
		// An opening's solve searches each removal in spelling order
		// (testInSpelling): a1 first, which Black answers for +1.
		{"froglet ygyyg/gyryy/byryy/ggrgg/gygyy w 0-0", false, "ggrgg/.ygyy b 0-0: window (0, 1), value >= 1? yes", 0},
		{"froglet rbg./..ry/bgyg w 0-0", false, "value >= 0? yes", 0},
		// A Hüpfer solve not known to be won does the same on one
		// thread: Red's first move in spelling order lasts 2 plies if
		// Turquoise cannot win at once. Two threads ask the root.
		{"hupfer ...tt/...tt/...../rr.../rr... r 3-3", false, "t 2-3: window (9999, 10000), win in at most 0 plies? no", 1},
		{"hupfer ...tt/...tt/...../rr.../rr... r 3-3", false, "no loss in fewer than 2 plies? yes", 2},
		{"hupfer ...tt/...tt/...../rr.../rr... r 3-3", true, "a win? no", 0},
		{"froglet ygyyg/gyryy/byryy/ggrgg/gygyy w 0-0", true, "value >= 0? no (-1)", 0},
	}
	line := regexp.MustCompile(`^search (.+): window \((-?\d+), (-?\d+)\), (.+)\? (yes|no) \((-?\d+)\): (\d+) nodes, [0-9.]+ s$`)
	for _, c := range cases {
		t.Run(c.pos, func(t *testing.T) {
			p, err := positions.ParsePosition(c.pos)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			threads := c.threads
			if threads == 0 {
				threads = 2
			}
			s := New(Options{Threads: threads, Trace: &buf, Method: MethodAlphaBeta})
			if c.wdl {
				_, err = s.WDL(p)
			} else {
				_, err = s.Solve(p)
			}
			if err != nil {
				t.Fatal(err)
			}
			lines := bytes.Split(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\n"))
			if len(lines) < 1 || !c.wdl && len(lines) < 2 {
				t.Fatalf("%d trace lines:\n%s", len(lines), buf.String())
			}
			var sum int64
			for i, l := range lines {
				m := line.FindSubmatch(l)
				if m == nil {
					t.Fatalf("line %d does not read as a search: %q", i+1, l)
				}
				beta, _ := strconv.Atoi(string(m[3]))
				result, _ := strconv.Atoi(string(m[6]))
				if yes := string(m[5]) == "yes"; yes != (result >= beta) {
					t.Errorf("line %d: result %d against beta %d, but it says %s", i+1, result, beta, m[5])
				}
				n, _ := strconv.ParseInt(string(m[7]), 10, 64)
				sum += n
			}
			if !bytes.Contains(lines[0], []byte(c.question)) {
				t.Errorf("first line %q does not ask %q", lines[0], c.question)
			}
			if p.Game == positions.Froglet && sum != s.Nodes() {
				t.Errorf("the trace's nodes add up to %d, the solver counted %d", sum, s.Nodes())
			}
		})
	}
}
