package fix

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ucskit/ucs/charset"
)

// sbPage is a single-byte code page as a pair of tables built from the
// registry's strict codec, so that every inversion agrees with ucs's
// decoders byte for byte.
type sbPage struct {
	name string
	dec  [256]rune // 0 where the page leaves the byte undefined
	// sloppy is true for windows-1252 and ISO-8859-1, whose C1 controls
	// left outside a sequence are read as windows-1252.
	sloppy bool
	// prior is the extra cost of assuming the page: the rarer on the web,
	// the more.
	prior int
	// web is true for the pages that text is commonly read as by mistake
	// in a legacy-as-legacy mix-up (windows-125x, ISO-8859-x, KOI8).
	web bool
	// national is true for a page with no Windows code page.
	national bool
}

// mbPage is a multi-byte page that UTF-8 is read as by mistake.
type mbPage struct {
	name string
	cs   *charset.Charset
}

// maxPages bounds the single-byte pages tried: sets of them are bit masks
// of 64 bits.
const maxPages = 64

// webPages are the single-byte pages met most on the web, commonest first:
// they are tried first, and the order breaks ties between candidates of
// equal cost. Every other single-byte page of the registry follows (see
// pageCharsets).
var webPages = []string{
	"windows-1252", "windows-1251", "windows-1250", "iso-8859-1", "iso-8859-2",
	"windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
	"windows-1258", "windows-874", "iso-8859-15", "iso-8859-5", "iso-8859-7",
	"iso-8859-4", "iso-8859-13", "iso-8859-16", "iso-8859-3", "iso-8859-10",
	"iso-8859-14", "iso-8859-6", "iso-8859-8", "koi8-r", "koi8-u", "macintosh",
	"x-mac-cyrillic", "ibm437", "ibm850", "ibm852", "ibm866", "ibm855", "ibm857",
	"ibm862", "cp1125",
}

// pageCharsets returns the single-byte pages UTF-8 may have been read as:
// webPages, then, by name, every other charset of the registry's
// single-byte family that ucs can encode (usablePage says which of them
// text can have been read as). A page whose bytes 80–FF
// decode exactly as an earlier one's (iso-8859-8-i) adds nothing and is
// left out.
func pageCharsets() []*charset.Charset {
	var out []*charset.Charset
	seen := map[string]bool{}
	for _, n := range webPages {
		if cs, err := charset.Lookup(n); err == nil && cs.Codec != nil && !seen[cs.Name] {
			out = append(out, cs)
			seen[cs.Name] = true
		}
	}
	var rest []*charset.Charset
	for _, cs := range charset.List() {
		if cs.Family == "single-byte" && !seen[cs.Name] && cs.CanEncode() {
			rest = append(rest, cs)
		}
	}
	slices.SortFunc(rest, func(a, b *charset.Charset) int { return strings.Compare(a.Name, b.Name) })
	return append(out, rest...)
}

// highHalf decodes the bytes 80–FF of a page one by one with its strict
// codec: 0 where the page leaves the byte undefined.
func highHalf(cs *charset.Charset) (dec [256]rune) {
	for b := 0x80; b < 0x100; b++ {
		out, err := cs.Codec.AppendDecode(nil, []byte{byte(b)})
		if err != nil {
			continue
		}
		r, size := utf8.DecodeRune(out)
		if size != len(out) || r == utf8.RuneError {
			continue
		}
		dec[b] = r
	}
	return dec
}

// usablePage reports whether a page's upper half is one UTF-8 can be
// misread through: half its bytes or more defined, and at most two of
// them private use (the Mac pages' Apple logo, and Mac Turkish's undefined
// F5; x-user-defined's 128 are no page text is read as).
func usablePage(dec *[256]rune) bool {
	n, private := 0, 0
	for b := 0x80; b < 0x100; b++ {
		r := dec[b]
		if r >= 0xE000 && r <= 0xF8FF {
			private++
		}
		if r != 0 {
			n++
		}
	}
	return n >= 64 && private <= 2
}

// pagePrior is the toll for assuming that text was read as cs, from the
// kind of page its code page numbers say it is: the rarer on the web, the
// more. windows-1252 and ISO-8859-1 cost nothing; the other Windows,
// ISO-8859 and KOI8 pages a little; DOS pages more, Mac pages more again,
// and the national pages with no Windows code page (ARMSCII-8, KOI8-T,
// VISCII …) the most.
func pagePrior(cs *charset.Charset) int {
	switch cs.Name {
	case "windows-1252", "iso-8859-1":
		return 0
	case "windows-1251", "windows-1250", "iso-8859-2":
		return 5
	}
	pages := cs.CodePages()
	if len(pages) == 0 {
		return priorNational
	}
	switch cp := pages[0]; {
	case cp >= 10000 && cp < 10100:
		return priorMac
	case cp < 1250 && cp != 874:
		return priorDOS // 437–869 and 1125
	}
	return 10
}

// Tolls of the rarer kinds of page; pages of priorDOS and above are the
// rare ones whose letters of one alphabet form UTF-8 sequences by chance
// in ordinary words (tables.rare).
const (
	priorDOS      = 20
	priorMac      = 25
	priorNational = 30
	// priorBeyondWeb is added for the pages after webPages, which text is
	// seldom read as (the DOS pages but the commonest, the Mac pages but
	// Roman and Cyrillic, the national ones).
	priorBeyondWeb = 10
)

// The multi-byte pages tried for UTF-8 read as CJK.
var mbNames = []string{"gbk", "gb18030", "shift_jis", "euc-jp", "euc-kr", "big5"}

type tables struct {
	sb []*sbPage
	mb []*mbPage
	// idx gives, for a rune below denseLimit, its entry in info plus one
	// (0: no single-byte page has it); far holds the few runes above.
	idx []uint16
	far map[rune]uint16
	// farMin and farMax bound the runes of far.
	farMin, farMax rune
	// rare holds the DOS and Mac pages, whose letters of one alphabet
	// form UTF-8 sequences by chance in ordinary words.
	rare uint64
	// national holds the pages with no Windows code page (ARMSCII-8,
	// GEORGIAN-PS, KOI8-T, VISCII …), whose letters of one alphabet form
	// UTF-8 sequences by chance in ordinary words of it.
	national uint64
	info     []runeInfo
	// class packs runeCost's answer and the case of every rune below
	// denseLimit (see classOf).
	class  []uint16
	common *commonSet
}

// runeInfo is what the single-byte pages make of one rune.
type runeInfo struct {
	// lead and cont are the pages in which the rune stands for a UTF-8
	// lead byte (C2–F4) and a continuation byte (80–BF); leadC3 those in
	// which it stands for C3 and A0 is the no-break space, so that "Ã "
	// may be à whose A0 became a space.
	lead, cont, leadC3 uint64
	// script is the rune's script when it is a letter (scNone otherwise).
	script uint8
	// enc is the rune's byte in each page minus 0x7F, 0 when the page
	// lacks it.
	enc []byte
}

// denseLimit bounds the runes looked up by index instead of by map: every
// character of the single-byte pages but a few Mac ones lies below it.
const denseLimit = 0x2600

// lookup returns what the pages make of r, or nil.
func (t *tables) lookup(r rune) *runeInfo {
	var i uint16
	if r < denseLimit {
		i = t.idx[r]
	} else if r >= t.farMin && r <= t.farMax {
		i = t.far[r]
	}
	if i == 0 {
		return nil
	}
	return &t.info[i-1]
}

var (
	tabOnce sync.Once
	tab     *tables
)

func getTables() *tables {
	tabOnce.Do(func() { tab = buildTables() })
	return tab
}

func buildTables() *tables {
	t := &tables{idx: make([]uint16, denseLimit), far: map[rune]uint16{}}
	t.sb = singleBytePages()
	for i := range t.sb {
		t.indexPage(i)
	}
	t.mb = multiBytePages()
	for i, p := range t.sb {
		if p.prior >= priorDOS {
			t.rare |= 1 << i
		}
		if p.national {
			t.national |= 1 << i
		}
	}
	t.farMin, t.farMax = utf8.MaxRune, 0
	for r := range t.far {
		t.farMin, t.farMax = min(t.farMin, r), max(t.farMax, r)
	}
	t.common = buildCommon()
	t.classify()
	return t
}

// singleBytePages builds the tables of the pages of pageCharsets that text
// can have been read as, each with its toll, at most maxPages of them.
func singleBytePages() []*sbPage {
	var pages []*sbPage
	for _, cs := range pageCharsets() {
		if len(pages) == maxPages {
			break // the rarest pages of a larger registry are left out
		}
		p := &sbPage{name: cs.Name, dec: highHalf(cs)}
		if !usablePage(&p.dec) || slices.ContainsFunc(pages, func(q *sbPage) bool { return q.dec == p.dec }) {
			continue
		}
		p.web = strings.HasPrefix(p.name, "windows-") || strings.HasPrefix(p.name, "iso-8859-") || strings.HasPrefix(p.name, "koi8-")
		p.sloppy = p.name == "windows-1252" || p.name == "iso-8859-1"
		p.prior = pagePrior(cs)
		p.national = len(cs.CodePages()) == 0
		if !slices.Contains(webPages, cs.Name) {
			// beyond the web's pages, a reading must be clearer still
			p.prior += priorBeyondWeb
		}
		pages = append(pages, p)
	}
	return pages
}

// multiBytePages returns the CJK pages of mbNames that ucs can encode.
func multiBytePages() []*mbPage {
	var pages []*mbPage
	for _, n := range mbNames {
		cs, err := charset.Lookup(n)
		if err != nil || cs.Codec == nil || !cs.CanEncode() {
			continue
		}
		pages = append(pages, &mbPage{name: cs.Name, cs: cs})
	}
	return pages
}

// entry returns what the pages make of r, adding an empty entry for it
// when it has none yet.
func (t *tables) entry(r rune) *runeInfo {
	var i uint16
	if r < denseLimit {
		i = t.idx[r]
	} else {
		i = t.far[r]
	}
	if i == 0 {
		t.info = append(t.info, runeInfo{enc: make([]byte, len(t.sb))})
		i = uint16(len(t.info))
		if r < denseLimit {
			t.idx[r] = i
		} else {
			t.far[r] = i
		}
	}
	return &t.info[i-1]
}

// indexPage enters the characters of page i, bytes 80–FF, in the rune
// entries: their byte in the page and whether it is a UTF-8 lead or
// continuation byte.
func (t *tables) indexPage(i int) {
	p := t.sb[i]
	add := func(r rune, b byte) {
		e := t.entry(r)
		if e.enc[i] != 0 {
			return
		}
		e.enc[i] = b - 0x7F
		if b == 0xC3 && p.dec[0xA0] == 0xA0 {
			e.leadC3 |= 1 << i
		}
		if b >= 0xC2 && b <= 0xF4 {
			e.lead |= 1 << i
		} else if b >= 0x80 && b <= 0xBF {
			e.cont |= 1 << i
		}
	}
	for b := 0x80; b < 0x100; b++ {
		if r := p.dec[b]; r != 0 {
			add(r, byte(b))
		}
	}
	// Text decoded as ISO-8859-1 where the page meant windows-125x (or
	// by a decoder that passes undefined bytes through) holds C1
	// controls for the bytes 80–9F; they stand for themselves.
	for b := 0x80; b < 0xA0; b++ {
		add(rune(b), byte(b))
	}
}

// classify fills the class of every rune below denseLimit and the script
// of every rune the pages have.
func (t *tables) classify() {
	t.class = make([]uint16, denseLimit)
	for r := rune(0); r < denseLimit; r++ {
		t.class[r] = computeClass(t, r)
	}
	for r := rune(0x80); r < denseLimit; r++ {
		if e := t.lookup(r); e != nil {
			e.script = uint8(t.class[r] >> 8 & 0xF)
		}
	}
	for r := range t.far {
		t.lookup(r).script = uint8(classOf(t, r) >> 8 & 0xF)
	}
}

// encodeByte returns the byte of r in page i, or -1.
func (t *tables) encodeByte(r rune, i int) int {
	if r < 0x80 {
		return int(r)
	}
	e := t.lookup(r)
	if e == nil || e.enc[i] == 0 {
		return -1
	}
	return int(e.enc[i]) + 0x7F
}
