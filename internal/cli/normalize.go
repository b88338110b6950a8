package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/transcode"
	"golang.org/x/text/unicode/norm"
)

const normalizeUsage = `Usage: ucs normalize [--form FORM] [-f ENC] [FILE...]

Write the FILEs (standard input when there is none, or for "-") in a
Unicode normalization form (UAX #15), as UTF-8 on standard output. It
streams: memory stays bounded whatever the size. Standard output
appended to an input (ucs normalize F >> F) is refused, as cat refuses
it: exit status 3, F untouched.

  NFC    canonical composition (default): é is U+00E9
  NFD    canonical decomposition: é is U+0065 U+0301
  NFKC   compatibility composition: also ﬁ is "fi", ² is "2"
  NFKD   compatibility decomposition

Flags:
  --form FORM           NFC (default), NFD, NFKC or NFKD
  -f, --from-code ENC   encoding of the input (default utf-8); malformed
                        input stops with its place, as ucs convert does

Examples:
  ucs normalize --form NFC notes.txt > notes.nfc.txt
  ucs normalize --form NFKC < form-input.txt
  ucs validate --normalized NFC notes.nfc.txt

Exit status: 0 written, 1 invalid input, 2 usage error, 3 input/output
error.

A run of more than 30 combining marks gets U+034F COMBINING GRAPHEME
JOINER inserted, as the Stream-Safe Text Format of UAX #15 §13 asks.
`

func init() {
	register(&Command{Name: "normalize", Summary: "write text in a Unicode normalization form (NFC, NFD, NFKC, NFKD)", Usage: normalizeUsage, Run: runNormalize})
}

// parseForm reads a normalization form name.
func parseForm(s string) (norm.Form, bool) {
	switch strings.ToUpper(s) {
	case "NFC":
		return norm.NFC, true
	case "NFD":
		return norm.NFD, true
	case "NFKC":
		return norm.NFKC, true
	case "NFKD":
		return norm.NFKD, true
	}
	return 0, false
}

func formName(f norm.Form) string {
	return [...]string{"NFC", "NFD", "NFKC", "NFKD"}[f]
}

func runNormalize(env *Env, args []string) int {
	fs := newFlagSet("normalize")
	var formText, from string
	fs.StringVar(&formText, "form", "NFC", "")
	encodingVar(fs, &from, "utf-8", "f", "from-code")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, "normalize", err, normalizeUsage)
	}
	form, ok := parseForm(formText)
	if !ok {
		return usageError(env, "normalize", "--form: unknown form %q (want NFC, NFD, NFKC or NFKD)", formText)
	}
	cs, err := charset.Lookup(from)
	if err != nil {
		return usageError(env, "normalize", "-f: %v", err)
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	if code := refuseInputIsOutput(env, "normalize", files); code != ExitOK {
		return code
	}
	bw := bufio.NewWriterSize(env.Stdout, chunkSize)
	nw := form.Writer(bw)
	code := ExitOK
	for _, name := range files {
		var in io.Reader = env.Stdin
		if name != "-" {
			f, err := os.Open(name)
			if err != nil {
				fmt.Fprintf(env.Stderr, "ucs normalize: %v\n", err)
				code = ExitIO
				break
			}
			defer f.Close()
			in = f
		}
		d := transcode.Decoder{
			Name:    displayName(name),
			From:    cs.Codec,
			Invalid: cs.Codec.Options().Invalid,
			Escape:  cs.Codec.Options().Escape,
		}
		_, err := d.Decode(in, func(text []byte, _ transcode.Position) error {
			if _, err := nw.Write(text); err != nil {
				return &ioError{err}
			}
			return nil
		})
		if err != nil {
			code = reportRunError(env, "normalize", cs.Name, err)
			break
		}
	}
	if err := nw.Close(); err != nil && code == ExitOK {
		code = reportRunError(env, "normalize", cs.Name, &ioError{err})
	}
	if err := bw.Flush(); err != nil && code == ExitOK {
		code = reportRunError(env, "normalize", cs.Name, &ioError{err})
	}
	return code
}

// reportRunError prints an error from a decoder run and returns its exit
// code: 1 for malformed input, 3 for input/output errors.
func reportRunError(env *Env, cmd, enc string, err error) int {
	var f *transcode.Error
	var ioe *ioError
	switch {
	case errors.As(err, &f):
		if env.TextError != nil {
			env.TextError(f)
		}
		fmt.Fprintln(env.Stderr, f.Error())
		fmt.Fprintf(env.Stderr, "ucs %s: stopped: the input is not valid %s (%s)\n", cmd, enc, f.Kind.Describe())
		return ExitInvalid
	case errors.As(err, &ioe):
		fmt.Fprintf(env.Stderr, "ucs %s: writing standard output: %v\n", cmd, ioe.err)
		return ExitIO
	}
	fmt.Fprintf(env.Stderr, "ucs %s: %v\n", cmd, err)
	return ExitIO
}

// normChecker finds the text that is not in a normalization form, in a
// stream of UTF-8 chunks. It keeps back the text after the last
// normalization boundary of what it has seen, since what follows may
// still combine with it.
type normChecker struct {
	form    norm.Form
	pending []byte
	at      transcode.Position // of pending[0]
	off     int64              // offset of pending[0] in the decoded text
	// report receives each offending segment: its place, its offset in the
	// decoded text, the segment and its normalized form.
	report func(p transcode.Position, off int64, seg, want string) error
}

func newNormChecker(form norm.Form, report func(transcode.Position, int64, string, string) error) *normChecker {
	return &normChecker{form: form, at: transcode.Position{Line: 1, Column: 1}, report: report}
}

// feed checks text; atEOF says it is the last. It walks the text segment
// by segment (from one normalization boundary to the next, as
// norm.Form.NextBoundary finds them) and keeps back a segment that more
// text could still extend.
func (n *normChecker) feed(text []byte, atEOF bool) error {
	n.pending = append(n.pending, text...)
	i := 0
	// cur is the place of pending[curI], moved forward as reports need it,
	// so that many reports in one chunk cost no more than one pass.
	cur, curI := n.at, 0
	for i < len(n.pending) {
		// ASCII is normal in every form, and a normalization boundary
		// falls before each ASCII character: skip a run of it, all but
		// its last character, which a combining mark may follow.
		if p := n.pending; i+1 < len(p) && p[i] < utf8.RuneSelf && p[i+1] < utf8.RuneSelf {
			i++
			for i+1 < len(p) && p[i+1] < utf8.RuneSelf {
				i++
			}
			continue
		}
		k := n.form.NextBoundary(n.pending[i:], atEOF)
		if k < 0 {
			if len(n.pending)-i <= 1<<20 {
				break // wait for more text
			}
			k = len(n.pending) - i // one endless segment: check it as it is
		}
		if k == 0 {
			_, k = utf8.DecodeRune(n.pending[i:])
		}
		if i+k == len(n.pending) && !atEOF && k <= 1<<20 {
			break // the next text may still extend this segment
		}
		seg := n.pending[i : i+k]
		if !n.form.IsNormal(seg) {
			if s, want := string(seg), n.form.String(string(seg)); want != s {
				cur.Advance(n.pending[curI:i])
				curI = i
				if err := n.report(cur, n.off+int64(i), s, want); err != nil {
					return err
				}
			}
		}
		i += k
	}
	cur.Advance(n.pending[curI:i])
	n.at = cur
	n.off += int64(i)
	n.pending = append(n.pending[:0], n.pending[i:]...)
	return nil
}

// codePoints lists the code points of s: "U+0065 U+0301".
func codePoints(s string) string {
	var b strings.Builder
	for i, r := range []rune(s) {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "U+%04X", r)
	}
	return b.String()
}
