package utf

import (
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"golang.org/x/text/transform"
)

const b64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// b64Value maps a byte to its modified-base64 value, or 0xFF.
var b64Value = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	for i := 0; i < len(b64Alphabet); i++ {
		t[b64Alphabet[i]] = byte(i)
	}
	return t
}()

// utf7Direct marks the characters the encoder writes directly: RFC 2152
// Set D, space, tab, CR and LF. (Set O may be direct too, but it is
// unsafe in mail headers; ucs encodes it in base64.)
var utf7Direct = func() (t [128]bool) {
	for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'(),-./:? \t\r\n" {
		t[c] = true
	}
	return t
}()

// utf7Decoder decodes UTF-7 (RFC 2152).
type utf7Decoder struct {
	state utf7State
}

type utf7State struct {
	base64 bool
	fresh  bool   // just after '+': '-' here means a literal '+'
	bits   uint32 // pending bits, right-aligned
	nbits  uint8
	high   rune // pending high surrogate, or 0
}

func (d *utf7Decoder) Reset() { d.state = utf7State{} }

func (d *utf7Decoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	s := &d.state
	for nSrc < len(src) {
		c := src[nSrc]
		if c >= 0x80 {
			return nDst, nSrc, s.eightBit(), nil
		}
		if !s.base64 {
			if c == '+' {
				s.base64, s.fresh, s.bits, s.nbits, s.high = true, true, 0, 0, 0
				nSrc++
				continue
			}
			n := directRun(dst[nDst:], src[nSrc:])
			if n == 0 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += n
			nSrc += n
			continue
		}
		v := b64Value[c]
		if v == 0xFF {
			w, n, b, err := s.closeShift(dst[nDst:], c)
			if b.Kind != encoding.KindNone || err != nil {
				return nDst, nSrc, b, err
			}
			nDst += w
			nSrc += n
			continue
		}
		// The base64 bits are gathered here, byte by byte; each complete
		// code unit goes to unit.
		t := *s
		t.fresh = false
		t.bits = t.bits<<6 | uint32(v)
		t.nbits += 6
		if t.nbits < 16 {
			*s = t
			nSrc++
			continue
		}
		w, n, b, err := s.unit(dst[nDst:], t)
		nDst += w
		nSrc += n
		if b.Kind != encoding.KindNone || err != nil {
			return nDst, nSrc, b, err
		}
	}
	if atEOF && s.base64 {
		if b := s.finish(); b.Kind != encoding.KindNone {
			return nDst, nSrc, b, nil
		}
	}
	return nDst, nSrc, bad, nil
}

// eightBit reports a byte of 80–FF, which UTF-7 never holds; in base64 it
// also ends the shift, whose own error comes first.
func (s *utf7State) eightBit() encoding.Bad {
	if s.base64 {
		if b := s.endShift(); b.Kind != encoding.KindNone {
			return b
		}
	}
	return encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}
}

// directRun copies the run of ASCII other than '+' at the start of src,
// which stands for itself, as far as dst has room, and returns its length.
func directRun(dst, src []byte) int {
	n := 0
	for ; n < len(src) && n < len(dst) && src[n] < 0x80 && src[n] != '+'; n++ {
		dst[n] = src[n]
	}
	return n
}

// closeShift ends base64 mode at c, a byte that is not base64: '-' is
// absorbed, and "+-" means '+'; a direct character is left to be read
// as such. It returns the bytes written to dst and read, or the bad
// sequence or the error that stops the conversion at c.
func (s *utf7State) closeShift(dst []byte, c byte) (w, n int, bad encoding.Bad, err error) {
	if s.fresh {
		s.base64, s.fresh = false, false
		if c != '-' {
			// '+' followed by neither base64 nor '-' is ill-formed.
			return 0, 0, encoding.Bad{Kind: encoding.InvalidEscape, Rune: -1}, nil
		}
		if len(dst) == 0 {
			s.base64, s.fresh = true, true
			return 0, 0, bad, transform.ErrShortDst
		}
		dst[0] = '+'
		return 1, 1, bad, nil
	}
	b := s.endShift()
	if c != '-' {
		return 0, 0, b, nil
	}
	if b.Kind != encoding.KindNone {
		b.Len = 1 // the error covers the closing '-'
		return 0, 0, b, nil
	}
	return 0, 1, b, nil
}

// unit decodes the code unit that the base64 byte just read completes; t
// is the state with that byte's bits added. It returns the bytes written
// and read (0 or 1: the byte is left unread when the unit must be read
// again), and the bad sequence or the error that stops the conversion.
func (s *utf7State) unit(dst []byte, t utf7State) (w, n int, bad encoding.Bad, err error) {
	t.nbits -= 16
	u := rune(t.bits>>t.nbits) & 0xFFFF
	t.bits &= 1<<t.nbits - 1
	var r rune
	switch {
	case u >= 0xD800 && u < 0xDC00:
		prev := s.high
		t.high = u
		*s = t
		if prev != 0 {
			// A second high surrogate: the first was unpaired.
			return 0, 0, encoding.Bad{Len: 1, Kind: encoding.UnpairedSurrogate, Rune: -1}, nil
		}
		return 0, 1, bad, nil
	case u >= 0xDC00 && u < 0xE000:
		if s.high == 0 {
			*s = t
			return 0, 0, encoding.Bad{Len: 1, Kind: encoding.UnpairedSurrogate, Rune: -1}, nil
		}
		r = 0x10000 + (s.high-0xD800)<<10 + (u - 0xDC00)
	default:
		if s.high != 0 {
			// The pending high surrogate is unpaired; this unit is
			// decoded on the next round.
			s.high = 0
			return 0, 0, encoding.Bad{Kind: encoding.UnpairedSurrogate, Rune: -1}, nil
		}
		r = u
	}
	if utf8.RuneLen(r) > len(dst) {
		return 0, 0, bad, transform.ErrShortDst
	}
	t.high = 0
	*s = t
	return utf8.EncodeRune(dst, r), 1, bad, nil
}

// finish ends a base64 shift that the input ends inside: a '+' alone is
// ill-formed, and so are the bits endShift finds wrong.
func (s *utf7State) finish() encoding.Bad {
	if s.fresh {
		*s = utf7State{}
		return encoding.Bad{Kind: encoding.InvalidEscape, Rune: -1}
	}
	return s.endShift()
}

// endShift leaves base64 mode and reports what was wrong with the bits
// left over: a pending high surrogate, six or more bits (a partial code
// unit), or non-zero padding. The error covers no byte of its own (Len 0):
// it sits between the last base64 character and what ends the shift.
func (s *utf7State) endShift() encoding.Bad {
	b := encoding.Bad{Rune: -1}
	switch {
	case s.high != 0:
		b.Kind = encoding.UnpairedSurrogate
	case s.nbits >= 6:
		b.Kind = encoding.Truncated
	case s.bits != 0:
		b.Kind = encoding.InvalidEscape
	}
	*s = utf7State{}
	return b
}

// utf7Encoder encodes UTF-7 (RFC 2152). Characters of Set D and white
// space are written directly, '+' as "+-", everything else in modified
// base64; every shift is closed with '-'.
type utf7Encoder struct {
	base64 bool
	bits   uint32
	nbits  uint8
}

func (e *utf7Encoder) Reset() { *e = utf7Encoder{} }

func (e *utf7Encoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	var buf [16]byte
	for nSrc < len(src) {
		if !e.base64 {
			// A run of directly encoded characters is copied as it is.
			n := 0
			for s, d := src[nSrc:], dst[nDst:]; n < len(s) && n < len(d) && s[n] < 0x80 && utf7Direct[s[n]]; n++ {
				d[n] = s[n]
			}
			if n > 0 {
				nDst += n
				nSrc += n
				continue
			}
		}
		r, size, b, incomplete := encRune(src[nSrc:], atEOF, 0x10FFFF)
		if incomplete {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if size == 0 {
			return nDst, nSrc, b, nil
		}
		t := *e
		out := buf[:0]
		if r < 0x80 && (utf7Direct[r] || r == '+') {
			out = t.close(out)
			if r == '+' {
				out = append(out, '+', '-')
			} else {
				out = append(out, byte(r))
			}
		} else {
			if !t.base64 {
				out = append(out, '+')
				t.base64 = true
			}
			if r > 0xFFFF {
				r -= 0x10000
				out = t.unit(out, uint16(0xD800+(r>>10)))
				out = t.unit(out, uint16(0xDC00+(r&0x3FF)))
			} else {
				out = t.unit(out, uint16(r))
			}
		}
		if nDst+len(out) > len(dst) {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		*e = t
		nDst += copy(dst[nDst:], out)
		nSrc += size
	}
	if atEOF && e.base64 {
		t := *e
		out := t.close(buf[:0])
		if nDst+len(out) > len(dst) {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		*e = t
		nDst += copy(dst[nDst:], out)
	}
	return nDst, nSrc, bad, nil
}

func (e *utf7Encoder) unit(out []byte, u uint16) []byte {
	e.bits = e.bits<<16 | uint32(u)
	e.nbits += 16
	for e.nbits >= 6 {
		e.nbits -= 6
		out = append(out, b64Alphabet[(e.bits>>e.nbits)&0x3F])
	}
	e.bits &= 1<<e.nbits - 1
	return out
}

// close flushes the pending bits (zero-padded) and ends the shift.
func (e *utf7Encoder) close(out []byte) []byte {
	if !e.base64 {
		return out
	}
	if e.nbits > 0 {
		out = append(out, b64Alphabet[(e.bits<<(6-e.nbits))&0x3F])
	}
	e.base64, e.bits, e.nbits = false, 0, 0
	return append(out, '-')
}

// UTF7 is UTF-7 (RFC 2152), a 7-bit form of UTF-16 for mail. The decoder
// rejects bytes above 7F, '+' followed by neither base64 nor '-', unpaired
// surrogates, and shifts that end with more than five leftover bits or
// non-zero padding. The encoder's output is one of several valid forms:
// decode(encode(x)) == x always holds.
var UTF7 = encoding.NewCodec("utf-7",
	func() encoding.Core { return &utf7Decoder{} },
	func() encoding.Core { return &utf7Encoder{} })

// Clone implements encoding.Cloner.
func (d *utf7Decoder) Clone() encoding.Core { c := *d; return &c }

// Clone implements encoding.Cloner.
func (e *utf7Encoder) Clone() encoding.Core { c := *e; return &c }
