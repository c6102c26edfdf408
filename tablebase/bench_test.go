package tablebase

import (
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// BenchmarkBuildHupfer5x5Supply3 builds the Hüpfer 5x5 table with
// supplies 3-3 into a fresh store.
func BenchmarkBuildHupfer5x5Supply3(b *testing.B) {
	root, _ := positions.NewHupfer(5, 5, 3)
	for i := 0; i < b.N; i++ {
		st := openStoreB(b)
		if _, err := Build(st, root, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func openStoreB(b *testing.B) KV {
	b.Helper()
	st, err := openCacheStore(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return st
}
