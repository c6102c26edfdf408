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

// commandNotFound refuses an unknown command, suggesting the nearest one.
func commandNotFound(c *cli.Context, name string) error {
	msg := fmt.Sprintf("no command %q (leapfrog --help lists them)", name)
	if s := cli.SuggestCommand(c.App.Commands, name); s != "" {
		msg += ". " + s
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
