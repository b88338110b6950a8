package japanese

import (
	"bytes"
	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// ISO2022JP is ISO-2022-JP (RFC 1468) as the WHATWG Encoding Standard
// specifies it (§12.2): the decoder switches between ASCII (ESC ( B),
// JIS X 0201 Roman (ESC ( J), JIS X 0201 katakana (ESC ( I) and JIS X 0208
// (ESC $ @, ESC $ B); two escape sequences in a row are an error, as are
// SO, SI and bytes 80–FF. The encoder writes ASCII, Roman only for U+00A5
// and U+203E, and JIS X 0208 (half-width katakana become full-width), and
// returns to ASCII at the end of the text and before an unencodable
// character. It never writes ESC ( I, ESC $ @ or ESC % G. SO, SI and ESC
// in the text are unmappable (WHATWG: an error), since they would be read
// as shifts and escapes; the character-reference escape styles write
// them as &#65533; (&#xfffd;), as WHATWG's encoder in HTML mode does.
//
// Deviation from WHATWG: following ISO 2022 §15.4 (DOCS) and the utf-8(7)
// manual page, the decoder also recognises ESC % G, after which the text is
// UTF-8 until ESC % @ returns to the previous state; WHATWG treats ESC % as
// an error. Malformed UTF-8 inside is reported like any malformed input.
var ISO2022JP = encoding.NewCodec("iso-2022-jp",
	func() encoding.Core { return &iso2022jpDecoder{t: getTables()} },
	func() encoding.Core { return &iso2022jpEncoder{t: getTables()} })

type jpState uint8

const (
	stASCII jpState = iota
	stRoman
	stKatakana
	stJIS0208
	stUTF8
)

type iso2022jpDecoder struct {
	t       *tables
	state   jpState
	prev    jpState // state to return to at ESC % @
	outFlag bool    // the last thing read was an escape sequence
}

func (d *iso2022jpDecoder) Reset() { d.state, d.prev, d.outFlag = stASCII, stASCII, false }

func (d *iso2022jpDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	j208 := d.t.jis0208[:11104]
	badEsc := encoding.Bad{Len: 1, Kind: encoding.InvalidEscape, Rune: -1}
	for nSrc < len(src) {
		c := src[nSrc]
		if d.state == stASCII && c < 0x80 && !isShift(c) {
			// A run of ASCII: copied as it is, up to the next escape or
			// shift byte.
			n := asciiRun(dst[nDst:], src[nSrc:])
			if n == 0 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			d.outFlag = false
			nDst += n
			nSrc += n
			continue
		}
		if c == 0x1B {
			rest := src[nSrc:]
			if d.state == stUTF8 {
				if len(rest) < 3 && !atEOF && (len(rest) < 2 || rest[1] == '%') {
					return nDst, nSrc, bad, transform.ErrShortSrc
				}
				if len(rest) >= 3 && rest[1] == '%' && rest[2] == '@' {
					d.state = d.prev
					nSrc += 3
					d.outFlag = true
					continue
				}
				// Any other ESC is the character U+001B in UTF-8 mode.
			} else {
				if len(rest) < 3 && !atEOF {
					return nDst, nSrc, bad, transform.ErrShortSrc
				}
				ns := jpState(255)
				if len(rest) >= 3 {
					switch string(rest[1:3]) {
					case "(B":
						ns = stASCII
					case "(J":
						ns = stRoman
					case "(I":
						ns = stKatakana
					case "$@", "$B":
						ns = stJIS0208
					case "%G":
						ns = stUTF8
						d.prev = d.state
					}
				}
				if ns == 255 {
					d.outFlag = false
					return nDst, nSrc, badEsc, nil
				}
				d.state = ns
				was := d.outFlag
				d.outFlag = true
				if was {
					return nDst, nSrc, encoding.Bad{Len: 3, Kind: encoding.InvalidEscape, Rune: -1}, nil
				}
				nSrc += 3
				continue
			}
		}
		var v uint32
		n := 1
		switch d.state {
		case stASCII, stRoman:
			if c >= 0x80 || c == 0x0E || c == 0x0F {
				d.outFlag = false
				return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
			}
			v = uint32(c)
			if d.state == stRoman && c == 0x5C {
				v = mb.Pack(0xA5)
			} else if d.state == stRoman && c == 0x7E {
				v = mb.Pack(0x203E)
			}
		case stKatakana:
			if c < 0x21 || c > 0x5F {
				d.outFlag = false
				return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
			}
			v = mb.Pack(0xFF61 - 0x21 + rune(c))
		case stJIS0208:
			d.outFlag = false
			if c < 0x21 || c > 0x7E {
				return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
			}
			if nSrc+1 >= len(src) {
				if atEOF {
					return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.Truncated, Rune: -1}, nil
				}
				return nDst, nSrc, bad, transform.ErrShortSrc
			}
			c2 := src[nSrc+1]
			if c2 == 0x1B {
				return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidSequence, Rune: -1}, nil
			}
			if c2 >= 0x21 && c2 <= 0x7E {
				v = j208[int(c-0x21)*94+int(c2)-0x21]
			}
			if v == 0 {
				return nDst, nSrc, encoding.Bad{Len: 2, Kind: encoding.InvalidSequence, Rune: -1}, nil
			}
			n = 2
		case stUTF8:
			r, m, k := mb.DecodeRune(src[nSrc:], atEOF)
			if m == 0 {
				return nDst, nSrc, bad, transform.ErrShortSrc
			}
			d.outFlag = false
			if k != encoding.KindNone {
				return nDst, nSrc, encoding.Bad{Len: m, Kind: k, Rune: -1}, nil
			}
			v, n = mb.Pack(r), m
			if r == 0 {
				v = 0
			}
		}
		d.outFlag = false
		if v < 0x80 {
			if nDst >= len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			dst[nDst] = byte(v)
			nDst++
		} else {
			w := mb.Put(dst[nDst:], v)
			if w == 0 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += w
		}
		nSrc += n
	}
	return nDst, nSrc, bad, nil
}

type iso2022jpEncoder struct {
	t     *tables
	state jpState // stASCII, stRoman or stJIS0208
}

func (e *iso2022jpEncoder) Reset() { e.state = stASCII }

var escTo = [...]string{stASCII: "\x1b(B", stRoman: "\x1b(J", stJIS0208: "\x1b$B"}

func (e *iso2022jpEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	rev := e.t.eucjp
	for nSrc < len(src) {
		if c := src[nSrc]; e.state == stASCII && c < 0x80 && !isShift(c) {
			n := asciiRun(dst[nDst:], src[nSrc:])
			if n == 0 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += n
			nSrc += n
			continue
		}
		r, n, k := mb.NextRune(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if k != encoding.KindNone {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
		}
		var out [5]byte
		m := 0
		want := e.state // the state the character needs
		switch {
		case r == 0x0E || r == 0x0F || r == 0x1B:
			want = stASCII
		case r < 0x80 && (e.state == stASCII || (e.state == stRoman && r != 0x5C && r != 0x7E)):
			out[0], m = byte(r), 1
		case r < 0x80:
			want, out[0], m = stASCII, byte(r), 1
		case r == 0xA5 || r == 0x203E:
			want, m = stRoman, 1
			out[0] = 0x5C
			if r == 0x203E {
				out[0] = 0x7E
			}
		default:
			q := r
			if q == 0x2212 {
				q = 0xFF0D
			}
			if q >= 0xFF61 && q <= 0xFF9F {
				q = rune(iso2022jpKatakanaIndex[q-0xFF61])
			}
			p := -1
			if q <= 0xFFFF {
				p = int(rev[q]) - 1
			}
			if p >= 0 && p < 94*94 {
				want, m = stJIS0208, 2
				out[0], out[1] = byte(p/94+0x21), byte(p%94+0x21)
			} else {
				want = stASCII // leave JIS X 0208 before reporting the character
			}
		}
		esc := ""
		if want != e.state {
			esc = escTo[want]
		}
		if m == 0 && (esc == "" || e.state != stJIS0208) {
			esc = ""
		}
		if len(dst)-nDst < len(esc)+m {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		if esc != "" {
			nDst += copy(dst[nDst:], esc)
			e.state = want
		}
		if m == 0 {
			bad = encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}
			if r < 0x80 && isShift(byte(r)) {
				// WHATWG §12.2.2: an error with U+FFFD, so that the
				// character reference is &#65533;, never one that an
				// HTML reader would turn back into a shift or escape.
				bad.RefRune = 0xFFFD
			}
			return nDst, nSrc, bad, nil
		}
		nDst += copy(dst[nDst:], out[:m])
		nSrc += n
	}
	if atEOF && e.state != stASCII {
		if len(dst)-nDst < 3 {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], "\x1b(B")
		e.state = stASCII
	}
	return nDst, nSrc, bad, nil
}

// isShift reports whether c is ESC, SO or SI, which ISO-2022-JP never
// carries as ASCII.
func isShift(c byte) bool { return c == 0x1B || c == 0x0E || c == 0x0F }

// asciiRun copies the longest prefix of src that is ASCII without ESC, SO
// or SI and fits in dst, and returns its length.
func asciiRun(dst, src []byte) int {
	n := mb.ASCII(dst, src)
	for _, c := range [...]byte{0x1B, 0x0E, 0x0F} {
		if i := bytes.IndexByte(src[:n], c); i >= 0 {
			n = i
		}
	}
	return n
}
