package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/report"
	"github.com/ucskit/ucs/transcode"
	"golang.org/x/text/unicode/norm"
)

const validateUsage = `Usage: ucs validate [-f ENC] [--normalized FORM] [--json] [--max-errors N] [FILE...]

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

With --normalized FORM, text that is not in the Unicode normalization form
FORM (NFC, NFD, NFKC, NFKD; UAX #15) is reported too, one line per
offending segment, with its code points and their normalized form:

  FILE:LINE:COL: byte OFFSET: not NFC: U+0065 U+0301 (NFC: U+00E9)

(the byte offset is given for UTF-8 input; for other encodings the place
is the line and column).

Flags:
  -f, --from-code ENC   the encoding to check against (default utf-8)
  --normalized FORM     also check that the text is in FORM
  --json                one JSON object per file per line, written as the
                        errors are found (memory stays bounded however many):
                        {"file":..., "encoding":..., "errors":[
                         {"offset":N, "line":L, "column":C, "kind":"...", "bytes":"C0AE"}],
                         "valid":bool}
  --max-errors N        stop reading a file after N errors (default 100; 0: no limit)

Examples:
  ucs validate notes.txt
  ucs validate -f utf-16le --json export.csv
  find . -name '*.txt' -exec ucs validate {} +
  ucs validate --normalized NFC names.csv

Exit status: 0 every file valid, 1 some file invalid, 2 usage error,
3 input/output error.
`

func init() {
	register(&Command{Name: "validate", Summary: "check that files are valid text in an encoding", Usage: validateUsage, Run: runValidate})
}

// jsonError is one error of a file's JSON record.
type jsonError = report.ValidateError

var errTooMany = errors.New("too many errors")

func runValidate(env *Env, args []string) int {
	fs := newFlagSet("validate")
	var from string
	var asJSON bool
	var maxErrors int
	encodingVar(fs, &from, "utf-8", "f", "from-code", "encoding")
	fs.BoolVar(&asJSON, "json", false, "")
	fs.IntVar(&maxErrors, "max-errors", 100, "")
	var normalized string
	fs.StringVar(&normalized, "normalized", "", "")
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
	var form norm.Form
	if normalized != "" {
		var ok bool
		if form, ok = parseForm(normalized); !ok {
			return usageError(env, "validate", "--normalized: unknown form %q (want NFC, NFD, NFKC or NFKD)", normalized)
		}
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	if code := refuseInputIsOutput(env, "validate", files); code != ExitOK {
		return code
	}
	code := ExitOK
	// Reports go through a buffer: a file can have millions of them.
	out := bufio.NewWriterSize(env.Stdout, chunkSize)
	defer out.Flush()
	rec := report.NewValidateWriter(out)
	for _, name := range files {
		valid := true
		// count counts an error towards --max-errors.
		nerr := 0
		count := func() error {
			nerr++
			if maxErrors > 0 && nerr >= maxErrors {
				return errTooMany
			}
			return nil
		}
		if asJSON {
			file := displayName(name)
			if name != "-" {
				file = name
			}
			rec.Begin(file, cs.Name)
		}
		var in io.Reader = env.Stdin
		var f *os.File
		if name != "-" {
			f, err = os.Open(name)
			if err != nil {
				code = max(code, ExitIO)
				out.Flush()
				fmt.Fprintf(env.Stderr, "ucs validate: %v\n", err)
				if asJSON {
					rec.End(false, err.Error())
				}
				continue
			}
			in = f
		}
		d := transcode.Decoder{
			Name:    displayName(name),
			From:    cs.Codec,
			Invalid: encoding.Replace,
			// The values of UCS-4 and RFC 2279 beyond UTF-8 are valid
			// there; the normalization check reads strict UTF-8.
			Extended: normalized == "",
			Report: func(e *transcode.Error) error {
				valid = false
				if asJSON {
					off := e.Offset
					rec.Add(jsonError{Offset: &off, Line: e.Line, Column: e.Column, Kind: e.Kind.String(), Bytes: report.Hex(e.Bytes)})
				} else {
					fmt.Fprintln(out, e.Error())
				}
				return count()
			},
		}
		sink := func([]byte, transcode.Position) error { return nil }
		var nc *normChecker
		if normalized != "" {
			kind := "not-" + strings.ToLower(formName(form))
			nc = newNormChecker(form, func(p transcode.Position, off int64, seg, want string) error {
				valid = false
				if asJSON {
					je := jsonError{Line: p.Line, Column: p.Column, Kind: kind, Text: codePoints(seg), Want: codePoints(want)}
					if plainUTF8(cs.Codec) {
						je.Offset = &off
					}
					rec.Add(je)
					return count()
				}
				at := ""
				if plainUTF8(cs.Codec) {
					at = fmt.Sprintf(" byte %d:", off)
				}
				fmt.Fprintf(out, "%s:%d:%d:%s not %s: %s (%s: %s)\n", displayName(name), p.Line, p.Column, at, formName(form), codePoints(seg), formName(form), codePoints(want))
				return count()
			})
			sink = func(text []byte, _ transcode.Position) error { return nc.feed(text, false) }
		}
		_, err := d.Decode(in, sink)
		if err == nil && nc != nil {
			err = nc.feed(nil, true)
		}
		if f != nil {
			f.Close()
		}
		errText := ""
		if err != nil && err != errTooMany {
			code = max(code, ExitIO)
			out.Flush()
			fmt.Fprintf(env.Stderr, "ucs validate: %s: %v\n", displayName(name), err)
			errText = err.Error()
			valid = false
		}
		if !valid {
			code = max(code, ExitInvalid)
		}
		if asJSON {
			rec.End(valid, errText)
		} else if err == errTooMany {
			out.Flush()
			fmt.Fprintf(env.Stderr, "ucs validate: %s: stopped after %s errors (--max-errors)\n", displayName(name), strconv.Itoa(maxErrors))
		}
	}
	return code
}

func hexCompact(b []byte) string { return report.Hex(b) }
