package transcode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
)

// BOM says what happens to byte order marks.
type BOM uint8

const (
	// KeepBOM writes a byte order mark when the input had one (read with
	// a BOM-consuming codec, or a leading U+FEFF in the decoded text) and
	// the target can encode U+FEFF; a legacy target gets none.
	KeepBOM BOM = iota
	// StripBOM writes none: the target forms that always write one
	// (utf.UTF16BOM, utf.UTF32BOM, utf.UTF8BOM) give way to their
	// big-endian or plain forms.
	StripBOM
	// AddBOM writes one whether or not the input had one; the target must
	// have a BOM.
	AddBOM
)

// Newline says what happens to line ends.
type Newline uint8

const (
	// KeepNewlines leaves line ends as they are.
	KeepNewlines Newline = iota
	// LF turns CR LF into LF (a lone CR stays).
	LF
	// CRLF turns a lone LF into CR LF.
	CRLF
)

// Options configure a conversion. The zero value is strict: the first
// malformed sequence or unencodable character stops it with an *Error.
type Options struct {
	// Invalid applies to malformed input; Unmappable to characters the
	// target encoding lacks; Escape and Replacement are those of
	// encoding.Options.
	Invalid, Unmappable encoding.Policy
	Escape              encoding.EscapeStyle
	Replacement         string
	BOM                 BOM
	Newline             Newline
	// Report, when set, is called for each malformed sequence of the
	// input that the Invalid policy handled, with its position. It must
	// not keep e.Bytes.
	Report func(e *Error)
}

// Error is a malformed sequence or an unencodable character, with its
// place in the input: byte offset, line and column (1-based; the column
// counts characters of the decoded text).
type Error struct {
	// Name is the name given to Output.Copy (a file name), or "".
	Name string
	// Encoding is the encoding of the input for malformed input, of the
	// output for an unencodable character.
	Encoding     string
	Offset       int64
	Line, Column int64
	Kind         encoding.Kind
	// Bytes are the malformed bytes (at most 8); Rune is the unencodable
	// character, else -1.
	Bytes []byte
	Rune  rune
}

// Error formats the error as NAME:LINE:COL: byte OFFSET: KIND (bytes ..),
// the form of compilers' messages that editors understand.
func (e *Error) Error() string {
	s := fmt.Sprintf("%d:%d: byte %d: %s", e.Line, e.Column, e.Offset, e.Kind)
	if e.Name != "" {
		s = e.Name + ":" + s
	}
	if e.Kind == encoding.Unmappable {
		return s + fmt.Sprintf(" (%s cannot be encoded in %s)", encoding.FormatRune(e.Rune), e.Encoding)
	}
	if len(e.Bytes) > 0 {
		s += " (bytes " + encoding.HexBytes(e.Bytes) + ")"
	}
	return s
}

// Stats describe one conversion.
type Stats struct {
	// In is the number of input bytes read, Out the number of bytes
	// written (byte order mark included).
	In, Out int64
	// Fixed counts the malformed sequences the Invalid policy handled.
	Fixed int64
	// BOM is true when the input started with a byte order mark.
	BOM bool
}

// Copy converts r from the encoding from to the encoding to and writes
// the result to w, streaming in bounded memory. It stops at the first bad
// sequence under the Fail policy, with an *Error that locates it; what came
// before is written. An error of w comes back as a *WriteError; an error
// of r as it is. Valid UTF-8 read as UTF-8 is not copied before it is
// encoded, and UTF-8 to UTF-8 is not encoded at all.
func Copy(w io.Writer, r io.Reader, from, to *encoding.Codec, opts Options) (Stats, error) {
	o, err := NewOutput(w, to, opts)
	if err != nil {
		return Stats{}, err
	}
	st, err := o.Copy(r, from, "")
	if err == nil {
		err = o.Close()
	} else if ferr := o.Flush(); ferr != nil {
		err = ferr
	}
	st.Out = o.written
	return st, err
}

// Output is one converted output that takes one input or several, one
// after the other (as cat does): the byte order mark policy applies once,
// at its start, and the encoder's state runs on from one input to the
// next. Close ends it.
type Output struct {
	to      *encoding.Codec
	opts    Options
	enc     *encoding.Transformer
	w       *bufio.Writer
	cw      countWriter
	written int64
	encBuf  []byte
	started bool // something was written (or the output BOM decided)
	lastCR  bool // CRLF: the text so far ends with CR
	heldCR  bool // LF: a CR at the end of a chunk not yet written
	direct  bool // the output is the decoded text itself (strict UTF-8)
	// keepsBOM is false when the target cannot encode U+FEFF: KeepBOM
	// then drops the input's BOM, which is a signature, not text.
	keepsBOM bool
	// checksUTF8 is false when the target's encoder writes a surrogate
	// value (ucs-4, utf-8-rfc2279, which read the 31-bit pivot): it
	// cannot take strict UTF-8 input straight in (see throughTo).
	checksUTF8 bool
}

type countWriter struct {
	w io.Writer
	n *int64
}

func (c countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	*c.n += int64(n)
	return n, err
}

// NewOutput returns an Output that writes text encoded in to to w. It
// fails on options that contradict to (AddBOM for an encoding without a
// byte order mark, an encoder-less codec).
func NewOutput(w io.Writer, to *encoding.Codec, opts Options) (*Output, error) {
	if !to.CanEncode() {
		return nil, fmt.Errorf("transcode: ucs decodes %s but does not encode it", to.Name())
	}
	if opts.BOM == StripBOM {
		// The forms that always write a BOM give way to their fixed forms.
		switch to {
		case utf.UTF16BOM:
			to = utf.UTF16BE
		case utf.UTF32BOM:
			to = utf.UTF32BE
		case utf.UTF8BOM:
			to = utf.UTF8
		}
	}
	if opts.BOM == AddBOM && utf.BOM(to) == nil && !utf.WritesBOM(to) {
		return nil, fmt.Errorf("transcode: %s has no byte order mark", to.Name())
	}
	_, bomErr := to.WithPolicy(encoding.Fail).AppendEncode(nil, []byte("\uFEFF"))
	_, surErr := to.WithPolicy(encoding.Fail).AppendEncode(nil, []byte("\xed\xa0\x80"))
	o := &Output{opts: opts, encBuf: make([]byte, 4*chunkSize+256), keepsBOM: bomErr == nil, checksUTF8: surErr != nil}
	o.to = to.With(encoding.Options{Unmappable: opts.Unmappable, Escape: opts.Escape, Replacement: opts.Replacement})
	o.cw = countWriter{w, &o.written}
	o.w = bufio.NewWriterSize(o.cw, chunkSize)
	// The decoders write the 31-bit pivot (see copyRun.decoder), so the
	// encoder reads it: a UCS-4 value beyond U+10FFFF is one unmappable
	// character, not the malformed UTF-8 of its RFC 2279 form.
	o.enc = o.to.EncodePivotTransformer().(*encoding.Transformer)
	return o, nil
}

// Flush writes the buffered output to the underlying writer, without
// ending the encoder's state, so that what was converted before an error
// reaches its destination.
func (o *Output) Flush() error {
	if err := o.w.Flush(); err != nil {
		return &WriteError{err}
	}
	return nil
}

// Close writes what the output still owes (a CR held by the LF mode, the
// end of an encoder's shift state, a BOM that AddBOM wants on an empty
// output) and flushes it. It does not close the underlying writer.
func (o *Output) Close() error {
	if !o.started {
		o.started = true
		if o.opts.BOM == AddBOM && !utf.WritesBOM(o.to) {
			if err := o.encode(nil, 0, []byte("\uFEFF"), false); err != nil {
				return err
			}
		}
	}
	if o.heldCR {
		o.heldCR = false
		if err := o.encode(nil, 0, []byte("\r"), false); err != nil {
			return err
		}
	}
	if err := o.encode(nil, 0, nil, true); err != nil {
		return err
	}
	return o.Flush()
}

// Copy converts r, read in the encoding from, onto the output. name, if
// not "", names r in errors (a file name).
func (o *Output) Copy(r io.Reader, from *encoding.Codec, name string) (st Stats, err error) {
	before := o.written + int64(o.w.Buffered())
	defer func() { st.Out = o.written + int64(o.w.Buffered()) - before }()
	// Decoded text is valid UTF-8 already, except from the 31-bit forms,
	// which let surrogates and values above U+10FFFF through: for strict
	// UTF-8 output the encoder has nothing to do.
	o.direct = o.to.Name() == "utf-8" && from != utf.UTF8RFC2279 && from != utf.UCS4BE && from != utf.UCS4LE
	c := &copyRun{o: o, from: from, st: &st, fileStart: true}
	d := c.decoder(name)
	err = d.run(r)
	st.In = d.read
	if err == nil {
		err = c.end()
	}
	var e *Error
	if errors.As(err, &e) && e.Name == "" {
		e.Name = name
	}
	return st, err
}

// copyRun is one input on its way onto an Output.
type copyRun struct {
	o    *Output
	from *encoding.Codec
	st   *Stats
	// fileStart is true until the input's first text arrives (which may
	// start with a BOM).
	fileStart bool
}

// decoder returns the decoder of the input, with c's steps plugged in.
func (c *copyRun) decoder(name string) *decoder {
	o := c.o
	d := &decoder{
		name:  name,
		codec: c.from.With(encoding.Options{Invalid: o.opts.Invalid, Escape: o.opts.Escape}),
		// The decoded text goes to the encoder (or, as is, to a UTF-8
		// output only when it is strict UTF-8: see direct).
		pivot:    true,
		head:     c.head,
		report:   c.report,
		sink:     c.sink,
		parallel: runtime.GOMAXPROCS(0) > 1,
	}
	if !o.direct && o.opts.Newline == KeepNewlines && o.checksUTF8 {
		// Strict UTF-8 input goes straight into the encoder, which checks
		// it as it converts: no separate validation pass. The first chunk
		// takes the usual way (its BOM), and so does anything the encoder
		// stops at, which the decoder and the policies then handle. An
		// encoder that writes surrogate values would not stop at one:
		// its input takes the usual way throughout.
		d.through = &throughTo{
			enc:       o.enc,
			dst:       o.encBuf,
			put:       o.put,
			ready:     func() bool { return !c.fileStart && o.started },
			stateless: statelessEncoder[o.to.Name()],
		}
	}
	return d
}

// head notes a BOM that the BOM forms consume.
func (c *copyRun) head(b []byte) {
	if utf.WritesBOM(c.from) {
		if bc, _ := utf.SniffBOM(b, c.from == utf.UTF32BOM); bc != nil {
			c.st.BOM = true
		}
	}
}

// report counts a sequence that the Invalid policy handled and passes it
// on.
func (c *copyRun) report(e *Error) error {
	c.st.Fixed++
	if c.o.opts.Report != nil {
		c.o.opts.Report(e)
	}
	return nil
}

// sink writes decoded text onto the output: the input's own BOM (a
// leading U+FEFF) is noted and dropped, and the output's BOM decided
// before the first text.
func (c *copyRun) sink(ch *chunk) error {
	skip := 0
	if c.fileStart {
		c.fileStart = false
		if len(ch.text) >= 3 && string(ch.text[:3]) == "\uFEFF" {
			c.st.BOM = true
			skip = 3
		}
	}
	if err := c.start(); err != nil {
		return err
	}
	return c.o.write(ch, skip)
}

// start writes the output's BOM, once, before anything else, when the
// policy wants one and the encoder does not write its own.
func (c *copyRun) start() error {
	o := c.o
	if o.started {
		return nil
	}
	o.started = true
	if o.opts.BOM == AddBOM || (o.opts.BOM == KeepBOM && c.st.BOM && o.keepsBOM) {
		if !utf.WritesBOM(o.to) {
			return o.encode(nil, 0, []byte("\uFEFF"), false)
		}
	}
	return nil
}

// end decides the output's BOM after an empty input.
func (c *copyRun) end() error {
	o := c.o
	if o.started || !c.fileStart {
		return nil
	}
	o.started = true
	if o.opts.BOM == AddBOM && !utf.WritesBOM(o.to) {
		return o.encode(nil, 0, []byte("\uFEFF"), false)
	}
	return nil
}

// statelessEncoder names the encoders that keep no state from one
// character to the next (their byte order mark, if any, is written at
// the start): a copy of one may convert a later piece of the input while
// the original converts the piece before.
var statelessEncoder = map[string]bool{
	"utf-16le": true, "utf-16be": true, "utf-16": true,
	"utf-32le": true, "utf-32be": true, "utf-32": true,
	"gbk": true, "gb18030": true, "big5": true, "shift_jis": true, "euc-jp": true, "euc-kr": true,
}

// WriteError is an error of the output's writer, told apart from the
// input's read errors, which Copy returns as they are.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return e.Err.Error() }

// Unwrap returns the writer's error.
func (e *WriteError) Unwrap() error { return e.Err }

// write sends ch.text[off:] through the newline mode and the encoder.
func (o *Output) write(ch *chunk, off int) error {
	text := ch.text[off:]
	switch o.opts.Newline {
	case LF:
		if o.heldCR {
			if len(text) == 0 {
				return nil
			}
			o.heldCR = false
			if text[0] != '\n' {
				if err := o.encode(nil, 0, []byte("\r"), false); err != nil {
					return err
				}
			}
		}
		start := 0
		for {
			i := bytes.IndexByte(text[start:], '\r')
			if i < 0 {
				break
			}
			i += start
			switch {
			case i+1 == len(text):
				// A CR at the end: the next chunk tells whether LF follows.
				o.heldCR = true
				return o.encode(ch, off+start, text[start:i], false)
			case text[i+1] == '\n':
				if err := o.encode(ch, off+start, text[start:i], false); err != nil {
					return err
				}
				start = i + 1
			default:
				if err := o.encode(ch, off+start, text[start:i+1], false); err != nil {
					return err
				}
				start = i + 1
			}
		}
		return o.encode(ch, off+start, text[start:], false)
	case CRLF:
		start, pos := 0, 0
		for {
			j := bytes.IndexByte(text[pos:], '\n')
			if j < 0 {
				break
			}
			i := pos + j
			prevCR := o.lastCR
			if i > 0 {
				prevCR = text[i-1] == '\r'
			}
			if !prevCR {
				if err := o.encode(ch, off+start, text[start:i], false); err != nil {
					return err
				}
				if err := o.encode(nil, 0, []byte("\r"), false); err != nil {
					return err
				}
				start = i
			}
			pos = i + 1
		}
		if len(text) > 0 {
			o.lastCR = text[len(text)-1] == '\r'
		}
		return o.encode(ch, off+start, text[start:], false)
	}
	return o.encode(ch, off, text, false)
}

// put writes p to the output. Small writes are buffered; a large one (as
// the converters make) goes to the writer as it is, after what is
// buffered, to save copying it into the buffer.
func (o *Output) put(p []byte) error {
	if len(p) < chunkSize/4 {
		if _, err := o.w.Write(p); err != nil {
			return &WriteError{err}
		}
		return nil
	}
	if err := o.w.Flush(); err != nil {
		return &WriteError{err}
	}
	if _, err := o.cw.Write(p); err != nil {
		return &WriteError{err}
	}
	return nil
}

// encode runs text through the encoder and writes the result. text is
// ch.text[off:off+len(text)], or with a nil ch text of our own (a BOM, a
// CR), which is never located in the input.
func (o *Output) encode(ch *chunk, off int, text []byte, atEOF bool) error {
	if o.direct {
		return o.put(text)
	}
	base := o.enc.Offset()
	src := text
	for {
		nd, ns, err := o.enc.Transform(o.encBuf, src, atEOF)
		if nd > 0 {
			if werr := o.put(o.encBuf[:nd]); werr != nil {
				return werr
			}
		}
		src = src[ns:]
		switch err {
		case nil:
			return nil
		case transform.ErrShortDst:
			continue
		case transform.ErrShortSrc:
			return nil
		}
		var e *encoding.Error
		if errors.As(err, &e) && ch != nil {
			k := int(e.Offset-base) + off
			p := ch.placeAt(k)
			return &Error{Encoding: o.to.Name(), Offset: ch.offsetAt(k), Line: p.line, Column: p.col, Kind: e.Kind, Bytes: e.Bytes, Rune: e.Rune}
		}
		return err
	}
}

// NewReader returns a reader of r's text converted from the encoding from
// to the encoding to. The conversion runs in a goroutine of its own that
// ends with the input, at the first error (which Read then returns), or
// when the reader is closed; close it when not reading to the end.
func NewReader(r io.Reader, from, to *encoding.Codec, opts Options) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		_, err := Copy(pw, r, from, to, opts)
		pw.CloseWithError(err)
	}()
	return pr
}

// NewWriter returns a writer that converts what is written to it from the
// encoding from to the encoding to and writes the result to w. Close must
// be called at the end: it flushes the conversion and returns its error.
// The conversion runs in a goroutine of its own; a Write after a
// conversion error returns that error.
func NewWriter(w io.Writer, from, to *encoding.Codec, opts Options) io.WriteCloser {
	pr, pw := io.Pipe()
	tw := &pipeWriter{pw: pw, done: make(chan struct{})}
	go func() {
		_, tw.err = Copy(w, pr, from, to, opts)
		pr.CloseWithError(errConversionStopped(tw.err))
		close(tw.done)
	}()
	return tw
}

type pipeWriter struct {
	pw   *io.PipeWriter
	done chan struct{}
	err  error
}

func errConversionStopped(err error) error {
	if err == nil {
		return errors.New("transcode: write after the conversion ended")
	}
	return err
}

func (w *pipeWriter) Write(p []byte) (int, error) { return w.pw.Write(p) }

func (w *pipeWriter) Close() error {
	w.pw.Close()
	<-w.done
	return w.err
}
