package encoding

import (
	"errors"

	"github.com/ucskit/ucs/internal/enchook"
	"github.com/ucskit/ucs/internal/utf8class"

	xenc "golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// Bad describes a malformed or unencodable sequence found by a Core.
type Bad struct {
	// Len is the number of source bytes the sequence covers: for decoders
	// the maximal subpart that one U+FFFD replaces; for encoders the UTF-8
	// length of the character, or of the malformed subpart of the source.
	// It is zero only for an error that sits between bytes (a UTF-7 shift
	// that ends with bits left over).
	Len int
	// Kind says what is wrong; KindNone means no bad sequence.
	Kind Kind
	// Rune is the unencodable character (Kind == Unmappable), else -1.
	Rune rune
	// RefRune, when not zero, is the character that the character-reference
	// escape styles (EscapeXML, EscapeXMLHex) write in place of Rune: an
	// encoder sets it when a reference to Rune itself would bring the
	// character back in the reader's hands (WHATWG's ISO-2022-JP encoder
	// writes &#65533; for SO, SI and ESC). Errors and reports keep Rune.
	RefRune rune
}

// A Core is the policy-free converter inside every codec of ucs: a
// decoder core turns bytes of an encoding into UTF-8, an encoder core turns
// UTF-8 into bytes of an encoding. The Codec type wraps cores into
// transform.Transformers that apply an error Policy and count offsets, so
// that every codec treats errors the same way.
//
// Convert works like transform.Transformer.Transform, with one difference:
// at the first bad sequence it stops and returns it in bad, with nSrc the
// offset of the sequence in src and err nil. Convert must make progress
// atomically, one character at a time: when it returns
// transform.ErrShortDst or transform.ErrShortSrc, its state reflects
// exactly the nSrc bytes it consumed. With atEOF false, an incomplete
// sequence at the end of src is reported as transform.ErrShortSrc; with
// atEOF true it is a bad sequence of kind Truncated (or the codec's kind).
// Encoder cores that must close the stream (UTF-7 leaving base64,
// ISO-2022-JP returning to ASCII) write the closing bytes when atEOF is
// true and src is used up.
type Core interface {
	Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad Bad, err error)
	// Reset returns the core to its initial state.
	Reset()
}

// Cloner is implemented by cores that keep state between calls (a byte
// order found in a BOM, a UTF-7 shift, an ISO 2022 designation). Clone
// returns an independent copy in the same state. Stateless cores need not
// implement it.
type Cloner interface {
	Clone() Core
}

// Transformer is the transform.Transformer of a Codec: it runs a Core and
// applies the codec's Options. DecodeTransformer and EncodeTransformer
// return one.
type Transformer struct {
	core    Core
	newCore func() Core
	opts    Options
	name    string
	encode  bool
	pivot   bool   // an encoder that reads the 31-bit pivot (see EncodePivotTransformer)
	pos     int64  // bytes of source consumed since the last Reset
	out     int64  // bytes written since the last Reset
	owed    []byte // replacement or escape output not yet written to dst
	buf     [64]byte

	probe     Core   // a second core, asked whether the target can represent a text
	probeText string // the text last asked about, and the answer
	probeOK   bool
}

// Reset implements transform.Transformer.
func (t *Transformer) Reset() {
	t.core.Reset()
	t.pos = 0
	t.out = 0
	t.owed = nil
}

// Offset returns the number of source bytes consumed since the last Reset.
func (t *Transformer) Offset() int64 { return t.pos }

// The engine's methods below are not part of the API: package transcode
// reaches them through internal/enchook.
func init() {
	enchook.Set(enchook.Funcs[*Transformer, Bad]{
		UntilBad: (*Transformer).transformUntilBad,
		Written:  (*Transformer).written,
		Clone:    (*Transformer).clone,
	})
}

// written returns the number of bytes written since the last Reset.
func (t *Transformer) written() int64 { return t.out }

// clone returns an independent copy of t in the same state, so that a
// caller can convert the same input again (to locate an error found
// downstream, say). The copy of a core that keeps state but does not
// implement Cloner starts afresh.
func (t *Transformer) clone() *Transformer {
	c := *t
	if cl, ok := t.core.(Cloner); ok {
		c.core = cl.Clone()
	} else {
		c.core = t.newCore()
	}
	c.owed = append([]byte(nil), t.owed...)
	c.probe, c.probeText = nil, ""
	return &c
}

func (t *Transformer) policy(k Kind) Policy {
	if t.encode && k == Unmappable {
		return t.opts.Unmappable
	}
	return t.opts.Invalid
}

// Transform implements transform.Transformer.
func (t *Transformer) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = t.transform(dst, src, atEOF)
	t.out += int64(nDst)
	return nDst, nSrc, err
}

// transformUntilBad is Transform up to the first sequence that the
// policy would have to handle: it converts src as Transform does while
// the input is clean, and stops at a malformed or unencodable sequence,
// which it leaves unconsumed and describes in bad, whatever the policy.
// A caller that expects clean text can so take it on a fast path and give
// the rest to Transform, which applies the policy; the offsets of both
// count from the same Reset. Output owed by an earlier Transform comes
// first.
func (t *Transformer) transformUntilBad(dst, src []byte, atEOF bool) (nDst, nSrc int, bad Bad, err error) {
	if len(t.owed) > 0 {
		n := copy(dst, t.owed)
		t.owed = t.owed[n:]
		t.out += int64(n)
		if len(t.owed) > 0 {
			return n, 0, Bad{}, transform.ErrShortDst
		}
		nDst = n
	}
	nd, ns, bad, err := t.core.Convert(dst[nDst:], src, atEOF)
	if bad.Kind != KindNone {
		bad = t.strict(bad, src[ns:])
	}
	t.pos += int64(ns)
	t.out += int64(nd)
	return nDst + nd, ns, bad, err
}

// strict turns what an encoder core read as one sequence of the 31-bit
// pivot (a surrogate value, a value beyond U+10FFFF: see
// EncodePivotTransformer) into the first maximal subpart of src, the
// bad sequence, as the strict UTF-8 decoder reports it (utf8class): an
// encoder's input is RFC 3629 UTF-8, so ED A0 80 is three bad sequences
// and F4 90 80 80 four, as for every decoder. The core reads the rest of
// the sequence next, continuation bytes that it reports one at a time.
// A pivot encoder keeps the core's verdict. It runs on the error path
// only.
func (t *Transformer) strict(bad Bad, src []byte) Bad {
	if !t.encode || t.pivot || bad.Len == 0 || len(src) < bad.Len ||
		bad.Kind != Surrogate && (bad.Kind != Unmappable || bad.Rune <= 0x10FFFF) {
		return bad
	}
	k, n := utf8class.Classify(src[:bad.Len])
	if k == utf8class.None || k == utf8class.Truncated {
		return bad
	}
	return Bad{Len: n, Kind: Kind(k), Rune: -1}
}

func (t *Transformer) transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if len(t.owed) > 0 {
		n := copy(dst, t.owed)
		t.owed = t.owed[n:]
		nDst = n
		if len(t.owed) > 0 {
			return nDst, 0, transform.ErrShortDst
		}
	}
	for {
		nd, ns, bad, cerr := t.core.Convert(dst[nDst:], src[nSrc:], atEOF)
		nDst += nd
		nSrc += ns
		t.pos += int64(ns)
		if cerr != nil || bad.Kind == KindNone {
			return nDst, nSrc, cerr
		}
		bad = t.strict(bad, src[nSrc:])
		seq := src[nSrc : nSrc+bad.Len]
		var out []byte // text to emit in place of seq
		pol := t.policy(bad.Kind)
		if pol != Fail && t.opts.Report != nil {
			e := t.newError(bad, seq)
			e.Output = t.out + int64(nDst)
			t.opts.Report(e)
		}
		switch pol {
		case Fail:
			if t.encode {
				// End the output as a whole stream: a stateful
				// encoder returns to its initial state (SI, ESC ( B,
				// the end of a UTF-7 base64 run), so that the text
				// written before the error reads back whole. When dst
				// is too small, the caller comes back with more room
				// and the core, in the same state, reports the same
				// sequence again. The error's Output counts the bytes
				// before the bad sequence, not these.
				before := nDst
				nd, _, _, cerr := t.core.Convert(dst[nDst:], nil, true)
				nDst += nd
				if cerr != nil {
					return nDst, nSrc, cerr
				}
				e := t.newError(bad, seq)
				e.Output = t.out + int64(before)
				return nDst, nSrc, e
			}
			e := t.newError(bad, seq)
			e.Output = t.out + int64(nDst)
			return nDst, nSrc, e
		case Skip:
			// nothing to write
		case Transliterate:
			if t.encode && bad.Kind == Unmappable {
				out = t.transliterate(bad.Rune)
				break
			}
			fallthrough
		case Replace:
			if t.encode {
				out = t.encodeText(t.opts.replacement(), "?")
			} else {
				out = append(t.buf[:0], "\uFFFD"...)
			}
		case Escape:
			out = t.buf[:0]
			if bad.Len == 0 && !t.encode {
				// An error between bytes has nothing to escape: mark it.
				out = append(out, "\uFFFD"...)
			} else if t.encode && bad.Kind == Unmappable {
				r := bad.Rune
				if bad.RefRune != 0 && (t.opts.Escape == EscapeXML || t.opts.Escape == EscapeXMLHex) {
					r = bad.RefRune
				}
				out = t.opts.Escape.AppendRune(out, r)
			} else {
				for _, b := range seq {
					out = t.opts.Escape.AppendByte(out, b)
				}
			}
			if t.encode {
				out = t.encodeText(string(out), "")
			}
		}
		nSrc += bad.Len
		t.pos += int64(bad.Len)
		n := copy(dst[nDst:], out)
		nDst += n
		if n < len(out) {
			t.owed = out[n:]
			return nDst, nSrc, transform.ErrShortDst
		}
	}
}

// transliterate returns the encoded transliteration of r: the first of
// glibc's alternatives that the target can represent whole, else "?".
// Whether it can is asked of the probe core (see representable), so that
// a stateful encoder (ISO 2022, HZ) changes state only for the text it
// writes.
func (t *Transformer) transliterate(r rune) []byte {
	alts, ascii, ok := transliterations(r)
	if ok {
		alts = append(alts[:len(alts):len(alts)], ascii)
	}
	for _, a := range alts {
		if a == "" {
			return t.buf[:0] // glibc drops combining marks
		}
		if t.representable(a) {
			return t.encodeText(a, "?")
		}
	}
	return t.encodeText("?", "")
}

// encodable reports whether the encoder core c encodes all of text.
func encodable(c Core, text string) bool {
	var tmp [64]byte
	src := []byte(text)
	for len(src) > 0 {
		_, ns, bad, err := c.Convert(tmp[:], src, true)
		src = src[ns:]
		if bad.Kind != KindNone || err != nil && err != transform.ErrShortDst || ns == 0 && err == nil && len(src) > 0 {
			return false
		}
	}
	return true
}

// encodeText returns text encoded by the encoder core, or, when the
// target cannot represent all of text, the fallback; nothing when it can
// represent neither. The result may share t.buf.
//
// Whether the target can represent a text is asked of a probe core, not
// of t.core: a stateful core that meets a character it cannot encode may
// first write the bytes that change its state (an ISO 2022 shift back to
// ASCII, a designation), and those bytes alone must not stand in for the
// replacement. The text chosen is then encoded by t.core, so that it
// takes the stream's state (inside a UTF-7 base64 run, in ISO-2022-KR
// after SO) and leaves the core in the state that follows it.
func (t *Transformer) encodeText(text, fallback string) []byte {
	out := t.buf[:0]
	for _, s := range [2]string{text, fallback} {
		if s == "" || s == text && fallback != "" && !t.representable(s) {
			continue
		}
		var ok bool
		out, ok = t.encodeWith(out, s)
		if ok {
			break
		}
		// The target cannot represent s in the stream's state: keep
		// what the core wrote (it may have changed state) and try the
		// fallback.
	}
	return out
}

// encodeWith appends the encoding of text by t.core to out, and reports
// whether the core encoded all of it.
func (t *Transformer) encodeWith(out []byte, text string) ([]byte, bool) {
	src := []byte(text)
	atEOF := false
	for len(src) > 0 {
		if cap(out)-len(out) < 16 {
			out = append(out, make([]byte, 64)...)[:len(out)]
		}
		nd, ns, bad, err := t.core.Convert(out[len(out):cap(out)], src, atEOF)
		out = out[:len(out)+nd]
		src = src[ns:]
		switch {
		case bad.Kind != KindNone:
			return out, false
		case err == transform.ErrShortDst:
			out = append(out, make([]byte, cap(out))...)[:len(out)]
		case err == transform.ErrShortSrc && !atEOF:
			// A core that holds a character back until it sees the
			// next one (a base that may take a combining mark) gets
			// the end of the text.
			atEOF = true
		case err != nil || ns == 0 && nd == 0:
			return out, false
		}
	}
	return out, true
}

// representable reports whether the target encoding can represent all of
// text, asking a probe core (made once and kept). The last answer is
// kept, since the same replacement text is asked about again and again.
func (t *Transformer) representable(text string) bool {
	if t.probe == nil {
		t.probe = t.newCore()
		t.probeText = ""
	}
	if text != t.probeText || t.probeText == "" {
		t.probe.Reset()
		t.probeText, t.probeOK = text, encodable(t.probe, text)
	}
	return t.probeOK
}

func (t *Transformer) newError(bad Bad, seq []byte) *Error {
	e := &Error{
		Encoding: t.name,
		Offset:   t.pos,
		Len:      bad.Len,
		Kind:     bad.Kind,
		Rune:     -1,
		Encode:   t.encode,
	}
	if bad.Kind == Unmappable {
		e.Rune = bad.Rune
	}
	n := len(seq)
	if n > 8 {
		n = 8
	}
	e.Bytes = append([]byte(nil), seq[:n]...)
	return e
}

// Replacement implements x/text's repertoire-error convention, so that
// encoding.ReplaceUnsupported and encoding.HTMLEscapeUnsupported work with
// ucs encoders.
func (e *Error) Replacement() byte { return '?' }

// ErrCannotEncode is returned by the encoder of a decode-only codec.
var ErrCannotEncode = errors.New("this encoding is decode-only: ucs does not encode to it")

// Codec is an encoding of ucs: a value that satisfies x/text's
// encoding.Encoding, with strict error handling by default. A Codec is
// immutable and safe for concurrent use; With returns a copy with other
// options.
type Codec struct {
	name     string
	newDec   func() Core
	newPivot func() Core // nil: newDec
	newEnc   func() Core
	opts     Options
}

// NewCodec returns a Codec named name whose decoders and encoders wrap the
// cores made by newDecoder and newEncoder. newEncoder may be nil for a
// decode-only encoding.
func NewCodec(name string, newDecoder, newEncoder func() Core) *Codec {
	return &Codec{name: name, newDec: newDecoder, newEnc: newEncoder}
}

// NewPivotCodec is NewCodec for an encoding whose repertoire goes beyond
// Unicode (UCS-4, RFC 2279 UTF-8): newDecoder makes the cores of the
// x/text decoders, which write valid UTF-8 only and report what UTF-8
// cannot carry (surrogate values, values above U+10FFFF) as errors;
// newPivotDecoder makes the cores of DecodePivotTransformer, which write
// such values in the RFC 2279 31-bit form, for encoders that take them.
func NewPivotCodec(name string, newDecoder, newPivotDecoder, newEncoder func() Core) *Codec {
	return &Codec{name: name, newDec: newDecoder, newPivot: newPivotDecoder, newEnc: newEncoder}
}

// Name returns the codec's canonical name, such as "utf-16le".
func (c *Codec) Name() string { return c.name }

// String returns the codec's canonical name.
func (c *Codec) String() string { return c.name }

// Options returns the codec's error options.
func (c *Codec) Options() Options { return c.opts }

// CanEncode reports whether the codec has an encoder.
func (c *Codec) CanEncode() bool { return c.newEnc != nil }

// With returns a copy of the codec that applies the options o.
func (c *Codec) With(o Options) *Codec {
	cc := *c
	cc.opts = o
	return &cc
}

// WithPolicy returns a copy of the codec that applies p to malformed input
// and to unencodable characters alike.
func (c *Codec) WithPolicy(p Policy) *Codec {
	o := c.opts
	o.Invalid, o.Unmappable = p, p
	return c.With(o)
}

// NewDecoderCore returns a fresh decoder core, without policy. It writes
// valid UTF-8 only (RFC 3629).
func (c *Codec) NewDecoderCore() Core { return c.newDec() }

// NewPivotDecoderCore returns a fresh decoder core to the 31-bit pivot
// (see DecodePivotTransformer), without policy.
func (c *Codec) NewPivotDecoderCore() Core { return c.pivotDec()() }

func (c *Codec) pivotDec() func() Core {
	if c.newPivot != nil {
		return c.newPivot
	}
	return c.newDec
}

// NewEncoderCore returns a fresh encoder core, without policy, or nil for
// a decode-only codec.
func (c *Codec) NewEncoderCore() Core {
	if c.newEnc == nil {
		return nil
	}
	return c.newEnc()
}

// DecodeTransformer returns a transformer from the encoding to UTF-8 that
// applies the codec's options. Its output is valid UTF-8 (RFC 3629), or it
// stops with an error: a value that UTF-8 cannot carry (a UCS-4 surrogate
// value or a value above U+10FFFF) is an error of kind surrogate or
// out-of-range, handled by the policy as any malformed input. NewDecoder
// and AppendDecode use it.
func (c *Codec) DecodeTransformer() transform.Transformer {
	return &Transformer{core: c.newDec(), newCore: c.newDec, opts: c.opts, name: c.name}
}

// DecodePivotTransformer returns a transformer from the encoding to the
// pivot of ucs converters: UTF-8, extended as RFC 2279 does for the
// encodings whose repertoire goes beyond Unicode (UCS-4 and
// utf-8-rfc2279), so that their surrogate values and values up to
// U-7FFFFFFF reach an encoder that can write them through
// EncodePivotTransformer (every other encoder's EncodePivotTransformer
// reports them as one unmappable character or surrogate each). Its output
// is not always valid UTF-8: never give it to code that expects UTF-8, an
// EncodeTransformer included. For every other codec it is
// DecodeTransformer.
func (c *Codec) DecodePivotTransformer() transform.Transformer {
	nc := c.pivotDec()
	return &Transformer{core: nc(), newCore: nc, opts: c.opts, name: c.name}
}

// EncodeTransformer returns a transformer from UTF-8 to the encoding that
// applies the codec's options. Its input is RFC 3629 UTF-8: malformed
// input is classified as the UTF-8 decoder classifies it, one error per
// maximal subpart (so ED A0 80, a surrogate, is three errors, and
// F4 90 80 80, beyond U+10FFFF, four), whatever the target. Only the
// encoders whose repertoire goes beyond Unicode (UCS-4, utf-8-rfc2279)
// read the 31-bit pivot here, as EncodePivotTransformer does.
func (c *Codec) EncodeTransformer() transform.Transformer {
	if c.newEnc == nil {
		return cannotEncode{}
	}
	return &Transformer{core: c.newEnc(), newCore: c.newEnc, opts: c.opts, name: c.name, encode: true, pivot: c.newPivot != nil}
}

// EncodePivotTransformer returns a transformer from the 31-bit pivot
// (the output of DecodePivotTransformer) to the encoding that applies the
// codec's options: a shortest-form RFC 2279 sequence of a surrogate value
// is one error of kind surrogate, and one of a value beyond U+10FFFF one
// unmappable character (Error.Rune names the value), which an encoder
// whose repertoire goes beyond Unicode writes. Anything else is read as
// EncodeTransformer reads it. It is the legacy counterpart of
// EncodeTransformer, for converters that take text from
// DecodePivotTransformer; never give it text from elsewhere.
func (c *Codec) EncodePivotTransformer() transform.Transformer {
	if c.newEnc == nil {
		return cannotEncode{}
	}
	return &Transformer{core: c.newEnc(), newCore: c.newEnc, opts: c.opts, name: c.name, encode: true, pivot: true}
}

// NewDecoder implements encoding.Encoding.
func (c *Codec) NewDecoder() *xenc.Decoder {
	return &xenc.Decoder{Transformer: c.DecodeTransformer()}
}

// NewEncoder implements encoding.Encoding.
func (c *Codec) NewEncoder() *xenc.Encoder {
	return &xenc.Encoder{Transformer: c.EncodeTransformer()}
}

// AppendDecode appends the UTF-8 decoding of src to dst and returns the
// extended slice. Under the Fail policy it stops at the first error, and
// the returned slice holds the text decoded before it. It allocates only
// to grow dst and one small decoder state.
func (c *Codec) AppendDecode(dst, src []byte) ([]byte, error) {
	return appendTransform(dst, src, c.DecodeTransformer())
}

// AppendEncode appends the encoding of the UTF-8 text src to dst.
func (c *Codec) AppendEncode(dst, src []byte) ([]byte, error) {
	return appendTransform(dst, src, c.EncodeTransformer())
}

func appendTransform(dst, src []byte, t transform.Transformer) ([]byte, error) {
	if cap(dst)-len(dst) < len(src)+8 {
		grown := make([]byte, len(dst), len(dst)+len(src)+len(src)/2+16)
		copy(grown, dst)
		dst = grown
	}
	for {
		nd, ns, err := t.Transform(dst[len(dst):cap(dst)], src, true)
		dst = dst[:len(dst)+nd]
		src = src[ns:]
		if err != transform.ErrShortDst {
			return dst, err
		}
		grown := make([]byte, len(dst), 2*cap(dst)+16)
		copy(grown, dst)
		dst = grown
	}
}

type cannotEncode struct{}

func (cannotEncode) Reset() {}
func (cannotEncode) Transform(dst, src []byte, atEOF bool) (int, int, error) {
	if len(src) == 0 {
		return 0, 0, nil
	}
	return 0, 0, ErrCannotEncode
}

var _ xenc.Encoding = (*Codec)(nil)
