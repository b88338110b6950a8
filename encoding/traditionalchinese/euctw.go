package traditionalchinese

import (
	"sync"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// EUCTW is EUC-TW, the Extended Unix Code for CNS 11643-1992: ASCII, plane
// 1 as two-byte codes A1–FE A1–FE, and every plane as a four-byte code 8E,
// A0 + plane, row + A0, cell + A0. The planes are those of glibc's EUC-TW
// (1 to 7, and 15 from CNS 11643's 2007 additions), read from iconv's
// output; plane 1 written with four bytes decodes as with two. The encoder
// writes plane 1 with two bytes and every other character with four, in
// the first plane that has it (U+5344, in planes 1 and 3, is A4 BF), as
// glibc does. CNS 11643 characters that Unicode lacks, and planes 8–14 and
// 16, have no code.
var EUCTW = encoding.NewCodec("euc-tw",
	func() encoding.Core { return &euctwDecoder{t: getEUCTW()} },
	func() encoding.Core { return &euctwEncoder{t: getEUCTW()} })

// euctwSlot maps byte 2 of a four-byte code (A1–B0) to its plane's place in
// euctwIndex, -1 for a plane glibc does not have.
var euctwSlot = [16]int8{0, 1, 2, 3, 4, 5, 6, -1, -1, -1, -1, -1, -1, -1, 7, -1}

// euctwPlane is the inverse of euctwSlot.
var euctwPlane = [8]uint32{1, 2, 3, 4, 5, 6, 7, 15}

type euctwTables struct {
	fast *mb.Pairs
	dec  []uint32        // packed UTF-8 of euctwIndex
	enc  *[65536]uint16  // BMP code point → plane 1 two-byte code
	bmp4 *[65536]uint32  // BMP code point → four-byte code, when not in plane 1
	supp map[rune]uint32 // supplementary code point → four-byte code
}

var getEUCTW = sync.OnceValue(func() *euctwTables {
	plane1 := euctwIndex[:8836]
	t := &euctwTables{
		dec:  mb.PackTable32(euctwIndex[:]),
		fast: mb.NewPairs(&euctwLead, &euctwTrail, mb.PackLenTable32(plane1)),
		enc:  new([65536]uint16),
		bmp4: new([65536]uint32),
		supp: map[rune]uint32{},
	}
	for p, r := range euctwIndex {
		if r == 0 {
			continue
		}
		row, cell := uint32(p%8836/94+0xA1), uint32(p%94+0xA1)
		if p < 8836 {
			if t.enc[r] == 0 {
				t.enc[r] = uint16(row<<8 | cell)
			}
			continue
		}
		code := 0x8E<<24 | (0xA0+euctwPlane[p/8836])<<16 | row<<8 | cell
		if r > 0xFFFF {
			if _, ok := t.supp[rune(r)]; !ok {
				t.supp[rune(r)] = code
			}
		} else if t.enc[r] == 0 && t.bmp4[r] == 0 {
			t.bmp4[r] = code
		}
	}
	return t
})

// euctwLead and euctwTrail give the terms of a plane 1 pointer.
var euctwLead, euctwTrail = func() (lead, trail [256]uint16) {
	for i := range lead {
		lead[i], trail[i] = mb.Invalid, mb.Invalid
		if i >= 0xA1 && i <= 0xFE {
			lead[i] = uint16(i-0xA1) * 94
			trail[i] = uint16(i - 0xA1)
		}
	}
	return
}()

type euctwDecoder struct{ t *euctwTables }

func (d *euctwDecoder) Reset() {}

func (d *euctwDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.Decode(dst, src, atEOF, d.t.fast, d)
}

// DecodeChar implements mb.CharDecoder: A1–FE lead a two-byte code, 8E a
// four-byte one, every other byte from 80 is invalid.
func (d *euctwDecoder) DecodeChar(src []byte) (uint32, int, int, encoding.Kind) {
	c := src[0]
	if c == 0x8E {
		return d.decode4(src)
	}
	if c < 0xA1 || c == 0xFF {
		return mb.Invalid1()
	}
	if len(src) < 2 {
		return mb.More()
	}
	c2 := src[1]
	var v uint32
	if c2 >= 0xA1 && c2 != 0xFF {
		v = d.t.dec[int(c-0xA1)*94+int(c2)-0xA1]
	}
	if v == 0 {
		return mb.Mismatch(c2, 2)
	}
	return mb.Char(v, 2)
}

// decode4 decodes a four-byte code 8E PP RR CC; a byte that does not fit
// ends the bad sequence before it (after it when it is not ASCII).
func (d *euctwDecoder) decode4(src []byte) (uint32, int, int, encoding.Kind) {
	if len(src) < 2 {
		return mb.More()
	}
	p := src[1]
	if p < 0xA1 || p > 0xB0 || euctwSlot[p-0xA1] < 0 {
		return mb.Mismatch(p, 2)
	}
	for i := 2; i < 4; i++ {
		if len(src) <= i {
			return mb.More()
		}
		if b := src[i]; b < 0xA1 || b == 0xFF {
			return mb.Mismatch(b, i+1)
		}
	}
	v := d.t.dec[int(euctwSlot[p-0xA1])*8836+int(src[2]-0xA1)*94+int(src[3]-0xA1)]
	if v == 0 {
		return mb.Mismatch(src[3], 4)
	}
	return mb.Char(v, 4)
}

type euctwEncoder struct{ t *euctwTables }

func (e *euctwEncoder) Reset() {}

func (e *euctwEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.Encode(dst, src, atEOF, e.t.enc, 0, e)
}

// EncodeChar implements mb.CharEncoder.
func (e *euctwEncoder) EncodeChar(r rune) (uint32, int) {
	if r <= 0xFFFF {
		if v := e.t.enc[r]; v != 0 {
			return uint32(v), 2
		}
		if v := e.t.bmp4[r]; v != 0 {
			return v, 4
		}
		return 0, 0
	}
	if v, ok := e.t.supp[r]; ok {
		return v, 4
	}
	return 0, 0
}
