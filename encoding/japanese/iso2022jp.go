package japanese

import (
	"encoding/binary"
	"golang.org/x/text/transform"
	"math/bits"

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
		if d.state == stJIS0208 && c != 0x1B && jis0208Runs {
			// A run of JIS X 0208 codes: table look-ups while they last;
			// anything else (errors, the end of a buffer) is the general
			// loop's.
			if nd, ns := jis0208Run(dst[nDst:], src[nSrc:], d.t.fastEUC); ns > 0 {
				d.outFlag = false
				nDst += nd
				nSrc += ns
				continue
			}
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

// jis0208Runs turns on the run paths of JIS X 0208 (jis0208Run and
// jis0208EncodeRun); the tests turn them off to check that they agree with
// the general loop.
var jis0208Runs = true

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
		if c := src[nSrc]; jis0208Runs {
			// A run of characters of JIS X 0208: their EUC-JP codes less
			// 8080, while they last; anything else is the general loop's.
			// The escapes between such runs and ASCII are written here
			// too, when dst has room for the escape and what follows.
			switch {
			case e.state == stJIS0208:
				if nd, ns := jis0208EncodeRun(dst[nDst:], src[nSrc:], e.t.eucjpCode); ns > 0 {
					nDst += nd
					nSrc += ns
					continue
				}
				if c < 0x80 && !isShift(c) && len(dst)-nDst >= 4 {
					nDst += copy(dst[nDst:], "\x1b(B")
					e.state = stASCII
					continue // to the ASCII run
				}
			case e.state == stASCII && c >= 0xE0 && len(dst)-nDst >= 5:
				if nd, ns := jis0208EncodeRun(dst[nDst+3:], src[nSrc:], e.t.eucjpCode); ns > 0 {
					nDst += copy(dst[nDst:], "\x1b$B") + nd
					nSrc += ns
					e.state = stJIS0208
					continue
				}
			}
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
// or SI and fits in dst, and returns its length. It reads only as far as
// the first byte it stops at: ISO-2022-JP text is all 7-bit, so a copy of
// the whole ASCII prefix would read to the end of src at every escape.
func asciiRun(dst, src []byte) int {
	const ones = 0x0101010101010101
	n := min(len(dst), len(src))
	i := 0
	for ; i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		// A byte 80–FF, or one that XOR makes 0: ESC, or SO and SI with
		// their low bit cleared. (x-ones)&^x has the high bit of the
		// lowest 0 byte of x set, and of none below it.
		x := w ^ 0x1B*ones
		y := w&^ones ^ 0x0E*ones
		if m := (w | (x-ones)&^x | (y-ones)&^y) & 0x8080808080808080; m != 0 {
			i += bits.TrailingZeros64(m) / 8
			copy(dst, src[:i])
			return i
		}
	}
	for i < n && src[i] < 0x80 && !isShift(src[i]) {
		i++
	}
	copy(dst, src[:i])
	return i
}

// jis0208Run decodes the longest prefix of src made of two-byte JIS X 0208
// codes (bytes 21–7E 21–7E) that the table has a character for and that
// fits in dst, and returns the lengths read and written. ISO-2022-JP's
// codes are EUC-JP's less 8080, so it looks them up in EUC-JP's table,
// euc (see mb.Pairs), after setting the high bit of each byte; a byte that
// was 80–FF is refused before that, and one outside 21–7E becomes a lead
// or trail that euc has no entry for. It stops at anything else, or before
// the last code when dst is short, for the caller's general loop, which
// reports errors as they are.
func jis0208Run(dst, src []byte, euc *mb.Pairs) (nDst, nSrc int) {
	// Four codes at a time: eight bytes without a high bit, and four
	// look-ups that write at most twelve bytes as four 4-byte stores.
	for nSrc+8 <= len(src) && nDst+16 <= len(dst) {
		w := binary.LittleEndian.Uint64(src[nSrc:])
		if w&0x8080808080808080 != 0 {
			break
		}
		w |= 0x8080808080808080
		v0 := euc[bits.ReverseBytes16(uint16(w))]
		v1 := euc[bits.ReverseBytes16(uint16(w>>16))]
		v2 := euc[bits.ReverseBytes16(uint16(w>>32))]
		v3 := euc[bits.ReverseBytes16(uint16(w>>48))]
		if v0 == 0 || v1 == 0 || v2 == 0 || v3 == 0 {
			break
		}
		d := dst[nDst : nDst+16 : nDst+16]
		binary.LittleEndian.PutUint32(d[0:4], v0)
		m := uint(v0>>24) & 3
		binary.LittleEndian.PutUint32(d[m:m+4], v1)
		m += uint(v1>>24) & 3
		binary.LittleEndian.PutUint32(d[m:m+4], v2)
		m += uint(v2>>24) & 3
		binary.LittleEndian.PutUint32(d[m:m+4], v3)
		m += uint(v3>>24) & 3
		nDst += int(m)
		nSrc += 8
	}
	// One code at a time.
	for nSrc+2 <= len(src) && nDst+4 <= len(dst) {
		c, c2 := src[nSrc], src[nSrc+1]
		if (c|c2)&0x80 != 0 {
			break
		}
		v := euc[uint16(c|0x80)<<8|uint16(c2|0x80)]
		if v == 0 {
			break
		}
		binary.LittleEndian.PutUint32(dst[nDst:nDst+4:nDst+4], v)
		nDst += int(v>>24) & 3
		nSrc += 2
	}
	return
}

// jis0208EncodeRun encodes the longest prefix of src made of three-byte
// UTF-8 characters that enc (code point → EUC-JP code, 0 for none and for
// the characters the encoder treats specially) has a JIS X 0208 code for
// and that fits in dst, writing each as its EUC-JP code less 8080, and
// returns the lengths read and written. It stops at anything else for the
// caller's general loop.
func jis0208EncodeRun(dst, src []byte, enc *[65536]uint16) (nDst, nSrc int) {
	// Four characters at a time: two overlapping words show the pattern
	// of four three-byte sequences, and one eight-byte store writes the
	// codes.
	for nSrc+12 <= len(src) && nDst+8 <= len(dst) {
		s := src[nSrc : nSrc+12 : nSrc+12]
		a := binary.LittleEndian.Uint64(s[0:8])
		b := binary.LittleEndian.Uint64(s[4:12])
		if a&0xC0F0C0C0F0C0C0F0 != 0x80E08080E08080E0 || b&0xC0C0F0C0C0F0C0C0 != 0x8080E08080E08080 {
			break
		}
		r0 := uint16(a&0x0F)<<12 | uint16(a>>8&0x3F)<<6 | uint16(a>>16&0x3F)
		r1 := uint16(a>>24&0x0F)<<12 | uint16(a>>32&0x3F)<<6 | uint16(a>>40&0x3F)
		r2 := uint16(a>>48&0x0F)<<12 | uint16(a>>56&0x3F)<<6 | uint16(b>>32&0x3F)
		r3 := uint16(b>>40&0x0F)<<12 | uint16(b>>48&0x3F)<<6 | uint16(b>>56&0x3F)
		v0, v1, v2, v3 := enc[r0], enc[r1], enc[r2], enc[r3]
		// Overlong forms (r < 0x800) must not encode; surrogates have no
		// code.
		if v0 == 0 || v1 == 0 || v2 == 0 || v3 == 0 || min(r0, r1, r2, r3) < 0x800 {
			break
		}
		binary.BigEndian.PutUint64(dst[nDst:nDst+8:nDst+8],
			(uint64(v0)<<48|uint64(v1)<<32|uint64(v2)<<16|uint64(v3))&^0x8080808080808080)
		nDst += 8
		nSrc += 12
	}
	// One character at a time.
	for nSrc+3 <= len(src) && nDst+2 <= len(dst) {
		s := src[nSrc : nSrc+3 : nSrc+3]
		if s[0]&0xF0 != 0xE0 || (uint16(s[1])<<8|uint16(s[2]))&0xC0C0 != 0x8080 {
			break
		}
		r := uint16(s[0]&0x0F)<<12 | uint16(s[1]&0x3F)<<6 | uint16(s[2]&0x3F)
		v := enc[r]
		if v == 0 || r < 0x800 {
			break
		}
		binary.BigEndian.PutUint16(dst[nDst:nDst+2:nDst+2], v&^0x8080)
		nDst += 2
		nSrc += 3
	}
	return
}
