package transcode

import (
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/enchook"
	"github.com/ucskit/ucs/internal/mapread"
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
// A regular file (an *os.File, or a mapread.Source) of some size is read
// through a memory map, a window at a time, instead of being copied into
// a buffer: the decoder sees the same bytes either way.
func (d *decoder) run(in io.Reader) error {
	if w, ms := openMap(in); w != nil {
		defer w.Close()
		src := &mapSource{w: w, step: ms.Step, read: &d.read}
		return mapread.Guard(w, func() error { return d.loop(src) })
	}
	return d.loop(&readSource{r: in, buf: make([]byte, chunkSize), read: &d.read})
}

// mapWindow is the size of a window of a mapped input: large enough that
// mapping costs little per byte, small enough to keep the resident memory
// of a conversion well under 32 MB. Inputs under mapMin bytes are read:
// for them a read costs less than a map. (Variables for the tests.)
var mapWindow, mapMin = 8 << 20, int64(1 << 20)

// openMap returns the windows of in when it is a regular file worth
// mapping.
func openMap(in io.Reader) (*mapread.Windows, mapread.Source) {
	var ms mapread.Source
	switch r := in.(type) {
	case *os.File:
		ms = mapread.FileSource{F: r}
	case mapread.Source:
		ms = r
	default:
		return nil, nil
	}
	f := ms.MappedFile()
	if f == nil {
		return nil, nil
	}
	w := mapread.Open(f, mapWindow, mapMin)
	if w == nil {
		return nil, nil
	}
	return w, ms
}

// identity takes the longest valid UTF-8 prefix of b (at input offset
// inOff) downstream, through d.through when it is set, else through the
// sink, and moves at past it. It returns the length taken.
func (d *decoder) identity(b []byte, inOff int64, at *place) (int, error) {
	start := 0
	if d.through != nil {
		n, err := d.through(b)
		if err != nil {
			return 0, err
		}
		at.advance(b[:n])
		start = n
	}
	n, _, _ := simd.ValidateUTF8(b[start:])
	if n == 0 {
		return start, nil
	}
	n += start
	c := chunk{in: b[start:n], inOff: inOff + int64(start), start: *at, text: b[start:n], identity: true}
	if err := d.sink(&c); err != nil {
		return start, err
	}
	at.advance(c.text)
	return n, nil
}

// pieceEnd returns where the piece of buf[start:have] that the identity
// path takes at once ends: chunkSize bytes on, moved back to the start of
// a character so that no piece ends inside one.
func pieceEnd(buf []byte, start, have int) int {
	end := start + chunkSize
	if end >= have {
		return have
	}
	for i := 0; i < 3 && buf[end]&0xC0 == 0x80; i++ {
		end--
	}
	return end
}

// source hands the decoder its input, a buffer at a time.
type source interface {
	// next drops the first done bytes of the last buffer and returns the
	// rest of it followed by new input; eof is true when the buffer ends
	// the input. The last buffer is no longer valid.
	next(done int) (buf []byte, eof bool, err error)
}

// readSource reads into one buffer of its own.
type readSource struct {
	r    io.Reader
	buf  []byte
	have int
	read *int64
}

func (s *readSource) next(done int) ([]byte, bool, error) {
	copy(s.buf, s.buf[done:s.have])
	s.have -= done
	n, err := io.ReadFull(s.r, s.buf[s.have:])
	s.have += n
	*s.read += int64(n)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return s.buf[:s.have], true, nil
	}
	if err != nil {
		return nil, false, err
	}
	return s.buf[:s.have], false, nil
}

// mapSource hands on windows of a mapped file.
type mapSource struct {
	w    *mapread.Windows
	step func(n int) error
	off  int64 // input offset of the last buffer's first byte
	read *int64
}

func (s *mapSource) next(done int) ([]byte, bool, error) {
	s.off += int64(done)
	b, eof, err := s.w.At(s.off)
	if err != nil {
		return nil, false, err
	}
	if end := s.off + int64(len(b)); end > *s.read {
		if err := s.step(int(end - *s.read)); err != nil {
			return nil, false, err
		}
		*s.read = end
	}
	return b, eof, nil
}

// loop decodes what src hands on.
func (d *decoder) loop(src source) error {
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
	out := make([]byte, 4*chunkSize+256)
	var off int64 // input offset of buf[0]
	at := startPlace()
	headDone := false
	buf, eof, err := src.next(0)
	if err != nil {
		return err
	}
	for {
		have := len(buf)
		if !headDone && d.head != nil {
			d.head(buf[:min(have, 4)])
			headDone = true
		}
		start := 0
		if identity {
			// A piece at a time, so that the pass that moves the place
			// reads what the kernel has just read, from the cache.
			for start < have {
				end := pieceEnd(buf, start, have)
				n, err := d.identity(buf[start:end], off+int64(start), &at)
				if err != nil {
					return err
				}
				start += n
				skipped += int64(n)
				if start < end {
					break
				}
			}
		}
		for start < have || eof {
			// At most chunkSize bytes a call, whatever the buffer (a
			// mapped window is larger): the reports of one call are held
			// until it returns.
			end, last := have, eof
			if have-start > chunkSize {
				end, last = start+chunkSize, false
			}
			c := chunk{in: buf[start:end], inOff: off + int64(start), start: at, written: engine.Written(dec)}
			c.dec = engine.Clone(dec)
			nd, ns, err := dec.Transform(out, buf[start:end], last)
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
			if (err == nil || err == transform.ErrShortSrc) && end < have && ns+nd > 0 {
				continue // the rest of the buffer
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
		off += int64(start)
		if buf, eof, err = src.next(start); err != nil {
			return err
		}
	}
}
