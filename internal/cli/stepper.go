package cli

import (
	"io"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
	"golang.org/x/text/transform"
)

// step is one character of a decoded input, or one bad sequence.
type step struct {
	Offset int64  // of the input bytes
	In     []byte // the input bytes (valid until the next call)
	Text   []byte // decoded UTF-8 (a bad sequence: U+FFFD); may be empty for a shift sequence
	Bad    *encoding.Error
}

// stepper decodes an input one character at a time, telling which bytes
// make each character. It reads in bounded chunks.
type stepper struct {
	r    io.Reader
	dec  *encoding.Transformer
	buf  []byte
	i, n int
	off  int64 // file offset of buf[0]
	eof  bool
	bad  *encoding.Error
	out  [64]byte
	err  error
	// utf8 is set for strict UTF-8, whose decoder keeps no state: valid
	// characters are stepped over without it.
	utf8 bool
}

// plainUTF8 reports whether codec is strict UTF-8 without a BOM, whose
// decoder is a validating copy: an offset in the text is the same offset
// in the input, and the decoder keeps no state.
func plainUTF8(codec *encoding.Codec) bool { return codec == utf.UTF8 }

func newStepper(r io.Reader, codec *encoding.Codec) *stepper {
	s := &stepper{r: r, buf: make([]byte, 64<<10), utf8: plainUTF8(codec)}
	opts := codec.Options()
	opts.Invalid = encoding.Replace
	opts.Report = func(e *encoding.Error) { s.bad = e }
	s.dec = codec.With(opts).DecodeTransformer().(*encoding.Transformer)
	return s
}

// fill makes sure at least want bytes are buffered, unless at EOF.
func (s *stepper) fill(want int) {
	if s.n-s.i >= want || s.eof {
		return
	}
	copy(s.buf, s.buf[s.i:s.n])
	s.off += int64(s.i)
	s.n -= s.i
	s.i = 0
	for s.n < len(s.buf) && !s.eof {
		k, err := s.r.Read(s.buf[s.n:])
		s.n += k
		if err == io.EOF {
			s.eof = true
		} else if err != nil {
			s.err = err
			s.eof = true
		}
		if s.n-s.i >= want {
			break
		}
	}
}

// next returns the next step, or false at the end of the input (or on a
// read error, in s.err).
func (s *stepper) next() (step, bool) {
	const most = 16 // longer than any character or shift sequence
	s.fill(most)
	if s.i >= s.n {
		return step{}, false
	}
	avail := s.n - s.i
	if s.utf8 {
		b := s.buf[s.i:s.n]
		if r, size := utf8.DecodeRune(b); r != utf8.RuneError || size > 1 {
			st := step{Offset: s.off + int64(s.i), In: b[:size], Text: b[:size]}
			s.i += size
			return st, true
		}
	}
	for k := 1; k <= avail; k++ {
		s.bad = nil
		atEOF := s.eof && k == avail
		nd, ns, err := s.dec.Transform(s.out[:], s.buf[s.i:s.i+k], atEOF)
		if ns == 0 && nd == 0 && (err == transform.ErrShortSrc || err == nil) && k < avail {
			continue
		}
		if ns == 0 && nd == 0 {
			// Nothing decodes even at the end: should not happen with
			// the Replace policy; report the rest as one bad sequence.
			ns = avail
			s.bad = &encoding.Error{Offset: s.off + int64(s.i), Len: ns, Kind: encoding.InvalidByte}
		}
		st := step{Offset: s.off + int64(s.i), In: s.buf[s.i : s.i+ns], Text: s.out[:nd], Bad: s.bad}
		s.i += ns
		return st, true
	}
	return step{}, false
}
