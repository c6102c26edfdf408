package solver

import (
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
