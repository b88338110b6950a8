package japanese

import (
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// EUCJP is EUC-JP as the WHATWG Encoding Standard specifies it (§12.1):
// ASCII, JIS X 0208 (with the NEC and IBM extensions of index jis0208) as
// two bytes A1–FE A1–FE, half-width katakana as 8E A1–DF, and JIS X 0212
// as 8F A1–FE A1–FE (decode only: the encoder never writes JIS X 0212, as
// WHATWG says). The encoder maps U+00A5 to 5C, U+203E to 7E and U+2212 to
// the code of U+FF0D. A bad byte never swallows a following ASCII byte.
var EUCJP = encoding.NewCodec("euc-jp",
	func() encoding.Core { return &eucjpDecoder{t: getTables()} },
	func() encoding.Core { return &eucjpEncoder{t: getTables()} })

type eucjpDecoder struct{ t *tables }

func (d *eucjpDecoder) Reset() {}

func (d *eucjpDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.Decode(dst, src, atEOF, d.t.fastEUC, d)
}

// DecodeChar implements mb.CharDecoder: 8E leads half-width katakana, 8F
// a three-byte JIS X 0212 code, A1–FE a two-byte JIS X 0208 code; other
// bytes are invalid.
func (d *eucjpDecoder) DecodeChar(src []byte) (uint32, int, int, encoding.Kind) {
	c := src[0]
	if c != 0x8E && c != 0x8F && (c < 0xA1 || c == 0xFF) {
		return mb.Invalid1()
	}
	if len(src) < 2 {
		return mb.More()
	}
	c2 := src[1]
	var v uint32
	switch {
	case c == 0x8E:
		if c2 < 0xA1 || c2 > 0xDF {
			return mb.Mismatch(c2, 2)
		}
		return mb.Char(mb.Pack(0xFF61-0xA1+rune(c2)), 2)
	case c == 0x8F:
		if c2 < 0xA1 || c2 > 0xFE {
			return mb.Mismatch(c2, 2)
		}
		if len(src) < 3 {
			return mb.More()
		}
		c3 := src[2]
		if c3 >= 0xA1 && c3 <= 0xFE {
			v = d.t.jis0212[:94*94][int(c2-0xA1)*94+int(c3)-0xA1]
		}
		if v == 0 {
			return mb.Mismatch(c3, 3)
		}
		return mb.Char(v, 3)
	}
	if c2 >= 0xA1 && c2 <= 0xFE {
		v = d.t.jis0208[:11104][int(c-0xA1)*94+int(c2)-0xA1]
	}
	if v == 0 {
		return mb.Mismatch(c2, 2)
	}
	return mb.Char(v, 2)
}

type eucjpEncoder struct{ t *tables }

func (e *eucjpEncoder) Reset() {}

func (e *eucjpEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.Encode(dst, src, atEOF, e.t.eucjpCode, 0, e)
}

// EncodeChar implements mb.CharEncoder.
func (e *eucjpEncoder) EncodeChar(r rune) (uint32, int) {
	switch {
	case r == 0xA5:
		return 0x5C, 1
	case r == 0x203E:
		return 0x7E, 1
	case r >= 0xFF61 && r <= 0xFF9F:
		return 0x8E00 | uint32(r-0xFF61+0xA1), 2
	}
	if r == 0x2212 {
		r = 0xFF0D
	}
	p := -1
	if r <= 0xFFFF {
		p = int(e.t.eucjp[r]) - 1
	}
	if p < 0 || p >= 94*94 {
		return 0, 0
	}
	return uint32(p/94+0xA1)<<8 | uint32(p%94+0xA1), 2
}
