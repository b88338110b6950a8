package transcode

import (
	"errors"
	"fmt"
	"io"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/enchook"
	"github.com/ucskit/ucs/internal/simd"
)

// engine holds the methods of encoding.Transformer that are not part of
// its API: the fast path up to a bad sequence, the count of bytes written,
// and a copy in the same state.
var engine = enchook.Get[*encoding.Transformer, encoding.Bad]()

// chunkSize is how much input is read at a time; memory stays bounded by a
// small multiple of it whatever the input size.
const chunkSize = 256 << 10

// decoder streams an input through a codec's decoder.
type decoder struct {
	name  string
	codec *encoding.Codec
	// report receives each bad sequence that the codec's policy handled
	// (Replace, Skip, Escape); returning an error stops the run.
	report func(*Error) error
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
	// sink that encodes: UCS-4 and RFC 2279 values beyond UTF-8 reach the
	// encoder, which writes or reports them. Otherwise the text is strict
	// UTF-8 and such values are malformed input.
	pivot bool
	// read counts the input bytes read.
	read int64
}

// run decodes in. A decoding error under Fail comes back as an *Error.
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
	// it never saw, to keep its offsets those of the input.
	identity := d.codec.Name() == "utf-8"
	var skipped int64
	buf := make([]byte, chunkSize)
	out := make([]byte, 4*chunkSize+256)
	have := 0
	var off int64 // input offset of buf[0]
	at := startPlace()
	eof, headDone := false, false
	for {
		if !eof {
			n, err := io.ReadFull(in, buf[have:])
			have += n
			d.read += int64(n)
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
			c := chunk{in: buf[start:have], inOff: off + int64(start), start: at, written: engine.Written(dec)}
			c.dec = engine.Clone(dec)
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
				if rerr := d.report(&Error{Name: d.name, Encoding: d.codec.Name(), Offset: e.Offset + skipped, Line: p.line, Column: p.col, Kind: e.Kind, Bytes: e.Bytes, Rune: -1}); rerr != nil {
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
					return &Error{Name: d.name, Encoding: d.codec.Name(), Offset: e.Offset + skipped, Line: at.line, Column: at.col, Kind: e.Kind, Bytes: e.Bytes, Rune: -1}
				}
				return err
			}
			break
		}
		if eof {
			if start < have {
				return fmt.Errorf("transcode: internal error: the decoder left %d bytes at the end of input", have-start)
			}
			return nil
		}
		// Keep the unconsumed tail (an incomplete sequence) for the next read.
		copy(buf, buf[start:have])
		off += int64(start)
		have -= start
	}
}
