package detect

import (
	"math"
	"slices"

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
	cs  *charset.Charset
	tab [256]rune // -1 for a byte without a character
}

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
		p := &ebcdicPage{cs: cs}
		e := &enc{}
		t := cs.Codec.DecodeTransformer()
		for b := range 256 {
			p.tab[b] = e.decodeOne(t, []byte{byte(b)})
		}
		if p.tab[0x40] != ' ' || p.tab[0xC1] != 'A' || p.tab[0x81] != 'a' {
			continue // not EBCDIC as the structural test knows it
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
)

// looksEBCDIC is the structural test, on the byte histogram of the input:
// no byte below 40 but the tab and line breaks, a space at least every
// ebcdicSpaceShare bytes, and at least half the bytes letters.
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
	if int(hist[0x40])*ebcdicSpaceShare < n {
		return false
	}
	letters := 0
	for c := 0x81; c < 0xEA; c++ {
		if ebcdicLetter(c) {
			letters += int(hist[c])
		}
	}
	return 2*letters >= n
}

// ebcdicRunes is the most input whose text the language models read to
// rank the pages.
const ebcdicRunes = 4096

// ebcdicStage answers input that passes the structural test with the
// EBCDIC pages that decode it, one per distinct decoding of the bytes
// present, ranked by the cost of their text under the best language
// model; the confidence is each decoding's share of the likelihood.
func ebcdicStage(t *tables, ev *evidence) (Result, bool) {
	if ev.afterASCII || !looksEBCDIC(&ev.hist, len(ev.b)) || len(t.readings().ebcdic) == 0 {
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
	sample := ev.b[:min(len(ev.b), ebcdicRunes)]
	runes := make([]rune, len(sample))
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
		for i, c := range sample {
			runes[i] = p.tab[c]
		}
		m, cost := bestLanguage(t, runes)
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
		mass += math.Exp(-float64(r.cost-rs[0].cost) / 8)
	}
	res := Result{Candidates: make([]Candidate, 0, min(len(rs), maxCandidates))}
	for _, r := range rs[:min(len(rs), maxCandidates)] {
		res.Candidates = append(res.Candidates, Candidate{
			Encoding:   r.p.cs.Name,
			Charset:    r.p.cs,
			Confidence: math.Exp(-float64(r.cost-rs[0].cost)/8) / mass,
			Language:   r.lang,
		})
	}
	return res, true
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
