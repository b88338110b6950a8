package traditionalchinese

import (
	"sync"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// Big5 is Big5 as the WHATWG Encoding Standard specifies it (§11.1): the
// decoder reads Big5 with the Hong Kong Supplementary Character Set
// (HKSCS-2008) and the ETEN extensions, including lead bytes 81–A0; the
// encoder writes only codes with lead bytes A1 and above (no HKSCS
// extensions below it), and for U+2550, U+255E, U+2561, U+256A, U+5341 and
// U+5345 the last of their two codes. Four codes decode to two code points
// each (88 62 → U+00CA U+0304, 88 64 → U+00CA U+030C, 88 A3 → U+00EA
// U+0304, 88 A5 → U+00EA U+030C); no sequence of characters encodes to
// them. A bad lead byte never swallows a following ASCII byte.
//
// Deviations from Big5 as Microsoft's code page 950 has it: HKSCS and ETEN
// additions (including supplementary-plane characters), and CP950's
// private-use mappings (lead bytes 81–A0, C6 A1–C8 FE, FA–FE) decode to
// HKSCS characters instead of the Private Use Area.
var Big5 = encoding.NewCodec("big5",
	func() encoding.Core { return &decoder{t: big5Tables()} },
	func() encoding.Core { return &encoder{t: big5Tables()} })

type tables struct {
	single    [256]uint32     // single bytes 80–FF that are characters (CP950), packed
	encSingle map[rune]byte   // their code points → byte
	pairs     bool            // WHATWG: four codes decode to two code points
	fast      *mb.Pairs       // the two-byte codes of BMP characters, for mb.Decode2
	dec       []uint32        // pointer → packed UTF-8
	enc       *[65536]uint16  // BMP code point → lead<<8|trail
	supp      map[rune]uint16 // supplementary code point → lead<<8|trail
}

var big5Tables = sync.OnceValue(func() *tables {
	t := &tables{dec: mb.PackTable32(big5Index[:]), fast: mb.NewPairs(&big5Lead, &big5Trail, mb.PackLenTable32(big5Index[:])), enc: new([65536]uint16), supp: map[rune]uint16{}, pairs: true}
	last := map[rune]bool{0x2550: true, 0x255E: true, 0x2561: true, 0x256A: true, 0x5341: true, 0x5345: true}
	for p := (0xA1 - 0x81) * 157; p < len(big5Index); p++ {
		r := rune(big5Index[p])
		if r == 0 {
			continue
		}
		v := pointerBytes(p)
		if r > 0xFFFF {
			if _, ok := t.supp[r]; !ok {
				t.supp[r] = v
			}
			continue
		}
		if t.enc[r] == 0 || last[r] {
			t.enc[r] = v
		}
	}
	return t
})

func pointerBytes(p int) uint16 {
	lead, trail := p/157+0x81, p%157
	if trail < 0x3F {
		trail += 0x40
	} else {
		trail += 0x62
	}
	return uint16(lead<<8 | trail)
}

// big5Lead and big5Trail give the terms of a Big5 pointer (see mb.NewPairs).
var big5Lead, big5Trail = func() (lead, trail [256]uint16) {
	for i := range lead {
		lead[i], trail[i] = mb.Invalid, mb.Invalid
		if i >= 0x81 && i <= 0xFE {
			lead[i] = uint16(i-0x81) * 157
		}
		if i >= 0x40 && i <= 0x7E {
			trail[i] = uint16(i - 0x40)
		} else if i >= 0xA1 && i <= 0xFE {
			trail[i] = uint16(i - 0x62)
		}
	}
	return
}()

type decoder struct{ t *tables }

func (d *decoder) Reset() {}

func (d *decoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.Decode(dst, src, atEOF, d.t.fast, d)
}

// DecodeChar implements mb.CharDecoder: 80 and FF are single bytes (CP950)
// or invalid (Big5), every other byte leads a two-byte code.
func (d *decoder) DecodeChar(src []byte) (uint32, int, int, encoding.Kind) {
	c := src[0]
	if c == 0x80 || c == 0xFF {
		if v := d.t.single[c]; v != 0 {
			return mb.Char(v, 1)
		}
		return mb.Invalid1()
	}
	if len(src) < 2 {
		return mb.More()
	}
	c2 := src[1]
	p := -1
	if c2 >= 0x40 && c2 <= 0x7E {
		p = int(c-0x81)*157 + int(c2) - 0x40
	} else if c2 >= 0xA1 && c2 <= 0xFE {
		p = int(c-0x81)*157 + int(c2) - 0x62
	}
	if p < 0 {
		return mb.Mismatch(c2, 2)
	}
	if d.t.pairs {
		switch p {
		case 1133, 1135, 1164, 1166:
			// Two code points: U+00CA (C3 8A) or U+00EA (C3 AA), then
			// U+0304 (CC 84) or U+030C (CC 8C).
			base := uint32(0x8A)
			if p >= 1164 {
				base = 0xAA
			}
			mark := uint32(0x84)
			if p == 1135 || p == 1166 {
				mark = 0x8C
			}
			return 0xC3 | base<<8 | 0xCC<<16 | mark<<24, 4, 2, encoding.KindNone
		}
	}
	v := d.t.dec[:19782][p]
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
	} else {
		v = e.t.supp[r]
	}
	if b, ok := e.t.encSingle[r]; ok && v == 0 {
		return uint32(b), 1
	}
	if v == 0 {
		return 0, 0
	}
	return uint32(v), 2
}

// CP950 is Microsoft's code page 950, the Big5 of Windows, from ICU's
// windows-950-2000.ucm: Big5 (ETEN extensions included) with Microsoft's
// additions, the user-defined areas (lead bytes 81–A0, C6 A1–C8 FE, FA–FE)
// as private-use code points U+E000–U+F848, 80 as U+0080 and FF as
// U+F8F8. It decodes the table's round-trip and bytes → Unicode mappings
// (ten codes, such as A2 A4 for U+2550, decode to a character that encodes
// elsewhere) and encodes only round trips: Microsoft's best-fit fallbacks
// (U+00A1 → 21 and the like) are not used. Malformed input is treated as in
// WHATWG's Big5 decoder (a bad trail byte that is ASCII is decoded again).
var CP950 = encoding.NewCodec("cp950",
	func() encoding.Core { return &decoder{t: cp950Tables()} },
	func() encoding.Core { return &encoder{t: cp950Tables()} })

var cp950Tables = sync.OnceValue(func() *tables {
	t := &tables{dec: mb.PackTable16(cp950Index[:]), fast: mb.NewPairs(&big5Lead, &big5Trail, mb.PackLenTable16(cp950Index[:])),
		enc: new([65536]uint16), supp: map[rune]uint16{}, encSingle: map[rune]byte{}}
	skip := map[int]bool{}
	for _, p := range cp950DecodeOnly {
		skip[int(p)] = true
	}
	for p, r := range cp950Index {
		if r != 0 && !skip[p] && t.enc[r] == 0 {
			t.enc[r] = pointerBytes(p)
		}
	}
	for b, r := range cp950Single {
		t.single[b] = mb.Pack(rune(r))
		t.encSingle[rune(r)] = b
	}
	return t
})
