package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
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

// encodingFlag is the value of an encoding flag (-f, -t): a name that
// may not be empty. An empty name (-f "" or -t "") is a usage error, not the
// default encoding in disguise.
type encodingFlag struct{ p *string }

func (f encodingFlag) String() string {
	if f.p == nil {
		return ""
	}
	return *f.p
}

func (f encodingFlag) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return errEmptyEncoding
	}
	*f.p = s
	return nil
}

var errEmptyEncoding = errors.New("an empty encoding name (\"ucs list\" shows the names)")

// encodingVar defines encoding flags with the given names, all writing p,
// whose initial value is the default.
func encodingVar(fs *flag.FlagSet, p *string, def string, names ...string) {
	*p = def
	for _, n := range names {
		fs.Var(encodingFlag{p}, n, "")
	}
}

// usageError prints a usage problem in the standard form and returns the
// usage exit code.
func usageError(env *Env, cmd string, format string, a ...any) int {
	fmt.Fprintf(env.Stderr, "ucs %s: %s\nRun 'ucs %s --help' for usage.\n", cmd, cutMiddle(fmt.Sprintf(format, a...)), cmd)
	return ExitUsage
}

// Usage messages quote the flag values they refuse; cutMiddle keeps a
// message that quotes a huge one (a file pasted as an argument) to its
// start, which names the flag, and its end, which says what is wrong.
const (
	msgHead = 160
	msgTail = 120
)

// cutMiddle returns msg, or when it is longer than msgHead+msgTail+64
// bytes, its first msgHead and last msgTail bytes (on character
// boundaries) around a note of how many bytes were left out.
func cutMiddle(msg string) string {
	if len(msg) <= msgHead+msgTail+64 {
		return msg
	}
	head, tail := msgHead, len(msg)-msgTail
	for head > 0 && !utf8.RuneStart(msg[head]) {
		head--
	}
	for tail < len(msg) && !utf8.RuneStart(msg[tail]) {
		tail++
	}
	return fmt.Sprintf("%s[... %d bytes left out ...]%s", msg[:head], tail-head, msg[tail:])
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
