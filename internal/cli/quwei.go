package cli

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
)

func init() {
	register(&Command{
		Name:    "quwei",
		Summary: "convert between characters and GB 2312 row/cell codes (区位码)",
		Usage: `Usage: ucs quwei ARG...

Each ARG is either a four-digit 区位码 (row 01–94, then cell 01–94), printed
with its character, or text, whose characters are printed with their codes.
Each line shows: quwei code, character, code point, EUC-CN (GB2312) bytes.

Examples:
  ucs quwei 啊        1601	啊	U+554A	B0 A1
  ucs quwei 1601      1601	啊	U+554A	B0 A1
  ucs quwei 汉字      2626	汉	U+6C49	BA BA
                      5554	字	U+5B57	D7 D6

Exit status: 0 when every argument converts, 1 when a code is empty or a
character is not in GB 2312, 2 on a usage error.
`,
		Run: runQuwei,
	})
}

func runQuwei(env *Env, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, "ucs quwei: give a 区位码 (like 1601) or characters (like 啊)\n")
		return ExitUsage
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprint(env.Stdout, commands["quwei"].Usage)
		return ExitOK
	}
	code := ExitOK
	for i, arg := range args {
		if isQuweiCode(arg) {
			row, cell, err := simplifiedchinese.ParseQuwei(arg)
			if err != nil {
				fmt.Fprintf(env.Stderr, "ucs quwei: argument %d: %v\n", i+1, err)
				code = ExitInvalid
				continue
			}
			r, _ := simplifiedchinese.QuweiToRune(row, cell)
			printQuwei(env, row, cell, r)
			continue
		}
		if !utf8.ValidString(arg) {
			fmt.Fprintf(env.Stderr, "ucs quwei: argument %d is not valid UTF-8\n", i+1)
			code = ExitInvalid
			continue
		}
		col := 0
		for _, r := range arg {
			col++
			row, cell, ok := simplifiedchinese.RuneToQuwei(r)
			if !ok {
				fmt.Fprintf(env.Stderr, "ucs quwei: argument %d, character %d: %s %q is not in GB 2312\n", i+1, col, encoding.FormatRune(r), r)
				code = ExitInvalid
				continue
			}
			printQuwei(env, row, cell, r)
		}
	}
	return code
}

// isQuweiCode reports whether s looks like a 区位码: four ASCII digits.
func isQuweiCode(s string) bool {
	return len(s) == 4 && strings.Trim(s, "0123456789") == ""
}

func printQuwei(env *Env, row, cell int, r rune) {
	b := simplifiedchinese.QuweiToEUCCN(row, cell)
	fmt.Fprintf(env.Stdout, "%s\t%c\t%s\t%s\n", simplifiedchinese.FormatQuwei(row, cell), r, encoding.FormatRune(r), encoding.HexBytes(b[:]))
}
