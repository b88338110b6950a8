package fix

import "unicode"

// Scripts, as far as the cost needs them.
const (
	scNone = iota // not a letter
	scLatin
	scGreek
	scCyrillic
	scArmenian
	scHebrew
	scArabic
	scThai
	scCJK // Han and kana
	scHangul
	scOther
)

// runeCost is the cost, in tenths, of one character standing in text: how
// unusual it is in running text of any language. The characters that UTF-8
// read as a wrong page turns into (C1 controls, Latin-1 symbols, spacing
// accents, IPA, rare letters of other scripts, second-level and extension
// CJK) cost more than the characters such text decodes to. It returns the
// rune's script as well (scNone for what is not a letter).
func runeCost(t *tables, r rune) (cost int, script int) {
	switch {
	case r < 0x100:
		return latin1Cost(r)
	case r < 0x300:
		return latinExtCost(r)
	case r < 0x2000:
		return alphabetCost(r)
	case r < 0x3000:
		return symbolCost(r)
	}
	return eastAsianCost(t, r)
}

// latin1Cost is runeCost below U+0100: ASCII, C1 controls and Latin-1.
func latin1Cost(r rune) (int, int) {
	switch {
	case r < 0x80:
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return 0, scLatin
		}
		return 0, scNone
	case r < 0xA0:
		return 100, scNone // C1 control
	case r == 0xA0:
		return 5, scNone
	case r < 0xC0:
		switch r {
		case '°', '«', '»', '·', '©', '®', '£', '§', '½', '¿', '¡', '±', '€':
			return 10, scNone
		}
		return 20, scNone
	case r == 0xD7 || r == 0xF7:
		return 15, scNone
	case r == 0xC2 || r == 0xC3:
		return 15, scLatin // Â, Ã: rare capitals, the commonest mojibake leads
	}
	return 5, scLatin
}

// latinExtCost is runeCost from U+0100 to U+02FF: Latin Extended-A and B,
// IPA and the spacing modifiers.
func latinExtCost(r rune) (int, int) {
	switch {
	case r < 0x180:
		switch {
		case latinExtARare(r):
			return 25, scLatin
		case r == 0x149: // ŉ, deprecated
			return 40, scLatin
		case r == 0x17F: // ſ, long s: not written since the 19th century
			return 60, scLatin
		case r == 0x152 || r == 0x153: // Œ, œ: mojibake's continuation more than French letters
			return 10, scLatin
		}
		return 5, scLatin
	case r < 0x250:
		if r >= 0x218 && r <= 0x21B { // Romanian comma-below letters
			return 10, scLatin
		}
		return 30, scLatin // digraphs and the rest of Latin Extended-B
	case r < 0x2B0:
		return 60, scLatin // IPA
	}
	return 40, scNone // spacing modifiers
}

// alphabetCost is runeCost from U+0300 to U+1FFF: combining marks and the
// alphabets of Europe, the Middle East, India and South-East Asia.
func alphabetCost(r rune) (int, int) {
	switch {
	case r < 0x370:
		return 20, scNone // combining marks
	case r < 0x400:
		return greekCost(r)
	case r < 0x530:
		return cyrillicCost(r)
	case r < 0x590:
		return 35, scArmenian
	case r < 0x700:
		return hebrewArabicCost(r)
	case r < 0x900:
		return 60, scOther // Syriac, Thaana, NKo, Samaritan …
	case r < 0xE00:
		return 10, scOther // Indic
	case r < 0xE80:
		return 10, scThai
	case r < 0x1100:
		return 30, scOther
	case r < 0x1E00:
		return 50, scOther
	case r < 0x1F00:
		return 10, scLatin // Latin Extended Additional (Vietnamese)
	}
	return 30, scGreek
}

// greekCost is runeCost in the Greek and Coptic block.
func greekCost(r rune) (int, int) {
	switch {
	case r >= 0x391 && r <= 0x3C9:
		return 5, scGreek
	case r >= 0x386 && r <= 0x3CE:
		return 10, scGreek
	}
	return 40, scGreek
}

// cyrillicCost is runeCost in the Cyrillic blocks.
func cyrillicCost(r rune) (int, int) {
	switch {
	case r >= 0x410 && r <= 0x44F || r == 0x401 || r == 0x451:
		return 5, scCyrillic
	case r >= 0x400 && r <= 0x45F:
		return 15, scCyrillic
	case r < 0x500:
		return 35, scCyrillic
	}
	return 50, scCyrillic // Cyrillic Supplement
}

// hebrewArabicCost is runeCost in the Hebrew and Arabic blocks.
func hebrewArabicCost(r rune) (int, int) {
	switch {
	case r >= 0x5D0 && r <= 0x5EA:
		return 5, scHebrew
	case r < 0x600:
		return 40, scHebrew
	case r >= 0x621 && r <= 0x64A || r >= 0x660 && r <= 0x669 || r == 0x60C || r == 0x61F:
		return 5, scArabic
	}
	return 30, scArabic
}

// symbolCost is runeCost from U+2000 to U+2FFF: punctuation, currency,
// letterlike symbols, arrows, math, box drawing and dingbats.
func symbolCost(r rune) (int, int) {
	switch {
	case r < 0x2070:
		switch r {
		case '‘', '’', '“', '”', '–', '—', '…', '•', 0x2009, 0x202F:
			return 5, scNone
		}
		return 20, scNone
	case r < 0x20A0:
		return 35, scNone
	case r < 0x20D0:
		return 10, scNone // currency
	case r < 0x2150:
		if r == '™' || r == '№' {
			return 10, scNone
		}
		return 25, scNone
	case r < 0x2300:
		return 20, scNone // arrows, math
	case r < 0x2500:
		return 30, scNone
	case r < 0x2580:
		return 10, scNone // box drawing
	case r < 0x27C0:
		return 20, scNone // blocks, shapes, symbols, dingbats
	}
	return 35, scNone
}

// eastAsianCost is runeCost from U+3000 on: CJK, Hangul, private use, the
// compatibility forms and the planes above the first.
func eastAsianCost(t *tables, r rune) (int, int) {
	switch {
	case r < 0x3040:
		return 10, scNone // CJK punctuation
	case r < 0x3100:
		return 10, scCJK // kana
	case r >= 0x3400 && r < 0x4E00:
		return 60, scCJK // extension A
	case r >= 0x4E00 && r <= 0x9FFF:
		if t.common.isCommon(r) {
			return 10, scCJK
		}
		return 40, scCJK
	case r >= 0xAC00 && r <= 0xD7A3:
		if t.common.isCommon(r) {
			return 10, scHangul
		}
		return 40, scHangul
	case r >= 0xE000 && r <= 0xF8FF:
		return 100, scOther // private use
	}
	return compatCost(r)
}

// compatCost is runeCost for the compatibility forms, U+FFFD and the
// planes above the first.
func compatCost(r rune) (int, int) {
	switch {
	case r >= 0xF900 && r <= 0xFAFF:
		return 60, scCJK
	case r >= 0xFB00 && r <= 0xFB06:
		return 20, scLatin // ligatures
	case r >= 0xFE30 && r <= 0xFE4F:
		return 40, scNone
	case r >= 0xFF01 && r <= 0xFF5E:
		return 15, scNone // fullwidth ASCII
	case r >= 0xFF61 && r <= 0xFF9F:
		return 40, scCJK // halfwidth katakana
	case r == 0xFFFD:
		return 0, scNone
	case r >= 0x1F000 && r <= 0x1FAFF:
		return 10, scNone // emoji
	case r > 0xFFFF:
		return 50, scOther
	}
	return 40, scOther
}

// Flags of a rune's class beside its cost and script.
const (
	clUpper = 1 << 13
	clLower = 1 << 14
	clMark  = 1 << 15
)

// computeClass packs runeCost's answer (cost in bits 0–7, script in bits
// 8–11) and the rune's case and markness.
func computeClass(t *tables, r rune) uint16 {
	c, sc := runeCost(t, r)
	v := uint16(c) | uint16(sc)<<8
	if unicode.IsUpper(r) {
		v |= clUpper
	}
	if unicode.IsLower(r) {
		v |= clLower
	}
	if unicode.IsMark(r) {
		v |= clMark
	}
	return v
}

// classOf is computeClass, from the table below denseLimit.
func classOf(t *tables, r rune) uint16 {
	if r < denseLimit {
		return t.class[r]
	}
	if r >= 0x3040 && r <= 0x9FFF || r >= 0xAC00 && r <= 0xD7A3 {
		c, sc := runeCost(t, r) // no case, no marks
		return uint16(c) | uint16(sc)<<8
	}
	return computeClass(t, r)
}

// textCost is the cost of s: the sum of its characters' costs plus the cost
// of unlikely neighbours (a non-ASCII capital right after a small letter,
// letters of two scripts in one word, a symbol inside a word).
func textCost(t *tables, s string) int {
	c := costScan{prevASCII: true}
	for _, r := range s {
		// one step of costScan, written out in the loop: it runs for
		// every character of every reading weighed
		c.loneAStep(r)
		cl := classOf(t, r)
		cost, sc := int(cl&0xFF), int(cl>>8&0xF)
		c.total += cost
		letter := sc != scNone
		ascii := r < 0x80
		if letter {
			c.letter(cl, sc, ascii)
		} else if c.nonLetter(r, cl, cost, ascii) {
			// a combining mark continues the word
			c.prevASCII = ascii
			continue
		}
		c.loneScript(sc, letter)
		c.prevScript, c.prevLetter, c.prevASCII = sc, letter, ascii
	}
	return c.end()
}

// costScan is textCost's state: the total so far and what it knows of the
// characters before.
type costScan struct {
	total            int
	prevScript       int
	prevLetter       bool
	prevLower        bool
	prevASCII        bool
	prevUpper        bool // the previous character is a capital
	prevUpper2       bool // and so is the one before it
	prevSymbol       bool // a non-ASCII symbol
	prevSymbolInWord bool // a non-ASCII symbol right after a letter
	// lone is the script of a letter of a rarely mixed script (Hebrew,
	// Arabic, Armenian …) not yet followed by its like.
	lone int
	// loneA is 1 after Ã or Â standing after a non-letter, 2 when a space
	// follows it.
	loneA int
}

// loneAStep charges "Ã " standing alone before a small letter: no language
// has that word (but "C O N C L U S Ã O" spells one out).
func (c *costScan) loneAStep(r rune) {
	switch {
	case c.loneA == 1 && (r == ' ' || r == 0xA0):
		c.loneA = 2
	case c.loneA == 2 && (r == ' ' || r == 0xA0 || r >= 'a' && r <= 'z'):
		c.total += 20
		c.loneA = 0
	default:
		c.loneA = 0
	}
	if (r == 0xC3 || r == 0xC2) && !c.prevLetter {
		c.loneA = 1
	}
}

// letter charges a letter for its neighbours: another script in the same
// word, a small letter ending a word in capitals, a capital after a small
// letter, a symbol inside the word.
func (c *costScan) letter(cl uint16, sc int, ascii bool) {
	upper := cl&clUpper != 0
	if c.prevLetter {
		if c.prevScript != sc {
			if c.prevScript == scGreek || sc == scGreek {
				c.total += 10 // Greek letters in Latin names of science
			} else {
				c.total += 20
			}
		}
		if c.prevUpper2 && c.prevUpper && cl&clLower != 0 && !ascii {
			c.total += 30 // "DATà": a small letter ending a word in capitals
		}
		if c.prevLower && upper && !(ascii && c.prevASCII) {
			c.total += 30
		}
	}
	if c.prevSymbolInWord {
		c.total += 20
	}
	c.prevLower = cl&clLower != 0
	c.prevUpper2, c.prevUpper = c.prevUpper, upper
	c.prevSymbolInWord = false
	c.prevSymbol = false
}

// nonLetter charges a character that is not a letter for its neighbours:
// a non-ASCII symbol right after a letter (the shape of Ã©, Ã™, â€) or
// after another symbol. It reports whether r is a combining mark after a
// letter, which continues the word.
func (c *costScan) nonLetter(r rune, cl uint16, cost int, ascii bool) bool {
	isMark := cl&clMark != 0
	if c.prevLetter && !ascii && !isMark && r != 0x2019 {
		c.total += symbolAfterLetter(r, c.prevASCII)
	}
	if c.prevSymbol && !ascii && cost >= 10 {
		c.total += 10 // two non-ASCII symbols in a row
	}
	c.prevSymbolInWord = c.prevLetter && !ascii && cost >= 10 && !isMark
	c.prevSymbol = !ascii && cost >= 10 && !isMark
	c.prevUpper, c.prevUpper2 = false, false
	return isMark && c.prevLetter
}

// symbolAfterLetter is the cost of the non-ASCII symbol r right after a
// letter (an ASCII one when prevASCII).
func symbolAfterLetter(r rune, prevASCII bool) int {
	switch {
	case r == '™' || r == '®' || r == 0xA0:
		return 5
	case r >= 0x2500 && r < 0x2580:
		return 20 // box drawing right after a letter: "propos├®"
	case prevASCII:
		return 10
	}
	return 20
}

// loneScript charges a letter of a rarely mixed script (Hebrew, Arabic,
// Armenian, the others) that stands alone among other characters.
func (c *costScan) loneScript(sc int, letter bool) {
	if sc == scHebrew || sc == scArabic || sc == scArmenian || sc == scOther {
		if !c.prevLetter || c.prevScript != sc {
			c.lone = sc
		} else {
			c.lone = scNone
		}
		return
	}
	if c.lone != scNone {
		if !letter || sc != c.lone {
			c.total += 25 // a letter of its script standing alone
		}
		c.lone = scNone
	}
}

// end returns the total, charging a lone letter at the end of the text.
func (c *costScan) end() int {
	if c.lone != scNone {
		return c.total + 25
	}
	return c.total
}

// latinExtARare reports whether r, in Latin Extended-A, belongs to no
// national alphabet of wide use (Maltese, Esperanto and old Latvian letters,
// the Sami and Welsh ones), so that mojibake rarely hides behind it.
func latinExtARare(r rune) bool {
	switch r {
	case 0x108, 0x109, 0x10A, 0x10B, 0x114, 0x115, 0x11C, 0x11D, 0x120, 0x121,
		0x124, 0x125, 0x126, 0x127, 0x128, 0x129, 0x12C, 0x12D, 0x132, 0x133,
		0x134, 0x135, 0x138, 0x13F, 0x140, 0x14A, 0x14B, 0x14E, 0x14F, 0x156,
		0x157, 0x15C, 0x15D, 0x166, 0x167, 0x168, 0x169, 0x16C, 0x16D, 0x174,
		0x175, 0x176, 0x177:
		return true
	}
	return false
}
