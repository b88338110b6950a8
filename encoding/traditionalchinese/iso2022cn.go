package traditionalchinese

import (
	"bytes"
	"sync"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
)

// ISO2022CN is ISO-2022-CN (RFC 1922), the 7-bit Chinese mail encoding:
// ASCII, and after SO (0E) the 94×94 set designated last by ESC $ ) A (GB
// 2312) or ESC $ ) G (CNS 11643 plane 1), until SI (0F); ESC N (SS2)
// followed by two bytes is one character of CNS 11643 plane 2, designated
// by ESC $ * H. In both sets each character is two bytes 21–7E (its EUC
// bytes less 80).
//
// The decoder reads what glibc's reads, with these exceptions: a
// designation while shifted out changes the set at once, as ISO 2022 has
// it (glibc keeps the set of the last SO until the next, so it misreads
// its own encoder's output); DEL (7F) is ASCII (glibc refuses it); and an
// escape sequence other than these is malformed (glibc passes ESC on as a
// character). Like glibc's, it keeps designations from one line to the
// next, reads SO without a designation as GB 2312 and SS2 without one as
// plane 2, and takes a line end while shifted out as malformed: RFC 1922
// ends each line in ASCII. Text may end shifted out.
//
// The encoder chooses sets as glibc's does: GB 2312 first, unless CNS
// plane 1 is the designated SO set on the line; then plane 2; then the
// other SO set. It writes each designation before the first character of
// a line that needs it, again on every line (RFC 1922 forgets
// designations at each line end), SO and SI around each run of SO
// characters, SS2 before every plane 2 character, and SI before a line
// end and at the end of the text. It differs from glibc's output where
// glibc's is wrong: after a plane 2 character glibc forgets whether it
// had shifted out, so it writes an SI no set needs before the next ASCII
// character, and no SO before the next GB 2312 or plane 1 character when
// it had not (its output then reads as ASCII); it writes no SS2 before the
// second of two plane 2 characters in a row (nor SS3 in -EXT), whose
// bytes then read as ASCII or the SO set; and it ends a text whose last
// line holds a designation with an SI even in ASCII. With the Skip policy
// ucs leaves the SO set around a character it skips (SI, then SO again),
// where glibc's iconv -c writes nothing. SO, SI and ESC in the text are
// unmappable: they would be read as shifts and escapes.
//
// The GB 2312 table is GB2312's (ucs's EUC-CN), which reads A1 A4 and A1
// AA as GBK's U+00B7 and U+2014 where glibc reads U+30FB and U+2015; the
// CNS 11643 planes are EUCTW's.
var ISO2022CN = encoding.NewCodec("iso-2022-cn",
	func() encoding.Core { return &cnDecoder{t: getCN()} },
	func() encoding.Core { return &cnEncoder{t: getCN()} })

// ISO2022CNEXT is ISO-2022-CN-EXT (RFC 1922): ISO-2022-CN, ISO-IR-165 (GB
// 2312 with additions: 943 more codes in glibc's table, ISO 646-CN in row
// 10 among them) as an SO set designated by ESC $ ) E, and, after ESC O (SS3), one character of the
// CNS 11643 plane 3–7 designated last by ESC $ + I to ESC $ + M. ISO-IR-165
// is glibc's table, read from iconv's output. The decoder reads SS3 only
// after such a designation, and SO only after a designation (as glibc's).
// The encoder tries, after the first set and plane 2, GB 2312, ISO-IR-165,
// plane 1 and then the first of planes 3–7 that has the character, as
// glibc's does; and, as glibc's, it tries ISO-IR-165 first only right
// after a character of it (with ISO-IR-165 designated but an ASCII
// character between, plane 1 comes first). Otherwise it is ISO2022CN's.
var ISO2022CNEXT = encoding.NewCodec("iso-2022-cn-ext",
	func() encoding.Core { return &cnDecoder{t: getCN(), ext: true} },
	func() encoding.Core { return &cnEncoder{t: getCN(), ext: true} })

const (
	esc = 0x1B
	so  = 0x0E
	si  = 0x0F
)

// The sets a character can be written in: the SO sets by their
// designation's final byte, plane 2 as 2, planes 3–7 as their number.
const (
	setGB    = 'A'
	setCNS1  = 'G'
	setIR165 = 'E' // ISO-2022-CN-EXT only
	setCNS2  = 2
)

type cnTables struct {
	cns    *euctwTables
	gbFast *mb.Pairs       // GB 2312 in its EUC form, for mb.Decode94
	gbDec  []uint32        // GB 2312, packed UTF-8 by row*94+cell
	gbEnc  *[65536]uint16  // code point → GB 2312 EUC code
	irFast *mb.Pairs       // ISO-IR-165 in EUC form
	irDec  []uint32        // ISO-IR-165, packed UTF-8 by row*94+cell
	irEnc  *[65536]uint16  // code point → ISO-IR-165 EUC code
	p2Enc  *[65536]uint16  // BMP code point → plane 2 EUC code
	p2Supp map[rune]uint16 // supplementary code point → plane 2 EUC code
	high   map[rune]uint32 // code point → plane<<16 | EUC code, the first of planes 3–7
}

var getCN = sync.OnceValue(func() *cnTables {
	t := &cnTables{
		cns:    getEUCTW(),
		gbDec:  make([]uint32, 94*94),
		gbEnc:  new([65536]uint16),
		p2Enc:  new([65536]uint16),
		p2Supp: map[rune]uint16{},
		high:   map[rune]uint32{},
	}
	fast := make([]uint32, 94*94)
	for p := range t.gbDec {
		r, ok := simplifiedchinese.QuweiToRune(p/94+1, p%94+1)
		if !ok {
			continue
		}
		t.gbDec[p], fast[p] = mb.Pack(r), mb.PackLen(r)
		if t.gbEnc[r] == 0 {
			t.gbEnc[r] = uint16(p/94+0xA1)<<8 | uint16(p%94+0xA1)
		}
	}
	t.gbFast = mb.NewPairs(&euctwLead, &euctwTrail, fast)
	t.irDec, t.irEnc = mb.PackTable16(isoir165Index[:]), new([65536]uint16)
	t.irFast = mb.NewPairs(&euctwLead, &euctwTrail, mb.PackLenTable16(isoir165Index[:]))
	for p, r := range isoir165Index {
		if r != 0 && t.irEnc[r] == 0 {
			t.irEnc[r] = uint16(p/94+0xA1)<<8 | uint16(p%94+0xA1)
		}
	}
	for p, r := range euctwIndex[8836 : 7*8836] {
		if r == 0 {
			continue
		}
		plane, code := p/8836+2, uint16(p%8836/94+0xA1)<<8|uint16(p%94+0xA1)
		switch {
		case plane == 2 && r > 0xFFFF:
			if _, ok := t.p2Supp[rune(r)]; !ok {
				t.p2Supp[rune(r)] = code
			}
		case plane == 2:
			if t.p2Enc[r] == 0 {
				t.p2Enc[r] = code
			}
		default:
			if _, ok := t.high[rune(r)]; !ok {
				t.high[rune(r)] = uint32(plane)<<16 | uint32(code)
			}
		}
	}
	return t
})

// plane2 returns the plane 2 EUC code of r, 0 for none.
func (t *cnTables) plane2(r rune) uint16 {
	if r <= 0xFFFF {
		return t.p2Enc[r]
	}
	return t.p2Supp[r]
}

// soCode returns the EUC code of r in the SO set set, 0 for none.
func (t *cnTables) soCode(set byte, r rune) uint16 {
	if r > 0xFFFF {
		return 0
	}
	switch set {
	case setGB:
		return t.gbEnc[r]
	case setIR165:
		return t.irEnc[r]
	}
	return t.cns.enc[r]
}

// so returns the fast table and the decode table of the SO set set.
func (t *cnTables) so(set byte) (*mb.Pairs, []uint32, *[65536]uint16) {
	switch set {
	case setCNS1:
		return t.cns.fast, t.cns.dec[:8836], t.cns.enc
	case setIR165:
		return t.irFast, t.irDec, t.irEnc
	}
	return t.gbFast, t.gbDec, t.gbEnc
}

var badEscape = encoding.Bad{Len: 1, Kind: encoding.InvalidEscape, Rune: -1}

type cnDecoder struct {
	t       *cnTables
	ext     bool
	g1      byte // the SO set designated: setGB, setCNS1, or 0
	g3      byte // the SS3 plane designated (3–7), or 0
	shifted bool // after SO
}

func (d *cnDecoder) Reset()               { d.g1, d.g3, d.shifted = 0, 0, false }
func (d *cnDecoder) Clone() encoding.Core { c := *d; return &c }

func (d *cnDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.RunSteps(d, dst, src, atEOF)
}

// Run decodes the longest run of ASCII and characters of the SO set, with
// the shifts, designations and single-shifted characters between them,
// that needs no other work.
func (d *cnDecoder) Run(dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		if d.shifted {
			fast, _, _ := d.t.so(d.g1)
			nd, ns := mb.Decode94(dst[nDst:], src[nSrc:], fast)
			nDst += nd
			nSrc += ns
		} else {
			n := mb.ASCII7(dst[nDst:], src[nSrc:])
			nDst += n
			nSrc += n
		}
		if nSrc >= len(src) {
			return
		}
		switch c := src[nSrc]; {
		case c == si && d.shifted:
			d.shifted = false
			nSrc++
		case c == so && !d.shifted && d.g1 != 0:
			d.shifted = true
			nSrc++
		case c == esc:
			nd, ns := d.escapeRun(dst[nDst:], src[nSrc:])
			if ns == 0 {
				return
			}
			nDst += nd
			nSrc += ns
		default:
			return
		}
	}
	return
}

// escapeRun reads the escape sequence at the start of src when it is
// whole and right: a designation, or a single shift and a character that
// fits in dst. For anything else it reads nothing, for Step.
func (d *cnDecoder) escapeRun(dst, src []byte) (nDst, nSrc int) {
	if len(src) < 4 || len(dst) < 4 {
		return 0, 0
	}
	plane := 0
	switch f := src[3]; string(src[1:3]) {
	case "$)":
		if f == setGB || f == setCNS1 || f == setIR165 && d.ext {
			d.g1 = f
			return 0, 4
		}
		return 0, 0
	case "$*":
		if f == 'H' {
			return 0, 4
		}
		return 0, 0
	case "$+":
		if d.ext && f >= 'I' && f <= 'M' {
			d.g3 = f - 'I' + 3
			return 0, 4
		}
		return 0, 0
	}
	switch {
	case src[1] == 'N':
		plane = 2
	case src[1] == 'O' && d.ext && d.g3 != 0:
		plane = int(d.g3)
	default:
		return 0, 0
	}
	c1, c2 := src[2], src[3]
	if c1-0x21 > 0x5D || c2-0x21 > 0x5D {
		return 0, 0
	}
	v := d.t.cns.dec[(plane-1)*8836+int(c1-0x21)*94+int(c2-0x21)]
	if v == 0 {
		return 0, 0
	}
	return mb.Put(dst, v), 4
}

// Step decodes what starts src: a shift, an escape sequence, a character,
// or the error there. It reads something, or returns an error or a bad
// sequence.
func (d *cnDecoder) Step(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	switch c := src[0]; {
	case c >= 0x80:
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
	case c == esc:
		return d.escape(dst, src, atEOF)
	case c == so:
		if d.g1 == 0 {
			if d.ext {
				return 0, 0, badEscape, nil
			}
			d.g1 = setGB
		}
		d.shifted = true
		return 0, 1, bad, nil
	case c == si:
		d.shifted = false
		return 0, 1, bad, nil
	case !d.shifted:
		if len(dst) == 0 {
			return 0, 0, bad, transform.ErrShortDst
		}
		dst[0] = c
		return 1, 1, bad, nil
	}
	_, dec, _ := d.t.so(d.g1)
	return pair94(dst, src, 0, dec, atEOF)
}

// pair94 decodes the code of a 94×94 set at src[i:], src[:i] being the
// single shift before it (the bad sequence includes them), by row*94+cell
// in dec.
func pair94(dst, src []byte, i int, dec []uint32, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	for j := i; j < i+2; j++ {
		if j >= len(src) {
			if atEOF {
				return 0, 0, encoding.Bad{Len: len(src), Kind: encoding.Truncated, Rune: -1}, nil
			}
			return 0, 0, bad, transform.ErrShortSrc
		}
		if src[j]-0x21 > 0x5D {
			if j == 0 {
				return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
			}
			return 0, 0, encoding.Bad{Len: j, Kind: encoding.InvalidSequence, Rune: -1}, nil
		}
	}
	v := dec[int(src[i]-0x21)*94+int(src[i+1]-0x21)]
	if v == 0 {
		return 0, 0, encoding.Bad{Len: i + 2, Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	w := mb.Put(dst, v)
	if w == 0 {
		return 0, 0, bad, transform.ErrShortDst
	}
	return w, i + 2, bad, nil
}

// escape reads the escape sequence that starts src: a designation, or a
// single shift and its character.
func (d *cnDecoder) escape(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if len(src) >= 2 && (src[1] == 'N' || src[1] == 'O' && d.ext) {
		plane := setCNS2
		if src[1] == 'O' {
			if d.g3 == 0 {
				return 0, 0, encoding.Bad{Len: 2, Kind: encoding.InvalidEscape, Rune: -1}, nil
			}
			plane = int(d.g3)
		}
		return pair94(dst, src, 2, d.t.cns.dec[(plane-1)*8836:plane*8836], atEOF)
	}
	if len(src) < 4 {
		if !atEOF && d.designationPrefix(src) {
			return 0, 0, bad, transform.ErrShortSrc
		}
		return 0, 0, badEscape, nil
	}
	switch f := src[3]; string(src[1:3]) {
	case "$)":
		if f == setGB || f == setCNS1 || f == setIR165 && d.ext {
			d.g1 = f
			return 0, 4, bad, nil
		}
	case "$*":
		if f == 'H' {
			return 0, 4, bad, nil
		}
	case "$+":
		if d.ext && f >= 'I' && f <= 'M' {
			d.g3 = f - 'I' + 3
			return 0, 4, bad, nil
		}
	}
	return 0, 0, badEscape, nil
}

// designationPrefix reports whether src, shorter than four bytes, starts
// a designation or a single shift.
func (d *cnDecoder) designationPrefix(src []byte) bool {
	switch {
	case len(src) == 1:
		return true
	case src[1] != '$':
		return false
	case len(src) == 2:
		return true
	}
	return src[2] == ')' || src[2] == '*' || src[2] == '+' && d.ext
}

type cnEncoder struct {
	t       *cnTables
	ext     bool
	g1      byte // the SO set designated on this line, or 0
	g2      bool // plane 2 designated on this line
	g3      byte // the SS3 plane designated on this line, or 0
	shifted bool
	last    byte // the set of the last character, 0 for ASCII
}

func (e *cnEncoder) Reset()               { e.g1, e.g2, e.g3, e.shifted, e.last = 0, false, 0, false, 0 }
func (e *cnEncoder) Clone() encoding.Core { c := *e; return &c }

func (e *cnEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	nDst, nSrc, bad, err = mb.RunSteps(e, dst, src, atEOF)
	if err != nil || bad.Kind != encoding.KindNone {
		return nDst, nSrc, bad, err
	}
	if atEOF && e.shifted {
		if nDst >= len(dst) {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		dst[nDst] = si
		nDst++
		e.shifted = false
	}
	return nDst, nSrc, bad, nil
}

// Run encodes the longest run that needs no shift: ASCII when shifted
// in, characters of the SO set when shifted out.
func (e *cnEncoder) Run(dst, src []byte) (nDst, nSrc int) {
	if e.shifted {
		if e.g1 == setIR165 && e.last != setIR165 {
			return 0, 0 // glibc tries plane 1 first here: see choose
		}
		_, _, enc := e.t.so(e.g1)
		nDst, nSrc = mb.Encode94(dst, src, enc)
		if nSrc > 0 {
			e.last = e.g1
		}
		return nDst, nSrc
	}
	n := mb.ASCII7(dst, src)
	if n > 0 {
		e.last = 0
	}
	if bytes.IndexByte(src[:n], '\n') >= 0 {
		e.g1, e.g2, e.g3 = 0, false, 0
	}
	return n, n
}

// choose returns the set r is written in and its EUC code there, as
// glibc chooses (see ISO2022CN); set 0 when there is none. The first set
// tried is GB 2312, unless plane 1 (or, in -EXT, ISO-IR-165) is the
// designated SO set and the last character was not GB 2312; ISO-IR-165
// comes first only right after a character of it.
func (e *cnEncoder) choose(r rune) (set byte, code uint16) {
	first := byte(setGB)
	switch {
	case e.last == setGB || e.g1 != setCNS1 && e.g1 != setIR165:
	case e.last == setIR165:
		first = setIR165
	default:
		first = setCNS1
	}
	if code = e.t.soCode(first, r); code != 0 {
		return first, code
	}
	if code = e.t.plane2(r); code != 0 {
		return setCNS2, code
	}
	others := []byte{setGB, setCNS1}
	if e.ext {
		others = []byte{setGB, setIR165, setCNS1}
	}
	for _, set := range others {
		if set == first {
			continue
		}
		if code = e.t.soCode(set, r); code != 0 {
			return set, code
		}
	}
	if v, ok := e.t.high[r]; ok && e.ext {
		return byte(v >> 16), uint16(v)
	}
	return 0, 0
}

// Step encodes the character that starts src with the shifts and
// designations it needs.
func (e *cnEncoder) Step(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	r, n, k := mb.NextRune(src, atEOF)
	if n == 0 {
		return 0, 0, bad, transform.ErrShortSrc
	}
	if k != encoding.KindNone {
		return 0, 0, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
	}
	var out [12]byte
	m := 0
	if r < 0x80 {
		if e.shifted {
			out[m] = si
			m++
		}
		if r == esc || r == so || r == si {
			// Leave the SO set, so that what replaces it is ASCII.
			w := copy(dst, out[:m])
			if w < m {
				return 0, 0, bad, transform.ErrShortDst
			}
			e.shifted = false
			return w, 0, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r, RefRune: 0xFFFD}, nil
		}
		out[m] = byte(r)
		if len(dst) < m+1 {
			return 0, 0, bad, transform.ErrShortDst
		}
		copy(dst, out[:m+1])
		e.shifted, e.last = false, 0
		if r == '\n' {
			e.g1, e.g2, e.g3 = 0, false, 0
		}
		return m + 1, n, bad, nil
	}
	set, code := e.choose(r)
	g1, g2, g3, shifted := e.g1, e.g2, e.g3, e.shifted
	switch {
	case set == 0:
		if shifted {
			out[m] = si
			m++
		}
		shifted = false
	case set == setCNS2:
		if !g2 {
			m += copy(out[m:], "\x1b$*H")
			g2 = true
		}
		m += copy(out[m:], "\x1bN")
	case set >= 3 && set <= 7:
		if g3 != set {
			m += copy(out[m:], "\x1b$+")
			out[m] = 'I' + set - 3
			m++
			g3 = set
		}
		m += copy(out[m:], "\x1bO")
	default:
		if g1 != set {
			m += copy(out[m:], "\x1b$)")
			out[m] = set
			m++
			g1 = set
		}
		if !shifted {
			out[m] = so
			m++
			shifted = true
		}
	}
	if set != 0 {
		out[m], out[m+1] = byte(code>>8)&0x7F, byte(code)&0x7F
		m += 2
	}
	if len(dst) < m {
		return 0, 0, bad, transform.ErrShortDst
	}
	copy(dst, out[:m])
	e.g1, e.g2, e.g3, e.shifted = g1, g2, g3, shifted
	if set == 0 {
		// glibc's choice of the next set does not change.
		return m, 0, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}, nil
	}
	e.last = set
	return m, n, bad, nil
}
