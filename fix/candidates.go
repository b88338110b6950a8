package fix

import (
	"bytes"
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// cand is one possible undoing of a wrong decoding.
type cand struct {
	text  string
	cost  int
	layer Layer
	// lossy, when set, says that the best reading needs bytes the text no
	// longer has.
	lossy string
	// extra is charged on top of the text's cost: characters left alone
	// that still stand for UTF-8 lead bytes in the page assumed.
	extra int
	// trusted marks a reading the detector vouches for: it is taken
	// unless a reading of the whole text as UTF-8 competes.
	trusted bool
}

// Penalties, in the units of textCost, charged to a candidate for the
// wrong decoding it assumes: a reading must be clearly more plausible than
// the text as it stands.
const (
	penaltyWhole   = 15 // every non-ASCII character was part of the mojibake
	penaltyPartial = 20 // some sequences undone, the rest left as it was
	penaltyC1      = 5  // C1 controls read as windows-1252
	penaltyCJK     = 15
)

// symbolCount counts the non-ASCII symbols of s that running text rarely
// has: a legacy reading must not have more than the text it replaces.
func symbolCount(t *tables, s string) int {
	n := 0
	for _, r := range s {
		if r < 0x80 {
			continue
		}
		if c, sc := runeCost(t, r); sc == scNone && c >= 10 && !unicode.IsMark(r) {
			n++
		}
	}
	return n
}

const lossyText = "the text holds U+FFFD or '?' where a decoder dropped bytes; they cannot be restored"

// best returns the most plausible candidate reading of s that beats s
// itself (whose cost is sCost).
func (t *tables) best(s string, sCost int, o *Options) (cand, bool) {
	runes := []rune(s)
	ch := chooser{t: t, s: s, sCost: sCost}
	lossy, lossyCost := t.singleByteReadings(&ch, runes)
	// C1 controls standing alone: windows-1252 text decoded as ISO-8859-1.
	if c, ok := c1Candidate(runes); ok {
		ch.consider(c, penaltyC1)
	}
	if cjkSuspiciousString(t, s) {
		if t.cjkReadings(&ch) {
			// 锟斤拷: U+FFFD written as UTF-8 and read as GBK
			return cand{lossy: lossyText}, true
		}
	}
	if !o.NoLegacy && !lossy && (!ch.found || ch.best.layer.Partial) {
		if c, ok := t.legacyCandidate(s, runes, sCost); ok {
			ch.considerLegacy(c)
		}
	}
	if lossy && (!ch.found || ch.best.cost >= lossyCost) {
		return cand{lossy: lossyText}, true
	}
	return ch.best, ch.found
}

// chooser keeps the best of the candidate readings of s.
type chooser struct {
	t     *tables
	s     string
	sCost int // the cost of s as it stands
	best  cand
	found bool
}

// consider weighs c, which must beat s by penalty, the toll of the wrong
// decoding it assumes.
func (ch *chooser) consider(c cand, penalty int) {
	if c.text == ch.s {
		return
	}
	c.cost = textCost(ch.t, c.text) + c.extra
	if c.cost+penalty >= ch.sCost {
		return
	}
	if !ch.found || c.cost < ch.best.cost {
		ch.best, ch.found = c, true
	}
}

// considerLegacy weighs a legacy reading, which the detector vouches for:
// the cost only vetoes a reading that fills the text with symbols.
func (ch *chooser) considerLegacy(c cand) {
	c.cost = textCost(ch.t, c.text)
	if symbolCount(ch.t, c.text) <= symbolCount(ch.t, ch.s) && (!ch.found || c.cost < ch.best.cost) {
		ch.best, ch.found = c, true
	}
}

// singleByteReadings weighs UTF-8 read as the single-byte pages that
// explain s best. lossy reports a reading that would have won but needs
// bytes a lenient decoder dropped, and lossyCost its cost.
func (t *tables) singleByteReadings(ch *chooser, runes []rune) (lossy bool, lossyCost int) {
	infos := make([]*runeInfo, len(runes))
	for k, r := range runes {
		if r >= 0x80 {
			infos[k] = t.lookup(r)
		}
	}
	for _, pi := range t.rankPages(runes, infos) {
		c, broken, ok := t.sbCandidate(runes, infos, pi)
		if !ok {
			continue
		}
		if broken || strings.ContainsRune(c.text, utf8.RuneError) && !strings.ContainsRune(ch.s, utf8.RuneError) {
			// Measure the reading anyway: if it would have won, the text is
			// mojibake that lost bytes.
			c.cost = textCost(t, c.text)
			if c.cost+penaltyPartial < ch.sCost && (!lossy || c.cost < lossyCost) {
				lossy, lossyCost = true, c.cost
			}
			continue
		}
		penalty := penaltyWhole
		if c.layer.Partial {
			penalty = penaltyPartial
		}
		ch.consider(c, penalty+t.sb[pi].prior)
	}
	return lossy, lossyCost
}

// cjkReadings weighs UTF-8 read as each CJK page, worth trying when many
// of the CJK characters lie outside the first levels of the national
// standards. It reports true when the text is such mojibake that lost
// bytes.
func (t *tables) cjkReadings(ch *chooser) (lossy bool) {
	for _, p := range t.mb {
		b, err := p.cs.Codec.AppendEncode(nil, []byte(ch.s))
		if err != nil || !utf8.Valid(b) {
			continue
		}
		if bytes.ContainsRune(b, utf8.RuneError) && !strings.ContainsRune(ch.s, utf8.RuneError) {
			return true
		}
		ch.consider(cand{text: string(b), layer: Layer{Encoding: "utf-8", ReadAs: p.name}}, penaltyCJK)
	}
	return false
}

// pageScore ranks a page for a text: its lead-continuation pairs or whole
// sequences (fixed), and the non-ASCII characters it leaves outside them.
type pageScore struct{ pi, left, fixed int }

// rankPages returns the single-byte pages whose readings of runes are
// worth building, best first: UTF-8 read as a single-byte page shows, in
// that page, a character standing for a lead byte followed by one standing
// for a continuation byte.
func (t *tables) rankPages(runes []rune, infos []*runeInfo) []int {
	pages, pairs := leadPairs(runes, infos)
	ranked := t.distinctPages(runes, infos, pages, &pairs)
	// The pages with most pairs are counted more closely.
	slices.SortStableFunc(ranked, func(a, b pageScore) int { return b.fixed - a.fixed })
	if len(ranked) > maxCounted {
		ranked = ranked[:maxCounted]
	}
	for i := range ranked {
		ranked[i].fixed, ranked[i].left = countSequences(runes, infos, ranked[i].pi)
	}
	// Only the pages that explain the most are read in full: fewest
	// non-ASCII characters left outside sequences, then most sequences.
	slices.SortStableFunc(ranked, func(a, b pageScore) int {
		if a.left != b.left {
			return a.left - b.left
		}
		return b.fixed - a.fixed
	})
	if len(ranked) > maxFullReadings {
		ranked = ranked[:maxFullReadings]
	}
	if len(ranked) > 1 && ranked[0].left == 0 && (ranked[1].left > 0 || ranked[1].fixed < ranked[0].fixed) {
		// One page explains every non-ASCII character and does so better
		// than any other: the others need not be read.
		ranked = ranked[:1]
	}
	out := make([]int, len(ranked))
	for i, ps := range ranked {
		out[i] = ps.pi
	}
	return out
}

// leadPairs returns the pages in which some character of runes stands
// for a lead byte and the next for a continuation byte (or, for C3, a
// space for a lost A0), and the number of such pairs in each.
func leadPairs(runes []rune, infos []*runeInfo) (pages uint64, pairs [64]int) {
	for k := 0; k+1 < len(runes); k++ {
		e := infos[k]
		if e == nil || e.lead == 0 {
			continue
		}
		var m uint64
		if runes[k+1] == ' ' {
			m = e.leadC3
		} else if f := infos[k+1]; f != nil {
			m = e.lead & f.cont
		}
		pages |= m
		for ; m != 0; m &= m - 1 {
			pairs[bits.TrailingZeros64(m)]++
		}
	}
	return pages, pairs
}

// distinctPages returns a pageScore (with its pairs as fixed) for each page
// of the mask pages but those that agree with a commoner page on every
// non-ASCII character of runes: they give the same reading, so only the
// first of each group is tried.
func (t *tables) distinctPages(runes []rune, infos []*runeInfo, pages uint64, pairs *[64]int) []pageScore {
	var sig [64]uint64
	hasC1 := false
	for k, r := range runes {
		if r < 0x80 {
			continue
		}
		hasC1 = hasC1 || r < 0xA0
		e := infos[k]
		for m := pages; m != 0; m &= m - 1 {
			pi := bits.TrailingZeros64(m)
			var b uint64
			if e != nil {
				b = uint64(e.enc[pi])
			}
			sig[pi] = sig[pi]*0x100000001B3 ^ b
		}
	}
	var ranked []pageScore
	for pi := range t.sb {
		if pages&(1<<pi) != 0 && !t.sameAsCommoner(pages, &sig, pi, hasC1) {
			ranked = append(ranked, pageScore{pi, 0, pairs[pi]})
		}
	}
	return ranked
}

// sameAsCommoner reports whether an earlier page of pages, no rarer than
// page pi, has pi's signature (and, when the text holds C1 controls, reads
// them alike).
func (t *tables) sameAsCommoner(pages uint64, sig *[64]uint64, pi int, hasC1 bool) bool {
	for pj := 0; pj < pi; pj++ {
		if pages&(1<<pj) != 0 && sig[pj] == sig[pi] && t.sb[pj].prior <= t.sb[pi].prior && (!hasC1 || t.sb[pj].sloppy == t.sb[pi].sloppy) {
			return true
		}
	}
	return false
}

// maxFullReadings bounds the single-byte pages whose readings of a text
// are built and weighed.
const maxFullReadings = 3

// maxCounted bounds the pages whose sequences are counted, chosen by their
// number of lead-continuation pairs.
const maxCounted = 6

// countSequences counts, in s read as page pi, the whole UTF-8 sequences
// and the non-ASCII characters left outside them; a cheap first look that
// ranks the pages before their readings are built.
func countSequences(runes []rune, infos []*runeInfo, pi int) (fixed, left int) {
	for k := 0; k < len(runes); {
		r := runes[k]
		if r < 0x80 {
			k++
			continue
		}
		if b := byteAt(runes, infos, k, pi); b >= 0xC2 && b <= 0xF4 {
			n := 1
			if b >= 0xF0 {
				n = 3
			} else if b >= 0xE0 {
				n = 2
			}
			good := k+n < len(runes)
			for j := 1; good && j <= n; j++ {
				c := byteAt(runes, infos, k+j, pi)
				if c == ' ' && j == n {
					c = 0xA0
				}
				good = c >= 0x80 && c <= 0xBF
			}
			if good {
				fixed++
				k += n + 1
				continue
			}
		}
		left++
		k++
	}
	return fixed, left
}

// sbCandidate undoes, in s read as page pi, every run of characters whose
// bytes form a valid UTF-8 sequence. broken reports a sequence cut short by
// '?' or U+FFFD (a lenient decoder's loss).
func (t *tables) sbCandidate(runes []rune, infos []*runeInfo, pi int) (c cand, broken, ok bool) {
	rd := sbReading{t: t, runes: runes, infos: infos, pi: pi, page: t.sb[pi], out: make([]byte, 0, len(runes)*2)}
	for k := 0; k < len(runes); {
		if r := runes[k]; r < 0x80 {
			rd.out = append(rd.out, byte(r)) // ASCII stands for itself
			k++
			continue
		}
		seq, spaceUsed, cut := rd.sequenceAt(k)
		broken = broken || cut
		if seq != nil && rd.undo(k, seq, spaceUsed) {
			k += len(seq)
			if spaceUsed && seq[0] == 0xC3 && needSpace(runes, k) {
				rd.out = append(rd.out, ' ')
			}
			continue
		}
		rd.keep(k)
		k++
	}
	if rd.fixed == 0 || rd.rest && rd.spaced == rd.fixed {
		// A space read as a lost A0 is weak evidence on its own ("Ã is a
		// letter, and so are Â and Ð."): it counts only beside sequences
		// whose bytes are all there, or when it explains every non-ASCII
		// character of the text.
		return cand{}, false, false
	}
	return cand{text: string(rd.out), layer: Layer{Encoding: "utf-8", ReadAs: rd.page.name, Partial: rd.rest}, extra: 10 * rd.leftover}, broken, true
}

// sbReading is the reading of a text as UTF-8 misread through one page,
// being built.
type sbReading struct {
	t        *tables
	runes    []rune
	infos    []*runeInfo
	pi       int
	page     *sbPage
	out      []byte
	buf      [4]byte
	fixed    int           // sequences undone (and C1 controls read as windows-1252)
	spaced   int           // sequences whose last byte is a space standing for a lost A0
	rest     bool          // a non-ASCII character outside the undone sequences
	leftover int           // of which lead bytes before another non-ASCII character
	present  map[rune]bool // the non-ASCII characters of the text, built when quoted needs it
}

// sequenceAt returns the whole, valid UTF-8 sequence whose bytes the
// characters at k stand for in the page, or nil; spaceUsed tells that its
// last byte is a space read as a lost A0, and broken that it was cut short
// by '?' or U+FFFD (a lenient decoder's loss).
func (rd *sbReading) sequenceAt(k int) (seq []byte, spaceUsed, broken bool) {
	b := byteAt(rd.runes, rd.infos, k, rd.pi)
	if b < 0xC2 || b > 0xF4 {
		return nil, false, false
	}
	n := 1
	if b >= 0xF0 {
		n = 3
	} else if b >= 0xE0 {
		n = 2
	}
	rd.buf[0] = byte(b)
	for j := 1; j <= n; j++ {
		if k+j >= len(rd.runes) {
			return nil, false, false
		}
		c := byteAt(rd.runes, rd.infos, k+j, rd.pi)
		if c == ' ' && j == n && rd.page.dec[0xA0] == 0xA0 {
			c, spaceUsed = 0xA0, true
		}
		if c < 0x80 || c > 0xBF {
			return nil, false, rd.runes[k+j] == '?' || rd.runes[k+j] == utf8.RuneError
		}
		rd.buf[j] = byte(c)
	}
	if !utf8.Valid(rd.buf[:n+1]) {
		return nil, false, false
	}
	return rd.buf[:n+1], spaceUsed, false
}

// undo writes the character of seq, the sequence at k, unless the text
// quotes it or it is a word of another alphabet in a national page.
func (rd *sbReading) undo(k int, seq []byte, spaceUsed bool) bool {
	n := len(seq) - 1
	if quoted(rd.runes, &rd.present, k, n, spaceUsed, seq) ||
		rd.t.national&(1<<rd.pi) != 0 && wordsOfOneAlphabet(rd.t, rd.infos, k, n, seq) {
		return false
	}
	rd.out = append(rd.out, seq...)
	rd.fixed++
	if spaceUsed {
		rd.spaced++
	}
	return true
}

// keep writes the character at k as it is (a C1 control left in a
// windows-1252 or ISO-8859-1 reading as windows-1252) and notes a
// non-ASCII character left outside the sequences.
func (rd *sbReading) keep(k int) {
	r := rd.runes[k]
	if r >= 0x80 && r < 0xA0 && rd.page.sloppy {
		if w := cp1252C1[r-0x80]; w != 0 {
			r = w
			rd.fixed++
		}
	}
	if r >= 0x80 {
		rd.rest = true
		// a lead left before another non-ASCII character: a piece of
		// mojibake this page does not explain
		if b := byteAt(rd.runes, rd.infos, k, rd.pi); b >= 0xC2 && b <= 0xF4 && k+1 < len(rd.runes) && rd.runes[k+1] >= 0x80 {
			rd.leftover++
		}
	}
	rd.out = utf8.AppendRune(rd.out, r)
}

// wordsOfOneAlphabet reports whether the n+1 characters at k, which form
// the UTF-8 sequence seq in a rare DOS, Mac or national page, are letters
// of one alphabet other than Latin that decode to a character of another
// script: ordinary words of that alphabet (Armenian in ARMSCII-8, Russian
// "рап" in IBM866), not mojibake. The gate skips the same sequences (see
// plausibleSequence).
func wordsOfOneAlphabet(t *tables, infos []*runeInfo, k, n int, seq []byte) bool {
	script := scNone
	for j := k; j <= k+n; j++ {
		e := infos[j]
		if e == nil || e.script == scNone || e.script == scLatin || script != scNone && int(e.script) != script {
			return false
		}
		script = int(e.script)
	}
	r, _ := utf8.DecodeRune(seq)
	return int(classOf(t, r)>>8&0xF) != script
}

// crase holds the Portuguese words that à joins without a space (às,
// àquele …): after "Ã " they show that the space was the lost A0 byte
// itself.
var crase = []string{"s", "quele", "quela", "queles", "quelas", "quilo", "quilos"}

// needSpace reports whether a space that stood for a lost A0 byte must be
// kept after the undone à: text decoded with a lost A0 usually lost the
// following space as well, unless the next word joins à.
func needSpace(runes []rune, k int) bool {
	if k >= len(runes) || !unicode.IsLetter(runes[k]) {
		return false
	}
	e := k
	for e < len(runes) && unicode.IsLetter(runes[e]) {
		e++
	}
	w := string(runes[k:e])
	for _, c := range crase {
		if w == c {
			return false
		}
	}
	return true
}

// c1Candidate reads the C1 controls of s as the windows-1252 characters of
// the same bytes, where windows-1252 defines them.
func c1Candidate(runes []rune) (cand, bool) {
	has := false
	for _, r := range runes {
		if r >= 0x80 && r < 0xA0 {
			has = true
			break
		}
	}
	if !has {
		return cand{}, false
	}
	n := 0
	out := make([]rune, len(runes))
	for i, r := range runes {
		out[i] = r
		if r >= 0x80 && r < 0xA0 {
			if w := cp1252C1[r-0x80]; w != 0 {
				out[i] = w
				n++
			}
		}
	}
	if n == 0 {
		return cand{}, false
	}
	return cand{text: string(out), layer: Layer{Encoding: "windows-1252", ReadAs: "iso-8859-1", Partial: true}}, true
}

// cp1252C1 is windows-1252 at bytes 80–9F (WHATWG index-windows-1252;
// 0 where the page leaves the byte undefined).
var cp1252C1 = [32]rune{
	'€', 0, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0, 'Ž', 0,
	0, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0, 'ž', 'Ÿ',
}

// cjkSuspiciousString reports whether the CJK characters of s are unusual
// enough to try reading s as UTF-8 misread by a CJK page.
func cjkSuspiciousString(t *tables, s string) bool {
	if !hasByteFrom(s, 0xE3) {
		return false // nothing from U+3000 on, where CJK begins
	}
	var c cjkScan
	for _, r := range s {
		var cl uint16
		if r >= 0x80 {
			cl = classOf(t, r)
		}
		if c.step(r, cl) {
			return true
		}
	}
	return c.end()
}

// hasByteFrom reports whether s holds a byte of value lo or more.
func hasByteFrom(s string, lo byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= lo {
			return true
		}
	}
	return false
}

// cjkScan is cjkSuspiciousString one character at a time, so that the
// gate can run it in the same pass as its other checks.
type cjkScan struct {
	n, rare    int
	prevLetter bool // a letter of an alphabet just before
}

// step takes the next character r and its class (0 for ASCII); it
// reports true when the text is suspicious already.
func (c *cjkScan) step(r rune, cl uint16) bool {
	if r < 0x3000 {
		if r < 0x80 {
			c.prevLetter = r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
			return false
		}
		sc := int(cl >> 8 & 0xF)
		c.prevLetter = sc != scNone && sc != scCJK && sc != scHangul
		return false
	}
	cost, sc := int(cl&0xFF), int(cl>>8&0xF)
	if sc == scCJK || sc == scHangul || r >= 0xFF00 && r <= 0xFFEF {
		if c.prevLetter {
			return true // "r茅gulation": a CJK character inside a word
		}
		c.n++
		if cost >= 40 {
			c.rare++
		}
	}
	c.prevLetter = false
	return false
}

// end reports whether the CJK characters seen are unusual enough: in
// short texts one rare character is enough; in long ones, a quarter of
// rare characters is the mark of mojibake.
func (c *cjkScan) end() bool {
	return c.rare >= 1 && (c.n <= 16 || c.rare*4 >= c.n)
}

// quoted reports whether the sequence of n+1 characters at k stands alone
// between ASCII non-letters and decodes to a letter that the text also
// holds as it is: text that shows what
// mojibake looks like ("Ã© is é misread") rather than mojibake.
func quoted(runes []rune, present *map[rune]bool, k, n int, spaceUsed bool, seq []byte) bool {
	if spaceUsed {
		return false
	}
	r, _ := utf8.DecodeRune(seq)
	if !unicode.IsLetter(r) {
		return false
	}
	e := k + n + 1
	if k == 0 || e >= len(runes) || runes[k-1] >= 0x80 || runes[e] >= 0x80 ||
		unicode.IsLetter(runes[k-1]) || unicode.IsLetter(runes[e]) {
		return false
	}
	// the text also holds the letter itself
	if *present == nil {
		*present = map[rune]bool{}
		for _, x := range runes {
			if x >= 0x80 {
				(*present)[x] = true
			}
		}
	}
	return (*present)[r]
}

// byteAt is the byte of runes[k] in page pi, or -1; infos[k] is what the
// pages make of it.
func byteAt(runes []rune, infos []*runeInfo, k, pi int) int {
	r := runes[k]
	if r < 0x80 {
		return int(r)
	}
	e := infos[k]
	if e == nil || e.enc[pi] == 0 {
		return -1
	}
	return int(e.enc[pi]) + 0x7F
}
