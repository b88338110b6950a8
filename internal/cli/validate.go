package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
)

const validateUsage = `Usage: ucs validate [-f ENC] [--json] [--max-errors N] [FILE...]

Check that each FILE (standard input when there is none, or for "-") is
valid text in ENC (default utf-8: RFC 3629, strict). Prints one line per
error:

  FILE:LINE:COL: byte OFFSET: KIND (bytes C0 AE)

LINE and COL are 1-based (COL counts characters, a bad sequence counting
as one); OFFSET is the 0-based byte offset in the file. KIND names what is
wrong: unexpected-continuation, overlong, surrogate, out-of-range,
obsolete-5-byte-lead, obsolete-6-byte-lead, invalid-byte, bad-continuation,
truncated, and for other encodings unpaired-surrogate, invalid-sequence,
invalid-escape.

Flags:
  -f, --from-code ENC   the encoding to check against (default utf-8)
  --json                one JSON object per file per line:
                        {"file":..., "encoding":..., "valid":bool, "errors":[
                         {"offset":N, "line":L, "column":C, "kind":"...", "bytes":"C0AE"}]}
  --max-errors N        stop reading a file after N errors (default 100; 0: no limit)

Examples:
  ucs validate notes.txt
  ucs validate -f utf-16le --json export.csv
  find . -name '*.txt' -exec ucs validate {} +

Exit status: 0 every file valid, 1 some file invalid, 2 usage error,
3 input/output error.
`

func init() {
	register(&Command{Name: "validate", Summary: "check that files are valid text in an encoding", Usage: validateUsage, Run: runValidate})
}

type jsonError struct {
	Offset int64  `json:"offset"`
	Line   int64  `json:"line"`
	Column int64  `json:"column"`
	Kind   string `json:"kind"`
	Bytes  string `json:"bytes"`
}

type jsonValidate struct {
	File     string      `json:"file"`
	Encoding string      `json:"encoding"`
	Valid    bool        `json:"valid"`
	Errors   []jsonError `json:"errors"`
	Error    string      `json:"error,omitempty"`
}

var errTooMany = errors.New("too many errors")

func runValidate(env *Env, args []string) int {
	fs := newFlagSet("validate")
	var from string
	var asJSON bool
	var maxErrors int
	fs.StringVar(&from, "f", "utf-8", "")
	fs.StringVar(&from, "from-code", "utf-8", "")
	fs.StringVar(&from, "encoding", "utf-8", "")
	fs.BoolVar(&asJSON, "json", false, "")
	fs.IntVar(&maxErrors, "max-errors", 100, "")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, "validate", err, validateUsage)
	}
	if maxErrors < 0 {
		return usageError(env, "validate", "--max-errors must be 0 or more")
	}
	cs, err := charset.Lookup(from)
	if err != nil {
		return usageError(env, "validate", "-f: %v", err)
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	code := ExitOK
	enc := json.NewEncoder(env.Stdout)
	enc.SetEscapeHTML(false)
	for _, name := range files {
		res := jsonValidate{File: displayName(name), Encoding: cs.Name, Valid: true, Errors: []jsonError{}}
		if name != "-" && asJSON {
			res.File = name
		}
		var in io.Reader = env.Stdin
		var f *os.File
		if name != "-" {
			f, err = os.Open(name)
			if err != nil {
				code = max(code, ExitIO)
				fmt.Fprintf(env.Stderr, "ucs validate: %v\n", err)
				if asJSON {
					res.Valid = false
					res.Error = err.Error()
					enc.Encode(res)
				}
				continue
			}
			in = f
		}
		d := decoder{
			name:  displayName(name),
			codec: cs.Codec.WithPolicy(encoding.Replace),
			sink:  func(*chunk) error { return nil },
			report: func(dg diag) error {
				res.Valid = false
				if asJSON {
					res.Errors = append(res.Errors, jsonError{dg.Offset, dg.Line, dg.Col, dg.Kind.String(), hexCompact(dg.Bytes)})
				} else {
					fmt.Fprintln(env.Stdout, dg.String())
				}
				if maxErrors > 0 && len(res.Errors) >= maxErrors && asJSON {
					return errTooMany
				}
				return nil
			},
		}
		if !asJSON && maxErrors > 0 {
			n := 0
			report := d.report
			d.report = func(dg diag) error {
				report(dg)
				n++
				if n >= maxErrors {
					return errTooMany
				}
				return nil
			}
		}
		err := d.run(in)
		if f != nil {
			f.Close()
		}
		if err != nil && err != errTooMany {
			code = max(code, ExitIO)
			fmt.Fprintf(env.Stderr, "ucs validate: %s: %v\n", displayName(name), err)
			res.Error = err.Error()
			res.Valid = false
		}
		if !res.Valid {
			code = max(code, ExitInvalid)
		}
		if asJSON {
			enc.Encode(res)
		} else if err == errTooMany {
			fmt.Fprintf(env.Stderr, "ucs validate: %s: stopped after %s errors (--max-errors)\n", displayName(name), strconv.Itoa(maxErrors))
		}
	}
	return code
}

func hexCompact(b []byte) string {
	const digits = "0123456789ABCDEF"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}
