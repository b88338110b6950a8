package korean

import (
	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// ISO2022KR is ISO-2022-KR (RFC 1557), the 7-bit Korean mail encoding:
// the designation ESC $ ) C announces KS X 1001 as the G1 set, SO (0E)
// shifts to it and SI (0F) back to ASCII; in KS X 1001 each character is
// two bytes 21–7E (its EUC-KR bytes less 80).
//
// The decoder accepts the designation anywhere and any number of times,
// and SO without it, as glibc's and CPython's decoders do; any other
// escape sequence, bytes 80–FF, and in KS X 1001 anything but a pair of
// 21–7E (a line end included: RFC 1557 ends each line in ASCII) are
// malformed. Text may end in KS X 1001.
//
// The encoder writes the designation once, before the first character
// (as glibc does; RFC 1557 puts it at the start), encodes the 8 226
// characters of KS X 1001 (€ and ® of its 1998 edition included) (not UHC's additional Hangul, which have no
// 7-bit form), shifts back to ASCII before every ASCII character and at
// the end of the text. SO, SI and ESC in the text are unmappable: they
// would be read as shifts and escapes.
var ISO2022KR = encoding.NewCodec("iso-2022-kr",
	func() encoding.Core { return &iso2022krDecoder{t: getTables()} },
	func() encoding.Core { return &iso2022krEncoder{t: getTables()} })

const (
	so = 0x0E
	si = 0x0F
)

const iso2022krDesignation = "\x1b$)C"

type iso2022krDecoder struct {
	t   *tables
	ksc bool // shifted out: KS X 1001
}

func (d *iso2022krDecoder) Reset()               { d.ksc = false }
func (d *iso2022krDecoder) Clone() encoding.Core { c := *d; return &c }

func (d *iso2022krDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	dec := d.t.dec[:len(euckrIndex)]
	for nSrc < len(src) {
		// The common cases first, in one tight loop: shifts, ASCII, and
		// pairs of KS X 1001; anything else goes to the code below.
	fast:
		for nSrc < len(src) && len(dst)-nDst >= 4 {
			c := src[nSrc]
			switch {
			case c == so:
				d.ksc = true
			case c == si:
				d.ksc = false
			case !d.ksc:
				if c >= 0x80 || c == 0x1B {
					break fast
				}
				dst[nDst] = c
				nDst++
			default:
				if nSrc+1 >= len(src) {
					break fast
				}
				c1, c2 := c-0x21, src[nSrc+1]-0x21
				if c1 > 0x5D || c2 > 0x5D {
					break fast
				}
				v := dec[(int(c1)+0xA1-0x81)*190+int(c2)+0xA1-0x41]
				if v == 0 {
					break fast
				}
				nDst += mb.Put(dst[nDst:], v)
				nSrc++
			}
			nSrc++
		}
		if nSrc >= len(src) {
			break
		}
		c := src[nSrc]
		switch {
		case c == 0x1B:
			rest := src[nSrc:]
			if len(rest) < 4 && !atEOF && string(rest) == iso2022krDesignation[:len(rest)] {
				return nDst, nSrc, bad, transform.ErrShortSrc
			}
			if len(rest) < 4 || string(rest[:4]) != iso2022krDesignation {
				return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidEscape, Rune: -1}, nil
			}
			nSrc += 4
			continue
		case c == so:
			d.ksc = true
			nSrc++
			continue
		case c == si:
			d.ksc = false
			nSrc++
			continue
		case c >= 0x80:
			return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
		case !d.ksc:
			if nDst >= len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		// KS X 1001: a pair of 21–7E.
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
		if c2 < 0x21 || c2 > 0x7E {
			return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidSequence, Rune: -1}, nil
		}
		v := dec[int(c+0x80-0x81)*190+int(c2+0x80)-0x41]
		if v == 0 {
			return nDst, nSrc, encoding.Bad{Len: 2, Kind: encoding.InvalidSequence, Rune: -1}, nil
		}
		w := mb.Put(dst[nDst:], v)
		if w == 0 {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		nDst += w
		nSrc += 2
	}
	return nDst, nSrc, bad, nil
}

type iso2022krEncoder struct {
	t          *tables
	designated bool // the designation is written
	ksc        bool // shifted out
}

func (e *iso2022krEncoder) Reset()               { e.designated, e.ksc = false, false }
func (e *iso2022krEncoder) Clone() encoding.Core { c := *e; return &c }

func (e *iso2022krEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	enc := e.t.enc
	for nSrc < len(src) {
		// The common cases first, in one tight loop: ASCII and
		// three-byte characters of KS X 1001, with the shifts between
		// them; anything else goes to the code below.
		for e.designated && nSrc < len(src) && len(dst)-nDst >= 3 {
			c := src[nSrc]
			if c < 0x80 {
				if c == 0x1B || c == so || c == si {
					break
				}
				if e.ksc {
					dst[nDst] = si
					nDst++
					e.ksc = false
				}
				dst[nDst] = c
				nDst++
				nSrc++
				continue
			}
			if nSrc+2 >= len(src) {
				break
			}
			// A three-byte character (inline: the loop is hot).
			c1, c2 := src[nSrc+1], src[nSrc+2]
			if c&0xF0 != 0xE0 || c1&0xC0 != 0x80 || c2&0xC0 != 0x80 {
				break
			}
			r := rune(c&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F)
			if r < 0x800 || r >= 0xD800 && r <= 0xDFFF {
				break
			}
			v := enc[r]
			if v>>8 < 0xA1 || v&0xFF < 0xA1 {
				break
			}
			if !e.ksc {
				dst[nDst] = so
				nDst++
				e.ksc = true
			}
			dst[nDst], dst[nDst+1] = byte(v>>8)-0x80, byte(v)-0x80
			nDst += 2
			nSrc += 3
		}
		if nSrc >= len(src) {
			break
		}
		r, n, k := mb.NextRune(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if k != encoding.KindNone {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
		}
		var out [8]byte
		m := 0
		if !e.designated {
			m += copy(out[:], iso2022krDesignation)
		}
		switch {
		case r == so || r == si || r == 0x1B:
			if e.ksc {
				out[m] = si
				m++
			}
			if len(dst)-nDst < m {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += copy(dst[nDst:], out[:m])
			e.designated, e.ksc = true, false
			return nDst, nSrc, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r, RefRune: 0xFFFD}, nil
		case r < 0x80:
			if e.ksc {
				out[m] = si
				m++
			}
			out[m] = byte(r)
			m++
			if len(dst)-nDst < m {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			e.ksc = false
		default:
			var v uint16
			if r <= 0xFFFF {
				v = e.t.enc[r]
			}
			if v>>8 < 0xA1 || v&0xFF < 0xA1 {
				// Not KS X 1001: leave KS X 1001 before reporting it.
				if e.ksc {
					out[m] = si
					m++
				}
				if len(dst)-nDst < m {
					return nDst, nSrc, bad, transform.ErrShortDst
				}
				nDst += copy(dst[nDst:], out[:m])
				e.designated, e.ksc = true, false
				return nDst, nSrc, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}, nil
			}
			if !e.ksc {
				out[m] = so
				m++
			}
			out[m], out[m+1] = byte(v>>8)-0x80, byte(v)-0x80
			m += 2
			if len(dst)-nDst < m {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			e.ksc = true
		}
		nDst += copy(dst[nDst:], out[:m])
		e.designated = true
		nSrc += n
	}
	if atEOF && e.ksc {
		if nDst >= len(dst) {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		dst[nDst] = si
		nDst++
		e.ksc = false
	}
	return nDst, nSrc, bad, nil
}
