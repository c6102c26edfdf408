package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/leapfrog-solver/leapfrog/cache"
	"github.com/leapfrog-solver/leapfrog/positions"
)

// version is the module version and revision this binary was built
// from, with the versions of the rules and of the cache's format: a
// cached answer is only read by a build with the same ones.
func version() string {
	v, rev := "(devel)", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = " " + s.Value[:12]
			}
		}
	}
	return fmt.Sprintf("%s%s (rules: froglet %d, hupfer %d; cache format %d)", v, rev,
		cache.RulesVersion[positions.Froglet], cache.RulesVersion[positions.Hupfer], cache.StoreFormat)
}

// commandNotFound refuses an unknown command, suggesting the nearest one
// when one is near: within two edits, or starting with what was typed.
// (urfave/cli's own suggestion always names something, "help" included,
// which this app does not have as a command.)
func commandNotFound(c *cli.Context, name string) error {
	commands, parent := c.App.Commands, "leapfrog"
	if c.Command != nil && len(c.Command.Subcommands) > 0 {
		commands = c.Command.Subcommands
		if c.Command.Name != c.App.Name {
			parent += " " + c.Command.Name
		}
	}
	msg := fmt.Sprintf("no command %q (%s --help lists them)", name, parent)
	typed, best, bestDist := strings.ToLower(name), "", 3
	for _, cmd := range commands {
		if cmd.Hidden || cmd.Name == "help" {
			continue
		}
		d := editDistance(typed, cmd.Name)
		if typed != "" && strings.HasPrefix(cmd.Name, typed) {
			d = min(d, 1)
		}
		if d < bestDist {
			best, bestDist = cmd.Name, d
		}
	}
	if best != "" {
		msg += fmt.Sprintf(". Did you mean %q?", best)
	}
	return badInputf("%s", msg)
}

// Completion scripts: each asks leapfrog for the words that may follow
// (urfave/cli's --generate-bash-completion).
const bashCompletion = `# leapfrog completion for bash: source <(leapfrog completion bash)
_leapfrog_complete() {
  local cur words
  cur="${COMP_WORDS[COMP_CWORD]}"
  words=("${COMP_WORDS[@]:0:$COMP_CWORD}")
  local opts
  if [[ "$cur" == -* ]]; then
    opts=$("${words[@]}" "$cur" --generate-bash-completion 2>/dev/null)
  else
    opts=$("${words[@]}" --generate-bash-completion 2>/dev/null)
  fi
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
}
complete -o bashdefault -o default -F _leapfrog_complete leapfrog
`

const zshCompletion = `#compdef leapfrog
# leapfrog completion for zsh: source <(leapfrog completion zsh)
_leapfrog() {
  local -a opts
  local cur=${words[-1]}
  if [[ "$cur" == -* ]]; then
    opts=("${(@f)$(${words[@]:0:#words[@]-1} ${cur} --generate-bash-completion 2>/dev/null)}")
  else
    opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion 2>/dev/null)}")
  fi
  if [[ "${opts[1]}" != "" ]]; then
    _describe 'values' opts
  else
    _files
  fi
}
compdef _leapfrog leapfrog
`

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish)",
		ArgsUsage: "SHELL",
		Description: `   source <(leapfrog completion bash)      # in ~/.bashrc
   source <(leapfrog completion zsh)       # in ~/.zshrc
   leapfrog completion fish > ~/.config/fish/completions/leapfrog.fish`,
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return badInputf("completion: give one shell, bash, zsh or fish")
			}
			switch strings.ToLower(c.Args().First()) {
			case "bash":
				fmt.Fprint(c.App.Writer, bashCompletion)
			case "zsh":
				fmt.Fprint(c.App.Writer, zshCompletion)
			case "fish":
				s, err := c.App.ToFishCompletion()
				if err != nil {
					return err
				}
				fmt.Fprint(c.App.Writer, s)
			default:
				return badInputf("completion: give bash, zsh or fish")
			}
			return nil
		},
	}
}

func manCommand() *cli.Command {
	return &cli.Command{
		Name:        "man",
		Usage:       "print the manual page, made from the help (troff)",
		Description: `   leapfrog man > leapfrog.1     # then: man ./leapfrog.1`,
		Action: func(c *cli.Context) error {
			s, err := c.App.ToManWithSection(1)
			if err != nil {
				return err
			}
			fmt.Fprint(c.App.Writer, s)
			return nil
		},
	}
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
