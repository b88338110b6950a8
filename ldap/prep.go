package ldap

// unicode32_table.go comes from the Unicode 3.2.0 character database
// (pinned in internal/gen/unicode32/data), the version RFC 3454 and
// RFC 4518 are bound to (Go carries no Unicode 3.2 data):
//go:generate go run ./internal/gen/unicode32 -o unicode32_table.go
//
// fold_table.go holds Unicode's full case folding as golang.org/x/text/cases
// gives it, written out as static data so that no case-mapping tables are
// initialised at start:
//go:generate go run ./internal/gen/fold -o fold_table.go

import (
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// prepSpace selects the RFC 4518 sec 2.6 insignificant character handling.
type prepSpace uint8

const (
	spaceValue     prepSpace = iota // attribute value or whole assertion value (sec 2.6.1)
	spaceInitial                    // initial substring
	spaceAny                        // any substring
	spaceFinal                      // final substring
	spaceNumeric                    // numericString: all spaces removed (sec 2.6.2)
	spaceTelephone                  // telephoneNumber: all spaces and hyphens removed (sec 2.6.3)
	spaceNone                       // no handling (exact octets after mapping and normalization)
)

var errProhibited = errors.New("prohibited character (RFC 4518 sec 2.4)")
var errNotUTF8 = errors.New("not valid UTF-8 (RFC 4518 sec 2.1)")

// foldString applies Unicode full case folding (CaseFolding.txt, statuses
// C and F, as golang.org/x/text/cases.Fold does) to each character of s;
// bytes that are not UTF-8 are kept. It returns s itself when nothing
// folds.
func foldString(s string) string {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				return foldFrom(s, i)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if _, ok := foldRune(r); ok {
			return foldFrom(s, i)
		}
		i += n
	}
	return s
}

// foldFrom folds s from byte i on; s[:i] folds to itself.
func foldFrom(s string, i int) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	b.WriteString(s[:i])
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b.WriteByte(c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if f, ok := foldRune(r); ok {
			b.WriteString(f)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// foldRune returns the full case folding of r and true, or false when r
// folds to itself.
func foldRune(r rune) (string, bool) {
	i, ok := slices.BinarySearch(foldKeys[:], r)
	if !ok {
		return "", false
	}
	return foldText[foldOff[i]:foldOff[i+1]], true
}

// PrepareString applies RFC 4518 string preparation for equality matching
// of an attribute value or assertion value: transcode (the input must be
// UTF-8), map (sec 2.2, with case folding when fold is true), normalize
// to NFKC (sec 2.3), prohibit (sec 2.4) and insignificant space handling
// (sec 2.6.1). It allocates.
func PrepareString(s string, fold bool) (string, error) { return prepare(s, fold, spaceValue) }

func prepare(s string, fold bool, sp prepSpace) (string, error) {
	if printableASCII(s) {
		// Fast path: printable ASCII maps to itself, is in NFKC and has
		// nothing prohibited; folding is ASCII lower-casing.
		if fold {
			s = lowerASCII(s)
		}
		return handleSpaces(s, sp), nil
	}
	if !utf8.ValidString(s) {
		return "", errNotUTF8
	}
	t, ascii := mapChars(s)
	if fold {
		t = fold32(t)
	}
	// sec 2.3 Normalize.
	if !ascii {
		t = norm.NFKC.String(t)
		if fold {
			// Table B.2 is closed under NFKC: fold again what NFKC produced.
			t = norm.NFKC.String(fold32(t))
		}
	}
	// sec 2.4 Prohibit.
	for _, r := range t {
		if isProhibited(r) {
			return "", errProhibited
		}
	}
	return handleSpaces(t, sp), nil
}

// mapChars is the Map step (RFC 4518 sec 2.2) without case folding:
// characters mapped to nothing are dropped, and the other spaces,
// separators and line ends become U+0020. ascii reports whether the
// result is ASCII.
func mapChars(s string) (t string, ascii bool) {
	var b strings.Builder
	ascii = true
	for _, r := range s {
		switch {
		case mappedToNothing(r):
			continue
		case r == 0x09 || r == 0x0A || r == 0x0B || r == 0x0C || r == 0x0D || r == 0x85:
			b.WriteByte(' ')
		case r != ' ' && (unicode.Is(unicode.Zs, r) || r == 0x2028 || r == 0x2029):
			b.WriteByte(' ')
		default:
			if r >= utf8.RuneSelf {
				ascii = false
			}
			b.WriteRune(r)
		}
	}
	return b.String(), ascii
}

// mappedToNothing reports the code points RFC 4518 sec 2.2 maps to
// nothing: soft hyphen, the variation selectors and the other
// characters the section lists, and the controls of isMappedControl.
func mappedToNothing(r rune) bool {
	return r == 0x00AD || r == 0x1806 || r == 0x034F || (r >= 0x180B && r <= 0x180D) || (r >= 0xFE00 && r <= 0xFE0F) ||
		r == 0xFFFC || r == 0x200B || isMappedControl(r)
}

// isMappedControl reports the control code points RFC 4518 sec 2.2 maps to nothing.
func isMappedControl(r rune) bool {
	switch {
	case r <= 0x08, r >= 0x0E && r <= 0x1F, r >= 0x7F && r <= 0x84, r >= 0x86 && r <= 0x9F,
		r == 0x06DD, r == 0x070F, r == 0x180E, r >= 0x200C && r <= 0x200F, r >= 0x202A && r <= 0x202E,
		r >= 0x2060 && r <= 0x2063, r >= 0x206A && r <= 0x206F, r == 0xFEFF, r >= 0xFFF9 && r <= 0xFFFB,
		r >= 0x1D173 && r <= 0x1D17A, r == 0xE0001, r >= 0xE0020 && r <= 0xE007F:
		return true
	}
	return false
}

// isProhibited: RFC 3454 tables C.3 (private use), C.4 (non-characters),
// C.5 (surrogates), C.8 (display properties) and U+FFFD.
func isProhibited(r rune) bool {
	switch {
	case r >= 0xE000 && r <= 0xF8FF, r >= 0xF0000 && r <= 0xFFFFD, r >= 0x100000 && r <= 0x10FFFD:
		return true
	case r >= 0xFDD0 && r <= 0xFDEF, r&0xFFFE == 0xFFFE:
		return true
	case r >= 0xD800 && r <= 0xDFFF:
		return true
	case r == 0x0340, r == 0x0341, r == 0x200E, r == 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x206A && r <= 0x206F:
		return true
	case r == 0xFFFD:
		return true
	}
	return false
}

// fold32 case folds the characters that Unicode 3.2 assigned (RFC 3454
// table B.2 covers only those) and keeps later ones as they are.
func fold32(s string) string {
	all := true
	for _, r := range s {
		if r >= utf8.RuneSelf && !unicode.Is(assigned32, r) {
			all = false
			break
		}
	}
	if all {
		return foldString(s)
	}
	var b strings.Builder
	start := 0
	for i, r := range s {
		if r >= utf8.RuneSelf && !unicode.Is(assigned32, r) {
			b.WriteString(foldString(s[start:i]))
			b.WriteRune(r)
			start = i + utf8.RuneLen(r)
		}
	}
	b.WriteString(foldString(s[start:]))
	return b.String()
}

// handleSpaces applies RFC 4518 sec 2.6. A space is U+0020 not followed
// by a combining mark.
func handleSpaces(s string, sp prepSpace) string {
	switch sp {
	case spaceNone:
		return s
	case spaceNumeric:
		return strings.ReplaceAll(s, " ", "")
	case spaceTelephone:
		return strings.Map(func(r rune) rune {
			switch r {
			case ' ', '-', 0x058A, 0x2010, 0x2011, 0x2212, 0xFE63, 0xFF0D:
				return -1
			}
			return r
		}, s)
	}
	words := splitSpaces(s)
	if len(words) == 0 {
		if sp == spaceValue {
			return "  "
		}
		return " "
	}
	var b strings.Builder
	leading := len(s) > 0 && isSpaceAt(s, 0)
	trailing := len(s) > 0 && s[len(s)-1] == ' '
	if sp == spaceValue || sp == spaceInitial || leading {
		b.WriteByte(' ')
	}
	for i, w := range words {
		if i > 0 {
			b.WriteString("  ")
		}
		b.WriteString(w)
	}
	if sp == spaceValue || sp == spaceFinal || trailing {
		b.WriteByte(' ')
	}
	return b.String()
}

func isSpaceAt(s string, i int) bool {
	if s[i] != ' ' {
		return false
	}
	if i+1 < len(s) {
		r, _ := utf8.DecodeRuneInString(s[i+1:])
		if unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) {
			return false
		}
	}
	return true
}

// splitSpaces splits s at runs of spaces (a space followed by a combining
// mark is not one).
func splitSpaces(s string) []string {
	var words []string
	start := -1
	for i := 0; i < len(s); i++ {
		if isSpaceAt(s, i) {
			if start >= 0 {
				words = append(words, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		words = append(words, s[start:])
	}
	return words
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7E {
			return false
		}
	}
	return true
}

// lowerASCII lower-cases ASCII letters, allocating only when needed.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
