package korean

import (
	"sync"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// EUCKR is EUC-KR as the WHATWG Encoding Standard specifies it (§13.1),
// which is Windows code page 949 (Unified Hangul Code): ASCII, KS X 1001
// as two bytes A1–FE A1–FE, and the 8822 other precomposed Hangul
// syllables as lead 81–C6 with trail 41–5A, 61–7A, 81–FE. A bad lead byte
// never swallows a following ASCII byte.
//
// Deviation from KS X 1001 / RFC 1557 EUC-KR: the UHC extension is decoded
// and encoded (a strict EUC-KR has only A1–FE A1–FE).
var EUCKR = encoding.NewCodec("euc-kr",
	func() encoding.Core { return &decoder{t: getTables()} },
	func() encoding.Core { return &encoder{t: getTables()} })

// tables are the decode and encode tables of a two-byte code whose
// pointer is (lead-leadLo)*width + trail-trailLo, for leads and trails in
// the given ranges: EUC-KR (with UHC) and Johab.
type tables struct {
	fast *mb.Pairs // the two-byte codes, for mb.Decode2
	dec  []uint32
	enc  *[65536]uint16 // code point → lead<<8|trail
}

func newTables(index []uint16, leadLo, leadHi, trailLo, trailHi byte, width int) *tables {
	var lead, trail [256]uint16 // the terms of a pointer (see mb.NewPairs)
	for i := range lead {
		lead[i], trail[i] = mb.Invalid, mb.Invalid
		if i >= int(leadLo) && i <= int(leadHi) {
			lead[i] = uint16((i - int(leadLo)) * width)
		}
		if i >= int(trailLo) && i <= int(trailHi) {
			trail[i] = uint16(i - int(trailLo))
		}
	}
	t := &tables{dec: mb.PackTable16(index), fast: mb.NewPairs(&lead, &trail, mb.PackLenTable16(index)), enc: new([65536]uint16)}
	for p, r := range index {
		if r != 0 && t.enc[r] == 0 {
			t.enc[r] = uint16((p/width+int(leadLo))<<8 | (p%width + int(trailLo)))
		}
	}
	return t
}

var getTables = sync.OnceValue(func() *tables { return newTables(euckrIndex[:], 0x81, 0xFE, 0x41, 0xFE, 190) })

type decoder struct{ t *tables }

func (d *decoder) Reset() {}

func (d *decoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.Decode(dst, src, atEOF, d.t.fast, d)
}

// DecodeChar implements mb.CharDecoder: 80 and FF are invalid, every other
// byte leads a two-byte code.
func (d *decoder) DecodeChar(src []byte) (uint32, int, int, encoding.Kind) {
	c := src[0]
	if c == 0x80 || c == 0xFF {
		return mb.Invalid1()
	}
	if len(src) < 2 {
		return mb.More()
	}
	c2 := src[1]
	var v uint32
	if c2 >= 0x41 && c2 != 0xFF {
		v = d.t.dec[:len(euckrIndex)][int(c-0x81)*190+int(c2)-0x41]
	}
	if v == 0 {
		return mb.Mismatch(c2, 2)
	}
	return mb.Char(v, 2)
}

type encoder struct{ t *tables }

func (e *encoder) Reset() {}

func (e *encoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.Encode(dst, src, atEOF, e.t.enc, 0, e)
}

// EncodeChar implements mb.CharEncoder.
func (e *encoder) EncodeChar(r rune) (uint32, int) {
	var v uint16
	if r <= 0xFFFF {
		v = e.t.enc[r]
	}
	if v == 0 {
		return 0, 0
	}
	return uint32(v), 2
}
