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
		if r == 0xA5 || r == 0x203E {
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

// convertSJIS runs the shared loop, which decodes bytes 5C and 7E as
// ASCII, over a stretch of src short enough that its output, with every
// U+005C widened to U+00A5 (two bytes) and every U+007E to U+203E (three),
// fits in dst; then widens them in place. In UTF-8 the bytes 5C and 7E
// are only ever those characters, and no two-byte code of the table
// decodes to them, so the widening is exact.
func (d *x0213Decoder) convertSJIS(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	for nSrc < len(src) {
		// Every byte of src gives at most three bytes of output, widened.
		end := nSrc + (len(dst)-nDst)/3
		if end >= len(src) {
			end = len(src)
		}
		if end > nSrc {
			nd, ns, b, e := mb.Decode(dst[nDst:], src[nSrc:end], atEOF && end == len(src), d.t.fastSJIS, d)
			nd = widenYen(dst[nDst:], nd)
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
			if ns > 0 {
				continue
			}
		}
		// Too little room in dst for a stretch, or a code cut by its end:
		// one character.
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

// widenYen turns every 5C in dst[:n] into C2 A5 (U+00A5) and every 7E
// into E2 80 BE (U+203E), in place from the end, and returns the new
// length. dst must have room for it.
func widenYen(dst []byte, n int) int {
	yen, over := bytes.Count(dst[:n], []byte{0x5C}), bytes.Count(dst[:n], []byte{0x7E})
	if yen == 0 && over == 0 {
		return n
	}
	m := n + yen + 2*over
	j := m
	for i := n - 1; i >= 0 && j > i+1; i-- {
		switch c := dst[i]; c {
		case 0x5C:
			j -= 2
			dst[j], dst[j+1] = 0xC2, 0xA5
		case 0x7E:
			j -= 3
			dst[j], dst[j+1], dst[j+2] = 0xE2, 0x80, 0xBE
		default:
			j--
			dst[j] = c
		}
	}
	return m
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

// Convert runs the shared loop over the stretches of src between the
// combining marks of pairs, which are rare, so that the base characters
// (common kana among them) take the fast path; the character before a
// mark, and the last one of src when more may follow, go through step,
// which looks at what follows a base.
func (e *x0213Encoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	enc := e.t.eucCode
	if e.sjis {
		enc = e.t.sjisCode
	}
	var marks markFinder
	for nSrc < len(src) {
		end := marks.next(src, nSrc)
		if end == len(src) && !atEOF {
			// A character cut by the end of src may be a mark.
			i := end - 1
			for i > nSrc && end-i < utf8.UTFMax && !utf8.RuneStart(src[i]) {
				i--
			}
			if i >= nSrc && !utf8.FullRune(src[i:end]) {
				end = i
			}
		}
		if end < len(src) || !atEOF {
			if r, n := utf8.DecodeLastRune(src[nSrc:end]); n > 0 && e.t.bases[r] {
				end -= n
			}
		}
		if end > nSrc {
			nd, ns, b, er := mb.Encode(dst[nDst:], src[nSrc:end], atEOF && end == len(src), enc, 0, e)
			nDst += nd
			nSrc += ns
			if b.Kind != encoding.KindNone || er == transform.ErrShortDst || er == transform.ErrShortSrc && end == len(src) {
				return nDst, nSrc, b, er
			}
			if nSrc >= len(src) {
				break
			}
		}
		nd, ns, b, er := e.step(dst[nDst:], src[nSrc:], atEOF)
		nDst += nd
		nSrc += ns
		if b.Kind != encoding.KindNone || er != nil {
			return nDst, nSrc, b, er
		}
	}
	return nDst, nSrc, bad, nil
}

// markFinder finds the places in src where a mark of a pair may begin:
// U+309A (E3 82 9A), and every character U+02C0–U+033F (lead CB or CC),
// which hold U+02E5, U+02E9, U+0300 and U+0301. It remembers each search
// until src passes it, so that it reads src once.
type markFinder struct {
	kana, cb, cc int // places + 1; 0: not searched
}

// next returns the first place at or after from, or len(src).
func (f *markFinder) next(src []byte, from int) int {
	find := func(p *int, search func([]byte) int) int {
		if *p-1 < from {
			i := search(src[from:])
			if i < 0 {
				i = len(src) - from
			}
			*p = from + i + 1
		}
		return *p - 1
	}
	k := find(&f.kana, func(s []byte) int { return bytes.Index(s, []byte("\xE3\x82\x9A")) })
	b := find(&f.cb, func(s []byte) int { return bytes.IndexByte(s, 0xCB) })
	c := find(&f.cc, func(s []byte) int { return bytes.IndexByte(s, 0xCC) })
	return min(k, b, c)
}

// step encodes the one character at the start of src; a base character
// followed by its mark becomes the code of the pair.
func (e *x0213Encoder) step(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	r, n, k := mb.NextRune(src, atEOF)
	if n == 0 {
		return 0, 0, bad, transform.ErrShortSrc
	}
	if k != encoding.KindNone {
		return 0, 0, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
	}
	var code uint32
	var w int
	if e.t.bases[r] {
		p := int(e.t.ptr[r]) - 1
		var next rune
		m := 0
		if len(src) > n {
			next, m, k = mb.NextRune(src[n:], atEOF)
		}
		if m == 0 && !atEOF {
			return 0, 0, bad, transform.ErrShortSrc
		}
		if m > 0 && k == encoding.KindNone {
			for _, pr := range e.t.pairs {
				if pr.base == r && pr.mark == next {
					p, n = pr.p, n+m
					break
				}
			}
		}
		code, w = e.code(p)
	} else if code, w = e.EncodeChar(r); w == 0 {
		return 0, 0, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}, nil
	}
	if len(dst) < w {
		return 0, 0, bad, transform.ErrShortDst
	}
	for i := w - 1; i >= 0; i-- {
		dst[i] = byte(code)
		code >>= 8
	}
	return w, n, bad, nil
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

// EncodeChar implements mb.CharEncoder: the code of r on its own.
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
