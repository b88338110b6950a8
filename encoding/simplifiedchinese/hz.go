package simplifiedchinese

import (
	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// HZGB2312 is HZ (RFC 1843), the 7-bit form of GB 2312 for mail and
// news: text is ASCII until "~{", after which each character is two
// bytes 21–7E (its row and cell plus 20) until "~}"; "~~" is a tilde and
// "~" before a line feed is a line continuation, which decodes to
// nothing.
//
// The decoder, like CPython's, reports as malformed any other "~"
// sequence, bytes 80–FF, and in GB 2312 anything but a pair of 21–7E or
// "~}" (a line end included: RFC 1843 ends each line in ASCII). Text may
// end in GB 2312. The encoder encodes the 7 445 characters of GB 2312
// (GBK's code points, as GB2312 does), writes "~}" before every ASCII
// character that follows GB 2312 text and at the end of the text, and
// "~~" for a tilde; it writes no line continuations.
var HZGB2312 = encoding.NewCodec("hz-gb-2312",
	func() encoding.Core { return &hzDecoder{} },
	func() encoding.Core { return &hzEncoder{} })

type hzDecoder struct{ gb bool }

func (d *hzDecoder) Reset()               { d.gb = false }
func (d *hzDecoder) Clone() encoding.Core { c := *d; return &c }

func (d *hzDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.RunSteps(d, dst, src, atEOF)
}

// Run decodes the common cases in one tight loop: ASCII, GB 2312 pairs
// and the shifts between them; it stops at anything else for Step.
func (d *hzDecoder) Run(dst, src []byte) (nDst, nSrc int) {
	for nSrc+1 < len(src) && len(dst)-nDst >= 4 {
		c, c2 := src[nSrc], src[nSrc+1]
		if c == '~' {
			if c2 == '{' && !d.gb || c2 == '}' && d.gb {
				d.gb = !d.gb
				nSrc += 2
				continue
			}
			break
		}
		if !d.gb {
			if c >= 0x80 {
				break
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if c-0x21 > 0x5D || c2-0x21 > 0x5D {
			break
		}
		r, ok := QuweiToRune(int(c)-0x20, int(c2)-0x20)
		if !ok {
			break
		}
		nDst += mb.Put(dst[nDst:], mb.Pack(r))
		nSrc += 2
	}
	return nDst, nSrc
}

// Step decodes what starts src and Run left: a byte, a "~" sequence or a
// GB 2312 pair, or the error there.
func (d *hzDecoder) Step(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	switch c := src[0]; {
	case c >= 0x80:
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
	case c == '~': // in GB 2312 a lead 7E would be row 94, which is empty: "~" is an escape
		return d.tilde(dst, src, atEOF)
	case !d.gb:
		if len(dst) == 0 {
			return 0, 0, bad, transform.ErrShortDst
		}
		dst[0] = c
		return 1, 1, bad, nil
	}
	return hzPair(dst, src, atEOF)
}

// tilde reads the "~" sequence at the start of src.
func (d *hzDecoder) tilde(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if len(src) < 2 {
		if atEOF {
			return 0, 0, encoding.Bad{Len: 1, Kind: encoding.Truncated, Rune: -1}, nil
		}
		return 0, 0, bad, transform.ErrShortSrc
	}
	switch c2 := src[1]; {
	case c2 == '}' && d.gb:
		d.gb = false
	case d.gb:
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidEscape, Rune: -1}, nil
	case c2 == '{':
		d.gb = true
	case c2 == '\n':
		// A line continuation.
	case c2 == '~':
		if len(dst) == 0 {
			return 0, 0, bad, transform.ErrShortDst
		}
		dst[0] = '~'
		return 1, 2, bad, nil
	default:
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidEscape, Rune: -1}, nil
	}
	return 0, 2, bad, nil
}

// hzPair decodes the GB 2312 pair at the start of src, or reports what is
// wrong with it.
func hzPair(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
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
	if c2 < 0x21 || c2 > 0x7E { // a trail 7E is cell 94 ("!~" is 〓)
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	r, ok := QuweiToRune(int(c)-0x20, int(c2)-0x20)
	if !ok {
		return 0, 0, encoding.Bad{Len: 2, Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	w := mb.Put(dst, mb.Pack(r))
	if w == 0 {
		return 0, 0, bad, transform.ErrShortDst
	}
	return w, 2, bad, nil
}

type hzEncoder struct{ gb bool }

func (e *hzEncoder) Reset()               { e.gb = false }
func (e *hzEncoder) Clone() encoding.Core { c := *e; return &c }

func (e *hzEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	nDst, nSrc, bad, err = mb.RunSteps(e, dst, src, atEOF)
	if err != nil || bad.Kind != encoding.KindNone {
		return nDst, nSrc, bad, err
	}
	if atEOF && e.gb {
		if len(dst)-nDst < 2 {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], "~}")
		e.gb = false
	}
	return nDst, nSrc, bad, nil
}

// Run encodes the common cases in one tight loop: ASCII but "~", and
// three-byte characters of GB 2312, with the shifts between them; it
// stops at anything else for Step.
func (e *hzEncoder) Run(dst, src []byte) (nDst, nSrc int) {
	for nSrc+2 < len(src) && len(dst)-nDst >= 4 {
		c := src[nSrc]
		if c < 0x80 {
			if c == '~' {
				break
			}
			if e.gb {
				dst[nDst], dst[nDst+1] = '~', '}'
				nDst += 2
				e.gb = false
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		c1, c2 := src[nSrc+1], src[nSrc+2]
		if c&0xF0 != 0xE0 || c1&0xC0 != 0x80 || c2&0xC0 != 0x80 {
			break
		}
		r := rune(c&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F)
		if r < 0x800 || r >= 0xD800 && r <= 0xDFFF {
			break
		}
		row, cell, ok := RuneToQuwei(r)
		if !ok {
			break
		}
		if !e.gb {
			dst[nDst], dst[nDst+1] = '~', '{'
			nDst += 2
			e.gb = true
		}
		if len(dst)-nDst < 2 {
			break
		}
		dst[nDst], dst[nDst+1] = byte(row+0x20), byte(cell+0x20)
		nDst += 2
		nSrc += 3
	}
	return nDst, nSrc
}

// Step encodes the character at the start of src with the shift it
// needs, or reports it.
func (e *hzEncoder) Step(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	r, n, k := mb.NextRune(src, atEOF)
	if n == 0 {
		return 0, 0, bad, transform.ErrShortSrc
	}
	if k != encoding.KindNone {
		return 0, 0, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
	}
	if r < 0x80 {
		return e.ascii(dst, byte(r))
	}
	row, cell, ok := RuneToQuwei(r)
	if !ok {
		// Leave GB 2312 before reporting the character.
		if e.gb {
			if len(dst) < 2 {
				return 0, 0, bad, transform.ErrShortDst
			}
			copy(dst, "~}")
			e.gb = false
			return 2, 0, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}, nil
		}
		return 0, 0, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}, nil
	}
	var out [4]byte
	m := 0
	if !e.gb {
		out[0], out[1] = '~', '{'
		m = 2
	}
	out[m], out[m+1] = byte(row+0x20), byte(cell+0x20)
	m += 2
	if len(dst) < m {
		return 0, 0, bad, transform.ErrShortDst
	}
	e.gb = true
	return copy(dst, out[:m]), n, bad, nil
}

// ascii writes the ASCII byte c, after "~}" in GB 2312, and "~" as "~~".
func (e *hzEncoder) ascii(dst []byte, c byte) (nDst, nSrc int, bad encoding.Bad, err error) {
	var out [4]byte
	m := 0
	if e.gb {
		out[0], out[1] = '~', '}'
		m = 2
	}
	out[m] = c
	m++
	if c == '~' {
		out[m] = '~'
		m++
	}
	if len(dst) < m {
		return 0, 0, bad, transform.ErrShortDst
	}
	e.gb = false
	return copy(dst, out[:m]), 1, bad, nil
}
