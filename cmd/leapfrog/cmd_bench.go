package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/solver"
)

func benchCommand() *cli.Command {
	return &cli.Command{
		Name:  "bench",
		Usage: "solve a fixed suite of positions and print the speed",
		Description: `Solves the fixed suite (Froglet 4x4 and 5x5 openings, the Hüpfer 4x4 and 5x5
starts with supplies 4-4), each with a cold table, and prints nodes, nodes per
second and time per position and in total. --full adds four more 5x5 openings.

--reference solves instead the five positions a plain reference solver was run
on (docs/PERFORMANCE.md, "Nodes against the reference solver") as solve does,
value and line (--value: the value alone, which is what the reference
answers), and prints beside each the reference's nodes and seconds; an
answer other than the reference's exits 1. Its seconds are from its own machine:
compare nodes here, and times only through scripts/reference.

   leapfrog bench --reference --threads 1`,
		Flags: []cli.Flag{jsonFlag,
			&cli.IntFlag{Name: "threads", Usage: "`N` search threads", DefaultText: "one per core"},
			&cli.IntFlag{Name: "hash", Usage: hashUsage, DefaultText: hashDefault},
			&cli.BoolFlag{Name: "full", Usage: "include the long cases"},
			&cli.BoolFlag{Name: "reference", Usage: "solve the reference solver's five positions instead, its figures beside ours"},
			&cli.BoolFlag{Name: "value", Usage: "find each value alone, as solve --value does (with --reference: what the reference answers)"},
		},
		Action: func(c *cli.Context) error {
			w := c.App.Writer
			opts := solver.Options{HashMB: c.Int("hash"), Threads: c.Int("threads")}
			var nodes int64
			var total time.Duration
			var differ []string // reference cases answered otherwise than the reference
			suite, ref := solver.BenchSuite(), c.Bool("reference")
			if ref {
				suite = referenceSuite()
			}
			if !c.Bool("json") {
				fmt.Fprintf(w, "%-22s %-12s %12s %9s %10s", "case", "answer", "nodes", "seconds", "Mnodes/s")
				if ref {
					fmt.Fprintf(w, " %12s %9s", "ref nodes", "ref s")
				}
				fmt.Fprintln(w)
			}
			for _, bc := range suite {
				if bc.Full && !c.Bool("full") {
					continue
				}
				if c.Bool("value") {
					bc.Line, bc.Exact = false, true
				}
				r, err := solver.RunBench(bc, opts)
				if err != nil {
					return err
				}
				nodes += r.Nodes
				total += r.Duration
				if ref && r.Answer != bc.Reference.Answer {
					differ = append(differ, fmt.Sprintf("%s: %s, the reference %s", bc.Name, r.Answer, bc.Reference.Answer))
				}
				rate := float64(r.Nodes) / r.Duration.Seconds() / 1e6
				if c.Bool("json") {
					var rr *referenceJSON
					if ref {
						rr = &referenceJSON{bc.Reference.Nodes, bc.Reference.Seconds}
					}
					if err := writeJSON(w, struct {
						Case      string         `json:"case"`
						Position  string         `json:"position"`
						Answer    string         `json:"answer"`
						Nodes     int64          `json:"nodes"`
						Seconds   float64        `json:"seconds"`
						MNPS      float64        `json:"mnps"`
						Reference *referenceJSON `json:"reference,omitempty"`
					}{bc.Name, bc.Position.String(), r.Answer, r.Nodes, r.Duration.Seconds(), rate, rr}); err != nil {
						return err
					}
					continue
				}
				fmt.Fprintf(w, "%-22s %-12s %12d %9.3f %10.2f", bc.Name, r.Answer, r.Nodes, r.Duration.Seconds(), rate)
				if ref {
					fmt.Fprintf(w, " %12d %9.1f", bc.Reference.Nodes, bc.Reference.Seconds)
				}
				fmt.Fprintln(w)
			}
			if !c.Bool("json") {
				fmt.Fprintf(w, "%-22s %-12s %12d %9.3f %10.2f\n", "total", "", nodes, total.Seconds(), float64(nodes)/total.Seconds()/1e6)
			}
			if len(differ) > 0 {
				return &exitError{exitClaimFailed, fmt.Errorf("bench: answers not the reference's: %s", strings.Join(differ, "; "))}
			}
			return nil
		},
	}
}

// referenceJSON is the reference solver's run in bench --reference --json.
type referenceJSON struct {
	Nodes   int64   `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

// referenceSuite is bench --reference's suite (a variable for the tests).
var referenceSuite = solver.ReferenceSuite
