package ucsbeam

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/ucskit/ucs/internal/cli"
)

// ValidateResult is what `ucs validate --json` prints for one file, with
// the same fields in the same order; JSON gives the same line.
type ValidateResult struct {
	File     string          `json:"file"`
	Encoding string          `json:"encoding"`
	Errors   []ValidateError `json:"errors"`
	Valid    bool            `json:"valid"`
	Error    string          `json:"error,omitempty"`
}

// ValidateError is one error of a ValidateResult: where in the file
// (byte offset, 1-based line and column, the column counting characters)
// and what was wrong.
type ValidateError struct {
	Offset *int64 `json:"offset,omitempty"`
	Line   int64  `json:"line"`
	Column int64  `json:"column"`
	Kind   string `json:"kind"`
	Bytes  string `json:"bytes,omitempty"`
	Text   string `json:"text,omitempty"`
	Want   string `json:"want,omitempty"`
}

// JSON returns the result as `ucs validate --json` prints it, with the
// final newline. It allocates.
func (r ValidateResult) JSON() []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // as the command writes it
	enc.Encode(r)
	return b.Bytes()
}

// DetectResult is what `ucs detect --json` prints for one file. Error is
// set, and the other fields empty, when the file could not be read (the
// command prints no line then, only a message).
type DetectResult struct {
	File       string            `json:"file"`
	Encoding   string            `json:"encoding,omitempty"`
	Confidence float64           `json:"confidence"`
	Language   string            `json:"language"`
	BOM        bool              `json:"bom"`
	Invalid    *DetectInvalid    `json:"invalid,omitempty"`
	Mojibake   *DetectMojibake   `json:"mojibake,omitempty"`
	Candidates []DetectCandidate `json:"candidates,omitempty"`
	Error      string            `json:"error,omitempty"`
}

// DetectInvalid counts and locates the malformed sequences of an input
// that is mostly in its encoding (UTF-8 with a few bad bytes).
type DetectInvalid struct {
	Count       int   `json:"count"`
	FirstOffset int64 `json:"first_offset"`
}

// DetectMojibake counts the lines of the examined part of a UTF-8 input
// that ucs fix would change.
type DetectMojibake struct {
	Lines         int   `json:"lines"`
	ExaminedLines int   `json:"examined_lines"`
	FirstLine     int   `json:"first_line,omitempty"`
	FirstOffset   int64 `json:"first_offset"`
	Whole         bool  `json:"whole"`
	ExaminedFrom  int64 `json:"examined_from"`
}

// DetectCandidate is one guess of a DetectResult's candidate list.
type DetectCandidate struct {
	Encoding   string         `json:"encoding"`
	Confidence float64        `json:"confidence"`
	Language   string         `json:"language"`
	BOM        bool           `json:"bom"`
	Invalid    *DetectInvalid `json:"invalid,omitempty"`
}

// JSON returns the result as `ucs detect --json` prints it, with the
// final newline. It allocates.
func (r DetectResult) JSON() []byte {
	if r.Error == "" && r.Encoding == "" {
		// The command always writes "encoding", even when empty.
		type plain struct {
			File       string            `json:"file"`
			Encoding   string            `json:"encoding"`
			Confidence float64           `json:"confidence"`
			Language   string            `json:"language"`
			BOM        bool              `json:"bom"`
			Invalid    *DetectInvalid    `json:"invalid,omitempty"`
			Mojibake   *DetectMojibake   `json:"mojibake,omitempty"`
			Candidates []DetectCandidate `json:"candidates,omitempty"`
		}
		b, _ := json.Marshal(plain{r.File, r.Encoding, r.Confidence, r.Language, r.BOM, r.Invalid, r.Mojibake, r.Candidates})
		return append(b, '\n')
	}
	b, _ := json.Marshal(r) // the command uses json.Marshal (HTML escaped)
	return append(b, '\n')
}

// ConvertError says why a file was not converted, with the fields of the
// command's diagnostics: the file, the byte offset, 1-based line and
// column, the kind of error and the bytes at fault (hex), or for a
// character the target cannot encode its code point (Text, "U+00E9") and
// the target (To). Message is what `ucs convert` prints on standard
// error, the file named by its path.
type ConvertError struct {
	File    string `json:"file"`
	Offset  *int64 `json:"offset,omitempty"`
	Line    int64  `json:"line,omitempty"`
	Column  int64  `json:"column,omitempty"`
	Kind    string `json:"kind,omitempty"`
	Bytes   string `json:"bytes,omitempty"`
	Text    string `json:"text,omitempty"`
	To      string `json:"to,omitempty"`
	Message string `json:"error"`
}

// JSON returns the error as one line of _errors.jsonl.
func (e ConvertError) JSON() []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(e)
	return b.Bytes()
}

// stdinName is how the command names standard input in its messages.
const stdinName = "<stdin>"

// runCLI runs the ucs command line args with in as standard input and out
// as standard output; it returns the exit code and the standard error.
func runCLI(args []string, in io.Reader, out io.Writer) (int, string) {
	var errb bytes.Buffer
	env := &cli.Env{Stdin: in, Stdout: out, Stderr: &errb, Getenv: func(string) string { return "" }}
	code := cli.Main(env, args)
	return code, errb.String()
}

// validateStream validates r as `ucs validate --json -f enc --max-errors
// max -` does and names the file path.
func validateStream(r io.Reader, path, enc string, maxErrors int) (ValidateResult, error) {
	var out bytes.Buffer
	code, stderr := runCLI([]string{"validate", "--json", "-f", enc, "--max-errors", strconv.Itoa(maxErrors), "-"}, r, &out)
	if code == cli.ExitUsage {
		return ValidateResult{}, fmt.Errorf("validate: %s", strings.TrimSpace(firstLine(stderr)))
	}
	var res ValidateResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return ValidateResult{}, fmt.Errorf("validate %s: reading the result: %v", path, err)
	}
	res.File = path
	if res.Error != "" {
		res.Error = strings.ReplaceAll(res.Error, stdinName, path)
	}
	return res, nil
}

// detectStream guesses the encoding of r as `ucs detect --json -` does and
// names the file path.
func detectStream(r io.Reader, path string) DetectResult {
	var out bytes.Buffer
	code, stderr := runCLI([]string{"detect", "--json", "-"}, r, &out)
	if code == cli.ExitIO || out.Len() == 0 {
		msg := strings.TrimSpace(firstLine(stderr))
		msg = strings.TrimPrefix(msg, "ucs detect: ")
		msg = strings.Replace(msg, "reading -:", "reading "+path+":", 1)
		if msg == "" {
			msg = "no result"
		}
		return DetectResult{File: path, Error: msg}
	}
	var res DetectResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return DetectResult{File: path, Error: "reading the result: " + err.Error()}
	}
	res.File = path
	return res
}

// convertStream converts r from one encoding to another as `ucs convert
// -f from -t to -` does, writing w. A nil error means the whole input was
// converted; a *ConvertError says where it stopped. What was written to w
// before a failure is to be thrown away.
func convertStream(r io.Reader, w io.Writer, path, from, to string) *ConvertError {
	code, stderr := runCLI([]string{"convert", "-f", from, "-t", to, "--progress", "never", "-"}, r, w)
	if code == cli.ExitOK {
		return nil
	}
	return parseConvertError(path, stderr)
}

// diagRE matches the command's diagnostic line, the file name removed:
// LINE:COL: byte OFFSET: KIND, then (bytes HH HH) or (U+XXXX cannot be
// encoded in ENC).
var diagRE = regexp.MustCompile(`^(\d+):(\d+): byte (\d+): ([a-z0-9-]+)(?: \(bytes ([0-9A-F ]+)\)| \((U\+[0-9A-F]+) cannot be encoded in (.+)\))?$`)

// parseConvertError turns the standard error of a failed `ucs convert -`
// into a ConvertError for path.
func parseConvertError(path, stderr string) *ConvertError {
	msg := strings.TrimSpace(strings.ReplaceAll(stderr, stdinName+":", path+":"))
	msg = strings.ReplaceAll(msg, "ucs convert: -:", "ucs convert: "+path+":")
	e := &ConvertError{File: path, Message: msg}
	first := firstLine(stderr)
	if rest, ok := strings.CutPrefix(first, stdinName+":"); ok {
		if m := diagRE.FindStringSubmatch(rest); m != nil {
			e.Line, _ = strconv.ParseInt(m[1], 10, 64)
			e.Column, _ = strconv.ParseInt(m[2], 10, 64)
			off, _ := strconv.ParseInt(m[3], 10, 64)
			e.Offset = &off
			e.Kind = m[4]
			e.Bytes = strings.ReplaceAll(m[5], " ", "")
			e.Text, e.To = m[6], m[7]
		}
	}
	return e
}

// shift moves a piece's error to its place in the whole file: the piece
// starts at byte start, at the beginning of line line.
func (e *ConvertError) shift(start, line int64) {
	if e.Offset == nil {
		return
	}
	off := *e.Offset + start
	e.Offset = &off
	oldLine := e.Line
	e.Line += line - 1
	// The message names the place too: the first line is the diagnostic.
	head, tail, _ := strings.Cut(e.Message, "\n")
	old := fmt.Sprintf("%s:%d:%d: byte %d:", e.File, oldLine, e.Column, off-start)
	if strings.HasPrefix(head, old) {
		head = fmt.Sprintf("%s:%d:%d: byte %d:", e.File, e.Line, e.Column, off) + head[len(old):]
		e.Message = head
		if tail != "" {
			e.Message += "\n" + tail
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
