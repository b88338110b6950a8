package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlagSet returns a flag set that reports errors through the returned
// usage error instead of printing and exiting.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseArgs parses flags anywhere among the arguments (GNU style: "ucs
// convert in.txt -t utf-16" works), stopping at "--". It returns the
// positional arguments. A lone "-" is a positional argument (stdin).
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		// fs.Parse stops at the first non-flag or after "--".
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// usageError prints a usage problem in the standard form and returns the
// usage exit code.
func usageError(env *Env, cmd string, format string, a ...any) int {
	fmt.Fprintf(env.Stderr, "ucs %s: %s\nRun 'ucs %s --help' for usage.\n", cmd, fmt.Sprintf(format, a...), cmd)
	return ExitUsage
}

// flagError turns a flag package error into a usage message.
func flagError(env *Env, cmd string, err error, usage string) int {
	if err == flag.ErrHelp {
		fmt.Fprint(env.Stdout, usage)
		return ExitOK
	}
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "flag provided but not defined: ")
	if msg != err.Error() {
		msg = "unknown flag " + msg
	}
	return usageError(env, cmd, "%s", msg)
}
