package japanese

import (
	"bytes"
	"sync"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"golang.org/x/text/transform"
)

// EUCJIS2004 is EUC-JIS-2004 (EUC-JISX0213): ASCII, JIS X 0213:2004 plane
// 1 as two bytes A1–FE A1–FE, plane 2 as 8F A1–FE A1–FE, and half-width
// katakana as 8E A1–DF. The table is glibc's EUC-JISX0213, read from
// iconv's output (see internal/gen/data/SOURCES.md).
//
// Twenty-five codes stand for a base character followed by a combining
// mark (か゚ A4 F7 is U+304B U+309A); the decoder writes both characters.
// The encoder writes such a code when the base character is followed by
// its mark, as glibc and CPython do: it holds a base character back until
// it has seen the next one (at the end of the input it writes the base's
// own code), and pairs greedily from the left (˩˥˩ is AB E5 AB E4). A mark
// that follows no base is encoded on its own when JIS X 0213 has it
// (U+0300, U+0301, U+02E5, U+02E9) and is unmappable otherwise (U+309A).
//
// Deviations from JIS X 0213's own mapping are glibc's: A1 C0 is U+FF3C
// FULLWIDTH REVERSE SOLIDUS, and the other choices glibc made for the
// characters that JIS X 0213 leaves open. A bad byte never swallows a
// following ASCII byte.
var EUCJIS2004 = encoding.NewCodec("euc-jis-2004",
	func() encoding.Core { return &x0213Decoder{t: getX0213(), sjis: false} },
	func() encoding.Core { return &x0213Encoder{t: getX0213(), sjis: false} })

// ShiftJIS2004 is Shift_JIS-2004 (Shift_JISX0213): JIS X 0213:2004 in the
// arrangement of its Annex 1. Plane 1 is laid out as in Shift_JIS (leads
// 81–9F, E0–EF), plane 2's rows 1, 3–5, 8, 12–15 and 78–94 take leads
// F0–FC, and A1–DF are half-width katakana. As in glibc and CPython, and
// unlike Windows code page 932 (ShiftJIS), bytes 5C and 7E are JIS X 0201
// Roman: they decode to U+00A5 YEN SIGN and U+203E OVERLINE. The encoder
// writes 5C for both U+005C and U+00A5 and 7E for both U+007E and U+203E,
// as glibc does (CPython writes U+005C as 81 5F and U+007E as 81 B0,
// which glibc decodes to U+FF3C and U+301C), so backslashes and tildes do
// not come back unchanged. Bytes 80, A0 and FD–FF are invalid. Combining
// sequences are handled as in EUCJIS2004.
var ShiftJIS2004 = encoding.NewCodec("shift_jis-2004",
	func() encoding.Core { return &x0213Decoder{t: getX0213(), sjis: true} },
	func() encoding.Core { return &x0213Encoder{t: getX0213(), sjis: true} })

// x0213Pair is a code of jisx0213Pairs: its pointer, and the UTF-8 of its
// two characters.
type x0213Pair struct {
	p          int
	base, mark rune
	utf8       []byte
}

type x0213Tables struct {
	dec      []uint32       // pointer → packed UTF-8; 0: none, or a pair
	pair     map[int]int    // pointer → index in pairs
	pairs    []x0213Pair    // the combining sequences
	sjisPtr  []int32        // Shift_JIS pointer → jisx0213Index pointer
	sjisOf   []int32        // jisx0213Index pointer → Shift_JIS pointer, -1: none
	fastEUC  *mb.Pairs      // plane 1 two-byte codes
	fastSJIS *mb.Pairs      // every two-byte code of Shift_JIS-2004
	eucCode  *[65536]uint16 // BMP → plane 1 EUC code, for mb.Encode2
	sjisCode *[65536]uint16 // BMP → Shift_JIS-2004 two-byte code, for mb.Encode2
	ptr      *[65536]uint16 // BMP → pointer + 1
	supp     map[rune]int   // supplementary → pointer
	bases    map[rune]bool  // characters that begin a pair
}

// x0213Plane2Rows are the rows of plane 2 that Shift_JIS-2004 has, in the
// order of its leads F0–FC (two rows a lead).
var x0213Plane2Rows = [26]int{1, 8, 3, 4, 5, 12, 13, 14, 15, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94}

// sjisToX0213 maps a Shift_JIS pointer ((lead-81 or -C1)*188 + trail
// offset, as in Shift_JIS) to a pointer of jisx0213Index, or -1.
func sjisToX0213(sp int) int {
	k, cell := sp/94, sp%94
	switch {
	case k < 94:
		return k*94 + cell
	case k < 94+len(x0213Plane2Rows):
		return 8836 + (x0213Plane2Rows[k-94]-1)*94 + cell
	}
	return -1
}

var getX0213 = sync.OnceValue(func() *x0213Tables {
	t := &x0213Tables{
		dec:      mb.PackTable32(jisx0213Index[:]),
		pair:     map[int]int{},
		sjisPtr:  make([]int32, 120*94),
		eucCode:  new([65536]uint16),
		sjisCode: new([65536]uint16),
		ptr:      new([65536]uint16),
		supp:     map[rune]int{},
		bases:    map[rune]bool{},
	}
	for i, p := range jisx0213Pairs {
		b := utf8.AppendRune(nil, rune(p[1]))
		t.pairs = append(t.pairs, x0213Pair{p: int(p[0]), base: rune(p[1]), mark: rune(p[2]), utf8: utf8.AppendRune(b, rune(p[2]))})
		t.pair[int(p[0])] = i
		t.bases[rune(p[1])] = true
	}
	sjisOf := make([]int32, len(jisx0213Index))
	for i := range sjisOf {
		sjisOf[i] = -1
	}
	t.sjisOf = sjisOf
	fastSJIS := make([]uint32, len(t.sjisPtr))
	for sp := range t.sjisPtr {
		p := sjisToX0213(sp)
		t.sjisPtr[sp] = int32(p)
		sjisOf[p] = int32(sp)
		fastSJIS[sp] = mb.PackLen(rune(jisx0213Index[p]))
	}
	for p, r := range jisx0213Index {
		if r == 0 {
			continue
		}
		if r > 0xFFFF {
			t.supp[rune(r)] = p
			continue
		}
		t.ptr[r] = uint16(p + 1)
		if t.bases[rune(r)] || r == 0xA5 || r == 0x203E {
			continue // left to EncodeChar
		}
		if p < 8836 {
			t.eucCode[r] = uint16((p/94+0xA1)<<8 | (p%94 + 0xA1))
		}
		if sp := sjisOf[p]; sp >= 0 {
			t.sjisCode[r] = sjisCode(int(sp))
		}
	}
	t.fastEUC = mb.NewPairs(&eucLead, &eucTrail, mb.PackLenTable32(jisx0213Index[:8836]))
	t.fastSJIS = mb.NewPairs(&sjisLead, &sjisTrail, fastSJIS)
	return t
})

// sjisCode returns the two bytes of a Shift_JIS pointer, lead<<8 | trail.
func sjisCode(sp int) uint16 {
	lead, trail := sp/188, sp%188
	lo, to := 0x81, 0x40
	if lead >= 0x1F {
		lo = 0xC1
	}
	if trail >= 0x3F {
		to = 0x41
	}
	return uint16((lead+lo)<<8 | (trail + to))
}

type x0213Decoder struct {
	t    *x0213Tables
	sjis bool
	pair int // the pair DecodeChar stopped at, + 1
}

func (d *x0213Decoder) Reset() {}

func (d *x0213Decoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if d.sjis {
		return d.convertSJIS(dst, src, atEOF)
	}
	for {
		nd, ns, b, e := mb.Decode(dst[nDst:], src[nSrc:], atEOF, d.t.fastEUC, d)
		nDst += nd
		nSrc += ns
		if b.Kind == encoding.KindNone || d.pair == 0 {
			return nDst, nSrc, b, e
		}
		// A base character and its mark: more than mb.Decode writes.
		n, ok := d.putPair(dst[nDst:])
		if !ok {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		nDst += n
		nSrc += b.Len
	}
}

// putPair writes the characters of the pair DecodeChar stopped at.
func (d *x0213Decoder) putPair(dst []byte) (int, bool) {
	u := d.t.pairs[d.pair-1].utf8
	d.pair = 0
	if len(dst) < len(u) {
		return 0, false
	}
	return copy(dst, u), true
}

// convertSJIS runs mb.Decode over the stretches of src between bytes 5C
// and 7E, which the shared loop would copy as ASCII, and decodes those
// bytes (and a code whose trail is one of them) itself.
func (d *x0213Decoder) convertSJIS(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	yen, over := -1, -1
	for nSrc < len(src) {
		if yen < nSrc {
			if yen = bytes.IndexByte(src[nSrc:], 0x5C); yen < 0 {
				yen = len(src)
			} else {
				yen += nSrc
			}
		}
		if over < nSrc {
			if over = bytes.IndexByte(src[nSrc:], 0x7E); over < 0 {
				over = len(src)
			} else {
				over += nSrc
			}
		}
		end := min(yen, over)
		if end > nSrc {
			nd, ns, b, e := mb.Decode(dst[nDst:], src[nSrc:end], atEOF && end == len(src), d.t.fastSJIS, d)
			nDst += nd
			nSrc += ns
			if b.Kind != encoding.KindNone {
				if d.pair == 0 {
					return nDst, nSrc, b, nil
				}
				n, ok := d.putPair(dst[nDst:])
				if !ok {
					return nDst, nSrc, bad, transform.ErrShortDst
				}
				nDst += n
				nSrc += b.Len
				continue
			}
			if e == transform.ErrShortDst || e == transform.ErrShortSrc && end == len(src) {
				return nDst, nSrc, bad, e
			}
			if nSrc == len(src) {
				break
			}
		}
		// At a 5C or 7E, or at a lead byte whose trail is one.
		v, w, n, k := d.DecodeChar(src[nSrc:])
		if k != encoding.KindNone {
			if d.pair == 0 {
				return nDst, nSrc, encoding.Bad{Len: n, Kind: k, Rune: -1}, nil
			}
			m, ok := d.putPair(dst[nDst:])
			if !ok {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += m
			nSrc += n
			continue
		}
		if n == 0 { // a lead byte at the end of src
			if atEOF {
				return nDst, nSrc, encoding.Bad{Len: len(src) - nSrc, Kind: encoding.Truncated, Rune: -1}, nil
			}
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if len(dst)-nDst < w {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		for i := range w {
			dst[nDst+i] = byte(v >> (8 * i))
		}
		nDst += w
		nSrc += n
	}
	return nDst, nSrc, bad, nil
}

// DecodeChar implements mb.CharDecoder. For a code that stands for two
// characters it reports a bad sequence of the code's length and sets
// d.pair; the caller writes the pair.
func (d *x0213Decoder) DecodeChar(src []byte) (uint32, int, int, encoding.Kind) {
	if d.sjis {
		return d.decodeSJIS(src)
	}
	c := src[0]
	if c != 0x8E && c != 0x8F && (c < 0xA1 || c == 0xFF) {
		return mb.Invalid1()
	}
	if len(src) < 2 {
		return mb.More()
	}
	c2 := src[1]
	switch c {
	case 0x8E:
		if c2 < 0xA1 || c2 > 0xDF {
			return mb.Mismatch(c2, 2)
		}
		return mb.Char(mb.Pack(0xFF61-0xA1+rune(c2)), 2)
	case 0x8F:
		if c2 < 0xA1 || c2 > 0xFE {
			return mb.Mismatch(c2, 2)
		}
		if len(src) < 3 {
			return mb.More()
		}
		c3 := src[2]
		if c3 < 0xA1 || c3 > 0xFE {
			return mb.Mismatch(c3, 3)
		}
		return d.char(8836+int(c2-0xA1)*94+int(c3-0xA1), c3, 3)
	}
	if c2 < 0xA1 || c2 > 0xFE {
		return mb.Mismatch(c2, 2)
	}
	return d.char(int(c-0xA1)*94+int(c2-0xA1), c2, 2)
}

// char is the result for pointer p, read from n bytes ending in last.
func (d *x0213Decoder) char(p int, last byte, n int) (uint32, int, int, encoding.Kind) {
	if v := d.t.dec[p]; v != 0 {
		return mb.Char(v, n)
	}
	if i, ok := d.t.pair[p]; ok {
		d.pair = i + 1
		return 0, 0, n, encoding.InvalidSequence
	}
	return mb.Mismatch(last, n)
}

func (d *x0213Decoder) decodeSJIS(src []byte) (uint32, int, int, encoding.Kind) {
	c := src[0]
	switch {
	case c == 0x5C:
		return mb.Char(mb.Pack(0xA5), 1)
	case c == 0x7E:
		return mb.Char(mb.Pack(0x203E), 1)
	case c < 0x80:
		return uint32(c), 1, 1, encoding.KindNone
	case c >= 0xA1 && c <= 0xDF:
		return mb.Char(mb.Pack(0xFF61-0xA1+rune(c)), 1)
	case c == 0x80 || c == 0xA0 || c > 0xFC:
		return mb.Invalid1()
	}
	if len(src) < 2 {
		return mb.More()
	}
	c2 := src[1]
	if c2 < 0x40 || c2 == 0x7F || c2 > 0xFC {
		return mb.Mismatch(c2, 2)
	}
	sp := int(sjisLead[c]) + int(sjisTrail[c2])
	return d.char(int(d.t.sjisPtr[sp]), c2, 2)
}

type x0213Encoder struct {
	t    *x0213Tables
	sjis bool
}

func (e *x0213Encoder) Reset() {}

func (e *x0213Encoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	enc := e.t.eucCode
	if e.sjis {
		enc = e.t.sjisCode
	}
	for {
		nd, ns, b, er := mb.Encode(dst[nDst:], src[nSrc:], atEOF, enc, 0, e)
		nDst += nd
		nSrc += ns
		if b.Kind != encoding.Unmappable || !e.t.bases[b.Rune] {
			return nDst, nSrc, b, er
		}
		// A base character: its pair's code when its mark follows.
		p := int(e.t.ptr[b.Rune]) - 1
		rest := src[nSrc+b.Len:]
		var next rune
		m, k := 0, encoding.KindNone
		if len(rest) > 0 {
			next, m, k = mb.NextRune(rest, atEOF)
		}
		if m == 0 && !atEOF {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		n := b.Len
		if m > 0 && k == encoding.KindNone {
			for _, pr := range e.t.pairs {
				if pr.base == b.Rune && pr.mark == next {
					p, n = pr.p, n+m
					break
				}
			}
		}
		code, w := e.code(p)
		if len(dst)-nDst < w {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		for i := w - 1; i >= 0; i-- {
			dst[nDst+i] = byte(code)
			code >>= 8
		}
		nDst += w
		nSrc += n
	}
}

// code returns the bytes of pointer p.
func (e *x0213Encoder) code(p int) (uint32, int) {
	row, cell := uint32(p%8836/94+0xA1), uint32(p%94+0xA1)
	if e.sjis {
		sp := e.t.sjisOf[p]
		if sp < 0 {
			return 0, 0
		}
		return uint32(sjisCode(int(sp))), 2
	}
	if p < 8836 {
		return row<<8 | cell, 2
	}
	return 0x8F<<16 | row<<8 | cell, 3
}

// EncodeChar implements mb.CharEncoder. It reports the base characters
// of pairs as unmappable; Convert looks at what follows them.
func (e *x0213Encoder) EncodeChar(r rune) (uint32, int) {
	switch {
	case r == 0xA5 && e.sjis:
		return 0x5C, 1
	case r == 0x203E && e.sjis:
		return 0x7E, 1
	case r >= 0xFF61 && r <= 0xFF9F:
		if e.sjis {
			return uint32(r - 0xFF61 + 0xA1), 1
		}
		return 0x8E00 | uint32(r-0xFF61+0xA1), 2
	case e.t.bases[r]:
		return 0, 0
	}
	p := -1
	if r <= 0xFFFF {
		p = int(e.t.ptr[r]) - 1
	} else if q, ok := e.t.supp[r]; ok {
		p = q
	}
	if p < 0 {
		return 0, 0
	}
	return e.code(p)
}
