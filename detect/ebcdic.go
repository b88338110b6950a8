package detect

import (
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/ucskit/ucs/charset"
)

// EBCDIC text is told apart by its structure: the space is 40, the
// letters are in 81–A9 and C1–E9, the digits in F0–F9, and no byte below
// 40 but the line breaks and the tab (05, 0C, 0D, 15, 25) is text. ASCII
// text has its space, digits and punctuation below 40, so text in an
// ASCII-compatible encoding fails the test on its first space; UTF-16
// and UTF-32 fail it on their NULs.
//
// The pages share these bytes (the "invariant" set) and differ in the
// national letters and symbols. Pages that decode the bytes present
// alike are one answer, named by the most common of them (ebcdicOrder:
// IBM037, then IBM1047, IBM500, IBM1140, then the other pages by number,
// so that a national page comes before its form with the euro sign, and
// each page's swaplfnl form after all the plain pages); pages that decode them
// differently are ranked by how well the language models explain their
// text.

// ebcdicPage is an EBCDIC code page of the registry, as a table.
type ebcdicPage struct {
	cs    *charset.Charset
	tab   [256]rune // -1 for a byte without a character
	langs []string  // the languages the page serves; nil for any
	// script is true for a page with letters of a script other than
	// Latin (IBM875 Greek, IBM424 Hebrew): it reads only text in which
	// they are at least a quarter of the letters.
	script bool
}

// ebcdicLangs names the languages each national EBCDIC page serves, by
// its CCSID (IBM's CCSID assignments: 273 Germany and Austria, 277
// Denmark and Norway, 278 Finland and Sweden, 280 Italy, 284 Spain and
// Latin America, 285 the United Kingdom, 297 France, 871 Iceland, 1026
// Turkey, 870 the Latin-2 countries, 875 Greece, 424 Israel); the form
// with the euro sign (1141–1149) serves the languages of its page. The
// pages 037 (the Americas, the Netherlands, Portugal), 500
// (international), 1047 (Open Systems) and their euro forms carry any
// Latin-1 language. A reading of a national page is scored only with the
// models of its languages, so that Danish text in IBM277 is not read as
// Swedish-looking text in IBM273.
var ebcdicLangs = map[int][]string{
	273:  {"de", "lb"},
	277:  {"da", "nb", "nn", "fo"},
	278:  {"sv", "fi"},
	280:  {"it"},
	284:  {"es", "ca", "gl", "eu"},
	285:  {"en", "ga", "cy"},
	297:  {"fr"},
	871:  {"is"},
	1026: {"tr"},
	870:  {"pl", "cs", "sk", "hu", "sl", "hr", "ro", "bs", "sq", "sr-Latn"},
	875:  {"el"},
	424:  {"he"},
}

// ebcdicEuro maps a page with the euro sign to the page it extends.
var ebcdicEuro = map[int]int{1140: 37, 1141: 273, 1142: 277, 1143: 278, 1144: 280, 1145: 284, 1146: 285, 1147: 297, 1148: 500, 1149: 871}

// ebcdicOrder names the pages that come first, the most common first.
var ebcdicOrder = []string{"ibm037", "ibm1047", "ibm500", "ibm1140"}

// ebcdicPages returns the registry's EBCDIC pages with a codec, in the
// order of ebcdicOrder.
func ebcdicPages() []*ebcdicPage {
	var out []*ebcdicPage
	for _, cs := range charset.List() {
		if cs.Family != "ebcdic" || cs.Structure != charset.SingleByte || cs.Codec == nil {
			continue
		}
		n := ccsid(cs.Name)
		if base, ok := ebcdicEuro[n]; ok {
			n = base
		}
		p := &ebcdicPage{cs: cs, langs: ebcdicLangs[n]}
		e := &enc{}
		t := cs.Codec.DecodeTransformer()
		for b := range 256 {
			p.tab[b] = e.decodeOne(t, []byte{byte(b)})
		}
		if p.tab[0x40] != ' ' || p.tab[0xC1] != 'A' || p.tab[0x81] != 'a' {
			continue // not EBCDIC as the structural test knows it
		}
		for _, r := range p.tab {
			if r >= 0x80 && unicode.IsLetter(r) && !unicode.In(r, unicode.Latin, unicode.Common) {
				p.script = true
			}
		}
		out = append(out, p)
	}
	rank := func(p *ebcdicPage) int {
		for i, n := range ebcdicOrder {
			if cs, err := charset.Lookup(n); err == nil && cs == p.cs {
				return i
			}
		}
		r := len(ebcdicOrder) + ccsid(p.cs.Name)
		if p.tab[0x15] == '\n' { // the swaplfnl forms
			r += 1 << 20
		}
		return r
	}
	slices.SortStableFunc(out, func(a, b *ebcdicPage) int { return rank(a) - rank(b) })
	return out
}

// ccsid returns the number in an IBM page's name (273 for "ibm273"), so
// that a page comes before its later forms with the euro sign (IBM1141).
func ccsid(name string) int {
	n := 0
	for _, c := range name {
		if c >= '0' && c <= '9' {
			n = 10*n + int(c-'0')
		} else if n > 0 {
			break
		}
	}
	return min(n, 1<<16)
}

// ebcdicLetter reports whether c is a letter of the invariant set.
func ebcdicLetter(c int) bool {
	switch {
	case c >= 0x81 && c <= 0x89, c >= 0x91 && c <= 0x99, c >= 0xA2 && c <= 0xA9,
		c >= 0xC1 && c <= 0xC9, c >= 0xD1 && c <= 0xD9, c >= 0xE2 && c <= 0xE9:
		return true
	}
	return false
}

// Thresholds of the structural test, as shares of the input's bytes.
const (
	ebcdicMinLen     = 16 // fewer bytes are not enough to tell
	ebcdicSpaceShare = 16 // at least one byte in 16 is the space 40
	ebcdicTextShare  = 8  // at least one byte in 8 is a letter
)

// ebcdicLetterSets returns the sets of bytes that the registry's EBCDIC
// pages decode as letters, one per distinct set: the invariant letters
// and the national letters of the Latin pages, the Greek letters of
// IBM875 beside the Latin ones, the Hebrew letters of IBM424.
var ebcdicLetterSets = sync.OnceValue(func() [][256]bool {
	var out [][256]bool
	for _, p := range ebcdicPages() {
		var set [256]bool
		for c, r := range p.tab {
			set[c] = r >= 0 && unicode.IsLetter(r)
		}
		if !slices.Contains(out, set) {
			out = append(out, set)
		}
	}
	return out
})

// looksEBCDIC is the structural test, on the byte histogram of the input:
// no byte below 40 but the tab and line breaks, a space, tab or line end
// (NL 15 or LF 25) at least every ebcdicSpaceShare bytes, and, for the letters of some EBCDIC page, at
// least one byte in ebcdicTextShare a letter and at least half of the
// bytes that are not the space, a digit (F0–F9) or a line break letters.
// A listing of figures passes; ASCII-compatible text, which puts its
// space, digits, punctuation and line breaks below 40, does not.
func looksEBCDIC(hist *[256]uint32, n int) bool {
	if n < ebcdicMinLen {
		return false
	}
	for c := range 0x40 {
		switch c {
		case 0x05, 0x0C, 0x0D, 0x15, 0x25:
		default:
			if hist[c] > 0 {
				return false
			}
		}
	}
	gaps := int(hist[0x40] + hist[0x05] + hist[0x15] + hist[0x25])
	if gaps*ebcdicSpaceShare < n {
		return false
	}
	rest := n - gaps - int(hist[0x0C]+hist[0x0D])
	for c := 0xF0; c <= 0xF9; c++ {
		rest -= int(hist[c])
	}
	for _, set := range ebcdicLetterSets() {
		letters := 0
		for c, ok := range set {
			if ok {
				letters += int(hist[c])
			}
		}
		if letters*ebcdicTextShare >= n && 2*letters >= rest {
			return true
		}
	}
	return false
}

// Limits of the test for short input.
const (
	ebcdicShortMin   = 6  // fewer bytes are not enough to tell
	ebcdicShortMax   = 64 // longer input must pass looksEBCDIC
	ebcdicShortLower = 4  // lowercase letters of the invariant set, at least
	ebcdicShortWord  = 8  // shorter input must be letters of the invariant set alone
	// ebcdicShortCost is the most (1/8 nat) a character of a short
	// reading may cost under its best language model, with the charges
	// of ebcdicStage; ebcdicMaxCost the most for longer input. On the dev
	// split of the EBCDIC evaluation set the best reading of every sample
	// but one costs less than 52 a character, and of short samples three
	// in four less than 28; of random bytes from 40 to FF that pass the
	// structural test none costs less than 56 (the least 56.6), and of
	// short ones 2 in 100000 less than 28, none once six bytes and four
	// lowercase letters are asked for.
	ebcdicShortCost = 28
	ebcdicMaxCost   = 52
	// ebcdicShortSure is the most confidence an answer for short input
	// gets.
	ebcdicShortSure = 0.85
)

// ebcdicPunct reports whether c is punctuation that EBCDIC pages share
// and short text has: . ( + & ; - / , : ' and the space.
func ebcdicPunct(c byte) bool {
	switch c {
	case 0x40, 0x4B, 0x4D, 0x4E, 0x50, 0x5D, 0x5E, 0x60, 0x61, 0x6B, 0x7A, 0x7D:
		return true
	}
	return false
}

// looksEBCDICShort is the structural test for input too short, or with
// too few spaces, for looksEBCDIC: a label, a word, a line without
// spaces. No byte below 40 but the line breaks; every byte a letter of
// some EBCDIC page, a digit, or the shared punctuation (below
// ebcdicShortWord bytes, a letter of the invariant set); at least
// ebcdicShortLower lowercase letters of the invariant set, which no text
// in an ASCII-compatible single-byte Cyrillic, Greek, Hebrew or Arabic
// page has (its letters fall on the EBCDIC capitals and digits); and each
// word written in one case, or capitalised, as words are and the bytes
// of multi-byte text read as EBCDIC seldom are. The readings must also be
// plausible text (ebcdicShortCost).
func looksEBCDICShort(b []byte, hist *[256]uint32) bool {
	n := len(b)
	if n < ebcdicShortMin || n >= ebcdicShortMax {
		return false
	}
	for c := range 0x40 {
		switch c {
		case 0x15, 0x25, 0x0D:
		default:
			if hist[c] > 0 {
				return false
			}
		}
	}
	var any [256]bool
	for _, set := range ebcdicLetterSets() {
		for c, ok := range set {
			any[c] = any[c] || ok
		}
	}
	lower := 0
	for c, k := range hist {
		if k == 0 || c < 0x40 || ebcdicPunct(byte(c)) || c >= 0xF0 && c <= 0xF9 {
			continue
		}
		if !any[c] || n < ebcdicShortWord && !ebcdicLetter(c) {
			return false
		}
		if c < 0xC0 && ebcdicLetter(c) {
			lower += int(k)
		}
	}
	if lower < ebcdicShortLower {
		return false
	}
	// The case of each word: upper and lower seen, and whether a capital
	// came after the first letter.
	first, upper, low, late := true, false, false, false
	for _, c := range b {
		l := ebcdicLetter(int(c))
		if !l && any[c] {
			first = false // a national letter: no case known here
			continue
		}
		if !l {
			if upper && low && late {
				return false
			}
			first, upper, low, late = true, false, false, false
			continue
		}
		if c >= 0xC0 {
			upper = true
			late = late || !first
		} else {
			low = true
		}
		first = false
	}
	return !(upper && low && late)
}

// ebcdicMarkShare bounds the symbols of a reading: at most one character
// in ebcdicMarkShare is punctuation or a symbol other than . , - : /
// (on the dev split of the EBCDIC evaluation set the most is one in six,
// in a listing's first 32 bytes; random bytes read as EBCDIC have one in
// two or three).
const ebcdicMarkShare = 5

// ebcdicRunes is the most input whose text the language models read to
// rank the pages: each distinct reading is scored, so its length bounds
// the work (2 KiB of text tells the pages apart as well as 4 KiB did on
// the dev split of the EBCDIC evaluation set, at half the time).
const ebcdicRunes = 2048

// ebcdicStage answers input that passes the structural test with the
// EBCDIC pages that decode it, one per distinct decoding of the bytes
// present, ranked by the cost of their text under the best language
// model (of the page's languages, or any at a toll), with a charge for
// each odd symbol beside a letter; the confidence is each decoding's
// share of exp(-cost/ebcdicTemp), so that it reflects the margin between
// readings that differ. A Greek or Hebrew page reads only text with
// enough of its letters.
func ebcdicStage(t *tables, ev *evidence) (Result, bool) {
	if ev.afterASCII {
		return Result{}, false
	}
	short := false
	if !looksEBCDIC(&ev.hist, len(ev.b)) {
		if !looksEBCDICShort(ev.b, &ev.hist) {
			return Result{}, false
		}
		short = true
	}
	if len(t.readings().ebcdic) == 0 {
		return Result{}, false
	}
	var present []int
	for c, n := range ev.hist {
		if n > 0 {
			present = append(present, c)
		}
	}
	type reading struct {
		p    *ebcdicPage
		lang string
		cost int32
	}
	var rs []reading
	var ref *langModel
	sample := ev.b[:min(len(ev.b), ebcdicRunes)]
	runes := make([]rune, 0, len(sample))
next:
	for _, p := range t.readings().ebcdic {
		for _, c := range present {
			if p.tab[c] < 0 {
				continue next // does not decode the input
			}
		}
		for _, r := range rs {
			if sameOn(&r.p.tab, &p.tab, present) {
				continue next // decodes it as a more common page does
			}
		}
		// The text, with each run of spaces and line ends read as one
		// space (NL, U+0085, is left alone: it tells the swaplfnl forms
		// from the plain ones): the padding of fixed-length records is no part of the
		// text, and the models would weigh its runs instead of the words.
		letters, foreign, marks := 0, 0, 0
		runes = runes[:0]
		for _, c := range sample {
			r := p.tab[c]
			if r == ' ' || r == '\n' || r == '\r' || r == '\t' || r == '\f' {
				if len(runes) > 0 && runes[len(runes)-1] == ' ' {
					continue
				}
				r = ' '
			}
			runes = append(runes, r)
			if (unicode.IsPunct(r) || unicode.IsSymbol(r)) && !strings.ContainsRune(".,-:/", r) {
				marks++
			}
			if unicode.IsLetter(r) {
				letters++
				if r >= 0x80 && !unicode.In(r, unicode.Latin, unicode.Common) {
					foreign++
				}
			}
		}
		if ebcdicMarkShare*marks > len(runes) {
			// More symbols than text has (the readings of random bytes).
			continue
		}
		if p.script && 4*foreign < letters {
			// Latin text read by a Greek or Hebrew page: the models would
			// weigh its Latin letters against no Latin reading.
			continue
		}
		// Every reading of longer input is scored with the model that
		// best explains the first (the most common page's), so that
		// readings are compared on the letters where they differ, and
		// the work is one search of the models and one score a page;
		// short input is cheap enough to search them all for each
		// reading. A national page's reading
		// also with the models of its languages, a reading in any other
		// language paying a toll.
		var m *langModel
		var cost int32
		if ref == nil || short {
			m, cost = bestLanguage(t, runes)
			ref = m
		} else {
			m, cost = ref, scoreRunes(ref, runes, 1<<30)
		}
		if p.langs != nil && (m == nil || !slices.Contains(p.langs, m.tag)) {
			keep := func(m *langModel) bool { return slices.Contains(p.langs, m.tag) }
			if m2, c2 := bestLanguageOf(t, runes, keep); m2 != nil && slices.Contains(p.langs, m2.tag) && (m == nil || c2 <= cost+ebcdicLangToll) {
				m, cost = m2, c2
			} else {
				cost += ebcdicLangToll
			}
		}
		cost += oddSymbols(runes) * ebcdicOddCost
		limit := ebcdicMaxCost
		if short || ev.high == 0 {
			// Input with no byte above 7F is ASCII text too: its
			// EBCDIC reading must be as plain text as short input's.
			limit = ebcdicShortCost
		}
		if m == nil || int(cost) > limit*len(runes) {
			continue // not text, as random bytes read as EBCDIC are not
		}
		rd := reading{p: p, cost: cost}
		if m != nil {
			rd.lang = m.tag
		}
		rs = append(rs, rd)
	}
	if len(rs) == 0 {
		return Result{}, false
	}
	slices.SortStableFunc(rs, func(a, b reading) int { return int(a.cost) - int(b.cost) })
	mass := 0.0
	for _, r := range rs {
		mass += math.Exp(-float64(r.cost-rs[0].cost) / ebcdicTemp)
	}
	if short || ev.high == 0 && len(ev.b) < ebcdicShortMax {
		// Short input passed a weaker test, and short input with no byte
		// above 7F also reads as ASCII: its answer stays below the 0.9
		// that scripts and in-place conversion act on.
		mass /= ebcdicShortSure
	}
	res := Result{Candidates: make([]Candidate, 0, min(len(rs), maxCandidates))}
	for _, r := range rs[:min(len(rs), maxCandidates)] {
		res.Candidates = append(res.Candidates, Candidate{
			Encoding:   r.p.cs.Name,
			Charset:    r.p.cs,
			Confidence: math.Exp(-float64(r.cost-rs[0].cost)/ebcdicTemp) / mass,
			Language:   r.lang,
		})
	}
	return res, true
}

// ebcdicOddCost is the charge (1/8 nat) for each symbol of oddSymbols. The
// language models lump the ASCII punctuation into one class, so that a
// page that reads a national letter as a bracket or a bar costs no more
// than one that reads it as the letter; these symbols are rare in text,
// and rarer still inside or beside a word.
const ebcdicOddCost = 96

// ebcdicLangToll is the charge (1/8 nat) for reading a national page's
// text as a language the page does not serve.
const ebcdicLangToll = 64

// ebcdicTemp is the temperature (1/8 nat) of the confidences: a reading's
// share is exp(-cost/ebcdicTemp) of the sum over the readings. Costs of
// readings that differ in a few national letters are not independent
// evidence, so 8, the temperature of a proper likelihood, made answers
// sure that were wrong one time in ten; 128 was chosen on the dev split
// of the EBCDIC evaluation set (evalgen -part ebcdic) so that answers at
// 0.9 or more are right 99% of the time.
const ebcdicTemp = 128.0

// oddSymbols counts the symbols in runes, beside a letter, that text
// seldom has there: every symbol and punctuation mark but the common ones
// (.,;:!?'"()-/%&*+=<>_ and the quotation marks and dashes beyond ASCII).
// EBCDIC pages differ from each other where one has a national letter and
// another such a symbol.
func oddSymbols(runes []rune) int32 {
	var n int32
	for i, r := range runes {
		if r < 0x80 && strings.ContainsRune(".,;:!?'\"()-/%&*+=<>_ \t\n\r", r) || !unicode.IsPunct(r) && !unicode.IsSymbol(r) {
			continue
		}
		switch r {
		case '«', '»', '„', '“', '”', '‘', '’', '‚', '–', '—', '…', '€', '·':
			continue
		}
		if i > 0 && unicode.IsLetter(runes[i-1]) || i+1 < len(runes) && unicode.IsLetter(runes[i+1]) {
			n++
		}
	}
	return n
}

// sameOn reports whether two tables decode the bytes present alike.
func sameOn(a, b *[256]rune, present []int) bool {
	for _, c := range present {
		if a[c] != b[c] {
			return false
		}
	}
	return true
}
