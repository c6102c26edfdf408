package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/leapfrog-solver/leapfrog/cluster"
	"github.com/leapfrog-solver/leapfrog/internal/testenv"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// TestClusterWithKilledWorker: positions of both games solved through an
// embedded server by worker processes of the built binary, one of them
// killed with SIGKILL and started again at random moments: every value,
// distance and best move equals a local solve's. 50 positions with
// LEAPFROG_LONG=1, 12 otherwise.
func TestClusterWithKilledWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs worker processes")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "leapfrog")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	srv, err := cluster.Serve("127.0.0.1", -1, filepath.Join(dir, "nats"))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	worker := func() *exec.Cmd {
		w := exec.Command(bin, "cluster", "work", "--nats", srv.URL(), "--no-cache", "--threads", "1", "--hash", "16", "--ack-wait", "1s")
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		return w
	}
	steady := worker()
	defer func() { steady.Process.Kill(); steady.Wait() }()
	var mu sync.Mutex
	victim := worker()
	stop := make(chan struct{})
	killed := 0
	var killer sync.WaitGroup
	killer.Go(func() {
		rng := rand.New(rand.NewPCG(5, 5))
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Duration(100+rng.IntN(900)) * time.Millisecond):
			}
			mu.Lock()
			victim.Process.Signal(syscall.SIGKILL)
			victim.Wait()
			killed++
			victim = worker()
			mu.Unlock()
		}
	})
	defer func() {
		close(stop)
		killer.Wait()
		victim.Process.Kill()
		victim.Wait()
	}()
	n := testenv.Scale(12, 50)
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range n {
		var p *positions.Position
		if i%2 == 0 {
			p, _ = positions.NewFroglet(4+rng.IntN(2), 4, rng.Uint64())
		} else {
			p, _ = positions.NewHupfer(4+rng.IntN(2), 4+rng.IntN(2), 1+rng.IntN(4))
		}
		p = positions.RandomPlies(p, rng.IntN(4), rng.Uint64())
		type ans struct {
			Value    any     `json:"value"`
			Distance *int    `json:"distance"`
			Best     *string `json:"best"`
		}
		var local, dist ans
		code, out, errs := runCLI(t, "", "solve", p.String(), "--no-cache", "--json", "--threads", "1")
		if code != 0 || json.Unmarshal([]byte(out), &local) != nil {
			t.Fatalf("%s: local solve: exit %d %s", p, code, errs)
		}
		code, out, errs = runCLI(t, "", "solve", p.String(), "--no-cache", "--json", "--threads", "1", "--nats", srv.URL(), "--timeout", "2m")
		if code != 0 || json.Unmarshal([]byte(out), &dist) != nil {
			t.Fatalf("%s: solve --nats: exit %d %s", p, code, errs)
		}
		if fmt.Sprint(local.Value) != fmt.Sprint(dist.Value) || fmt.Sprint(deref(local.Distance)) != fmt.Sprint(deref(dist.Distance)) || deref(local.Best) != deref(dist.Best) {
			t.Errorf("%s: the cluster says %v %v %v, a local solve %v %v %v", p, dist.Value, deref(dist.Distance), deref(dist.Best), local.Value, deref(local.Distance), deref(local.Best))
		}
		// analyze answers the same, every move's value; solve --wdl the
		// same outcome (its units travel as outcomes, cancelled once
		// decided).
		code, want, errs := runCLI(t, "", "analyze", p.String(), "--no-cache", "--json", "--threads", "1")
		if code != 0 {
			t.Fatalf("%s: local analyze: exit %d %s", p, code, errs)
		}
		code, got, errs := runCLI(t, "", "analyze", p.String(), "--no-cache", "--json", "--threads", "1", "--nats", srv.URL(), "--timeout", "2m")
		if code != 0 || got != want {
			t.Errorf("%s: analyze --nats: exit %d %s\n%s\nlocally\n%s", p, code, errs, got, want)
		}
		var lw, dw struct{ Outcome string }
		code, out, errs = runCLI(t, "", "solve", p.String(), "--wdl", "--no-cache", "--json", "--threads", "1")
		if code != 0 || json.Unmarshal([]byte(out), &lw) != nil {
			t.Fatalf("%s: local solve --wdl: exit %d %s", p, code, errs)
		}
		code, out, errs = runCLI(t, "", "solve", p.String(), "--wdl", "--no-cache", "--json", "--threads", "1", "--nats", srv.URL(), "--timeout", "2m")
		if code != 0 || json.Unmarshal([]byte(out), &dw) != nil || dw.Outcome != lw.Outcome {
			t.Errorf("%s: solve --wdl --nats: exit %d %s %q; locally %q", p, code, errs, dw.Outcome, lw.Outcome)
		}
	}
	mu.Lock()
	t.Logf("%d positions; the victim was killed %d times", n, killed)
	mu.Unlock()
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
