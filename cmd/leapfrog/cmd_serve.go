package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/tablebase"
	"github.com/leapfrog-solver/leapfrog/web"
)

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "an analysis board in the browser, and a JSON API",
		Description: `Serves an analysis board at http://ADDRESS/ and a JSON API that answers as
--json does: /api/moves, /api/solve (wdl=1 for win/draw/loss only), /api/analyze,
/api/probe (the tablebases in the cache), /api/new (game, size, seed or supply)
and /api/picture.svg (position, move), each with ?position=... in the notation.
Errors are JSON too: {"error": "..."} with a 4xx or 5xx status. Every search has
--timeout and its own table; --searches of them run at once. It listens on
127.0.0.1 unless told otherwise, and stops on Ctrl-C.

   leapfrog serve                      # then open http://127.0.0.1:8080/
   curl 'http://127.0.0.1:8080/api/analyze?position=froglet%20rbg./..ry/bgyg%20w%200-0'`,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "listen", Value: "127.0.0.1:8080", Usage: "listen on `ADDRESS` (host:port; port 0 picks a free one)"},
			&cli.DurationFlag{Name: "timeout", Value: 10 * time.Second, Usage: "stop each search after `DURATION` (the answer is then a 503 error)"},
			&cli.IntFlag{Name: "searches", Usage: "`N` searches that run at once; others wait their turn within --timeout", DefaultText: "one per core"},
			&cli.IntFlag{Name: "hash", Value: 16, Usage: "each search's table in `MB`"},
		}, cacheFlags()...),
		Action: serve,
	}
}

// serve runs leapfrog serve until Ctrl-C.
func serve(c *cli.Context) error {
	if c.Duration("timeout") <= 0 || c.Int("searches") < 0 || c.Int("searches") > maxThreads || c.Int("hash") < 1 || c.Int("hash") > 4096 {
		return badInputf("serve: --timeout must be positive, --searches 0 to %d, --hash 1 to 4096", maxThreads)
	}
	st, err := openCache(c)
	if err != nil {
		return err
	}
	defer closeCache(c, st)
	cfg := web.Config{Timeout: c.Duration("timeout"), Searches: c.Int("searches"), HashMB: c.Int("hash")}
	if st != nil {
		cfg.Persistent = st
		if tables, err := tablebase.Open(st); err == nil && len(tables.List()) > 0 {
			cfg.Persistent = tablebase.Layered{Tables: tables, Next: st}
			cfg.Probe, cfg.BestMove = tables.Probe, tables.BestMove
		}
	}
	ln, err := net.Listen("tcp", c.String("listen"))
	if err != nil {
		return badInputf("serve: %v", err)
	}
	srv := &http.Server{Handler: web.Handler(cfg), ReadHeaderTimeout: 5 * time.Second, MaxHeaderBytes: 16 << 10}
	fmt.Fprintf(c.App.ErrWriter, "leapfrog: serving the board at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	ctx, cancel := interruptible()
	defer cancel()
	go func() {
		<-ctx.Done()
		shut, done := context.WithTimeout(context.Background(), 2*time.Second)
		defer done()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}
