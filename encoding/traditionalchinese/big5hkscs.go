package traditionalchinese

import (
	"bytes"
	"sync"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// Big5HKSCS is Big5 with the Hong Kong Supplementary Character Set,
// HKSCS-2008, in both directions, as glibc's BIG5-HKSCS has it (its table
// read from iconv's output): unlike Big5, whose encoder writes no code
// with a lead byte below A1, it encodes every HKSCS character (3 850 more
// than Big5), supplementary-plane characters included.
//
// Four codes decode to a letter and a combining mark (88 62 → U+00CA
// U+0304, 88 64 → U+00CA U+030C, 88 A3 → U+00EA U+0304, 88 A5 → U+00EA
// U+030C), and the encoder writes those codes for those pairs of
// characters, as glibc's does: it holds back Ê or ê until it sees the
// character after it. For the eight box-drawing characters that have two
// codes it writes the second (F9 F9 for U+2550, and so on), as glibc.
//
// Where glibc's table differs from WHATWG's Big5 index, ucs follows
// glibc: eleven symbols of Big5 proper (A1 45 U+2022, A1 4E U+FF64, A1 C2
// U+203E, A1 E3 U+223C, A1 F2 U+2641, A1 F3 U+2609, A2 41 U+FF0F, A2 42
// U+FF3C, A2 44 U+00A5, A2 46 U+00A2, A2 47 U+00A3, where WHATWG has
// U+2027, U+FE51, U+00AF, U+FF5E, U+2295, U+2299, U+2215, U+FE68, U+FFE5,
// U+FFE0, U+FFE1), and 127 HKSCS codes that HKSCS-2008 no longer assigns
// (their characters have other codes) have no character. Byte 80 is
// U+0080, as in glibc (WHATWG's Big5 refuses it). Malformed input
// is treated as in Big5: a bad trail byte that is ASCII is decoded again.
var Big5HKSCS = encoding.NewCodec("big5-hkscs",
	func() encoding.Core { return &decoder{t: big5hkscsTables()} },
	func() encoding.Core { return &hkscsEncoder{encoder{t: big5hkscsTables()}} })

var big5hkscsTables = sync.OnceValue(func() *tables {
	t := &tables{dec: mb.PackTable32(big5hkscsIndex[:]), fast: mb.NewPairs(&big5Lead, &big5Trail, mb.PackLenTable32(big5hkscsIndex[:])),
		enc: new([65536]uint16), supp: map[rune]uint16{}, pairs: true, encSingle: map[rune]byte{0x80: 0x80}}
	t.single[0x80] = mb.Pack(0x80)
	for p, r := range big5hkscsIndex {
		if r == 0 {
			continue
		}
		// The last code of a character wins (the box-drawing pairs).
		if r > 0xFFFF {
			t.supp[rune(r)] = pointerBytes(p)
		} else {
			t.enc[r] = pointerBytes(p)
		}
	}
	return t
})

// hkscsEncoder is the encoder of Big5HKSCS: Big5's table-driven loop, with
// Ê and ê (C3 8A and C3 AA in UTF-8) taken out of it to be written with
// the combining mark after them, when there is one.
type hkscsEncoder struct{ encoder }

func (e *hkscsEncoder) Reset() {}

func (e *hkscsEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	for nSrc < len(src) {
		end := nSrc + composable(src[nSrc:])
		nd, ns, bad, err := mb.Encode(dst[nDst:], src[nSrc:end], atEOF || end < len(src), e.t.enc, 0, &e.encoder)
		nDst += nd
		nSrc += ns
		if err != nil || bad.Kind != encoding.KindNone || nSrc < end {
			return nDst, nSrc, bad, err
		}
		if end == len(src) {
			break
		}
		nd, ns, err = e.letter(dst[nDst:], src[nSrc:], atEOF)
		nDst += nd
		nSrc += ns
		if err != nil {
			return nDst, nSrc, bad, err
		}
	}
	return nDst, nSrc, bad, nil
}

// composable returns the offset in src of the first Ê or ê, len(src) if
// none.
func composable(src []byte) int {
	for i := 0; ; i++ {
		j := bytes.IndexByte(src[i:], 0xC3)
		if j < 0 || i+j+1 >= len(src) {
			return len(src)
		}
		i += j
		if src[i+1] == 0x8A || src[i+1] == 0xAA {
			return i
		}
	}
}

// letter writes the Ê or ê at the start of src, with the macron (U+0304,
// CC 84) or caron (U+030C, CC 8C) after it when there is one.
func (e *hkscsEncoder) letter(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if len(src) < 4 && !atEOF && (len(src) == 2 || src[2] == 0xCC) {
		return 0, 0, transform.ErrShortSrc
	}
	code, n := uint16(0x8866), 2 // Ê
	if src[1] == 0xAA {
		code = 0x88A7 // ê
	}
	if len(src) >= 4 && src[2] == 0xCC && (src[3] == 0x84 || src[3] == 0x8C) {
		// 88 62, 88 64 for Ê; 88 A3, 88 A5 for ê.
		code -= 4
		if src[3] == 0x8C {
			code += 2
		}
		n = 4
	}
	if len(dst) < 2 {
		return 0, 0, transform.ErrShortDst
	}
	dst[0], dst[1] = byte(code>>8), byte(code)
	return 2, n, nil
}
