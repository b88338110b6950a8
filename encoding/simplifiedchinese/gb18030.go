package simplifiedchinese

import (
	"encoding/binary"
	"sort"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"github.com/ucskit/ucs/internal/simd"
)

// The editions and variants of the GB18030 family that share one decoder
// loop and one encoder loop.
type edition uint8

const (
	ed2022   edition = iota // GB18030-2022 as WHATWG specifies it
	ed2005                  // GB18030-2005
	edGBK                   // GBK: gb18030 decoder, two-byte encoder
	edGB2312                // EUC-CN: GB2312 rows 1–94 only
)

// GB18030 is GB18030-2022 as the WHATWG Encoding Standard specifies it
// (revision of 2024-10, "Adopt GB18030-2022"): one-, two- and four-byte
// sequences covering all of Unicode.
//
// Deviations from GB 18030-2022, all WHATWG's: A3 A0 decodes to U+3000
// (the standard has U+E5E5), and U+E5E5 cannot be encoded; 80 decodes to
// U+20AC (the euro sign, as in CP936); the 18 private-use code points that
// GB18030-2005 gave to two-byte codes (U+E78D…U+E796, U+E81E, U+E826,
// U+E82B, U+E82C, U+E832, U+E843, U+E854, U+E864) still encode to those
// codes, and the four-byte codes that GB 18030-2022 gives them (84 31 82 36
// and the like) decode to the standard characters of the same codes'
// 2005 meaning. Malformed input is handled as in WHATWG: one error per
// maximal bad sequence, and a bad byte never swallows a following ASCII
// byte. Strict by default: decoding fails at the first error.
var GB18030 = encoding.NewCodec("gb18030",
	func() encoding.Core { return &decoder{ed: ed2022} },
	func() encoding.Core { return &encoder{ed: ed2022} })

// GB18030_2005 is GB 18030-2005: the same four-byte ranges as GB18030,
// but the 2005 two-byte table. A6 D9…A6 DF, A6 EC, A6 ED, A6 F3, FE 59, FE 61,
// FE 66, FE 67, FE 6D, FE 7E, FE 90 and FE A0 decode to the private-use
// code points U+E78D… (GB18030-2022 gives them vertical forms and CJK
// ideographs, which GB18030-2005 encodes with four bytes); A3 A0 and
// U+E5E5 map to each other. 80 decodes to U+20AC as in WHATWG's decoder
// (GB 18030 leaves it undefined).
var GB18030_2005 = encoding.NewCodec("gb18030-2005",
	func() encoding.Core { return &decoder{ed: ed2005} },
	func() encoding.Core { return &encoder{ed: ed2005} })

// GBK is GBK (Windows code page 936) as the WHATWG Encoding Standard
// specifies it: the gb18030 decoder (so four-byte sequences decode too),
// and an encoder that writes only one- and two-byte codes, with U+20AC as
// the single byte 80. Characters without a two-byte code are unmappable.
var GBK = encoding.NewCodec("gbk",
	func() encoding.Core { return &decoder{ed: edGBK} },
	func() encoding.Core { return &encoder{ed: edGBK} })

// tables are the decode and encode tables of one edition, built on first
// use.
type tables struct {
	once sync.Once
	dec  []uint32        // pointer → packed UTF-8 (0: none)
	fast *mb.Pairs       // the two-byte codes, for mb.Decode2
	enc  *[65536]uint16  // BMP code point → two bytes, lead<<8|trail (0: none)
	idx  *[23940]uint16  // pointer → code point
	fill func(t *tables) // builds the tables
}

var (
	tabs2022 = &tables{fill: func(t *tables) { t.build(&gb18030Index, true) }}
	tabs2005 = &tables{fill: func(t *tables) {
		idx := gb18030Index
		for _, p := range gb18030PUA {
			idx[p[1]] = p[0]
		}
		idx[gb2312Pointer(0xA3, 0xA0)] = 0xE5E5
		t.build(&idx, false)
	}}
)

func gb2312Pointer(lead, trail int) int {
	off := 0x40
	if trail >= 0x7F {
		off = 0x41
	}
	return (lead-0x81)*190 + trail - off
}

func (t *tables) get() *tables {
	t.once.Do(func() { t.fill(t) })
	return t
}

func (t *tables) build(idx *[23940]uint16, pua bool) {
	t.idx = idx
	t.dec = mb.PackTable16(idx[:])
	t.fast = mb.NewPairs(&gbLead, &gbTrail, mb.PackLenTable16(idx[:]))
	t.enc = new([65536]uint16)
	for p, r := range idx {
		if r != 0 && t.enc[r] == 0 {
			t.enc[r] = pointerBytes(p)
		}
	}
	if pua {
		for _, e := range gb18030PUA {
			t.enc[e[0]] = pointerBytes(int(e[1]))
		}
	}
}

func pointerBytes(p int) uint16 {
	lead, trail := p/190+0x81, p%190
	if trail < 0x3F {
		trail += 0x40
	} else {
		trail += 0x41
	}
	return uint16(lead<<8 | trail)
}

func (e edition) tables() *tables {
	if e == ed2005 {
		return tabs2005.get()
	}
	return tabs2022.get()
}

// rangesCodePoint is WHATWG's "index gb18030 ranges code point": the code
// point of a four-byte pointer, or -1.
func rangesCodePoint(p int) rune {
	if (p > 39419 && p < 189000) || p > 1237575 {
		return -1
	}
	if p == 7457 {
		return 0xE7C7
	}
	if p >= 189000 {
		return rune(p - 189000 + 0x10000)
	}
	i := sort.Search(len(gb18030RangePointers), func(i int) bool { return int(gb18030RangePointers[i]) > p }) - 1
	return rune(int(gb18030RangeCodePoints[i]) + p - int(gb18030RangePointers[i]))
}

// rangesPointer is WHATWG's "index gb18030 ranges pointer" of a code point
// that has no two-byte code.
func rangesPointer(r rune) int {
	if r == 0xE7C7 {
		return 7457
	}
	if r >= 0x10000 {
		return 189000 + int(r) - 0x10000
	}
	i := sort.Search(len(gb18030RangeCodePoints), func(i int) bool { return rune(gb18030RangeCodePoints[i]) > r }) - 1
	return int(gb18030RangePointers[i]) + int(r) - int(gb18030RangeCodePoints[i])
}

// decoder is the WHATWG gb18030 decoder, reading whole sequences ahead so
// that it keeps no state between calls.
type decoder struct{ ed edition }

func (d *decoder) Reset() {}

func (d *decoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if d.ed == edGB2312 {
		return mb.Decode(dst, src, atEOF, nil, gb2312Chars{d.ed.tables()})
	}
	t := d.ed.tables()
	return mb.Decode(dst, src, atEOF, t.fast, gb18030Chars{t})
}

// gb18030Chars is the arithmetic of the gb18030 decoder, for mb.Decode.
type gb18030Chars struct{ t *tables }

// DecodeRun implements mb.RunDecoder with the four-byte codes of
// supplementary characters.
func (gb18030Chars) DecodeRun(dst, src []byte) (int, int) { return decodeSupplementary(dst, src) }

// DecodeChar implements mb.CharDecoder: 80 is U+20AC, FF invalid, every
// other byte leads a two-byte code or, with a second byte 30–39, a
// four-byte one.
func (g gb18030Chars) DecodeChar(src []byte) (uint32, int, int, encoding.Kind) {
	c := src[0]
	if c == 0x80 {
		return 0xAC82E2, 3, 1, encoding.KindNone // E2 82 AC
	}
	if c == 0xFF {
		return mb.Invalid1()
	}
	if len(src) < 2 {
		return mb.More()
	}
	c2 := src[1]
	if c2 >= 0x30 && c2 <= 0x39 {
		r, n, k := fourByte(src)
		if n == 0 || k != encoding.KindNone {
			return 0, 0, n, k
		}
		var b [4]byte
		w := utf8.EncodeRune(b[:], r)
		return binary.LittleEndian.Uint32(b[:]), w, 4, encoding.KindNone
	}
	var v uint32
	if c2 >= 0x40 && c2 != 0x7F && c2 != 0xFF {
		off := 0x40
		if c2 > 0x7F {
			off = 0x41
		}
		v = g.t.dec[:23940][int(c-0x81)*190+int(c2)-off]
	}
	if v == 0 {
		return mb.Mismatch(c2, 2)
	}
	return mb.Char(v, 2)
}

// gb2312Chars is the arithmetic of the EUC-CN decoder, for mb.Decode:
// the two-byte codes of GB 2312 and nothing else.
type gb2312Chars struct{ t *tables }

// DecodeChar implements mb.CharDecoder: A1–FE lead a two-byte code, other
// bytes are invalid.
func (g gb2312Chars) DecodeChar(src []byte) (uint32, int, int, encoding.Kind) {
	c := src[0]
	if c < 0xA1 || c == 0xFF {
		return mb.Invalid1()
	}
	if len(src) < 2 {
		return mb.More()
	}
	c2 := src[1]
	var v uint32
	if c2 >= 0xA1 && c2 <= 0xFE && inGB2312(int(c), int(c2)) {
		v = g.t.dec[:23940][int(c-0x81)*190+int(c2)-0x41]
	}
	if v == 0 {
		return mb.Mismatch(c2, 2)
	}
	return mb.Char(v, 2)
}

// gbLead and gbTrail turn the bytes of a two-byte code into the two
// terms of its pointer, (lead-0x81)*190 and trail-offset; bytes that cannot
// occur there give 0x7FFF, which puts the sum beyond the index.
var gbLead, gbTrail = func() (lead, trail [256]uint16) {
	for i := range lead {
		lead[i], trail[i] = mb.Invalid, mb.Invalid
		if i >= 0x81 && i <= 0xFE {
			lead[i] = uint16(i-0x81) * 190
		}
		if i >= 0x40 && i <= 0x7E {
			trail[i] = uint16(i - 0x40)
		} else if i >= 0x80 && i <= 0xFE {
			trail[i] = uint16(i - 0x41)
		}
	}
	return
}()

// decodeSupplementary decodes a run of four-byte codes of supplementary
// characters (pointers 189000–1237575), and stops at anything else. After
// the first code, the vector kernel (when there is one) takes the rest of
// the run, and the plain loop goes on from where it stopped: a lone code
// costs no kernel call, and without a kernel the loop does the whole run.
// (The loop is a function of its own, without calls, so that its
// variables stay in registers.) A code and its UTF-8 are both four
// bytes, so nDst == nSrc.
func decodeSupplementary(dst, src []byte) (nDst, nSrc int) {
	n := decodeSupplementaryGo(dst, src[:min(len(src), 4)])
	if n == 4 && len(src) >= 8 && src[5]-0x30 <= 9 {
		k, _ := simd.GB18030SupplementaryToUTF8(dst[4:], src[4:])
		n += k
	}
	n += decodeSupplementaryGo(dst[n:], src[n:])
	return n, n
}

// decodeSupplementaryGo is decodeSupplementary in plain Go.
func decodeSupplementaryGo(dst, src []byte) int {
	n := 0
	for n+4 <= len(src) && n+4 <= len(dst) {
		s := src[n : n+4 : n+4]
		if s[0]-0x81 > 0x7D || s[1]-0x30 > 9 || s[2]-0x81 > 0x7D || s[3]-0x30 > 9 {
			break
		}
		p := uint32(s[0]-0x81)*12600 + uint32(s[1]-0x30)*1260 + uint32(s[2]-0x81)*10 + uint32(s[3]-0x30) - 189000
		if p > 1237575-189000 { // also a pointer below 189000, wrapped around
			break
		}
		r := p + 0x10000
		d := dst[n : n+4 : n+4]
		d[0] = 0xF0 | byte(r>>18)
		d[1] = 0x80 | byte(r>>12)&0x3F
		d[2] = 0x80 | byte(r>>6)&0x3F
		d[3] = 0x80 | byte(r)&0x3F
		n += 4
	}
	return n
}

// encodeSupplementary encodes a run of supplementary characters (four-byte
// UTF-8) as four-byte codes, and stops at anything else. As in
// decodeSupplementary, the vector kernel takes the rest of a run after
// its first character.
func encodeSupplementary(dst, src []byte) (nDst, nSrc int) {
	n := encodeSupplementaryGo(dst, src[:min(len(src), 4)])
	if n == 4 && len(src) >= 8 && src[4]&0xF8 == 0xF0 {
		k, _ := simd.UTF8ToGB18030Supplementary(dst[4:], src[4:])
		n += k
	}
	n += encodeSupplementaryGo(dst[n:], src[n:])
	return n, n
}

// encodeSupplementaryGo is encodeSupplementary in plain Go. The digits of
// the pointer come from unsigned divisions by constants (multiplications),
// each remainder from its quotient.
func encodeSupplementaryGo(dst, src []byte) int {
	n := 0
	for n+4 <= len(src) && n+4 <= len(dst) {
		s := src[n : n+4 : n+4]
		if s[0]&0xF8 != 0xF0 || (uint32(s[1])<<16|uint32(s[2])<<8|uint32(s[3]))&0xC0C0C0 != 0x808080 {
			break
		}
		r := uint32(s[0]&0x07)<<18 | uint32(s[1]&0x3F)<<12 | uint32(s[2]&0x3F)<<6 | uint32(s[3]&0x3F)
		if r-0x10000 > 0x10FFFF-0x10000 { // also r < 0x10000, wrapped around
			break
		}
		p := 189000 + r - 0x10000
		b0 := p / 12600
		p -= b0 * 12600
		b1 := p / 1260
		p -= b1 * 1260
		b2 := p / 10
		b3 := p - b2*10
		d := dst[n : n+4 : n+4]
		d[0] = byte(b0 + 0x81)
		d[1] = byte(b1 + 0x30)
		d[2] = byte(b2 + 0x81)
		d[3] = byte(b3 + 0x30)
		n += 4
	}
	return n
}

// fourByte decodes a four-byte sequence whose first two bytes are known to
// be 81–FE and 30–39: it returns the code point and 4; or the length and
// kind of the error; or n == 0 when p ends before the sequence does.
func fourByte(p []byte) (r rune, n int, kind encoding.Kind) {
	if len(p) < 3 {
		return -1, 0, encoding.KindNone
	}
	if p[2] < 0x81 || p[2] > 0xFE {
		return -1, 1, encoding.InvalidSequence
	}
	if len(p) < 4 {
		return -1, 0, encoding.KindNone
	}
	if p[3] < 0x30 || p[3] > 0x39 {
		return -1, 1, encoding.InvalidSequence
	}
	ptr := int(p[0]-0x81)*12600 + int(p[1]-0x30)*1260 + int(p[2]-0x81)*10 + int(p[3]-0x30)
	if ptr >= 189000 && ptr <= 1237575 {
		return rune(ptr - 189000 + 0x10000), 4, encoding.KindNone
	}
	r = rangesCodePoint(ptr)
	if r < 0 {
		return -1, 4, encoding.InvalidSequence
	}
	return r, 4, encoding.KindNone
}

// encoder is the WHATWG gb18030 encoder (and, by edition, the GBK and
// GB2312 encoders).
type encoder struct{ ed edition }

func (e *encoder) Reset() {}

func (e *encoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	t := e.ed.tables()
	enc := t.enc
	ed := e.ed
	for nSrc < len(src) {
		if ed != edGB2312 {
			skip := uint16(0)
			if ed == edGBK {
				skip = 0x20AC
			}
			nd, ns := mb.Encode2(dst[nDst:], src[nSrc:], enc, skip)
			nDst += nd
			nSrc += ns
			if ed != edGBK {
				nd, ns = encodeSupplementary(dst[nDst:], src[nSrc:])
				nDst += nd
				nSrc += ns
			}
			if nSrc >= len(src) {
				break
			}
		}
		c := src[nSrc]
		if c < 0x80 {
			n := mb.ASCII(dst[nDst:], src[nSrc:])
			if n == 0 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += n
			nSrc += n
			continue
		}
		r, n, k := mb.NextRune(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if k != encoding.KindNone {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
		}
		if r <= 0xFFFF && (ed != edGBK || r != 0x20AC) {
			if v := enc[r]; v != 0 && (ed != edGB2312 || inGB2312(int(v>>8), int(v&0xFF))) {
				if len(dst)-nDst < 2 {
					return nDst, nSrc, bad, transform.ErrShortDst
				}
				dst[nDst], dst[nDst+1] = byte(v>>8), byte(v)
				nDst += 2
				nSrc += n
				continue
			}
		}
		if (r == 0xE5E5 && ed != ed2005) || ed == edGB2312 || (ed == edGBK && r != 0x20AC) {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}, nil
		}
		if ed == edGBK { // U+20AC
			if len(dst)-nDst < 1 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			dst[nDst] = 0x80
			nDst++
			nSrc += n
			continue
		}
		if len(dst)-nDst < 4 {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		p := rangesPointer(r)
		dst[nDst] = byte(p/12600 + 0x81)
		dst[nDst+1] = byte(p/1260%10 + 0x30)
		dst[nDst+2] = byte(p/10%126 + 0x81)
		dst[nDst+3] = byte(p%10 + 0x30)
		nDst += 4
		nSrc += n
	}
	return nDst, nSrc, bad, nil
}

// inGB2312 reports whether the EUC-CN bytes lead, trail (A1–FE each) are a
// character of GB 2312.
func inGB2312(lead, trail int) bool {
	i := uint((lead-0xA1)*94 + trail - 0xA1)
	if lead < 0xA1 || trail < 0xA1 || trail > 0xFE || i >= 94*94 {
		return false
	}
	return gb2312Set[i/64]&(1<<(i%64)) != 0
}

// GB2312 is EUC-CN, the 8-bit form of GB 2312-80: ASCII, and each
// character of GB 2312's rows 1–94 as the two bytes row+A0, cell+A0 (the
// "区位码" plus A0A0). It decodes and encodes exactly the 7445 characters
// of GB 2312, with GBK's (and WHATWG's) code points; two positions differ
// from glibc's EUC-CN, which follows the 1980 standard more literally:
// A1 A4 is U+00B7 MIDDLE DOT (glibc U+30FB) and A1 AA is U+2014 EM DASH
// (glibc U+2015).
//
// WHATWG has no GB2312 encoding: its labels "gb2312" and "gb_2312" mean
// GBK, and the registry (package charset) follows WHATWG there; this codec
// is reached by the names "euc-cn" and "gb2312-strict".
var GB2312 = encoding.NewCodec("euc-cn",
	func() encoding.Core { return &decoder{ed: edGB2312} },
	func() encoding.Core { return &encoder{ed: edGB2312} })
