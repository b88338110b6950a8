package japanese

import (
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
	return mb.Decode(dst, src, atEOF, d.t.fastSJIS, d)
}

// DecodeChar implements mb.CharDecoder: 80 is U+0080, A1–DF half-width
// katakana, A0 and FD–FF invalid, every other byte leads a two-byte code.
func (d *sjisDecoder) DecodeChar(src []byte) (uint32, int, int, encoding.Kind) {
	c := src[0]
	if c == 0x80 {
		return 0x80C2, 2, 1, encoding.KindNone // C2 80
	}
	if c >= 0xA1 && c <= 0xDF {
		r := 0xFF61 - 0xA1 + uint32(c)
		return 0xEF | (0x80|(r>>6)&0x3F)<<8 | (0x80|r&0x3F)<<16, 3, 1, encoding.KindNone
	}
	if c == 0xA0 || c > 0xFC {
		return mb.Invalid1()
	}
	if len(src) < 2 {
		return mb.More()
	}
	c2 := src[1]
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
		} else if j208 := d.t.jis0208[:11104]; p < len(j208) {
			v = j208[p]
		}
	}
	if v == 0 {
		return mb.Mismatch(c2, 2)
	}
	return mb.Char(v, 2)
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
