package detect

import (
	"testing"
	"unicode"
)

// TestScriptOfRanges checks scriptOfSlow, which reads scriptRanges, against
// the switch it replaced (scriptOfSwitch, kept here as the reference), for
// every code point.
func TestScriptOfRanges(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, want := scriptOfSlow(r), scriptOfSwitch(r); got != want {
			t.Fatalf("scriptOfSlow(%U) = %d, want %d", r, got, want)
		}
	}
}

// scriptOfSwitch is scriptOfSlow as a switch, the form it had before the
// table.
func scriptOfSwitch(r rune) int {
	switch {
	case r < 0x80 || (r >= 0x2000 && r < 0x2070) || (r >= 0x3000 && r < 0x3040) || (r >= 0xFF00 && r < 0xFFF0) || r == 0xA0:
		return 0
	case !unicode.IsLetter(r) && !unicode.IsMark(r):
		return 0 // symbols, punctuation, digits of any block
	case r < 0x250 || (r >= 0x1E00 && r < 0x1F00):
		return 1 // Latin
	case r >= 0x370 && r < 0x400:
		return 2
	case r >= 0x400 && r < 0x530:
		return 3
	case r >= 0x530 && r < 0x590:
		return 4
	case r >= 0x590 && r < 0x600:
		return 5
	case (r >= 0x600 && r < 0x780) || (r >= 0xFB50 && r < 0xFF00):
		return 6
	case r >= 0x900 && r < 0xE00:
		return 7
	case r >= 0xE00 && r < 0xE80:
		return 8
	case r >= 0x10A0 && r < 0x1100:
		return 9
	case (r >= 0x3040 && r < 0x3100) || (r >= 0x31F0 && r < 0x3200):
		return 10 // kana: counts with Han
	case (r >= 0x3400 && r < 0xA000) || (r >= 0xF900 && r < 0xFB00) || r >= 0x20000:
		return 10
	case (r >= 0xAC00 && r < 0xD7A4) || (r >= 0x1100 && r < 0x1200) || (r >= 0x3130 && r < 0x3190):
		return 11
	}
	return 12
}
