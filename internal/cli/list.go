package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ucskit/ucs/charset"
)

const listUsage = `Usage: ucs list [--json]

List every encoding ucs knows, with its aliases. Names and aliases are
matched case-insensitively by every command's -f and -t.

Flags:
  --json   one JSON object per encoding per line: {"name":..., "aliases":[...],
           "mib":N, "code_pages":[...], "family":..., "can_encode":bool,
           "ascii_compatible":bool, "edition":..., "summary":...}

Examples:
  ucs list
  ucs list --json | grep -i shift

Exit status: 0 listed, 2 usage error.
`

func init() {
	register(&Command{Name: "list", Summary: "list the encodings and their aliases", Usage: listUsage, Run: runList})
}

type jsonCharset struct {
	Name            string   `json:"name"`
	Aliases         []string `json:"aliases"`
	MIB             int      `json:"mib,omitempty"`
	CodePages       []int    `json:"code_pages,omitempty"`
	Family          string   `json:"family"`
	CanEncode       bool     `json:"can_encode"`
	ASCIICompatible bool     `json:"ascii_compatible"`
	Edition         string   `json:"edition,omitempty"`
	Summary         string   `json:"summary,omitempty"`
}

func runList(env *Env, args []string) int {
	fs := newFlagSet("list")
	var asJSON bool
	fs.BoolVar(&asJSON, "json", false, "")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, "list", err, listUsage)
	}
	if len(rest) > 0 {
		return usageError(env, "list", "unexpected argument %q", rest[0])
	}
	enc := json.NewEncoder(env.Stdout)
	enc.SetEscapeHTML(false)
	family := ""
	for _, c := range charset.List() {
		if asJSON {
			aliases := c.Aliases()
			if aliases == nil {
				aliases = []string{}
			}
			enc.Encode(jsonCharset{c.Name, aliases, c.MIB, c.CodePages(), c.Family, c.CanEncode(), c.ASCIICompatible, c.Edition, c.Summary})
			continue
		}
		if c.Family != family {
			if family != "" {
				fmt.Fprintln(env.Stdout)
			}
			family = c.Family
			fmt.Fprintf(env.Stdout, "%s:\n", family)
		}
		line := "  " + c.Name
		if !c.CanEncode() {
			line += " (decode only)"
		}
		names := c.Aliases()
		for _, cp := range c.CodePages() {
			names = append(names, fmt.Sprintf("cp%d", cp))
		}
		if len(names) > 0 {
			line += ": " + strings.Join(names, ", ")
		}
		fmt.Fprintln(env.Stdout, line)
	}
	return ExitOK
}
