package solver

import (
	"strings"
	"testing"
)

// benchCase runs one case of the fixed suite per iteration, cold table.
func benchCase(b *testing.B, name string) {
	for _, c := range BenchSuite() {
		if c.Name != name {
			continue
		}
		var nodes int64
		for i := 0; i < b.N; i++ {
			r, err := RunBench(c, Options{Threads: 1})
			if err != nil {
				b.Fatal(err)
			}
			nodes += r.Nodes
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		return
	}
	b.Fatalf("no case %q", name)
}

func BenchmarkFroglet5x5Seed5(b *testing.B) { benchCase(b, "froglet 5x5 seed 5") }
func BenchmarkHupfer5x5(b *testing.B)       { benchCase(b, "hupfer 5x5 4-4") }

// The same cases on the general path (positions sized for 18x18), for the
// ratio of the one-word path over it within one run.
func BenchmarkFroglet5x5Seed5General(b *testing.B) {
	defer setGeneral(true)()
	benchCase(b, "froglet 5x5 seed 5")
}

func BenchmarkHupfer5x5General(b *testing.B) {
	defer setGeneral(true)()
	benchCase(b, "hupfer 5x5 4-4")
}

// BenchmarkReference solves the reference suite's positions as `solve`
// does (value and line, one thread, a cold table each time) and reports
// the nodes beside the reference solver's: the target is 3x its
// speed on each (docs/PERFORMANCE.md, "Nodes against the reference
// solver"). go test ./solver -run XXX -bench Reference -benchtime 3x
func BenchmarkReference(b *testing.B) {
	for _, c := range ReferenceSuite() {
		b.Run(strings.ReplaceAll(c.Name, " ", "_"), func(b *testing.B) {
			var nodes int64
			for i := 0; i < b.N; i++ {
				r, err := RunBench(c, Options{Threads: 1})
				if err != nil {
					b.Fatal(err)
				}
				if r.Answer != c.Reference.Answer {
					b.Fatalf("%s: %s, the reference found %s", c.Name, r.Answer, c.Reference.Answer)
				}
				nodes = r.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
			b.ReportMetric(float64(nodes)/float64(c.Reference.Nodes), "nodes/ref")
		})
	}
}
