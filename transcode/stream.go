package transcode

import (
	"errors"
	"io"
	"runtime"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
)

// Position is a place in an input: the byte offset of the input and the
// line and column (1-based; the column counts characters) of the decoded
// text. Lines end with LF; a CR LF pair is one line end.
type Position struct {
	Offset       int64
	Line, Column int64
}

// Advance moves p's line and column over the decoded UTF-8 text. It leaves
// Offset alone: how many input bytes decode to text is known to the
// decoder only (for UTF-8 input it is len(text)).
func (p *Position) Advance(text []byte) {
	pl := place{p.Line, p.Column}
	pl.advance(text)
	p.Line, p.Column = pl.line, pl.col
}

// Decoder reads text in one encoding and hands it on decoded to UTF-8, a
// chunk at a time, each with the position of its start, in bounded memory.
// Set its fields, then call Decode; the zero policy (encoding.Fail) stops
// at the first malformed sequence with an *Error. A Decoder may decode
// several inputs one after the other; it is not safe for concurrent use.
type Decoder struct {
	// From is the encoding of the input.
	From *encoding.Codec
	// Invalid and Escape are the policy for malformed input and the form
	// of its escapes (encoding.Options); they replace From's own.
	Invalid encoding.Policy
	Escape  encoding.EscapeStyle
	// Name names the input in errors (a file name), or "".
	Name string
	// Report, when set, is called for each malformed sequence that the
	// Invalid policy handled, with its position, before the text that
	// holds its replacement is handed on. An error it returns stops
	// Decode, which returns that error. It must not keep e.Bytes.
	Report func(e *Error) error
	// Extended decodes the 31-bit forms (utf.UCS4BE, utf.UCS4LE,
	// utf.UTF8RFC2279) to their whole range: surrogates and values above
	// U+10FFFF pass, written as RFC 2279 sequences, where strict decoding
	// calls them malformed. The text is then not always valid UTF-8. It
	// changes nothing for other encodings.
	Extended bool
}

// Decode reads r to its end and calls fn with its decoded text, in order.
// at is the position of text[0]: its line and column, and the offset of
// the input bytes given to the decoding step that produced the text (for
// UTF-8 input, exactly the offset of text[0]). text is valid only during
// the call. An error of fn stops Decode, which returns it as it is; so
// does an error of r. Valid UTF-8 read as UTF-8 is validated by the SIMD
// kernel and handed on as it was read (see the package documentation).
//
// Stats.In counts the bytes read, Stats.Out the bytes handed to fn,
// Stats.Fixed the sequences the policy handled; Stats.BOM is true when the
// input started with a byte order mark that From consumes (a leading
// U+FEFF that From does not consume is text and reaches fn).
func (d *Decoder) Decode(r io.Reader, fn func(text []byte, at Position) error) (st Stats, err error) {
	opts := d.From.Options()
	opts.Invalid, opts.Escape, opts.Report = d.Invalid, d.Escape, nil
	from := d.From
	dec := decoder{
		name:     d.Name,
		codec:    from.With(opts),
		pivot:    d.Extended,
		parallel: runtime.GOMAXPROCS(0) > 1,
		sink: func(ch *chunk) error {
			st.Out += int64(len(ch.text))
			return fn(ch.text, Position{Offset: ch.inOff, Line: ch.start.line, Column: ch.start.col})
		},
		report: func(e *Error) error {
			st.Fixed++
			if d.Report != nil {
				return d.Report(e)
			}
			return nil
		},
	}
	if utf.WritesBOM(from) {
		dec.head = func(b []byte) {
			if bc, _ := utf.SniffBOM(b, from == utf.UTF32BOM); bc != nil {
				st.BOM = true
			}
		}
	}
	err = dec.run(r)
	st.In = dec.read
	if err != nil {
		var e *Error
		if errors.As(err, &e) && e.Name == "" {
			e.Name = d.Name
		}
	}
	return st, err
}

// Decode reads r in the encoding from and calls fn with its text decoded
// to UTF-8, as Decoder.Decode does, under opts.Invalid and opts.Escape;
// opts.Report sees each sequence the policy handled. The other options
// concern output and are ignored.
func Decode(r io.Reader, from *encoding.Codec, opts Options, fn func(text []byte, at Position) error) (Stats, error) {
	d := Decoder{From: from, Invalid: opts.Invalid, Escape: opts.Escape}
	if opts.Report != nil {
		d.Report = func(e *Error) error { opts.Report(e); return nil }
	}
	return d.Decode(r, fn)
}
