package fix

import (
	"strings"
	"unicode/utf8"

	"github.com/ucskit/ucs/detect"
)

// legacyCandidate tries legacy text read as another legacy page: when s
// looks garbled, it is encoded back with each single-byte page that covers
// it, and the detector, which knows the languages' letter statistics,
// says how the bytes read best.
func (t *tables) legacyCandidate(s string, runes []rune, sCost int) (cand, bool) {
	if !legacySuspicious(t, s) {
		return cand{}, false
	}
	mask := t.coveringPages(runes)
	var best cand
	bestMargin := 0.0
	tried := map[string]bool{}
	for pi, p := range t.sb {
		if mask&(1<<pi) == 0 || !p.web || !legacySource(p.name) {
			// the rare pages are as rarely what text was read as as what
			// it was written in ("Ž Š Đ Č Ć" is no Cyrillic read as
			// ISO-8859-16)
			continue
		}
		b := make([]byte, 0, len(runes))
		for _, r := range runes {
			b = append(b, byte(t.encodeByte(r, pi)))
		}
		if tried[string(b)] {
			continue
		}
		tried[string(b)] = true
		if c, margin, ok := t.legacyReading(s, runes, sCost, b, p.name); ok && margin > bestMargin {
			best, bestMargin = c, margin
		}
	}
	return best, bestMargin > 0
}

// coveringPages returns the single-byte pages that have every non-ASCII
// character of runes (C1 controls only where the page defines them).
func (t *tables) coveringPages(runes []rune) uint64 {
	var mask uint64 = ^uint64(0)
	for _, r := range runes {
		if r < 0x80 {
			continue
		}
		info := t.lookup(r)
		if info == nil {
			return 0
		}
		var m uint64
		for i, b := range info.enc {
			if b != 0 && (r >= 0xA0 || !isC1Undefined(t.sb[i], r)) {
				m |= 1 << i
			}
		}
		mask &= m
		if mask == 0 {
			return 0
		}
	}
	return mask
}

// legacyReading asks the detector about b, the bytes of s in the page
// readAs that s was read as. It returns the reading of b in the page the
// detector prefers and by how much it prefers it, when that is at least
// legacyMargin and the reading is one to take.
func (t *tables) legacyReading(s string, runes []rune, sCost int, b []byte, readAs string) (cand, float64, bool) {
	res := detect.Detect(b)
	top := res.Best()
	if top.Charset == nil || top.Charset.Codec == nil || top.Charset.Family == "unicode" || !legacySource(top.Charset.Name) {
		return cand{}, 0, false
	}
	// The detector's confidence in the text as it stands: that of the page
	// it was read as (candidates that give the same text share it).
	self := 0.0
	for _, c := range res.Candidates {
		if c.Charset != nil && c.Charset.Name == readAs {
			self = c.Confidence
			break
		}
	}
	margin := top.Confidence - self
	if margin < legacyMargin {
		return cand{}, 0, false
	}
	out, err := top.Charset.Codec.AppendDecode(nil, b)
	if err != nil || string(out) == s || !utf8.Valid(out) {
		return cand{}, 0, false
	}
	if sc := mainScript(t, runes); sc != scLatin && sc != scNone && mainScript(t, []rune(string(out))) != sc {
		// Text in another alphabet read wrongly stays in it (KOI8-R,
		// windows-1251 and DOS Cyrillic put Cyrillic letters where the
		// others have them); a reading into another script is a guess on
		// capitals or few letters.
		return cand{}, 0, false
	}
	if top.Charset.Family != "single-byte" && textCost(t, string(out)) > sCost {
		// a CJK reading must read better than the text, not only please
		// the detector ("Zlo粳nie": a Slovak ž as Big5)
		return cand{}, 0, false
	}
	return cand{text: string(out), layer: Layer{Encoding: top.Charset.Name, ReadAs: readAs}, trusted: true}, margin, true
}

// legacyMargin is how much more confident the detector must be in the
// bytes' best reading than in the reading that gave the text.
const legacyMargin = 0.9

// isC1Undefined reports whether the C1 control r stands for itself in page
// p only through the lenient reading of undefined bytes.
func isC1Undefined(p *sbPage, r rune) bool {
	return p.dec[r] != r
}

// legacySuspicious reports whether the letters of s show the marks of a
// legacy page read as another: a word that starts with small non-ASCII
// letters and goes on in capitals (KOI8-R and windows-1251 swap the
// cases: "пРИВЕТ"), non-ASCII letters in capitals nearly all, a word of
// four or more accented Latin-1 letters (Cyrillic, Greek or Hebrew read as
// a Latin page), a Latin-1 symbol inside a word (Polish ż read as ¿), the
// Icelandic letters that other pages put Turkish, Baltic or Croatian
// letters at, beside a Latin-1 letter Icelandic does not use or with none
// of its accented vowels ("leidþia" is Lithuanian leidžia), or many
// Latin-1 symbols (CJK read as a Latin page). It is a cheap necessary
// condition: the detector has the last word. Correct text in one case
// break ("hÉireann", "МойОфис", two lines joined) or in Icelandic does not
// pass it.
func legacySuspicious(t *tables, s string) bool {
	var l legacyScan
	for _, r := range s {
		var cl uint16
		if r >= 0x80 {
			cl = classOf(t, r)
		}
		if l.step(r, cl) {
			return true
		}
	}
	return l.end()
}

// legacyScan is legacySuspicious one character at a time, so that the
// gate can run it in the same pass as its other checks.
type legacyScan struct {
	prevLower, prevLetter, prevSymbol bool
	run, symbols, nonASCII            int
	upper, lower                      int
	swap                              int // capitals after a small letter in the word so far
	icelandic, other, vowels          bool
}

// step takes the next character r of the text and its class (0 for
// ASCII); it reports true when the text is suspicious already.
func (l *legacyScan) step(r rune, cl uint16) bool {
	if r < 0x80 {
		return l.stepASCII(r)
	}
	l.nonASCII++
	if cl>>8&0xF == scNone {
		l.prevSymbol = false
		if r >= 0xA1 && r <= 0xBF && r != 0xB7 && r != 0xAB && r != 0xBB { // not · (Catalan's l·l), « or »
			l.symbols++
			l.prevSymbol = l.prevLetter
		}
		l.prevLower, l.prevLetter, l.run, l.swap = false, false, 0, 0
		return false
	}
	if l.prevSymbol {
		return true // a Latin-1 symbol inside a word
	}
	isUpper := cl&clUpper != 0
	switch {
	case isUpper && (l.prevLower || l.swap > 0):
		l.swap++
		if l.swap >= 2 {
			return true // "пРИВЕТ": a small letter, then capitals
		}
	case !isUpper:
		l.swap = 0
	}
	if isUpper {
		l.upper++
	} else {
		l.lower++
	}
	if l.latin1Letter(r) {
		return true
	}
	l.prevLetter, l.prevLower, l.prevSymbol = true, !isUpper, false
	return false
}

// stepASCII is step for an ASCII character.
func (l *legacyScan) stepASCII(r rune) bool {
	isLower := r >= 'a' && r <= 'z'
	isLetter := isLower || r >= 'A' && r <= 'Z'
	if l.prevSymbol && isLetter {
		return true // a Latin-1 symbol inside a word
	}
	l.swap = 0
	l.prevLower, l.prevLetter, l.prevSymbol, l.run = isLower, isLetter, false, 0
	return false
}

// latin1Letter counts a letter in the run of Latin-1 letters and notes the
// Icelandic ones; it reports true on a run of four, or on þ or ð beside a
// Latin-1 letter Icelandic does not write.
func (l *legacyScan) latin1Letter(r rune) bool {
	if r < 0xC0 || r > 0xFF {
		l.run = 0
		return false
	}
	switch r {
	case 'þ', 'Þ', 'ð', 'Ð':
		l.icelandic = true
	case 'á', 'é', 'í', 'ó', 'ú', 'ý', 'æ', 'ö', 'Á', 'É', 'Í', 'Ó', 'Ú', 'Ý', 'Æ', 'Ö':
		l.vowels = true
	default:
		l.other = true
	}
	l.run++
	return l.icelandic && l.other || l.run >= 4
}

// end reports what the whole text shows: non-ASCII letters in capitals
// nearly all (KOI8-R and windows-1251 swap the cases), many Latin-1
// symbols (CJK read as a Latin page), or þ or ð with none of the vowels
// Icelandic writes beside them.
func (l *legacyScan) end() bool {
	return l.upper >= 5 && l.lower*4 <= l.upper || l.symbols >= 3 && l.symbols*5 >= l.nonASCII ||
		l.icelandic && !l.vowels
}

// legacySource reports whether text in the named encoding is commonly met
// misread: the web's single-byte pages, KOI8, DOS Cyrillic and the CJK
// pages. The other DOS and Mac pages are left out: on short Latin text the
// detector cannot tell them from windows-1252 well enough.
func legacySource(name string) bool {
	switch name {
	case "ibm866", "gbk", "gb18030", "big5", "shift_jis", "euc-jp", "euc-kr", "koi8-r", "koi8-u":
		return true
	}
	switch name {
	case "iso-8859-3", "iso-8859-10", "iso-8859-14", "iso-8859-16":
		// Maltese and Esperanto, Nordic, Celtic, Romanian pages: rare, and
		// their letters stand where the common pages have Icelandic ones
		return false
	}
	return strings.HasPrefix(name, "windows-") || strings.HasPrefix(name, "iso-8859-")
}

// mainScript returns the script of most of the non-ASCII letters of runes.
func mainScript(t *tables, runes []rune) int {
	var n [scOther + 1]int
	for _, r := range runes {
		if r < 0x80 {
			continue
		}
		if _, sc := runeCost(t, r); sc != scNone {
			n[sc]++
		}
	}
	best := scNone
	for sc := range n {
		if n[sc] > n[best] {
			best = sc
		}
	}
	return best
}
