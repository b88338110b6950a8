package ucsbeam

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ucskit/ucs/internal/cli"
	"github.com/ucskit/ucs/internal/report"
	"github.com/ucskit/ucs/transcode"
)

// The result records are the command's own (package report): the same
// types, so the same fields in the same order, and JSON gives the line the
// command prints, without HTML escaping.
type (
	// ValidateResult is what `ucs validate --json` prints for one file.
	ValidateResult = report.ValidateResult
	// ValidateError is one error of a ValidateResult: where in the file
	// (byte offset, 1-based line and column, the column counting
	// characters) and what was wrong.
	ValidateError = report.ValidateError
	// DetectResult is what `ucs detect --json` prints for one file. Error
	// is set, and the other fields empty, when the file could not be read
	// (the command prints no line then, only a message).
	DetectResult = report.DetectResult
	// DetectInvalid counts and locates the malformed sequences of an input
	// that is mostly in its encoding (UTF-8 with a few bad bytes).
	DetectInvalid = report.DetectInvalid
	// DetectMojibake counts the lines of the examined part of a UTF-8
	// input that ucs fix would change.
	DetectMojibake = report.DetectMojibake
	// DetectCandidate is one guess of a DetectResult's candidate list.
	DetectCandidate = report.DetectCandidate
	// ConvertError says why a file was not converted, with the fields of
	// the command's diagnostics: the file, the byte offset, 1-based line
	// and column, the kind of error and the bytes at fault (hex), or for a
	// character the target cannot encode its code point (Text, "U+00E9")
	// and the target (To). Message is what `ucs convert` prints on
	// standard error, the file named by its path.
	ConvertError = report.ConvertError
)

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

// convertStream runs `ucs ARGS -` (args: convert or fix, then its
// flags) with r as standard input, writing w. A nil error means the whole input was
// converted; a *ConvertError says where it stopped: its place and kind
// from the conversion's own error, its message the command's. What was
// written to w before a failure is to be thrown away.
func convertStream(r io.Reader, w io.Writer, path string, args []string) *ConvertError {
	var errb bytes.Buffer
	var terr *transcode.Error
	env := &cli.Env{Stdin: r, Stdout: w, Stderr: &errb, Getenv: func(string) string { return "" },
		TextError: func(err error) { errors.As(err, &terr) }}
	code := cli.Main(env, append(append([]string(nil), args...), "-"))
	if code == cli.ExitOK {
		return nil
	}
	stderr := errb.String()
	msg := strings.TrimSpace(strings.ReplaceAll(stderr, stdinName+":", path+":"))
	msg = strings.ReplaceAll(msg, "ucs "+args[0]+": -:", "ucs "+args[0]+": "+path+":")
	if terr == nil {
		return &ConvertError{File: path, Message: msg}
	}
	return report.ConvertErrorOf(path, terr, msg)
}

// shift moves a piece's error to its place in the whole file: the piece
// starts at byte start, at the beginning of line line.
func shiftError(e *ConvertError, start, line int64) {
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
