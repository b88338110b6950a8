// Package cli implements the ucs command's subcommands. Every subcommand
// runs against an Env, so tests drive it without executing a process.
package cli

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	names "github.com/ucskit/ucs/internal/suggest"
	"golang.org/x/term"
)

// Exit codes of the ucs command. Scripts rely on them; never change them.
const (
	ExitOK      = 0 // success: every input valid, every conversion done
	ExitInvalid = 1 // invalid data (malformed input, unencodable characters)
	ExitUsage   = 2 // usage error: unknown command, flag or encoding
	ExitIO      = 3 // input/output error: unreadable file, failed write
	ExitUnsure  = 4 // detection was not confident enough
)

// Env is the world a subcommand sees: its streams, environment and file
// system entry points. Tests build one with in-memory streams.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Getenv returns an environment variable ("" when unset).
	Getenv func(string) string
	// IsTerminal reports whether the given stream is an interactive terminal.
	IsTerminal func(f any) bool
	// TextError, when set, is called with the error in the text that a
	// command stops at (a *transcode.Error: malformed input, or for
	// convert an unencodable character), before its message is printed;
	// programs that run a command in process read its place from there.
	TextError func(err error)
}

// OSEnv returns the Env of the running process.
func OSEnv() *Env {
	return &Env{
		Stdin:  os.Stdin,
		Stdout: os.Stdout,
		Stderr: os.Stderr,
		Getenv: os.Getenv,
		IsTerminal: func(f any) bool {
			if file, ok := f.(*os.File); ok {
				return term.IsTerminal(int(file.Fd()))
			}
			return false
		},
	}
}

func (e *Env) getenv(k string) string {
	if e.Getenv == nil {
		return ""
	}
	return e.Getenv(k)
}

func (e *Env) isTerminal(f any) bool {
	return e.IsTerminal != nil && e.IsTerminal(f)
}

// Command is one subcommand of ucs.
type Command struct {
	Name    string
	Summary string // one line, for `ucs help`
	// Usage is the full help text: synopsis, flags, examples.
	Usage string
	// Run runs the command with the arguments after its name and returns
	// the exit code.
	Run func(env *Env, args []string) int
}

var commands = map[string]*Command{}

// register adds a subcommand; each command's file calls it from init.
func register(c *Command) {
	if _, dup := commands[c.Name]; dup {
		panic("cli: duplicate command " + c.Name)
	}
	commands[c.Name] = c
}

// Commands returns the subcommands sorted by name.
func Commands() []*Command {
	list := make([]*Command, 0, len(commands))
	for _, c := range commands {
		list = append(list, c)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	return list
}

// Main runs the ucs command line args (without the program name) and
// returns the exit code.
func Main(env *Env, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, overview())
		return ExitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help", "-help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				fmt.Fprint(env.Stdout, c.Usage)
				return ExitOK
			}
			fmt.Fprintf(env.Stderr, "ucs: no command %s\n", cutMiddle(strconv.Quote(args[1])))
			return ExitUsage
		}
		fmt.Fprint(env.Stdout, overview())
		return ExitOK
	case "version", "--version":
		fmt.Fprintln(env.Stdout, "ucs", Version)
		return ExitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(env.Stderr, "ucs: unknown command %s%s\nRun 'ucs help' for the list of commands.\n", cutMiddle(strconv.Quote(name)), suggest(name, commandNames()))
		return ExitUsage
	}
	return c.Run(env, args[1:])
}

// Version is the version of the ucs command.
var Version = "0.1.0-dev"

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func overview() string {
	var b strings.Builder
	b.WriteString("ucs: text encodings, strict and fast.\n\nUsage: ucs COMMAND [ARGS...]\n\nCommands:\n")
	for _, c := range Commands() {
		fmt.Fprintf(&b, "  %-10s %s\n", c.Name, c.Summary)
	}
	b.WriteString("\nRun 'ucs help COMMAND' or 'ucs COMMAND --help' for a command's flags and examples.\n")
	b.WriteString("Exit codes: 0 ok, 1 invalid data, 2 usage error, 3 I/O error, 4 unsure detection.\n")
	return b.String()
}

// suggest returns ` (did you mean "x"?)` for the closest candidate, or "".
func suggest(s string, candidates []string) string {
	if best := names.Closest(s, candidates, 1); len(best) > 0 {
		return fmt.Sprintf(" (did you mean %q?)", best[0])
	}
	return ""
}
