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
// CJK) cost more than the characters such text decodes to.
func runeCost(t *tables, r rune) (cost int, script int) {
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
	case r < 0x100:
		return 5, scLatin
	case r < 0x180:
		if latinExtARare(r) {
			return 25, scLatin
		}
		if r == 0x149 { // ŉ, deprecated
			return 40, scLatin
		}
		if r == 0x17F { // ſ, long s: not written since the 19th century
			return 60, scLatin
		}
		if r == 0x152 || r == 0x153 { // Œ, œ: mojibake's continuation more than French letters
			return 10, scLatin
		}
		return 5, scLatin
	case r < 0x250:
		if r >= 0x1C4 && r <= 0x1CC || r >= 0x1F1 && r <= 0x1F3 { // digraphs
			return 30, scLatin
		}
		if r >= 0x218 && r <= 0x21B { // Romanian comma-below letters
			return 10, scLatin
		}
		return 30, scLatin
	case r < 0x2B0:
		return 60, scLatin // IPA
	case r < 0x300:
		return 40, scNone // spacing modifiers
	case r < 0x370:
		return 20, scNone // combining marks
	case r < 0x400:
		if r >= 0x391 && r <= 0x3C9 {
			return 5, scGreek
		}
		if r >= 0x386 && r <= 0x3CE {
			return 10, scGreek
		}
		return 40, scGreek
	case r < 0x500:
		if r >= 0x410 && r <= 0x44F || r == 0x401 || r == 0x451 {
			return 5, scCyrillic
		}
		if r >= 0x400 && r <= 0x45F {
			return 15, scCyrillic
		}
		return 35, scCyrillic
	case r < 0x530:
		return 50, scCyrillic
	case r < 0x590:
		return 35, scArmenian
	case r < 0x600:
		if r >= 0x5D0 && r <= 0x5EA {
			return 5, scHebrew
		}
		return 40, scHebrew
	case r < 0x700:
		if r >= 0x621 && r <= 0x64A || r >= 0x660 && r <= 0x669 || r == 0x60C || r == 0x61F {
			return 5, scArabic
		}
		return 30, scArabic
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
	case r < 0x2000:
		return 30, scGreek
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
	case r < 0x2600:
		return 20, scNone // blocks, shapes
	case r < 0x27C0:
		return 20, scNone // symbols, dingbats
	case r < 0x3000:
		return 35, scNone
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
	total := 0
	prevScript, prevLower, prevLetter := scNone, false, false
	prevASCII := true
	prevSymbolInWord := false
	prevUpper, prevUpper2 := false, false
	prevSymbol := false
	lone := scNone // script of a letter of a rarely mixed script not yet followed by its like
	loneA := 0     // 1: Ã or Â after a non-letter; 2: and a space after it
	for _, r := range s {
		switch {
		case loneA == 1 && (r == ' ' || r == 0xA0):
			loneA = 2
		case loneA == 2 && (r == ' ' || r == 0xA0 || r >= 'a' && r <= 'z'):
			// "Ã " standing alone before a small letter: no language has
			// that word (but "C O N C L U S Ã O" spells one out)
			total += 20
			loneA = 0
		default:
			loneA = 0
		}
		if (r == 0xC3 || r == 0xC2) && !prevLetter {
			loneA = 1
		}
		cl := classOf(t, r)
		c, sc := int(cl&0xFF), int(cl>>8&0xF)
		isMark := cl&clMark != 0
		total += c
		letter := sc != scNone
		ascii := r < 0x80
		if letter {
			upper := cl&clUpper != 0
			if prevLetter {
				if prevScript != sc {
					if prevScript == scGreek || sc == scGreek {
						total += 10 // Greek letters in Latin names of science
					} else {
						total += 20
					}
				}
				if prevUpper2 && prevUpper && cl&clLower != 0 && !ascii {
					total += 30 // "DATà": a small letter ending a word in capitals
				}
				if prevLower && upper && !(ascii && prevASCII) {
					total += 30
				}
			}
			if prevSymbolInWord {
				total += 20
			}
			prevLower = cl&clLower != 0
			prevUpper2, prevUpper = prevUpper, upper
			prevSymbolInWord = false
			prevSymbol = false
		} else {
			if prevLetter && !ascii && !isMark && r != 0x2019 {
				// an accented letter right before a non-ASCII symbol:
				// the shape of Ã©, Ã™, â€
				switch {
				case r == '™' || r == '®' || r == 0xA0:
					total += 5
				case r >= 0x2500 && r < 0x2580:
					total += 20 // box drawing right after a letter: "propos├®"
				case prevASCII:
					total += 10
				default:
					total += 20
				}
			}
			if prevSymbol && !ascii && c >= 10 {
				total += 10 // two non-ASCII symbols in a row
			}
			prevSymbolInWord = prevLetter && !ascii && c >= 10 && !isMark
			prevSymbol = !ascii && c >= 10 && !isMark
			prevUpper, prevUpper2 = false, false
			if isMark && prevLetter {
				// a combining mark continues the word
				prevASCII = ascii
				continue
			}
		}
		if sc == scHebrew || sc == scArabic || sc == scArmenian || sc == scOther {
			if !prevLetter || prevScript != sc {
				lone = sc
			} else {
				lone = scNone
			}
		} else if lone != scNone {
			if !letter || sc != lone {
				total += 25 // a letter of its script standing alone
			}
			lone = scNone
		}
		prevScript, prevLetter, prevASCII = sc, letter, ascii
	}
	if lone != scNone {
		total += 25
	}
	return total
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
