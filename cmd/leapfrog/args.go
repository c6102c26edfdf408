package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// interspersed moves a command's flags ahead of its positional arguments, so
// that `leapfrog moves POS --json` means what `leapfrog moves --json POS`
// does (urfave/cli v2 stops reading flags at the first positional argument).
// A non-boolean flag given without '=' takes the next word as its value.
// Everything after "--" stays as it is.
func interspersed(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	// Find the command: the first word that is not a global flag.
	i := 1
	for i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "-" {
		i++
	}
	if i >= len(args) {
		return args
	}
	if args[i] == "help" {
		// "leapfrog help puzzle make" is "leapfrog puzzle make --help".
		out := append([]string{}, args[:i]...)
		for _, a := range args[i+1:] {
			if !strings.HasPrefix(a, "-") {
				out = append(out, a)
			}
		}
		return append(out, "--help")
	}
	cmd := app.Command(args[i])
	if cmd == nil {
		return args
	}
	if len(cmd.Subcommands) > 0 && i+1 < len(args) {
		if sub := cmd.Command(args[i+1]); sub != nil {
			cmd = sub
			i++
		}
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, name := range f.Names() {
			takesValue[name] = !isBool
		}
	}
	var flags, rest []string
	j := i + 1
	for ; j < len(args); j++ {
		a := args[j]
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if takesValue[name] && j+1 < len(args) {
			j++
			flags = append(flags, args[j])
		}
	}
	out := append([]string{}, args[:i+1]...)
	for _, f := range flags {
		if isHelpFlag(f) {
			// urfave/cli takes a positional argument beside --help for
			// the name of a subcommand to explain ("no command POS"):
			// the command's own help needs none.
			return append(out, "--help")
		}
	}
	out = append(out, flags...)
	out = append(out, rest...)
	return append(out, args[j:]...)
}

// isHelpFlag reports whether the command-line word a asks for help.
func isHelpFlag(a string) bool {
	switch strings.TrimLeft(a, "-") {
	case "h", "help", "h=true", "help=true":
		return true
	}
	return false
}
