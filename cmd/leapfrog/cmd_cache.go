package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/enumerate"
	"github.com/leapfrog-solver/leapfrog/positions"
	"github.com/leapfrog-solver/leapfrog/tablebase"
)

// cacheFlags choose the persistent cache.
func cacheFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "cache", EnvVars: []string{"LEAPFROG_CACHE"}, Usage: "keep solved positions in `DIR`", DefaultText: "the user's cache directory + /leapfrog"},
		&cli.BoolFlag{Name: "no-cache", Usage: "neither read nor write the persistent cache"},
		&cli.BoolFlag{Name: "verbose", Usage: "more on standard error: what a search asked of its table, the cache database's warnings"},
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
				Name:   "stats",
				Usage:  "what the cache holds: positions per game, each tablebase, the size on disk",
				Flags:  append(cacheFlags(), jsonFlag),
				Action: cacheStats,
			},
			{
				Name:  "clear",
				Usage: "delete the cache, or its positions or tables (of one game)",
				Description: `With no flag, the whole cache goes (its directory, without opening the database:
this works on a damaged cache too); on a terminal it asks first, --yes does not.
--positions or --tables delete only the cached positions or only the tablebases,
--game only those of one game.

   leapfrog cache clear --yes
   leapfrog cache clear --game hupfer --tables`,
				Flags: append(cacheFlags(),
					&cli.StringFlag{Name: "game", Usage: "only `GAME` (froglet or hupfer): its positions and tables"},
					&cli.BoolFlag{Name: "positions", Usage: "only the cached positions"},
					&cli.BoolFlag{Name: "tables", Usage: "only the tablebases"},
					&cli.BoolFlag{Name: "yes", Aliases: []string{"y"}, Usage: "do not ask before deleting the whole cache"},
				),
				Action: cacheClear,
			},
		},
	}
}

// cacheStatsJSON is what cache stats reports.
type cacheStatsJSON struct {
	Dir       string            `json:"dir"`
	Bytes     int64             `json:"bytes"`
	Positions []cache.GameStats `json:"positions"`
	Tables    []tableStatsJSON  `json:"tables"`
}

type tableStatsJSON struct {
	Root      string `json:"root"`
	Game      string `json:"game"`
	Positions int    `json:"positions"`
	Done      bool   `json:"done"`
	Bytes     int64  `json:"bytes"`
}

func cacheStats(c *cli.Context) error {
	st, err := openCacheStrict(c)
	if err != nil {
		return err
	}
	defer closeCache(c, st)
	games, bytes, err := st.Stats()
	if err != nil {
		return badInputf("%v", err)
	}
	out := cacheStatsJSON{Dir: st.Dir(), Bytes: bytes, Positions: games, Tables: []tableStatsJSON{}}
	if out.Positions == nil {
		out.Positions = []cache.GameStats{}
	}
	tables, err := tablebase.Open(st)
	if err != nil {
		return badInputf("%v", err)
	}
	for _, m := range tables.List() {
		ts := tableStatsJSON{Root: m.Root, Game: m.Game, Done: m.Done}
		for _, t := range m.Tiers {
			ts.Positions += t.Positions
		}
		if root, err := positions.ParsePosition(m.Root); err == nil {
			ts.Bytes, _ = tablebase.Size(st, root)
		}
		out.Tables = append(out.Tables, ts)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, out)
	}
	w := c.App.Writer
	fmt.Fprintf(w, "%s: %s on disk\n", st.Dir(), enumerate.FormatBytes(bytes))
	if len(games) == 0 {
		fmt.Fprintln(w, "  no cached positions")
	}
	for _, g := range games {
		note := ""
		if !g.Current {
			note = " (older rules or format: never read; 'cache clear --positions' removes them)"
		}
		fmt.Fprintf(w, "  %-8s %s cached (format %d, rules %d), %s%s\n", g.Game, plural(int(g.Entries), "position"),
			g.Format, g.Rules, enumerate.FormatBytes(g.KeyBytes+g.ValueBytes), note)
	}
	if len(out.Tables) == 0 {
		fmt.Fprintln(w, "  no tablebase")
	}
	for _, t := range out.Tables {
		state := ""
		if !t.Done {
			state = ", unfinished"
		}
		fmt.Fprintf(w, "  table of %s: %s, %s%s\n", t.Root, plural(t.Positions, "position"), enumerate.FormatBytes(t.Bytes), state)
	}
	return nil
}

func cacheClear(c *cli.Context) error {
	var game positions.Game
	if g := c.String("game"); g != "" {
		var err error
		if game, err = positions.ParseGame(g); err != nil {
			return badInputf("cache clear: %v", err)
		}
	}
	onlyPositions, onlyTables := c.Bool("positions"), c.Bool("tables")
	if game == 0 && !onlyPositions && !onlyTables {
		return clearAll(c)
	}
	if !onlyPositions && !onlyTables {
		onlyPositions, onlyTables = true, true // --game alone: both
	}
	st, err := openCacheStrict(c)
	if err != nil {
		return err
	}
	defer closeCache(c, st)
	which := "every game"
	if game != 0 {
		which = game.String()
	}
	if onlyPositions {
		games, _, err := st.Stats()
		if err != nil {
			return badInputf("%v", err)
		}
		var n int64
		for _, g := range games {
			if game == 0 || g.Game == game.String() {
				n += g.Entries
			}
		}
		if err := st.ClearPositions(game); err != nil {
			return err
		}
		fmt.Fprintf(c.App.ErrWriter, "leapfrog: removed %s cached for %s\n", plural(int(n), "position"), which)
	}
	if onlyTables {
		tables, err := tablebase.Open(st)
		if err != nil {
			return badInputf("%v", err)
		}
		n := 0
		for _, m := range tables.List() {
			root, err := positions.ParsePosition(m.Root)
			if err != nil || (game != 0 && root.Game != game) {
				continue
			}
			if err := tablebase.Drop(st, root); err != nil {
				return err
			}
			n++
		}
		fmt.Fprintf(c.App.ErrWriter, "leapfrog: removed %s of %s\n", plural(n, "tablebase"), which)
	}
	return nil
}

// clearAll removes the whole cache directory, asking first on a terminal.
func clearAll(c *cli.Context) error {
	dir, err := cacheDir(c)
	if err != nil {
		return badInputf("%v", err)
	}
	if !c.Bool("yes") {
		if f, ok := c.App.Reader.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			fmt.Fprintf(c.App.ErrWriter, "Delete the whole cache in %s, every cached position and tablebase? [y/N] ", dir)
			answer, _ := bufio.NewReader(f).ReadString('\n')
			if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
				fmt.Fprintln(c.App.ErrWriter, "leapfrog: nothing deleted")
				return nil
			}
		}
	}
	n, err := cache.Remove(dir)
	if errors.Is(err, cache.ErrLocked) {
		return &exitError{exitLimit, fmt.Errorf("%v: nothing deleted", err)}
	}
	if err != nil {
		return badInputf("cache clear: %v", err)
	}
	if n == 0 {
		fmt.Fprintf(c.App.ErrWriter, "leapfrog: no cache in %s: nothing to delete\n", dir)
		return nil
	}
	fmt.Fprintf(c.App.ErrWriter, "leapfrog: removed the cache in %s (%s)\n", dir, plural(n, "file"))
	return nil
}
