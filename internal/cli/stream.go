package cli

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/simd"
	"golang.org/x/text/transform"
)

// chunkSize is how much input the command reads at a time; memory stays
// bounded by a small multiple of it whatever the input size.
const chunkSize = 256 << 10

// place is a position in a text: line and column are 1-based, the column
// counts characters.
type place struct {
	line, col int64
}

func startPlace() place { return place{1, 1} }

// advance moves p over the UTF-8 text b.
func (p *place) advance(b []byte) {
	i := lastNewline(b)
	if i < 0 {
		p.col += countChars(b)
		return
	}
	p.line += int64(bytes.Count(b[:i+1], []byte{'\n'}))
	p.col = 1 + countChars(b[i+1:])
}

// lastNewline returns the index of the last LF in b, or -1. It steps
// back eight bytes at a time (bytes.LastIndexByte goes byte by byte).
func lastNewline(b []byte) int {
	const ones, highs, lfs = 0x0101010101010101, 0x8080808080808080, 0x0A0A0A0A0A0A0A0A
	i := len(b)
	for ; i >= 8; i -= 8 {
		x := binary.LittleEndian.Uint64(b[i-8:i]) ^ lfs // zero bytes where LF was
		if (x-ones)&^x&highs != 0 {
			break
		}
	}
	for i > 0 {
		i--
		if b[i] == '\n' {
			return i
		}
	}
	return -1
}

// countChars counts the characters of UTF-8 text (its lead bytes).
func countChars(b []byte) int64 {
	return int64(simd.RuneCount(b))
}

// diag is one diagnostic about a file: where and what.
type diag struct {
	File   string
	Offset int64 // byte offset in the file
	Line   int64
	Col    int64
	Kind   encoding.Kind
	Bytes  []byte
	Rune   rune   // for unmappable characters, else -1
	To     string // target encoding, for unmappable characters
}

// String formats the diagnostic as FILE:LINE:COL: byte OFFSET: KIND (bytes ..).
func (d diag) String() string {
	s := fmt.Sprintf("%s:%d:%d: byte %d: %s", d.File, d.Line, d.Col, d.Offset, d.Kind)
	if d.Kind == encoding.Unmappable {
		return s + fmt.Sprintf(" (%s cannot be encoded in %s)", encoding.FormatRune(d.Rune), d.To)
	}
	if len(d.Bytes) > 0 {
		s += " (bytes " + encoding.HexBytes(d.Bytes) + ")"
	}
	return s
}

// failure is a diagnostic that stopped the work (the Fail policy).
type failure struct{ d diag }

func (f *failure) Error() string { return f.d.String() }

// chunk is what a decode step hands downstream: the decoded text of one
// decoder call, with what is needed to locate a character of it in the
// file.
type chunk struct {
	text  []byte // decoded UTF-8
	start place  // place of text[0]
	// For locating: the input given to this decoder call, its offset in
	// the file, and the decoder as it was before the call.
	in      []byte
	inOff   int64
	dec     *encoding.Transformer
	written int64 // dec.Written() before the call
	// identity is set when text is the input itself (valid UTF-8 read as
	// UTF-8): offsets map one to one.
	identity bool
}

// placeAt returns the place of byte k of the chunk's text.
func (c *chunk) placeAt(k int) place {
	p := c.start
	p.advance(c.text[:k])
	return p
}

// decoder streams a file through a codec's decoder.
type decoder struct {
	name  string
	codec *encoding.Codec
	// report receives each bad sequence that the codec's policy handled
	// (Replace, Skip, Escape); returning an error stops the run.
	report func(diag) error
	// sink receives the decoded text; returning an error stops the run.
	sink func(*chunk) error
	// head receives the first bytes of the input (up to 4) before
	// anything is decoded, for BOM sniffing.
	head func([]byte)
	// through, when set and the input is read as strict UTF-8, takes the
	// input straight to its destination without a separate validation
	// pass: it handles the longest prefix of b that it can carry without
	// meeting anything to report (a malformed or unencodable sequence),
	// and returns its length, 0 when it declines. Whatever it leaves goes
	// the usual way, through sink. The bytes it takes count as decoded
	// text for places and offsets.
	through func(b []byte) (int, error)
	// pivot decodes to the 31-bit pivot (DecodePivotTransformer), for a
	// sink that encodes: UCS-4 and RFC 2279 values beyond UTF-8 reach
	// the encoder, which writes or reports them. Otherwise the text is
	// strict UTF-8 and such values are malformed input.
	pivot bool
}

// run decodes in. A decoding error under Fail comes back as a *failure.
func (d *decoder) run(in io.Reader) error {
	var pending []*encoding.Error
	opts := d.codec.Options()
	if d.report != nil {
		opts.Report = func(e *encoding.Error) {
			e.Bytes = append([]byte(nil), e.Bytes...)
			pending = append(pending, e)
		}
	}
	codec := d.codec.With(opts)
	dec := codec.DecodeTransformer().(*encoding.Transformer)
	if d.pivot {
		dec = codec.DecodePivotTransformer().(*encoding.Transformer)
	}
	// Valid UTF-8 read as UTF-8 is its own decoding: the kernel validates
	// it and it goes downstream without a copy. The decoder takes over at
	// the first malformed or incomplete sequence; skipped counts the bytes
	// it never saw, to keep its offsets those of the file.
	identity := d.codec.Name() == "utf-8"
	var skipped int64
	buf := make([]byte, chunkSize)
	out := make([]byte, 4*chunkSize+256)
	have := 0
	var off int64 // file offset of buf[0]
	at := startPlace()
	eof, headDone := false, false
	for {
		if !eof {
			n, err := io.ReadFull(in, buf[have:])
			have += n
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				eof = true
			} else if err != nil {
				return err
			}
		}
		if !headDone && d.head != nil {
			d.head(buf[:min(have, 4)])
			headDone = true
		}
		start := 0
		if identity && d.through != nil {
			n, err := d.through(buf[:have])
			if err != nil {
				return err
			}
			at.advance(buf[:n])
			start = n
			skipped += int64(n)
		}
		if identity {
			if n, _, _ := simd.ValidateUTF8(buf[start:have]); n > 0 {
				n += start
				c := chunk{in: buf[start:n], inOff: off + int64(start), start: at, text: buf[start:n], identity: true}
				if serr := d.sink(&c); serr != nil {
					return serr
				}
				at.advance(c.text)
				skipped += int64(n - start)
				start = n
			}
		}
		for start < have || eof {
			c := chunk{in: buf[start:have], inOff: off + int64(start), start: at, written: dec.Written()}
			c.dec = dec.Clone()
			nd, ns, err := dec.Transform(out, buf[start:have], eof)
			start += ns
			c.text = out[:nd]
			// Places move forward from one error to the next: many errors
			// in a chunk cost one pass over its text.
			p, pk := c.start, 0
			for _, e := range pending {
				k := int(e.Output - c.written)
				if k >= pk {
					p.advance(c.text[pk:k])
					pk = k
				} else {
					p, pk = c.placeAt(k), k
				}
				if rerr := d.report(diag{File: d.name, Offset: e.Offset + skipped, Line: p.line, Col: p.col, Kind: e.Kind, Bytes: e.Bytes, Rune: -1}); rerr != nil {
					return rerr
				}
			}
			pending = pending[:0]
			if nd > 0 {
				if serr := d.sink(&c); serr != nil {
					return serr
				}
				at.advance(c.text)
			}
			if err == transform.ErrShortDst {
				continue
			}
			if err != nil && err != transform.ErrShortSrc {
				var e *encoding.Error
				if errors.As(err, &e) {
					return &failure{diag{File: d.name, Offset: e.Offset + skipped, Line: at.line, Col: at.col, Kind: e.Kind, Bytes: e.Bytes, Rune: -1}}
				}
				return err
			}
			break
		}
		if eof {
			if start < have {
				return fmt.Errorf("internal error: the decoder left %d bytes at the end of input", have-start)
			}
			return nil
		}
		// Keep the unconsumed tail (an incomplete sequence) for the next read.
		copy(buf, buf[start:have])
		off += int64(start)
		have -= start
	}
}
