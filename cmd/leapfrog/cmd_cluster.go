package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/cluster"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/score"
	"github.com/leapfrog-solver/leapfrog/solver"
)

// natsFlag names the cluster's NATS server.
var natsFlag = &cli.StringFlag{Name: "nats", EnvVars: []string{"LEAPFROG_NATS"}, Usage: "the cluster's NATS server, as `URL` (credentials in it are never printed)"}

func clusterCommand() *cli.Command {
	return &cli.Command{
		Name:  "cluster",
		Usage: "solve on many machines over NATS JetStream",
		Description: `A coordinator (solve --nats URL) splits the tree a few plies deep and publishes
each frontier position as a unit; workers on any machine pull units, solve them and
store the results, which any later solve reuses. docs/CLUSTER.md has the details.

   leapfrog cluster serve &                                # one machine: an embedded server
   leapfrog cluster work --nats nats://127.0.0.1:4222 &    # as many as you like, anywhere
   leapfrog solve "$(leapfrog new hupfer --size 5 --supply 5)" --nats nats://127.0.0.1:4222`,
		Subcommands: []*cli.Command{
			{
				Name:  "serve",
				Usage: "run an embedded NATS server with JetStream",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "listen", Value: "127.0.0.1:4222", Usage: "listen on `ADDRESS` (host:port)"},
					&cli.StringFlag{Name: "store", Usage: "keep JetStream's files in `DIR`", DefaultText: "the user's cache directory + /leapfrog-nats"},
				},
				Action: clusterServe,
			},
			{
				Name:  "work",
				Usage: "pull units from the cluster and solve them, until Ctrl-C",
				Flags: append([]cli.Flag{natsFlag, &cli.IntFlag{Name: "threads", Usage: "`N` search threads per unit", DefaultText: "one per core"},
					&cli.IntFlag{Name: "hash", Usage: hashUsage, DefaultText: hashDefault},
					&cli.DurationFlag{Name: "ack-wait", Value: cluster.AckWait, Usage: "hand a unit to another worker after `DURATION` without word from the one that has it (every worker sets it for all)"}},
					cacheFlags()...),
				Action: clusterWork,
			},
			{
				Name:   "status",
				Usage:  "units waiting, running and done, and the workers seen",
				Flags:  []cli.Flag{natsFlag, jsonFlag},
				Action: clusterStatus,
			},
		},
	}
}

// redacted is a NATS URL with its credentials hidden.
func redacted(u string) string {
	if p, err := url.Parse(u); err == nil {
		return p.Redacted()
	}
	return "the NATS URL"
}

// connectCluster connects to the cluster the --nats flag names.
func connectCluster(c *cli.Context, name string) (*cluster.Conn, error) {
	u := c.String("nats")
	if u == "" {
		return nil, badInputf("%s: give the cluster's server with --nats URL (or LEAPFROG_NATS)", c.Command.FullName())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := cluster.Connect(ctx, u, name)
	if err != nil {
		return nil, &exitError{exitLimit, fmt.Errorf("%s: %s: %v", c.Command.FullName(), redacted(u), errors.Unwrap(err))}
	}
	return conn, nil
}

func clusterServe(c *cli.Context) error {
	host, portText, err := net.SplitHostPort(c.String("listen"))
	port, perr := strconv.Atoi(portText)
	if err != nil || perr != nil || port < 0 || port > 65535 {
		return badInputf("cluster serve: --listen %q: want host:port", c.String("listen"))
	}
	dir := c.String("store")
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return badInputf("cluster serve: no cache directory (%v): give --store DIR", err)
		}
		dir = filepath.Join(base, "leapfrog-nats")
	}
	srv, err := cluster.Serve(host, port, dir)
	if err != nil {
		return badInputf("cluster serve: %v", err)
	}
	fmt.Fprintf(c.App.ErrWriter, "leapfrog: NATS with JetStream at %s, its store in %s (Ctrl-C stops)\n", srv.URL(), dir)
	ctx, cancel := interruptible()
	defer cancel()
	<-ctx.Done()
	srv.Shutdown()
	return nil
}

func clusterWork(c *cli.Context) error {
	if err := checkSearchFlags(c); err != nil {
		return err
	}
	if d := c.Duration("ack-wait"); d < 100*time.Millisecond || d > 24*time.Hour {
		return badInputf("cluster work: --ack-wait %v: want 100ms to 24h", d)
	}
	cluster.AckWait = c.Duration("ack-wait")
	conn, err := connectCluster(c, "leapfrog worker")
	if err != nil {
		return err
	}
	defer conn.Close()
	st, err := openCache(c)
	if err != nil {
		return err
	}
	defer closeCache(c, st)
	host, _ := os.Hostname()
	name := fmt.Sprintf("%s-%d", host, os.Getpid())
	w := &cluster.Worker{
		Name: name,
		Solver: func(stop <-chan struct{}) *solver.Solver {
			opts := solver.Options{HashMB: c.Int("hash"), Threads: c.Int("threads"), Stop: stop}
			if st != nil {
				opts.Persistent = st
			}
			return solver.New(opts)
		},
		Solved: func(r *cluster.Result) {
			fmt.Fprintf(c.App.ErrWriter, "leapfrog: solved %s (%d nodes, %.1fs)\n", r.Position, r.Nodes, r.Seconds)
		},
	}
	fmt.Fprintf(c.App.ErrWriter, "leapfrog: worker %s on %s (Ctrl-C stops)\n", name, redacted(c.String("nats")))
	ctx, cancel := interruptible()
	defer cancel()
	return w.Run(ctx, conn)
}

func clusterStatus(c *cli.Context) error {
	conn, err := connectCluster(c, "leapfrog status")
	if err != nil {
		return err
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	st, err := conn.Status(ctx)
	if err != nil {
		return &exitError{exitLimit, fmt.Errorf("cluster status: %v", err)}
	}
	if st.Workers == nil {
		st.Workers = []string{}
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, st)
	}
	left := "unknown until a unit is solved"
	if st.Left > 0 {
		left = "about " + time.Duration(st.Left*float64(time.Second)).Round(time.Second).String()
	}
	fmt.Fprintf(c.App.Writer, "units waiting %d, running %d; results stored %d; workers seen in the last minute %d %v; time left %s\n",
		st.Waiting, st.Running, st.Done, len(st.Workers), st.Workers, left)
	return nil
}

// onCluster runs ask, a question about p for the cluster, with the
// command's --timeout, Ctrl-C and a progress line of the units done on a
// terminal; opts carry the coordinator's join solver, whose nodes (and
// the workers') it returns.
func onCluster(c *cli.Context, p *positions.Position, ask func(ctx context.Context, opts cluster.Options) (*cluster.Stats, error)) (int64, error) {
	if err := p.CheckMoves(); err != nil {
		return 0, err
	}
	ctx, cancel := interruptible()
	defer cancel()
	if d := c.Duration("timeout"); d > 0 {
		var cancelT context.CancelFunc
		ctx, cancelT = context.WithTimeout(ctx, d)
		defer cancelT()
	}
	prog := newProgress(c, "cluster")
	defer prog.done()
	var join *solver.Solver
	st, err := ask(ctx, cluster.Options{
		Solver: func(store solver.Persistent) *solver.Solver {
			join = solver.New(solver.Options{HashMB: c.Int("hash"), Threads: c.Int("threads"), Persistent: store, Stop: ctx.Done()})
			return join
		},
		Progress: func(done, total int) { prog.update("%d of %d units solved", done, total) },
	})
	if err != nil {
		switch {
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			return 0, fmt.Errorf("%w: the cluster did not finish within --timeout", solver.ErrLimit)
		case ctx.Err() != nil:
			return 0, solver.ErrInterrupted
		}
		return 0, err
	}
	var nodes int64
	if st != nil {
		nodes = st.UnitNodes
	}
	if join != nil {
		nodes += join.Nodes()
	}
	return nodes, nil
}

// clusterSolve solves p on the cluster and returns the solution and the
// nodes (the workers' and the join's).
func clusterSolve(c *cli.Context, conn *cluster.Conn, p *positions.Position) (*solver.Solution, int64, error) {
	var sol *solver.Solution
	nodes, err := onCluster(c, p, func(ctx context.Context, opts cluster.Options) (st *cluster.Stats, err error) {
		sol, st, err = cluster.Solve(ctx, conn, p, opts)
		return st, err
	})
	return sol, nodes, err
}

// clusterWDL answers who wins p on the cluster.
func clusterWDL(c *cli.Context, conn *cluster.Conn, p *positions.Position) (score.Outcome, int64, error) {
	var o score.Outcome
	nodes, err := onCluster(c, p, func(ctx context.Context, opts cluster.Options) (st *cluster.Stats, err error) {
		o, st, err = cluster.WDL(ctx, conn, p, opts)
		return st, err
	})
	return o, nodes, err
}

// clusterAnalyze values every move of p on the cluster.
func clusterAnalyze(c *cli.Context, conn *cluster.Conn, p *positions.Position) ([]solver.MoveValue, score.Value, int64, error) {
	var moves []solver.MoveValue
	var v score.Value
	nodes, err := onCluster(c, p, func(ctx context.Context, opts cluster.Options) (st *cluster.Stats, err error) {
		moves, v, st, err = cluster.Analyze(ctx, conn, p, opts)
		return st, err
	})
	return moves, v, nodes, err
}

// natsConn connects to the cluster when the command has --nats, for the
// coordinator of its questions; nil without.
func natsConn(c *cli.Context) (*cluster.Conn, error) {
	if c.String("nats") == "" {
		return nil, nil
	}
	return connectCluster(c, "leapfrog coordinator")
}
