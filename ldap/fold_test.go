package ldap

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/cases"
)

// foldString folds every character as golang.org/x/text/cases.Fold does,
// the folding it replaced: each code point alone, then strings of mixed
// characters and stray bytes.
func TestFoldStringMatchesXTextCases(t *testing.T) {
	c := cases.Fold()
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		s := string(r)
		if got, want := foldString(s), c.String(s); got != want {
			t.Fatalf("foldString(%U) = %q, cases.Fold %q", r, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(4518, 2))
	pick := []rune{'A', 'z', ' ', 'ß', 'İ', 'Σ', 'ς', 'K', 'ﬃ', 'Ǆ', 'ǅ', 'Ꭰ', 'ꭰ', '𐐀', '𞤀', 'é', 'É', '中', 0x345, 0x1E9E}
	for round := 0; round < 20000; round++ {
		var b strings.Builder
		for range rng.IntN(12) {
			switch rng.IntN(8) {
			case 0:
				b.WriteRune(rune(rng.IntN(0x10000)))
			case 1:
				b.WriteByte(byte(0x80 + rng.IntN(0x80))) // a stray byte
			default:
				b.WriteRune(pick[rng.IntN(len(pick))])
			}
		}
		s := b.String()
		if got, want := foldString(s), c.String(s); got != want {
			t.Fatalf("foldString(%q) = %q, cases.Fold %q", s, got, want)
		}
	}
}

// A string with nothing to fold is returned as it is, without a copy.
func TestFoldStringUnchanged(t *testing.T) {
	s := "already folded: strasse σ é 中文"
	if n := testing.AllocsPerRun(10, func() { _ = foldString(s) }); n != 0 {
		t.Errorf("foldString of folded text: %v allocations", n)
	}
}
