package japanese

import (
	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// ShiftJIS is Shift_JIS as the WHATWG Encoding Standard specifies it
// (§12.3), which is Windows code page 932: ASCII, 80 as U+0080,
// half-width katakana A1–DF, JIS X 0208 with the NEC and IBM extensions as
// two bytes (lead 81–9F, E0–FC), and the user-defined area F0 40–F9 FC as
// U+E000–U+E757 (decode only). The encoder does not write the NEC-selected
// IBM extensions (rows 89–92; it writes the IBM codes FA–FC instead), maps
// U+00A5 to 5C, U+203E to 7E and U+2212 to the code of U+FF0D. A bad lead
// byte never swallows a following ASCII byte (x/text's decoder does).
//
// Deviation from JIS X 0208:1997 Annex 1 (the national Shift_JIS): bytes
// 5C and 7E are ASCII backslash and tilde, not YEN SIGN and OVERLINE, and
// the Microsoft mappings of CP932 are used (FF3C FULLWIDTH REVERSE SOLIDUS,
// FF5E FULLWIDTH TILDE, 2225 PARALLEL TO, FFE0–FFE2 and FF0D).
var ShiftJIS = encoding.NewCodec("shift_jis",
	func() encoding.Core { return &sjisDecoder{t: getTables()} },
	func() encoding.Core { return &sjisEncoder{t: getTables()} })

type sjisDecoder struct{ t *tables }

func (d *sjisDecoder) Reset() {}

func (d *sjisDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	j208 := d.t.jis0208[:11104]
	for nSrc < len(src) {
		nd, ns := mb.Decode2(dst[nDst:], src[nSrc:], d.t.fastSJIS)
		nDst += nd
		nSrc += ns
		if nSrc >= len(src) {
			break
		}
		c := src[nSrc]
		if c <= 0x80 {
			if c == 0x80 {
				if len(dst)-nDst < 2 {
					return nDst, nSrc, bad, transform.ErrShortDst
				}
				dst[nDst], dst[nDst+1] = 0xC2, 0x80
				nDst += 2
				nSrc++
				continue
			}
			n := mb.ASCII(dst[nDst:], src[nSrc:])
			if n == 0 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += n
			nSrc += n
			continue
		}
		if c >= 0xA1 && c <= 0xDF {
			if len(dst)-nDst < 3 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			r := 0xFF61 - 0xA1 + rune(c)
			dst[nDst], dst[nDst+1], dst[nDst+2] = 0xEF, byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F)
			nDst += 3
			nSrc++
			continue
		}
		if c == 0xA0 || c > 0xFC {
			return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
		}
		if nSrc+1 >= len(src) {
			if atEOF {
				return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.Truncated, Rune: -1}, nil
			}
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		c2 := src[nSrc+1]
		var v uint32
		if (c2 >= 0x40 && c2 <= 0x7E) || (c2 >= 0x80 && c2 <= 0xFC) {
			off, leadOff := 0x40, 0x81
			if c2 >= 0x7F {
				off = 0x41
			}
			if c >= 0xA0 {
				leadOff = 0xC1
			}
			p := (int(c)-leadOff)*188 + int(c2) - off
			if p >= 8836 && p <= 10715 {
				v = mb.Pack(rune(0xE000 - 8836 + p))
			} else if p < len(j208) {
				v = j208[p]
			}
		}
		if v == 0 {
			return nDst, nSrc, mb.BadSequence(c2, 2), nil
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

type sjisEncoder struct{ t *tables }

func (e *sjisEncoder) Reset() {}

func (e *sjisEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.Encode(dst, src, atEOF, e.t.sjisCode, 0, e)
}

// EncodeChar implements mb.CharEncoder.
func (e *sjisEncoder) EncodeChar(r rune) (uint32, int) {
	switch {
	case r == 0x80:
		return 0x80, 1
	case r == 0xA5:
		return 0x5C, 1
	case r == 0x203E:
		return 0x7E, 1
	case r >= 0xFF61 && r <= 0xFF9F:
		return uint32(r - 0xFF61 + 0xA1), 1
	}
	if r == 0x2212 {
		r = 0xFF0D
	}
	p := -1
	if r <= 0xFFFF {
		p = int(e.t.sjis[r]) - 1
	}
	if p < 0 {
		return 0, 0
	}
	lead, trail := p/188, p%188
	leadOff, off := 0x81, 0x40
	if lead >= 0x1F {
		leadOff = 0xC1
	}
	if trail >= 0x3F {
		off = 0x41
	}
	return uint32(lead+leadOff)<<8 | uint32(trail+off), 2
}
