package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/urfave/cli/v2"
)

// cacheFlags choose the persistent cache.
func cacheFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "cache", EnvVars: []string{"LEAPFROG_CACHE"}, Usage: "keep solved positions in `DIR`", DefaultText: "the user's cache directory + /leapfrog"},
		&cli.BoolFlag{Name: "no-cache", Usage: "neither read nor write the persistent cache"},
		&cli.BoolFlag{Name: "verbose", Usage: "let the cache database log its warnings"},
	}
}

func cacheDir(c *cli.Context) (string, error) {
	if d := c.String("cache"); d != "" {
		return d, nil
	}
	return cache.DefaultDir()
}

// openCache opens the cache a search command asks for: nil with --no-cache,
// or with a warning when another process holds it (the search goes on in
// memory). Any other failure is bad input (exit 2) naming the directory.
func openCache(c *cli.Context) (*cache.Store, error) {
	if c.Bool("no-cache") {
		return nil, nil
	}
	dir, err := cacheDir(c)
	if err != nil {
		return nil, badInputf("%v", err)
	}
	st, err := cache.Open(dir, cache.Options{Verbose: c.Bool("verbose"), LockWait: 2 * time.Second})
	if errors.Is(err, cache.ErrLocked) || errors.Is(err, cache.ErrNoSpace) {
		warnf(c, "%v; going on without the persistent cache", err)
		return nil, nil
	}
	if err != nil {
		return nil, badInputf("%v", err)
	}
	return st, nil
}

// openCacheStrict opens the cache for a command whose whole job is the
// cache: a busy cache is a limit that ran out (exit 3), a damaged one bad
// input (exit 2), never a warning and exit 0.
func openCacheStrict(c *cli.Context) (*cache.Store, error) {
	if c.Bool("no-cache") {
		return nil, badInputf("%s: --no-cache leaves nothing to do", c.Command.FullName())
	}
	dir, err := cacheDir(c)
	if err != nil {
		return nil, badInputf("%v", err)
	}
	st, err := cache.Open(dir, cache.Options{Verbose: c.Bool("verbose"), LockWait: 2 * time.Second})
	if errors.Is(err, cache.ErrLocked) {
		return nil, &exitError{exitLimit, fmt.Errorf("%v (waited 2s for it): nothing done", err)}
	}
	if err != nil {
		return nil, badInputf("%v", err)
	}
	return st, nil
}

// warnf prints a warning on standard error.
func warnf(c *cli.Context, format string, args ...any) {
	fmt.Fprintf(c.App.ErrWriter, "leapfrog: warning: "+format+"\n", args...)
}

// closeCache flushes the cache, warning (not failing) when writes were lost.
func closeCache(c *cli.Context, st *cache.Store) {
	if st == nil {
		return
	}
	if err := st.Close(); err != nil {
		fmt.Fprintf(c.App.ErrWriter, "leapfrog: warning: the cache in %s did not take every result: %v\n", st.Dir(), err)
	}
}

func cacheCommand() *cli.Command {
	return &cli.Command{
		Name:  "cache",
		Usage: "show, locate or clear the persistent cache of solved positions",
		Description: `solve and analyze keep what they prove in a cache on disk, so that work done
once is never done again. It lives in the user's cache directory (see 'leapfrog
cache path'); --cache DIR or LEAPFROG_CACHE move it, --no-cache turns it off.`,
		Subcommands: []*cli.Command{
			{
				Name:  "path",
				Usage: "print the cache directory",
				Flags: cacheFlags(),
				Action: func(c *cli.Context) error {
					dir, err := cacheDir(c)
					if err != nil {
						return badInputf("%v", err)
					}
					fmt.Fprintln(c.App.Writer, dir)
					return nil
				},
			},
			{
				Name:  "stats",
				Usage: "entries per game and rules version, and size on disk",
				Flags: append(cacheFlags(), jsonFlag),
				Action: func(c *cli.Context) error {
					st, err := openCacheStrict(c)
					if err != nil {
						return err
					}
					defer closeCache(c, st)
					games, bytes, err := st.Stats()
					if err != nil {
						return err
					}
					if c.Bool("json") {
						return writeJSON(c.App.Writer, map[string]any{"dir": st.Dir(), "bytes": bytes, "games": games})
					}
					fmt.Fprintf(c.App.Writer, "%s: %d bytes of tables on disk\n", st.Dir(), bytes)
					var total int64
					for _, g := range games {
						note := ""
						if !g.Current {
							note = " (older rules or format: never read; 'cache clear' removes them)"
						}
						fmt.Fprintf(c.App.Writer, "  %-8s format %d rules %d: %d positions, %.1f key+value bytes each%s\n",
							g.Game, g.Format, g.Rules, g.Entries, float64(g.KeyBytes+g.ValueBytes)/float64(max(g.Entries, 1)), note)
						total += g.Entries
					}
					if total > 0 {
						fmt.Fprintf(c.App.Writer, "  %.1f bytes of tables per position\n", float64(bytes)/float64(total))
					}
					return nil
				},
			},
			{
				Name:  "clear",
				Usage: "delete every entry, or those of one game",
				Flags: append(cacheFlags(), &cli.StringFlag{Name: "game", Usage: "only `GAME` (froglet or hupfer)"}),
				Action: func(c *cli.Context) error {
					var game positions.Game
					if g := c.String("game"); g != "" {
						var err error
						if game, err = positions.ParseGame(g); err != nil {
							return badInputf("cache clear: %v", err)
						}
					}
					if game == 0 {
						dir, err := cacheDir(c)
						if err != nil {
							return badInputf("%v", err)
						}
						n, err := cache.Remove(dir)
						if errors.Is(err, cache.ErrLocked) {
							return &exitError{exitLimit, fmt.Errorf("%v: nothing deleted", err)}
						}
						if err != nil {
							return badInputf("cache clear: %v", err)
						}
						fmt.Fprintf(c.App.ErrWriter, "leapfrog: removed the cache in %s (%d files)\n", dir, n)
						return nil
					}
					st, err := openCacheStrict(c)
					if err != nil {
						return err
					}
					defer closeCache(c, st)
					return st.Clear(game)
				},
			},
		},
	}
}
