package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/positions"
)

func newCommand() *cli.Command {
	return &cli.Command{
		Name:      "new",
		Usage:     "print a start position",
		ArgsUsage: "froglet|hupfer",
		Description: `Froglet: a full board of frogs placed at random, with BrainKing's colour
counts scaled to the size (12x12: 66 green, 51 yellow, 21 red, 6 blue). The same
--seed gives the same board everywhere; without one a random seed is used and
printed on standard error (also for --random-plies, in both games): giving it
as --seed makes the same position again.

Hüpfer: Red's 2x2 block at a1, Turquoise's in the opposite corner, Red to move,
each supply floor((points-8)/2) unless --supply says otherwise.

   leapfrog new froglet --size 5x5 --seed 7
   leapfrog new hupfer --size 4 --supply 2
   leapfrog new froglet --seed 3 --random-plies 80      # a 12x12 endgame, 33 frogs
   leapfrog new froglet --size 5x5 --json               # {"position":...,"game":...,"seed":...}`,
		Flags: []cli.Flag{jsonFlag,
			&cli.StringFlag{Name: "size", Usage: "board size `WxH` (or N for NxN); default 12x12 Froglet, 6x6 Hüpfer"},
			&cli.Uint64Flag{Name: "seed", Usage: "random `SEED` for the Froglet frogs and --random-plies (the Hüpfer start itself is fixed)"},
			&cli.IntFlag{Name: "supply", Usage: "Hüpfer: `N` pieces in each supply", DefaultText: "fill the board"},
			&cli.IntFlag{Name: "random-plies", Usage: "then play `K` random legal moves (chosen by --seed): a random middle game or endgame"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return badInputf("new: name one game: froglet or hupfer")
			}
			game, err := positions.ParseGame(c.Args().First())
			if err != nil {
				return badInputf("new: %v", err)
			}
			size := c.String("size")
			if size == "" {
				size = map[positions.Game]string{positions.Froglet: "12x12", positions.Hupfer: "6x6"}[game]
			}
			w, h, err := parseSize(size)
			if err != nil {
				return badInputf("new: --size: %v", err)
			}
			if game == positions.Froglet && c.IsSet("supply") {
				return badInputf("new: --supply is for hupfer")
			}
			plies := c.Int("random-plies")
			if plies < 0 {
				return badInputf("new: --random-plies must be 0 or more")
			}
			// One seed places the frogs and picks the random plies, so that
			// the seed printed for a run without --seed reproduces it.
			seed := c.Uint64("seed")
			if !c.IsSet("seed") && (game == positions.Froglet || plies > 0) {
				seed = rand.Uint64() % 1_000_000
				fmt.Fprintf(c.App.ErrWriter, "seed %d\n", seed)
			}
			var p *positions.Position
			if game == positions.Froglet {
				p, err = positions.NewFroglet(w, h, seed)
			} else {
				p, err = positions.NewHupfer(w, h, supplyFlag(c, w, h))
			}
			if err != nil {
				return badInputf("new: %v", err)
			}
			if plies > 0 {
				p = positions.RandomPlies(p, plies, seed)
			}
			if c.Bool("json") {
				out := newJSON{Position: p.String(), Game: game.String()}
				if game == positions.Froglet || plies > 0 {
					out.Seed = &seed
				}
				return writeJSON(c.App.Writer, out)
			}
			fmt.Fprintln(c.App.Writer, p)
			return nil
		},
	}
}

// newJSON is new's --json object: the position, its game, and the seed
// that made it where one did (the Froglet frogs, the random plies).
type newJSON struct {
	Position string  `json:"position"`
	Game     string  `json:"game"`
	Seed     *uint64 `json:"seed,omitempty"`
}

// parseSize reads "WxH" or "N".
func parseSize(s string) (int, int, error) {
	parts := strings.Split(strings.ToLower(s), "x")
	if len(parts) > 2 {
		return 0, 0, fmt.Errorf("%q: want WxH, like 12x12, or N", s)
	}
	var n [2]int
	for i, part := range parts {
		v, err := strconv.Atoi(part)
		if err != nil || v < 1 || v > positions.MaxSide {
			return 0, 0, fmt.Errorf("%q: width and height must be whole numbers from 1 to %d", s, positions.MaxSide)
		}
		n[i] = v
	}
	if len(parts) == 1 {
		n[1] = n[0]
	}
	return n[0], n[1], nil
}

// seedRange refuses seeds first to first+n-1 that run past the largest
// seed: wrapped round to 0 they would be other openings than asked for.
func seedRange(first uint64, n int) error {
	if n > 0 && first > math.MaxUint64-uint64(n-1) {
		return fmt.Errorf("--seed %d: %d seeds from it run past %d; give a smaller --seed", first, n, uint64(math.MaxUint64))
	}
	return nil
}

// supplyFlag is the Hüpfer supply a command's --supply asks for on a board
// of w x h points: the board's default when the flag is not given. A
// negative value given is passed on for positions.NewHupfer to refuse,
// not taken for the default.
func supplyFlag(c *cli.Context, w, h int) int {
	if !c.IsSet("supply") {
		return positions.DefaultSupply(w, h)
	}
	return c.Int("supply")
}
