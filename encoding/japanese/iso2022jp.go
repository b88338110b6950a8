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
			// anything else (errors, the end of a buffer) is step's.
			if nd, ns := jis0208Run(dst[nDst:], src[nSrc:], d.t.fastEUC); ns > 0 {
				d.outFlag = false
				nDst += nd
				nSrc += ns
				continue
			}
		}
		if c == 0x1B && d.state != stUTF8 && !d.outFlag && len(src)-nSrc >= 3 {
			// The escape sequences between runs, without step's care
			// for the rest.
			if st := jpEscape(src[nSrc+1], src[nSrc+2]); st != 255 {
				d.state = st
				d.outFlag = true
				nSrc += 3
				continue
			}
		}
		nd, ns, b, e := d.step(dst[nDst:], src[nSrc:], atEOF)
		nDst += nd
		nSrc += ns
		if b.Kind != encoding.KindNone || e != nil {
			return nDst, nSrc, b, e
		}
	}
	return nDst, nSrc, bad, nil
}

// step converts the escape sequence or the one character src starts with.
func (d *iso2022jpDecoder) step(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if src[0] == 0x1B {
		if n, b, e, done := d.escape(src, atEOF); done {
			return 0, n, b, e
		}
		// ESC in UTF-8 mode is the character U+001B.
	}
	return d.char(dst, src, atEOF)
}

// escape reads the escape sequence at the start of src and changes state;
// done is false for an ESC that is a character (in UTF-8 mode, any but
// ESC % @). Two escape sequences in a row are an error (WHATWG's output
// flag).
func (d *iso2022jpDecoder) escape(src []byte, atEOF bool) (n int, bad encoding.Bad, err error, done bool) {
	if d.state == stUTF8 {
		if len(src) < 3 && !atEOF && (len(src) < 2 || src[1] == '%') {
			return 0, bad, transform.ErrShortSrc, true
		}
		if len(src) >= 3 && src[1] == '%' && src[2] == '@' {
			d.state = d.prev
			d.outFlag = true
			return 3, bad, nil, true
		}
		return 0, bad, nil, false
	}
	if len(src) < 3 && !atEOF {
		return 0, bad, transform.ErrShortSrc, true
	}
	ns := jpState(255)
	if len(src) >= 3 {
		ns = jpEscape(src[1], src[2])
		if src[1] == '%' && src[2] == 'G' {
			ns = stUTF8
			d.prev = d.state
		}
	}
	if ns == 255 {
		d.outFlag = false
		return 0, encoding.Bad{Len: 1, Kind: encoding.InvalidEscape, Rune: -1}, nil, true
	}
	d.state = ns
	was := d.outFlag
	d.outFlag = true
	if was {
		return 0, encoding.Bad{Len: 3, Kind: encoding.InvalidEscape, Rune: -1}, nil, true
	}
	return 3, bad, nil, true
}

// jpEscape returns the state the escape sequence ESC b1 b2 designates,
// or 255 for one that designates none of ISO-2022-JP's character sets.
func jpEscape(b1, b2 byte) jpState {
	switch {
	case b1 == '(' && b2 == 'B':
		return stASCII
	case b1 == '(' && b2 == 'J':
		return stRoman
	case b1 == '(' && b2 == 'I':
		return stKatakana
	case b1 == '$' && (b2 == '@' || b2 == 'B'):
		return stJIS0208
	}
	return 255
}

// char decodes the one character at the start of src in the current
// state and writes it.
func (d *iso2022jpDecoder) char(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	v, n, bad, err := d.value(src, atEOF)
	d.outFlag = false
	if n == 0 {
		return 0, 0, bad, err
	}
	if v < 0x80 {
		if len(dst) == 0 {
			return 0, 0, bad, transform.ErrShortDst
		}
		dst[0] = byte(v)
		return 1, n, bad, nil
	}
	w := mb.Put(dst, v)
	if w == 0 {
		return 0, 0, bad, transform.ErrShortDst
	}
	return w, n, bad, nil
}

// value returns the character (packed UTF-8) at the start of src and its
// length n, or n == 0 and an error or bad sequence.
func (d *iso2022jpDecoder) value(src []byte, atEOF bool) (v uint32, n int, bad encoding.Bad, err error) {
	c := src[0]
	invalid := encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}
	switch d.state {
	case stASCII, stRoman:
		if c >= 0x80 || c == 0x0E || c == 0x0F {
			return 0, 0, invalid, nil
		}
		if d.state == stRoman && c == 0x5C {
			return mb.Pack(0xA5), 1, bad, nil
		}
		if d.state == stRoman && c == 0x7E {
			return mb.Pack(0x203E), 1, bad, nil
		}
		return uint32(c), 1, bad, nil
	case stKatakana:
		if c < 0x21 || c > 0x5F {
			return 0, 0, invalid, nil
		}
		return mb.Pack(0xFF61 - 0x21 + rune(c)), 1, bad, nil
	case stJIS0208:
		return d.jis0208(src, atEOF)
	}
	// UTF-8 mode.
	r, m, k := mb.DecodeRune(src, atEOF)
	if m == 0 {
		return 0, 0, bad, transform.ErrShortSrc
	}
	if k != encoding.KindNone {
		return 0, 0, encoding.Bad{Len: m, Kind: k, Rune: -1}, nil
	}
	if r == 0 {
		return 0, m, bad, nil
	}
	return mb.Pack(r), m, bad, nil
}

// jis0208 decodes the two-byte code of JIS X 0208 at the start of src.
func (d *iso2022jpDecoder) jis0208(src []byte, atEOF bool) (v uint32, n int, bad encoding.Bad, err error) {
	c := src[0]
	if c < 0x21 || c > 0x7E {
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
	}
	if len(src) < 2 {
		if atEOF {
			return 0, 0, encoding.Bad{Len: 1, Kind: encoding.Truncated, Rune: -1}, nil
		}
		return 0, 0, bad, transform.ErrShortSrc
	}
	c2 := src[1]
	if c2 == 0x1B {
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	if c2 >= 0x21 && c2 <= 0x7E {
		v = d.t.jis0208[:11104][int(c-0x21)*94+int(c2)-0x21]
	}
	if v == 0 {
		return 0, 0, encoding.Bad{Len: 2, Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	return v, 2, bad, nil
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
	for nSrc < len(src) {
		c := src[nSrc]
		if e.state == stASCII && c < 0x80 && !isShift(c) {
			n := asciiRun(dst[nDst:], src[nSrc:])
			if n == 0 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += n
			nSrc += n
			continue
		}
		if jis0208Runs {
			if nd, ns := e.run(dst[nDst:], src[nSrc:]); nd > 0 || ns > 0 {
				nDst += nd
				nSrc += ns
				continue
			}
		}
		nd, ns, b, er := e.char(dst[nDst:], src[nSrc:], atEOF)
		nDst += nd
		nSrc += ns
		if b.Kind != encoding.KindNone || er != nil {
			return nDst, nSrc, b, er
		}
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

// run encodes the runs of ASCII and of characters of JIS X 0208 at the
// start of src, and the escapes between them, while dst has room for
// each escape and what follows it: the characters of JIS X 0208 as their
// EUC-JP codes less 8080. Text that alternates between the two is encoded
// here without returning to Convert. It returns 0, 0 when it encoded
// nothing, for char.
func (e *iso2022jpEncoder) run(dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		c := src[nSrc]
		switch {
		case e.state == stJIS0208:
			if c >= 0xE0 {
				nd, ns := jis0208EncodeRun(dst[nDst:], src[nSrc:], e.t.jisCode)
				nDst += nd
				nSrc += ns
				if nSrc == len(src) {
					return
				}
				c = src[nSrc]
			}
			if c >= 0x80 || isShift(c) || len(dst)-nDst < 4 {
				return
			}
			nDst += copy(dst[nDst:], "\x1b(B")
			e.state = stASCII
		case e.state != stASCII:
			return
		case c < 0x80 && !isShift(c):
			n := shortASCII(dst[nDst:], src[nSrc:])
			if n == 0 {
				return
			}
			nDst += n
			nSrc += n
		case c >= 0xE0 && len(dst)-nDst >= 5:
			nd, ns := jis0208EncodeRun(dst[nDst+3:], src[nSrc:], e.t.jisCode)
			if ns == 0 {
				return
			}
			copy(dst[nDst:], "\x1b$B")
			nDst += 3 + nd
			nSrc += ns
			e.state = stJIS0208
		default:
			return
		}
	}
	return
}

// shortASCII is asciiRun for the ASCII between runs of JIS X 0208, which
// is mostly a digit or two, or a line break: a byte loop, then asciiRun
// after eight bytes.
func shortASCII(dst, src []byte) int {
	n := 0
	for ; n < 8 && n < len(dst) && n < len(src) && src[n] < 0x80 && !isShift(src[n]); n++ {
		dst[n] = src[n]
	}
	if n == 8 {
		n += asciiRun(dst[n:], src[n:])
	}
	return n
}

// char encodes the one character at the start of src, with the escape
// sequence it needs.
func (e *iso2022jpEncoder) char(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	r, n, k := mb.NextRune(src, atEOF)
	if n == 0 {
		return 0, 0, bad, transform.ErrShortSrc
	}
	if k != encoding.KindNone {
		return 0, 0, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
	}
	want, out, m := e.code(r)
	esc := ""
	if want != e.state {
		esc = escTo[want]
	}
	if m == 0 {
		// Report the character in the state it was met in. The
		// shared Transformer writes a replacement or an escape
		// through this encoder, which leaves JIS X 0208 for it, and
		// under Fail it ends the stream in ASCII: the same bytes as
		// WHATWG's encoder, which leaves first. Leaving here would
		// write ESC ( B ESC $ B when the character is skipped, two
		// escapes with nothing between, which the decoder rejects.
		esc = ""
	}
	if len(dst) < len(esc)+m {
		return 0, 0, bad, transform.ErrShortDst
	}
	if esc != "" {
		nDst = copy(dst, esc)
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
		return nDst, 0, bad, nil
	}
	nDst += copy(dst[nDst:], out[:m])
	return nDst, n, bad, nil
}

// code returns the state r needs and its m bytes in it; m == 0 when r
// cannot be encoded (the state returned is then ASCII, and not used).
func (e *iso2022jpEncoder) code(r rune) (want jpState, out [2]byte, m int) {
	switch {
	case r == 0x0E || r == 0x0F || r == 0x1B:
		return stASCII, out, 0
	case r < 0x80 && (e.state == stASCII || (e.state == stRoman && r != 0x5C && r != 0x7E)):
		out[0] = byte(r)
		return e.state, out, 1
	case r < 0x80:
		out[0] = byte(r)
		return stASCII, out, 1
	case r == 0xA5:
		out[0] = 0x5C
		return stRoman, out, 1
	case r == 0x203E:
		out[0] = 0x7E
		return stRoman, out, 1
	}
	if r == 0x2212 {
		r = 0xFF0D
	}
	if r >= 0xFF61 && r <= 0xFF9F {
		r = rune(iso2022jpKatakanaIndex[r-0xFF61])
	}
	p := -1
	if r <= 0xFFFF {
		p = int(e.t.eucjp[r]) - 1
	}
	if p < 0 || p >= 94*94 {
		return stASCII, out, 0
	}
	out[0], out[1] = byte(p/94+0x21), byte(p%94+0x21)
	return stJIS0208, out, 2
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
// UTF-8 characters that enc (code point → JIS X 0208 code, 21–7E 21–7E;
// 0 for none, for the characters the encoder treats specially, and for
// every code point below U+0800) has a code for and that fits in dst, and
// returns the lengths read and written. As enc has nothing below U+0800,
// an overlong three-byte form finds no code and stops the run like any
// other character it does not take, for the caller's general loop.
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
		v0 := enc[uint16(a&0x0F)<<12|uint16(a>>8&0x3F)<<6|uint16(a>>16&0x3F)]
		v1 := enc[uint16(a>>24&0x0F)<<12|uint16(a>>32&0x3F)<<6|uint16(a>>40&0x3F)]
		v2 := enc[uint16(a>>48&0x0F)<<12|uint16(a>>56&0x3F)<<6|uint16(b>>32&0x3F)]
		v3 := enc[uint16(b>>40&0x0F)<<12|uint16(b>>48&0x3F)<<6|uint16(b>>56&0x3F)]
		if v0 == 0 || v1 == 0 || v2 == 0 || v3 == 0 {
			break
		}
		binary.BigEndian.PutUint64(dst[nDst:nDst+8:nDst+8], uint64(v0)<<48|uint64(v1)<<32|uint64(v2)<<16|uint64(v3))
		nDst += 8
		nSrc += 12
	}
	// One character at a time.
	for nSrc+3 <= len(src) && nDst+2 <= len(dst) {
		s := src[nSrc : nSrc+3 : nSrc+3]
		if s[0]&0xF0 != 0xE0 || (uint16(s[1])<<8|uint16(s[2]))&0xC0C0 != 0x8080 {
			break
		}
		v := enc[uint16(s[0]&0x0F)<<12|uint16(s[1]&0x3F)<<6|uint16(s[2]&0x3F)]
		if v == 0 {
			break
		}
		binary.BigEndian.PutUint16(dst[nDst:nDst+2:nDst+2], v)
		nDst += 2
		nSrc += 3
	}
	return
}
