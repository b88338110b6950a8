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
	var mask uint64 = ^uint64(0)
	for _, r := range runes {
		if r < 0x80 {
			continue
		}
		info := t.lookup(r)
		if info == nil {
			return cand{}, false
		}
		var m uint64
		for i, b := range info.enc {
			if b != 0 && (r >= 0xA0 || !isC1Undefined(t.sb[i], r)) {
				m |= 1 << i
			}
		}
		mask &= m
		if mask == 0 {
			return cand{}, false
		}
	}
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
		res := detect.Detect(b)
		top := res.Best()
		if top.Charset == nil || top.Charset.Codec == nil || top.Charset.Family == "unicode" || !legacySource(top.Charset.Name) {
			continue
		}
		// The detector's confidence in the text as it stands: that of the
		// page it was read as (candidates that give the same text share it).
		self := 0.0
		for _, c := range res.Candidates {
			if c.Charset != nil && c.Charset.Name == p.name {
				self = c.Confidence
				break
			}
		}
		margin := top.Confidence - self
		if margin < legacyMargin || margin <= bestMargin {
			continue
		}
		out, err := top.Charset.Codec.AppendDecode(nil, b)
		if err != nil || string(out) == s || !utf8.Valid(out) {
			continue
		}
		if sc := mainScript(t, runes); sc != scLatin && sc != scNone && mainScript(t, []rune(string(out))) != sc {
			// Text in another alphabet read wrongly stays in it (KOI8-R,
			// windows-1251 and DOS Cyrillic put Cyrillic letters where the
			// others have them); a reading into another script is a guess
			// on capitals or few letters.
			continue
		}
		if top.Charset.Family != "single-byte" && textCost(t, string(out)) > sCost {
			// a CJK reading must read better than the text, not only
			// please the detector ("Zlo粳nie": a Slovak ž as Big5)
			continue
		}
		best = cand{text: string(out), layer: Layer{Encoding: top.Charset.Name, ReadAs: p.name}, trusted: true}
		bestMargin = margin
	}
	return best, bestMargin > 0
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
// legacy page read as another: a capital right after a small letter inside
// a word (KOI8-R and windows-1251 swap the cases), non-ASCII letters in
// capitals nearly all, a word of four or more accented Latin-1 letters
// (Cyrillic, Greek or Hebrew read as a Latin page), a Latin-1 symbol
// inside a word (Polish ż read as ¿), the Icelandic letters that other
// pages put Turkish or Baltic letters at, or many Latin-1 symbols (CJK
// read as a Latin page). The detector has the last word.
func legacySuspicious(t *tables, s string) bool {
	prevLower, prevLetter, prevSymbol := false, false, false
	run, symbols, nonASCII, upper, lower := 0, 0, 0, 0, 0
	for _, r := range s {
		if r < 0x80 {
			isLower := r >= 'a' && r <= 'z'
			isLetter := isLower || r >= 'A' && r <= 'Z'
			if prevSymbol && isLetter {
				return true // a Latin-1 symbol inside a word
			}
			prevLower, prevLetter, prevSymbol, run = isLower, isLetter, false, 0
			continue
		}
		nonASCII++
		cl := classOf(t, r)
		if cl>>8&0xF == scNone {
			prevSymbol = false
			if r >= 0xA1 && r <= 0xBF && r != 0xB7 && r != 0xAB && r != 0xBB { // not · (Catalan's l·l), « or »
				symbols++
				prevSymbol = prevLetter
			}
			prevLower, prevLetter, run = false, false, 0
			continue
		}
		if prevSymbol {
			return true
		}
		isUpper := cl&clUpper != 0
		if prevLower && isUpper {
			return true
		}
		if isUpper {
			upper++
		} else {
			lower++
		}
		switch r {
		case 'þ', 'Þ', 'ð', 'Ð':
			return true
		}
		if r >= 0xC0 && r <= 0xFF {
			run++
			if run >= 4 {
				return true
			}
		} else {
			run = 0
		}
		prevLetter, prevLower, prevSymbol = true, !isUpper, false
	}
	// Text in capitals only (KOI8-R and windows-1251 swap the cases), or
	// rich in Latin-1 symbols (CJK read as a Latin page).
	return upper >= 5 && lower*4 <= upper || symbols >= 3 && symbols*5 >= nonASCII
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
