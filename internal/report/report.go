// Package report holds the records that ucs prints as JSON (validate
// --json, detect --json) and the error record of a failed conversion, so
// that the command and the Apache Beam transforms (module beam/) write
// the same fields in the same order from the same types.
//
// Every record is written without HTML escaping: a file named a<b>&c.txt
// appears as it is, not as a\u003cb\u003e\u0026c.txt.
package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/transcode"
)

// Marshal returns the JSON encoding of v as json.Marshal does, but
// without HTML escaping and without a final newline.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// line is Marshal with the final newline. The records are plain structs
// of strings and numbers; only a number that JSON cannot carry (NaN) makes
// one fail, and the line then says so instead of the record.
func line(v any) []byte {
	b, err := Marshal(v)
	if err != nil {
		b, _ = Marshal(map[string]string{"error": "the record cannot be written as JSON: " + err.Error()})
	}
	return append(b, '\n')
}

// ValidateResult is what `ucs validate --json` prints for one file.
// Error is set, after Valid, when the file could not be read to its end.
type ValidateResult struct {
	File     string          `json:"file"`
	Encoding string          `json:"encoding"`
	Errors   []ValidateError `json:"errors"`
	Valid    bool            `json:"valid"`
	Error    string          `json:"error,omitempty"`
}

// ValidateError is one error of a ValidateResult: where in the file
// (byte offset, 1-based line and column, the column counting characters)
// and what was wrong. Text and Want are the code points of a segment that
// is not normalized and their normalized form; Offset is absent where the
// byte offset is not known (the normalization check of an encoding other
// than UTF-8).
type ValidateError struct {
	Offset *int64 `json:"offset,omitempty"`
	Line   int64  `json:"line"`
	Column int64  `json:"column"`
	Kind   string `json:"kind"`
	Bytes  string `json:"bytes,omitempty"`
	Text   string `json:"text,omitempty"`
	Want   string `json:"want,omitempty"`
}

// JSON returns the record as one line, with the final newline: the bytes
// ValidateWriter writes for the same record.
func (r ValidateResult) JSON() []byte {
	if r.Errors == nil {
		r.Errors = []ValidateError{}
	}
	return line(r)
}

// ValidateWriter writes a ValidateResult as its errors come (Begin, Add
// for each error, End), so that the errors of a file are never all held
// in memory. The bytes are those of ValidateResult.JSON.
type ValidateWriter struct {
	out *bufio.Writer
	n   int // errors written
	buf bytes.Buffer
	enc *json.Encoder
}

// NewValidateWriter returns a ValidateWriter that writes to out.
func NewValidateWriter(out *bufio.Writer) *ValidateWriter {
	w := &ValidateWriter{out: out}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	return w
}

// value writes v as JSON, without HTML escaping and without a newline.
func (w *ValidateWriter) value(v any) {
	w.buf.Reset()
	w.enc.Encode(v)
	w.out.Write(bytes.TrimSuffix(w.buf.Bytes(), []byte("\n")))
}

// Begin starts the record of file, checked against the encoding enc.
func (w *ValidateWriter) Begin(file, enc string) {
	w.n = 0
	w.out.WriteString(`{"file":`)
	w.value(file)
	w.out.WriteString(`,"encoding":`)
	w.value(enc)
	w.out.WriteString(`,"errors":[`)
}

// Add writes one error.
func (w *ValidateWriter) Add(e ValidateError) {
	if w.n > 0 {
		w.out.WriteByte(',')
	}
	w.n++
	w.value(e)
}

// End closes the record: valid, and errText when the file could not be
// read ("" for none).
func (w *ValidateWriter) End(valid bool, errText string) {
	w.out.WriteString(`],"valid":`)
	w.out.WriteString(strconv.FormatBool(valid))
	if errText != "" {
		w.out.WriteString(`,"error":`)
		w.value(errText)
	}
	w.out.WriteString("}\n")
}

// DetectResult is what `ucs detect --json` prints for one file. Error is
// never set by the command, which prints a message instead of a record
// for a file it cannot read; the Beam transforms set it there, so that
// every input has a record.
type DetectResult struct {
	File       string            `json:"file"`
	Encoding   string            `json:"encoding"`
	Confidence float64           `json:"confidence"`
	Language   string            `json:"language"`
	BOM        bool              `json:"bom"`
	Invalid    *DetectInvalid    `json:"invalid,omitempty"`
	Mojibake   *DetectMojibake   `json:"mojibake,omitempty"`
	Candidates []DetectCandidate `json:"candidates,omitempty"`
	Error      string            `json:"error,omitempty"`
}

// DetectCandidate is one guess of the candidate list (detect --all).
type DetectCandidate struct {
	Encoding   string         `json:"encoding"`
	Confidence float64        `json:"confidence"`
	Language   string         `json:"language"`
	BOM        bool           `json:"bom"`
	Invalid    *DetectInvalid `json:"invalid,omitempty"`
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

// JSON returns the record as one line, with the final newline.
func (r DetectResult) JSON() []byte { return line(r) }

// ConvertError says why a file was not converted: the file, the byte
// offset, 1-based line and column, the kind of error and the bytes at
// fault (hex, as validate writes them), or for a character the target
// cannot encode its code point (Text, "U+00E9") and the target (To).
// Message is what `ucs convert` prints on standard error. The place is
// absent for failures that are not in the text (a file that cannot be
// read or written).
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

// JSON returns the record as one line, with the final newline.
func (e ConvertError) JSON() []byte { return line(e) }

// Error returns the message.
func (e *ConvertError) Error() string { return e.Message }

// ConvertErrorOf fills the place and the kind of a ConvertError for file
// from the conversion's error e; message is the command's message.
func ConvertErrorOf(file string, e *transcode.Error, message string) *ConvertError {
	off := e.Offset
	ce := &ConvertError{File: file, Offset: &off, Line: e.Line, Column: e.Column, Kind: e.Kind.String(), Bytes: Hex(e.Bytes), Message: message}
	if e.Kind == encoding.Unmappable {
		ce.Bytes = ""
		ce.Text, ce.To = encoding.FormatRune(e.Rune), e.Encoding
	}
	return ce
}

// Hex writes bytes as upper-case hex digits without spaces ("C0AE").
func Hex(b []byte) string {
	const digits = "0123456789ABCDEF"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}
