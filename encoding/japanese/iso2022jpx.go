package japanese

import (
	"bytes"
	"sync"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"golang.org/x/text/transform"
)

// ISO2022JP2 is ISO-2022-JP-2 (RFC 1554): ISO-2022-JP's ASCII, JIS X 0201
// Roman (ESC ( J) and JIS X 0208 (ESC $ @, ESC $ B), with JIS X 0212
// (ESC $ ( D), GB 2312 (ESC $ A) and KS C 5601 (ESC $ ( C) in G0, and the
// high halves of ISO 8859-1 (ESC . A) and ISO 8859-7 (ESC . F) in G2,
// each of their characters written as ESC N and one byte 20–7F. As glibc
// does, the decoder also reads JIS X 0201 katakana (ESC ( I), and takes
// bytes 00–20 and 7F as ASCII whatever set is in G0. The character sets
// are glibc's, read from iconv's output (JIS X 0208 without the NEC and
// IBM extensions of WHATWG's ISO-2022-JP: 1-1-33 is U+301C WAVE DASH).
//
// The encoder chooses sets as glibc does: ASCII for ASCII (staying in
// JIS X 0201 Roman for 21–7E but 5C and 7E); otherwise the set in G0, then
// the set in G2, then the first of JIS X 0201 Roman, JIS X 0208, JIS X
// 0212, ISO 8859-1, ISO 8859-7, GB 2312, KS C 5601 and JIS X 0201
// katakana that has the character. Unicode language tags (U+E0001 and
// U+E0020–U+E007F) write nothing and, as in glibc, put the sets of their
// language first, and the set in G0 is preferred only when it is of that
// language: "ja" the order above, "ko" KS C 5601, then the European sets, JIS and GB 2312, "zh" GB
// 2312, the European sets, JIS and KS C 5601; other languages change
// nothing (glibc knows only these three). The G2 designation is forgotten after a
// line feed (glibc writes it again on the next line). The encoder returns
// to ASCII at the end of the text and before a character it cannot encode.
//
// Deviations from glibc, which is lenient where ucs is strict: the
// decoder reports an unknown escape sequence, SO and SI, ESC N without a
// G2 set or followed by a byte outside 20–7F (glibc reads ESC N 0A as
// U+008A), where glibc passes them through as characters; SO, SI, ESC
// and the C1 controls (which glibc writes as ESC N 00–1F) are unmappable;
// "~" after a character of JIS X 0212 is ASCII, where glibc writes 22 37,
// which reads back as U+FF5E.
var ISO2022JP2 = encoding.NewCodec("iso-2022-jp-2",
	func() encoding.Core { return &jpxDecoder{t: getJPX(), jp3: false} },
	func() encoding.Core { return &jpxEncoder{t: getJPX(), jp3: false} })

// ISO2022JP3 is ISO-2022-JP-3 (JIS X 0213:2004 Annex 2): ASCII, JIS X
// 0201 Roman and katakana, JIS X 0208 (ESC $ @, ESC $ B), and JIS X 0213
// plane 1 (ESC $ ( O, and ESC $ ( Q of its 2004 edition) and plane 2
// (ESC $ ( P), with the tables of EUCJIS2004. The encoder writes JIS X
// 0208 for the characters it has, and JIS X 0213 for the others (ESC $ (
// Q only for the ten characters JIS X 0213:2004 added to plane 1), as
// glibc does; it stays in the set in G0 when that set has the character.
// Base characters followed by their combining mark become one code, as in
// EUCJIS2004. The decoder is strict where glibc is lenient, as ISO2022JP2's.
var ISO2022JP3 = encoding.NewCodec("iso-2022-jp-3",
	func() encoding.Core { return &jpxDecoder{t: getJPX(), jp3: true} },
	func() encoding.Core { return &jpxEncoder{t: getJPX(), jp3: true} })

// jpxSet is a character set designated to G0.
type jpxSet uint8

const (
	setASCII jpxSet = iota
	setRoman
	setKatakana
	set0208
	set0212
	setGB2312
	setKSC5601
	setP1  // JIS X 0213 plane 1, ESC $ ( O
	setP1Q // the same, ESC $ ( Q
	setP2  // JIS X 0213 plane 2
	setLatin1
	setGreek
)

// jpxEscapes are the escape sequences that designate each set (G2 for
// setLatin1 and setGreek).
var jpxEscapes = [...]string{
	setASCII: "\x1b(B", setRoman: "\x1b(J", setKatakana: "\x1b(I", set0208: "\x1b$B",
	set0212: "\x1b$(D", setGB2312: "\x1b$A", setKSC5601: "\x1b$(C",
	setP1: "\x1b$(O", setP1Q: "\x1b$(Q", setP2: "\x1b$(P",
	setLatin1: "\x1b.A", setGreek: "\x1b.F",
}

// jpx2004 are the EUC codes of the ten characters JIS X 0213:2004 added
// to plane 1, which glibc's encoder designates with ESC $ ( Q.
var jpx2004 = [...]uint16{0xAEA1, 0xAFFE, 0xCFD4, 0xCFFE, 0xF4A7, 0xFEFA, 0xFEFB, 0xFEFC, 0xFEFD, 0xFEFE}

type jpxTables struct {
	double [4][]uint32       // packed UTF-8 of JIS X 0208, JIS X 0212, GB 2312, KS C 5601
	high   [2][96]uint32     // packed UTF-8 of the G2 sets
	enc    [4]*[65536]uint16 // code point → row<<8|cell (21–7E), 0: none
	highOf [2]map[rune]byte  // code point → byte 20–7F
	fast   *mb.Pairs         // JIS X 0208 in EUC form, for jis0208Run
	code   *[65536]uint16    // JIS X 0208 code from U+0800, for jis0208EncodeRun
	in2004 map[int]bool
	x      *x0213Tables
}

var getJPX = sync.OnceValue(func() *jpxTables {
	t := &jpxTables{x: getX0213(), code: new([65536]uint16), in2004: map[int]bool{}}
	for i := range iso2022jp2Double {
		t.double[i] = mb.PackTable16(iso2022jp2Double[i][:])
		t.enc[i] = new([65536]uint16)
		for p, r := range iso2022jp2Double[i] {
			if r != 0 && t.enc[i][r] == 0 {
				t.enc[i][r] = uint16((p/94+0x21)<<8 | (p%94 + 0x21))
			}
		}
	}
	for i := range iso2022jp2High {
		t.highOf[i] = map[rune]byte{}
		for b, r := range iso2022jp2High[i] {
			t.high[i][b] = mb.Pack(rune(r))
			if r != 0 {
				t.highOf[i][rune(r)] = byte(b + 0x20)
			}
		}
	}
	t.fast = mb.NewPairs(&eucLead, &eucTrail, mb.PackLenTable16(iso2022jp2Double[0][:]))
	copy(t.code[0x800:], t.enc[0][0x800:])
	for _, c := range jpx2004 {
		t.in2004[int(c>>8-0xA1)*94+int(c&0xFF-0xA1)] = true
	}
	return t
})

// jpxDecoder reads ISO-2022-JP-2 or -3.
type jpxDecoder struct {
	t   *jpxTables
	jp3 bool
	g0  jpxSet
	g2  jpxSet // 0: none, setLatin1 or setGreek
}

func (d *jpxDecoder) Reset() { d.g0, d.g2 = setASCII, 0 }

func (d *jpxDecoder) Clone() encoding.Core { c := *d; return &c }

func (d *jpxDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		if d.g0 == set0208 && c != 0x1B && jis0208Runs {
			// The common case, without the switch below.
			if nd, ns := jis0208Run(dst[nDst:], src[nSrc:], d.t.fast); ns > 0 {
				nDst += nd
				nSrc += ns
				continue
			}
		}
		if c == 0x1B && len(src)-nSrc >= 3 && src[nSrc+1] != 'N' {
			// ESC ( B and ESC $ B between runs, likewise.
			if st := jpEscape(src[nSrc+1], src[nSrc+2]); st == stASCII || st == stJIS0208 && src[nSrc+2] == 'B' {
				d.g0 = setASCII
				if st == stJIS0208 {
					d.g0 = set0208
				}
				nSrc += 3
				continue
			}
		}
		var nd, ns int
		switch {
		case c == 0x1B:
			nd, ns, bad, err = d.escape(dst[nDst:], src[nSrc:], atEOF)
		case c >= 0x80 || c == 0x0E || c == 0x0F:
			bad = encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}
		case d.g0 == setASCII:
			if ns = asciiRun(dst[nDst:], src[nSrc:]); ns == 0 {
				err = transform.ErrShortDst
			}
			nd = ns
		case c <= 0x20 || c == 0x7F:
			// Controls and space are ASCII in every set.
			if nDst >= len(dst) {
				err = transform.ErrShortDst
			} else {
				dst[nDst] = c
				nd, ns = 1, 1
			}
		case d.g0 == setRoman || d.g0 == setKatakana:
			nd, ns, bad, err = d.single(dst[nDst:], c)
		default:
			nd, ns, bad, err = d.double(dst[nDst:], src[nSrc:], atEOF)
		}
		nDst += nd
		nSrc += ns
		if bad.Kind != encoding.KindNone || err != nil {
			return nDst, nSrc, bad, err
		}
	}
	return nDst, nSrc, bad, nil
}

// escape reads the escape sequence at the start of src: a designation,
// or ESC N and the byte of a G2 character, which it writes.
func (d *jpxDecoder) escape(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	badEsc := encoding.Bad{Len: 1, Kind: encoding.InvalidEscape, Rune: -1}
	seq, more := d.designation(src)
	switch {
	case more && !atEOF:
		return 0, 0, bad, transform.ErrShortSrc
	case seq == nil:
		return 0, 0, badEsc, nil
	case seq.set == setLatin1 || seq.set == setGreek:
		d.g2 = seq.set
		return 0, len(seq.esc), bad, nil
	case seq.esc != "\x1bN":
		d.g0 = seq.set
		return 0, len(seq.esc), bad, nil
	}
	// ESC N: one character of the G2 set.
	if d.g2 == 0 || src[2] < 0x20 || src[2] > 0x7F {
		return 0, 0, badEsc, nil
	}
	v := d.t.high[d.g2-setLatin1][src[2]-0x20]
	if v == 0 {
		return 0, 0, encoding.Bad{Len: 3, Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	w := mb.Put(dst, v)
	if w == 0 {
		return 0, 0, bad, transform.ErrShortDst
	}
	return w, 3, bad, nil
}

// designation returns the escape sequence at the start of src (for ESC
// N, src[2] is the character's byte), or nil for an unknown one; more
// says that src ends inside a sequence that may be known.
func (d *jpxDecoder) designation(src []byte) (seq *jpxSeq, more bool) {
	if len(src) < 2 {
		return nil, true
	}
	seqs, n := jp2Seqs, 3
	if d.jp3 {
		seqs = jp3Seqs
	}
	switch src[1] {
	case '$':
		if len(src) >= 3 && src[2] == '(' {
			n = 4
		}
	case '(':
	case '.', 'N':
		if d.jp3 {
			return nil, false
		}
	default:
		return nil, false
	}
	if len(src) < n {
		return nil, true
	}
	if src[1] == 'N' {
		return &seqs[len(seqs)-1], false
	}
	for i := range seqs {
		if e := seqs[i].esc; len(e) == n && e[1] == src[1] && e[n-1] == src[n-1] {
			return &seqs[i], false
		}
	}
	return nil, false
}

type jpxSeq struct {
	esc string
	set jpxSet
}

var jp2Seqs = []jpxSeq{
	{"\x1b(B", setASCII}, {"\x1b(J", setRoman}, {"\x1b(I", setKatakana}, {"\x1b$@", set0208}, {"\x1b$B", set0208},
	{"\x1b$A", setGB2312}, {"\x1b$(C", setKSC5601}, {"\x1b$(D", set0212},
	{"\x1b.A", setLatin1}, {"\x1b.F", setGreek}, {"\x1bN", 0},
}

var jp3Seqs = []jpxSeq{
	{"\x1b(B", setASCII}, {"\x1b(J", setRoman}, {"\x1b(I", setKatakana}, {"\x1b$@", set0208}, {"\x1b$B", set0208},
	{"\x1b$(O", setP1}, {"\x1b$(Q", setP1Q}, {"\x1b$(P", setP2},
}

// single decodes byte c (21–7E) of JIS X 0201 Roman or katakana.
func (d *jpxDecoder) single(dst []byte, c byte) (nDst, nSrc int, bad encoding.Bad, err error) {
	v := uint32(c)
	switch {
	case d.g0 == setKatakana && c > 0x5F:
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
	case d.g0 == setKatakana:
		v = mb.Pack(0xFF61 - 0x21 + rune(c))
	case c == 0x5C:
		v = mb.Pack(0xA5)
	case c == 0x7E:
		v = mb.Pack(0x203E)
	}
	if v < 0x80 {
		if len(dst) == 0 {
			return 0, 0, bad, transform.ErrShortDst
		}
		dst[0] = byte(v)
		return 1, 1, bad, nil
	}
	w := mb.Put(dst, v)
	if w == 0 {
		return 0, 0, bad, transform.ErrShortDst
	}
	return w, 1, bad, nil
}

// double decodes the two-byte codes at the start of src in the 94×94 set
// in G0: a run of JIS X 0208 codes by table, or one code.
func (d *jpxDecoder) double(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if d.g0 == set0208 && jis0208Runs {
		if nd, ns := jis0208Run(dst, src, d.t.fast); ns > 0 {
			return nd, ns, bad, nil
		}
	}
	if len(src) < 2 {
		if atEOF {
			return 0, 0, encoding.Bad{Len: 1, Kind: encoding.Truncated, Rune: -1}, nil
		}
		return 0, 0, bad, transform.ErrShortSrc
	}
	c, c2 := src[0], src[1]
	if c2 < 0x21 || c2 > 0x7E {
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	p := int(c-0x21)*94 + int(c2-0x21)
	var v uint32
	var pair []byte
	switch d.g0 {
	case set0208, set0212, setGB2312, setKSC5601:
		v = d.t.double[d.g0-set0208][p]
	case setP1, setP1Q, setP2:
		if d.g0 == setP2 {
			p += 8836
		}
		v = d.t.x.dec[p]
		if i, ok := d.t.x.pair[p]; ok {
			pair = d.t.x.pairs[i].utf8
		}
	}
	if pair != nil {
		if len(dst) < len(pair) {
			return 0, 0, bad, transform.ErrShortDst
		}
		return copy(dst, pair), 2, bad, nil
	}
	if v == 0 {
		return 0, 0, encoding.Bad{Len: 2, Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	w := mb.Put(dst, v)
	if w == 0 {
		return 0, 0, bad, transform.ErrShortDst
	}
	return w, 2, bad, nil
}

// jpxEncoder writes ISO-2022-JP-2 or -3.
type jpxEncoder struct {
	t     *jpxTables
	jp3   bool
	g0    jpxSet
	g2    jpxSet
	order *[8]jpxSet // the sets to try, by the language of the last tag
	tag   [2]byte    // the first letters of the language tag being read
	inTag int        // letters of tag read + 1; 0: not in a tag
	marks markFinder // the marks of the src of the current call
}

func (e *jpxEncoder) Reset() { *e = jpxEncoder{t: e.t, jp3: e.jp3} }

func (e *jpxEncoder) Clone() encoding.Core { c := *e; return &c }

// The orders in which the ISO-2022-JP-2 encoder tries the sets, as glibc's.
var (
	jp2Japanese = [8]jpxSet{setRoman, set0208, set0212, setLatin1, setGreek, setGB2312, setKSC5601, setKatakana}
	jp2Korean   = [8]jpxSet{setKSC5601, setLatin1, setGreek, setRoman, set0208, set0212, setGB2312, setKatakana}
	jp2Chinese  = [8]jpxSet{setGB2312, setLatin1, setGreek, setRoman, set0208, set0212, setKSC5601, setKatakana}
	jp3Order    = [8]jpxSet{setRoman, set0208, setP1, setP2, setKatakana}
)

func (e *jpxEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	e.marks = markFinder{}
	for nSrc < len(src) {
		if nd, ns := e.run(dst[nDst:], src[nSrc:], nSrc, src); nd > 0 || ns > 0 {
			nDst += nd
			nSrc += ns
			continue
		}
		r, n, k := mb.NextRune(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if k != encoding.KindNone {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
		}
		var nd int
		nd, n, bad, err = e.char(dst[nDst:], src[nSrc:], r, n, atEOF)
		nDst += nd
		nSrc += n
		if bad.Kind != encoding.KindNone || err != nil {
			return nDst, nSrc, bad, err
		}
	}
	if atEOF && e.g0 != setASCII {
		if len(dst)-nDst < 3 {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], jpxEscapes[setASCII])
		e.g0 = setASCII
	}
	return nDst, nSrc, bad, nil
}

// run encodes a run of ASCII in ASCII, or of JIS X 0208 characters in JIS
// X 0208 (unless a language tag puts another set first), at the start
// of src (which is all[at:]), and returns 0, 0 when there is none. In ISO-2022-JP-3 a JIS X 0208 run stops before a
// character that may combine with the one after it.
func (e *jpxEncoder) run(dst, src []byte, at int, all []byte) (nDst, nSrc int) {
	c := src[0]
	switch {
	case e.g0 == setASCII && c < 0x80 && !isShift(c):
		n := asciiRun(dst, src)
		if e.g2 != 0 && bytes.IndexByte(src[:n], '\n') >= 0 {
			e.g2 = 0
		}
		return n, n
	case e.g0 == set0208 && c < 0x80 && !isShift(c) && len(dst) >= 4:
		// ASCII after JIS X 0208: the escape, then the run above.
		e.g0 = setASCII
		return copy(dst, jpxEscapes[setASCII]), 0
	case c < 0xE0 || !jis0208Runs:
		return 0, 0
	case e.g0 == set0208 && (e.order == nil || e.order == &jp2Japanese):
		return jis0208EncodeRun(dst, src[:e.runEnd(src, at, all)], e.t.code)
	case e.g0 == setASCII && (e.order == nil && e.g2 == 0 || e.order == &jp2Japanese) && len(dst) >= 5:
		// JIS X 0208 after ASCII, when choose would take it too: no set
		// in G2 to prefer, and no tag but "ja".
		nd, ns := jis0208EncodeRun(dst[3:], src[:e.runEnd(src, at, all)], e.t.code)
		if ns == 0 {
			return 0, 0
		}
		e.g0 = set0208
		return copy(dst, jpxEscapes[set0208]) + nd, ns
	}
	return 0, 0
}

// runEnd returns how much of src a run of JIS X 0208 may take: all of it
// in ISO-2022-JP-2; in ISO-2022-JP-3 not the character before a mark or
// the last one, which may be a base character that combines with what
// follows.
func (e *jpxEncoder) runEnd(src []byte, at int, all []byte) int {
	if !e.jp3 {
		return len(src)
	}
	return max(0, e.marks.next(all, at)-at-3)
}

// char encodes r, the n bytes at the start of src.
func (e *jpxEncoder) char(dst, src []byte, r rune, n int, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if r >= 0xE0000 && r <= 0xE007F && !e.jp3 {
		e.readTag(r)
		return 0, n, bad, nil
	}
	e.inTag = 0
	set, code := setASCII, uint32(r)
	ok := true
	switch {
	case r == 0x0E || r == 0x0F || r == 0x1B:
		ok = false
	case r < 0x80:
		// JIS X 0201 Roman has 21–7E but for ¥ and ‾ the same as ASCII;
		// glibc leaves it for controls, space, 5C and 7E, and for every
		// ASCII character after a language tag.
		if e.g0 != setASCII && (e.g0 != setRoman || r <= 0x20 || r >= 0x7E || r == 0x5C || !e.prefers(setRoman)) {
			set = setASCII
		} else {
			set = e.g0
		}
	case e.jp3 && e.t.x.bases[r]:
		set, code, n, ok = e.jp3Pair(src, r, n, atEOF)
		if n == 0 {
			return 0, 0, bad, transform.ErrShortSrc
		}
	default:
		set, code, ok = e.choose(r)
	}
	if !ok {
		nDst, ok = e.leave(dst)
		if !ok {
			return 0, 0, bad, transform.ErrShortDst
		}
		bad = encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}
		if r < 0x80 {
			bad.RefRune = 0xFFFD // see ISO2022JP
		}
		return nDst, 0, bad, nil
	}
	w := e.put(dst, set, code)
	if w == 0 {
		return 0, 0, bad, transform.ErrShortDst
	}
	if r == '\n' {
		e.g2 = 0
	}
	return w, n, bad, nil
}

// leave returns to ASCII before an error when the set in G0 is one in
// which a replacement or an escape would be read as other characters
// (JIS X 0201 Roman reads them as ASCII), and says whether dst had room.
func (e *jpxEncoder) leave(dst []byte) (int, bool) {
	if e.g0 == setASCII || e.g0 == setRoman {
		return 0, true
	}
	if len(dst) < 3 {
		return 0, false
	}
	e.g0 = setASCII
	return copy(dst, jpxEscapes[setASCII]), true
}

// put writes the code of a character in set, with the escape sequences
// it needs, and returns their length, or 0 when dst is short.
func (e *jpxEncoder) put(dst []byte, set jpxSet, code uint32) int {
	var esc, ss2 string
	m := 1
	switch {
	case set == setLatin1 || set == setGreek:
		if e.g2 != set {
			esc = jpxEscapes[set]
		}
		ss2 = "\x1bN"
	case set != e.g0:
		esc = jpxEscapes[set]
	}
	if code > 0xFF {
		m = 2
	}
	if len(dst) < len(esc)+len(ss2)+m {
		return 0
	}
	i := copy(dst, esc)
	i += copy(dst[i:], ss2)
	if m == 2 {
		dst[i] = byte(code >> 8)
		i++
	}
	dst[i] = byte(code)
	if set == setLatin1 || set == setGreek {
		e.g2 = set
	} else {
		e.g0 = set
	}
	return i + 1
}

// choose returns the set and code of a character outside ASCII: the set
// in G0, the set in G2, or the first of the encoder's order that has it.
// After a language tag, the set in G0 only when it is of the tag's
// language, never the one in G2, then the tag's order.
func (e *jpxEncoder) choose(r rune) (jpxSet, uint32, bool) {
	if !e.prefers(e.g0) {
		// A language tag whose sets do not include the one in G0: its
		// order alone, as in glibc.
		return e.first(e.order, r)
	}
	if e.g0 != setASCII {
		if c, p, ok := e.codeIn(e.g0, r); ok && (e.g0 != setP1 || !e.t.in2004[p]) {
			return e.g0, c, true
		}
	}
	if e.g2 != 0 && e.order == nil {
		if c, _, ok := e.codeIn(e.g2, r); ok {
			return e.g2, c, true
		}
	}
	switch {
	case e.jp3:
		return e.first(&jp3Order, r)
	case e.order != nil:
		return e.first(e.order, r)
	}
	return e.first(&jp2Japanese, r)
}

// prefers reports whether the encoder keeps to set when it is in G0 and
// has the character: always but after a language tag, and after one when
// set is of the tag's language (JIS X 0201 Roman, 0208 and 0212 for
// "ja", KS C 5601 for "ko", GB 2312 for "zh"), as glibc does.
func (e *jpxEncoder) prefers(set jpxSet) bool {
	switch e.order {
	case nil:
		return true
	case &jp2Japanese:
		return set == setRoman || set == set0208 || set == set0212
	case &jp2Korean:
		return set == setKSC5601
	}
	return set == setGB2312
}

// first returns the first set of order that has r, and r's code there.
func (e *jpxEncoder) first(order *[8]jpxSet, r rune) (jpxSet, uint32, bool) {
	for _, s := range order {
		if s == setASCII {
			break
		}
		if c, p, ok := e.codeIn(s, r); ok {
			if s == setP1 && e.t.in2004[p] {
				s = setP1Q
			}
			return s, c, true
		}
	}
	return 0, 0, false
}

// codeIn returns the code of r in set, and for JIS X 0213 its pointer.
func (e *jpxEncoder) codeIn(set jpxSet, r rune) (code uint32, p int, ok bool) {
	switch set {
	case setRoman:
		switch r {
		case 0xA5:
			return 0x5C, 0, true
		case 0x203E:
			return 0x7E, 0, true
		}
	case setKatakana:
		if r >= 0xFF61 && r <= 0xFF9F {
			return uint32(r - 0xFF61 + 0x21), 0, true
		}
	case set0208, set0212, setGB2312, setKSC5601:
		if r <= 0xFFFF {
			if c := e.t.enc[set-set0208][r]; c != 0 {
				return uint32(c), 0, true
			}
		}
	case setLatin1, setGreek:
		if b, ok := e.t.highOf[set-setLatin1][r]; ok {
			return uint32(b), 0, true
		}
	case setP1, setP1Q, setP2:
		p := -1
		if r <= 0xFFFF {
			p = int(e.t.x.ptr[r]) - 1
		} else if q, ok := e.t.x.supp[r]; ok {
			p = q
		}
		if p < 0 || (p >= 8836) != (set == setP2) {
			return 0, 0, false
		}
		return uint32(p%8836/94+0x21)<<8 | uint32(p%94+0x21), p, true
	}
	return 0, 0, false
}

// jp3Pair encodes a base character of JIS X 0213: the code of its pair
// when its mark follows (n then covers both), else its own. n == 0 asks
// for more input.
func (e *jpxEncoder) jp3Pair(src []byte, r rune, n int, atEOF bool) (jpxSet, uint32, int, bool) {
	m := 0
	var next rune
	k := encoding.KindNone
	if len(src) > n {
		next, m, k = mb.NextRune(src[n:], atEOF)
	}
	if m == 0 && !atEOF {
		return 0, 0, 0, false
	}
	if m > 0 && k == encoding.KindNone {
		for _, pr := range e.t.x.pairs {
			if pr.base == r && pr.mark == next {
				set := setP1
				if e.g0 == setP1Q {
					set = setP1Q
				}
				return set, uint32(pr.p/94+0x21)<<8 | uint32(pr.p%94+0x21), n + m, true
			}
		}
	}
	set, code, ok := e.choose(r)
	return set, code, n, ok
}

// readTag reads a character of a Unicode language tag: U+E0001 begins
// one, U+E0061–U+E007A are its letters, U+E007F cancels it. The first two
// letters, when they are ja, ko or zh, choose the order of the sets from
// the next character on.
func (e *jpxEncoder) readTag(r rune) {
	switch {
	case r == 0xE0001:
		e.inTag = 1
	case r == 0xE007F:
		e.inTag, e.order = 0, nil
	case e.inTag > 0 && e.inTag <= 2 && r >= 0xE0061 && r <= 0xE007A:
		e.tag[e.inTag-1] = byte(r - 0xE0000)
		e.inTag++
		if e.inTag == 3 {
			switch string(e.tag[:]) {
			case "ja":
				e.order = &jp2Japanese
			case "ko":
				e.order = &jp2Korean
			case "zh":
				e.order = &jp2Chinese
			default:
				e.order = nil // glibc knows no other language
			}
		}
	}
}
