package fix

import (
	"unicode"

	"github.com/ucskit/ucs/detect"
)

// legacyCandidate tries legacy text read as another legacy page: when s
// looks garbled, it is encoded back with each single-byte page that covers
// it, and the detector, which knows the languages' letter statistics,
// says how the bytes read best.
func (t *tables) legacyCandidate(s string, runes []rune, sCost int) (cand, bool) {
	if !legacySuspicious(runes) {
		return cand{}, false
	}
	var mask uint64 = ^uint64(0)
	for _, r := range runes {
		if r < 0x80 {
			continue
		}
		e := t.enc[r]
		if e == nil {
			return cand{}, false
		}
		var m uint64
		for i, b := range e {
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
	found := false
	tried := map[string]bool{}
	for pi, p := range t.sb {
		if mask&(1<<pi) == 0 {
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
		if top.Charset == nil || top.Charset.Codec == nil || top.Confidence < 0.5 {
			continue
		}
		out, err := top.Charset.Codec.AppendDecode(nil, b)
		if err != nil || string(out) == s {
			continue
		}
		c := cand{text: string(out), layer: Layer{Encoding: top.Charset.Name, ReadAs: p.name}}
		c.cost = textCost(t, c.text)
		if !found || c.cost < best.cost {
			best, found = c, true
		}
		if len(tried) >= 4 {
			break
		}
	}
	return best, found
}

// isC1Undefined reports whether the C1 control r stands for itself in page
// p only through the lenient reading of undefined bytes.
func isC1Undefined(p *sbPage, r rune) bool {
	return p.dec[r] != r
}

// legacySuspicious reports whether the letters of s show the marks of a
// legacy page read as another: a capital right after a small letter inside
// a word (KOI8-R and windows-1251 swap the cases), or a word of four or
// more accented Latin-1 letters (Cyrillic, Greek or Hebrew read as a Latin
// page).
func legacySuspicious(runes []rune) bool {
	prevLower := false
	run := 0
	for _, r := range runes {
		if !unicode.IsLetter(r) {
			prevLower, run = false, 0
			continue
		}
		if r >= 0x80 {
			if prevLower && unicode.IsUpper(r) {
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
		} else {
			run = 0
		}
		prevLower = unicode.IsLower(r)
	}
	return false
}
