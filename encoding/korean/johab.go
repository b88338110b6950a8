package korean

import (
	"sync"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// Johab is JOHAB (KS X 1001:1992 annex 3, Windows code page 1361): ASCII,
// the 11 172 precomposed Hangul syllables and the Hangul letters as
// two-byte codes built from their jamo (lead 84–D3), and KS X 1001's
// symbols and Hanja moved to leads D8–DE and E0–F9 (trail 31–7E, 91–FE).
// The two-byte table is glibc's JOHAB, read from iconv's output.
//
// Deviation from glibc: byte 5C is the backslash, as in CPython's johab
// and Microsoft's code page 1361; glibc decodes it as U+20A9 WON SIGN
// (KS X 1003), which this codec therefore cannot encode.
var Johab = encoding.NewCodec("johab",
	func() encoding.Core { return &johabDecoder{t: getJohab()} },
	func() encoding.Core { return &johabEncoder{t: getJohab()} })

var getJohab = sync.OnceValue(func() *tables { return newTables(johabIndex[:], 0x84, 0xF9, 0x31, 0xFE, 206) })

type johabDecoder struct{ t *tables }

func (d *johabDecoder) Reset() {}

func (d *johabDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.Decode(dst, src, atEOF, d.t.fast, d)
}

// DecodeChar implements mb.CharDecoder: 84–F9 lead a two-byte code, every
// other byte from 80 is invalid.
func (d *johabDecoder) DecodeChar(src []byte) (uint32, int, int, encoding.Kind) {
	c := src[0]
	if c < 0x84 || c > 0xF9 {
		return mb.Invalid1()
	}
	if len(src) < 2 {
		return mb.More()
	}
	c2 := src[1]
	var v uint32
	if c2 >= 0x31 && c2 != 0xFF {
		v = d.t.dec[:len(johabIndex)][int(c-0x84)*206+int(c2)-0x31]
	}
	if v == 0 {
		return mb.Mismatch(c2, 2)
	}
	return mb.Char(v, 2)
}

type johabEncoder struct{ t *tables }

func (e *johabEncoder) Reset() {}

func (e *johabEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.Encode(dst, src, atEOF, e.t.enc, 0, e)
}

// EncodeChar implements mb.CharEncoder.
func (e *johabEncoder) EncodeChar(r rune) (uint32, int) {
	var v uint16
	if r <= 0xFFFF {
		v = e.t.enc[r]
	}
	if v == 0 {
		return 0, 0
	}
	return uint32(v), 2
}
