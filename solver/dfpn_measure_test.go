package solver

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// TestMeasureProofNumbers answers who wins the Hüpfer starts that
// $LEAPFROG_PN lists (N/S: the NxN start with supplies S-S, comma
// separated) by proof-number search and by alpha-beta, one thread each,
// and logs a row of docs/PERFORMANCE.md's table for each:
//
//	LEAPFROG_PN=5/4,5/8,6/4,6/5 go test ./solver -run MeasureProofNumbers -v
func TestMeasureProofNumbers(t *testing.T) {
	if os.Getenv("LEAPFROG_PN") == "" {
		t.Skip("set LEAPFROG_PN to the starts to measure")
	}
	for _, spec := range strings.Split(os.Getenv("LEAPFROG_PN"), ",") {
		var n, sup int
		fmt.Sscanf(spec, "%d/%d", &n, &sup)
		p, _ := positions.NewHupfer(n, n, sup)
		s := New(Options{Threads: 1, Timeout: 20 * time.Minute})
		st := time.Now()
		o, err := s.WDLProof(p)
		d1 := time.Since(st)
		s2 := New(Options{Threads: 1, Timeout: 20 * time.Minute, Method: MethodAlphaBeta})
		st = time.Now()
		o2, err2 := s2.WDL(p)
		t.Logf("| %dx%d %d-%d | %v | %d | %.2f s | %v | %d | %.2f s | %v %v", n, n, sup, sup, o, s.Nodes(), d1.Seconds(), o2, s2.Nodes(), time.Since(st).Seconds(), err, err2)
	}
}
