package encoding

import (
	"slices"
	"testing"
)

// The ASCII characters are their own transliteration.
func TestTransliterationASCII(t *testing.T) {
	for r := rune(0); r < 0x80; r++ {
		if got, ok := Transliteration(r); !ok || got != string(r) {
			t.Errorf("Transliteration(%U) = %q, %v", r, got, ok)
		}
	}
}

// transliterations finds the non-ASCII alternatives of exactly the
// characters that have them, in glibc's order.
func TestTransliterationAlternatives(t *testing.T) {
	if len(translitAltKeys) < 50 {
		t.Fatalf("only %d characters with alternatives", len(translitAltKeys))
	}
	for i, k := range translitAltKeys {
		if i > 0 && k <= translitAltKeys[i-1] {
			t.Fatalf("translitAltKeys not sorted at %d", i)
		}
		r := rune(k)
		if alts, _, _ := transliterations(r); !slices.Equal(alts, translitAlts[i]) || len(alts) == 0 {
			t.Errorf("%U: alternatives %q, want %q", r, alts, translitAlts[i])
		}
		for _, n := range []rune{r - 1, r + 1} {
			if _, found := slices.BinarySearch(translitAltKeys[:], uint16(n)); found {
				continue
			}
			if alts, _, _ := transliterations(n); alts != nil {
				t.Errorf("%U: alternatives %q, want none", n, alts)
			}
		}
	}
	for _, tc := range []struct {
		r    rune
		want []string
	}{{'ǽ', []string{"æ"}}, {'Ǆ', []string{"DŽ"}}, {'é', nil}, {'€', nil}, {0x10000, nil}} {
		if alts, _, _ := transliterations(tc.r); !slices.Equal(alts, tc.want) {
			t.Errorf("%U: alternatives %q, want %q", tc.r, alts, tc.want)
		}
	}
}
