package width

import (
	"unicode/utf8"
	"unsafe"

	"github.com/rivo/uniseg"
	xwidth "golang.org/x/text/width"
)

// Options say how to measure. The zero value measures as most terminals
// do outside East Asian locales.
type Options struct {
	// AmbiguousWide counts East Asian Ambiguous characters (Greek and
	// Cyrillic letters, box drawing, some symbols) as 2 columns instead
	// of 1.
	AmbiguousWide bool
}

// clusterWidth adjusts the width uniseg gives a cluster for the options.
func (o Options) clusterWidth(first rune, w int) int {
	if o.AmbiguousWide && w == 1 && xwidth.LookupRune(first).Kind() == xwidth.EastAsianAmbiguous {
		return 2
	}
	return w
}

// simple reports whether s starts with a character that forms a grapheme
// cluster of its own whenever another such character follows, and gives
// its width and length. They are printable ASCII (1 column) and the CJK
// ideographs, kana, Hangul syllables and fullwidth forms below (2
// columns: East Asian Wide or Fullwidth): none is a Prepend, a Regional
// Indicator, an Extended_Pictographic, a Hangul jamo, an extending or
// spacing mark or ZWJ, so no rule of UAX #29 joins two of them, and none
// is Ambiguous.
func simple(s string) (w, n int, ok bool) {
	if c := s[0]; c < utf8.RuneSelf {
		return 1, 1, c >= 0x20 && c < 0x7F
	}
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r >= 0x4E00 && r <= 0x9FFF, // CJK Unified Ideographs
		r >= 0xAC00 && r <= 0xD7A3, // Hangul Syllables
		r >= 0x3041 && r <= 0x3096, // Hiragana letters
		r >= 0x30A1 && r <= 0x30FA, // Katakana letters
		r >= 0x3001 && r <= 0x3003, // ideographic comma, full stop, ditto
		r >= 0xFF01 && r <= 0xFF60: // fullwidth ASCII variants
		return 2, size, true
	}
	return 0, 0, false
}

// asciiRun returns how many leading bytes of s are printable ASCII
// characters each forming a cluster of one column: a run of printable
// ASCII but its last character, which a mark may still join.
func asciiRun(s string) int {
	k := 0
	for k+1 < len(s) && s[k] >= 0x20 && s[k] < 0x7F && s[k+1] >= 0x20 && s[k+1] < 0x7F {
		k++
	}
	return k
}

// first returns the length and width of the first grapheme cluster of the
// non-empty s, and the segmentation state for the rest.
func (o Options) first(s string, state int) (n, w, next int) {
	if w1, n1, ok := simple(s); ok && n1 < len(s) {
		if _, _, ok2 := simple(s[n1:]); ok2 {
			return n1, w1, -1
		}
	}
	c, _, w, st := uniseg.FirstGraphemeClusterInString(s, state)
	r, _ := utf8.DecodeRuneInString(c)
	return len(c), o.clusterWidth(r, w), st
}

// String returns the number of columns s takes. It does not allocate.
func (o Options) String(s string) int {
	cols, _ := o.prefix(s, true)
	return cols
}

// bytesString views b as a string without copying; the string must not
// outlive b's contents.
func bytesString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Bytes returns the number of columns the UTF-8 text b takes. It does not
// allocate.
func (o Options) Bytes(b []byte) int {
	cols, _ := o.prefix(bytesString(b), true)
	return cols
}

// Rune returns the number of columns r takes on its own: 0, 1 or 2.
func (o Options) Rune(r rune) int {
	var buf [utf8.UTFMax]byte
	return o.Bytes(utf8.AppendRune(buf[:0], r))
}

// Truncate returns the longest prefix of s that takes at most max columns
// and ends at a grapheme cluster boundary, and the columns it takes. It
// never splits a cluster: a wide character that would straddle the limit
// is left out whole. It does not allocate.
func (o Options) Truncate(s string, max int) (string, int) {
	cols, i, state := 0, 0, -1
	for i < len(s) {
		if k := min(asciiRun(s[i:]), max-cols); k > 0 {
			cols += k
			i += k
			state = -1
			continue
		}
		n, w, next := o.first(s[i:], state)
		if cols+w > max {
			break
		}
		cols += w
		i += n
		state = next
	}
	return s[:i], cols
}

// Cluster is one grapheme cluster of a text and its width.
type Cluster struct {
	Text  string
	Width int
}

// Clusters calls yield for each grapheme cluster of s with its width, in
// order, until yield returns false. It does not allocate.
func (o Options) Clusters(s string, yield func(Cluster) bool) {
	state := -1
	for len(s) > 0 {
		n, w, next := o.first(s, state)
		if !yield(Cluster{s[:n], w}) {
			return
		}
		s, state = s[n:], next
	}
}

// Prefix measures the grapheme clusters at the start of the UTF-8 text b
// that are known to be complete: all of them when atEOF, else all but the
// last, which more text could still extend. It returns their columns and
// their length in bytes, so that a streaming reader measures b[:n] and
// keeps b[n:] for later. It does not allocate.
func (o Options) Prefix(b []byte, atEOF bool) (cols, n int) {
	return o.prefix(bytesString(b), atEOF)
}

func (o Options) prefix(s string, atEOF bool) (cols, i int) {
	state := -1
	for i < len(s) {
		if k := asciiRun(s[i:]); k > 0 {
			cols += k
			i += k
			state = -1
			continue
		}
		n, w, next := o.first(s[i:], state)
		if i+n == len(s) && !atEOF {
			break
		}
		cols += w
		i += n
		state = next
	}
	return cols, i
}

// LastBoundary returns the offset in the UTF-8 text b of the start of its
// last grapheme cluster: a streaming reader may measure b[:LastBoundary(b)]
// and keep the rest, since more text could still join that cluster. It
// returns 0 when b is one cluster (or empty).
func LastBoundary(b []byte) int {
	_, n := Options{}.prefix(bytesString(b), false)
	return n
}

// String returns the number of columns s takes with the default options.
func String(s string) int { return Options{}.String(s) }

// Rune returns the number of columns r takes on its own with the default
// options.
func Rune(r rune) int { return Options{}.Rune(r) }

// Truncate cuts s to at most max columns with the default options; see
// Options.Truncate.
func Truncate(s string, max int) (string, int) { return Options{}.Truncate(s, max) }
