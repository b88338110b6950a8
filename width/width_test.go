package width

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

func TestString(t *testing.T) {
	for _, c := range []struct {
		s       string
		narrow  int
		ambWide int
	}{
		{"", 0, 0},
		{"abc", 3, 3},
		{"汉字", 4, 4},           // Wide
		{"ＡＢ", 4, 4},           // Fullwidth
		{"ｱｲ", 2, 2},           // Halfwidth katakana
		{"e\u0301", 1, 1},      // combining acute: one cluster
		{"\u0301", 0, 0},       // a lone combining mark
		{"a\u200Bb", 2, 2},     // ZERO WIDTH SPACE
		{"\uFEFFx", 1, 1},      // BOM
		{"\U0001F600", 2, 2},   // emoji presentation
		{"\u263A", 1, 1},       // text presentation by default
		{"\u263A\uFE0F", 2, 2}, // ... with VS16
		{"\U0001F468\u200D\U0001F469\u200D\U0001F467", 2, 2}, // ZWJ family
		{"\U0001F1EC\U0001F1E7", 2, 2},                       // flag
		{"αβγ", 3, 6},                                        // Greek is East Asian Ambiguous
		{"─│", 2, 4},                                         // box drawing: Ambiguous
		{"\x1b", 0, 0},                                       // control
		{"한국어", 6, 6},                                        // Hangul syllables
		{"\u1100\u1161\u11A8", 2, 2},                         // conjoining jamo: one cluster
	} {
		if got := String(c.s); got != c.narrow {
			t.Errorf("String(%+q) = %d, want %d", c.s, got, c.narrow)
		}
		if got := (Options{AmbiguousWide: true}).String(c.s); got != c.ambWide {
			t.Errorf("AmbiguousWide String(%+q) = %d, want %d", c.s, got, c.ambWide)
		}
		if got := (Options{}).Bytes([]byte(c.s)); got != c.narrow {
			t.Errorf("Bytes(%+q) = %d, want %d", c.s, got, c.narrow)
		}
	}
}

func TestRune(t *testing.T) {
	for r, want := range map[rune]int{'a': 1, '汉': 2, '\u0300': 0, 0: 0, '\U0001F600': 2, 'é': 1, '\u3000': 2} {
		if got := Rune(r); got != want {
			t.Errorf("Rune(%U) = %d, want %d", r, got, want)
		}
	}
}

func TestTruncate(t *testing.T) {
	for _, c := range []struct {
		s    string
		max  int
		want string
		w    int
	}{
		{"hello", 3, "hel", 3},
		{"汉字", 3, "汉", 2}, // the second wide character would straddle
		{"汉字", 1, "", 0},
		{"e\u0301e\u0301", 1, "e\u0301", 1},
		{"a\U0001F468\u200D\U0001F469b", 2, "a", 1},
		{"a\U0001F468\u200D\U0001F469b", 3, "a\U0001F468\u200D\U0001F469", 3},
		{"abc", 0, "", 0},
		{"abc", 10, "abc", 3},
		{"a\u0301", 0, "", 0},
	} {
		got, w := Truncate(c.s, c.max)
		if got != c.want || w != c.w {
			t.Errorf("Truncate(%+q, %d) = %+q, %d; want %+q, %d", c.s, c.max, got, w, c.want, c.w)
		}
	}
}

func TestLastBoundary(t *testing.T) {
	for s, want := range map[string]int{"": 0, "a": 0, "ab": 1, "ae\u0301": 1, "a\U0001F468\u200D": 1, "汉字": 3, "abcd": 3, "abce\u0301": 3, "\u0600ab": 3} {
		if got := LastBoundary([]byte(s)); got != want {
			t.Errorf("LastBoundary(%+q) = %d, want %d", s, got, want)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	s := strings.Repeat("汉字 e\u0301 \U0001F600 ", 10)
	if n := testing.AllocsPerRun(100, func() { String(s); Truncate(s, 17) }); n != 0 {
		t.Errorf("%v allocations per run", n)
	}
}

func FuzzTruncate(f *testing.F) {
	f.Add("汉字e\u0301\U0001F600", 3, false)
	f.Add("\xff\xfe abc", 2, true)
	f.Add("汉字한국어ひらがなカタカナ，。\u3099a\u0301", 7, false)
	f.Add("\u0600汉\U0001F1EC\U0001F1E7한\u11A8", 3, true)
	f.Fuzz(func(t *testing.T, s string, max int, amb bool) {
		if max < 0 || max > 1000 {
			return
		}
		o := Options{AmbiguousWide: amb}
		total := o.String(s)
		if !amb && total != uniseg.StringWidth(s) {
			t.Fatalf("String(%+q) = %d, the library says %d", s, total, uniseg.StringWidth(s))
		}
		if total != o.Bytes([]byte(s)) {
			t.Fatalf("String and Bytes disagree on %+q", s)
		}
		sum := 0
		var ours []string
		o.Clusters(s, func(c Cluster) bool { sum += c.Width; ours = append(ours, c.Text); return true })
		// The clusters are the library's, fast paths or not.
		var theirs []string
		for rest, state := s, -1; len(rest) > 0; {
			var c string
			c, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
			theirs = append(theirs, c)
		}
		if strings.Join(ours, "|") != strings.Join(theirs, "|") || len(ours) != len(theirs) {
			t.Fatalf("clusters of %+q: %q, the library's %q", s, ours, theirs)
		}
		if sum != total {
			t.Fatalf("clusters sum to %d, String says %d", sum, total)
		}
		p, w := o.Truncate(s, max)
		if !strings.HasPrefix(s, p) || w > max || w != o.String(p) {
			t.Fatalf("Truncate(%+q, %d) = %+q, %d", s, max, p, w)
		}
		if utf8.ValidString(s) && !utf8.ValidString(p) {
			t.Fatalf("Truncate split a character: %+q", p)
		}
		if w < max && p != s && o.String(s[:len(p)]) == w {
			// Either everything fits or the next cluster does not.
			rest := s[len(p):]
			var next Cluster
			o.Clusters(rest, func(c Cluster) bool { next = c; return false })
			if w+next.Width <= max && next.Width > 0 {
				t.Fatalf("Truncate(%+q, %d) stopped early at %d before %+q", s, max, w, next.Text)
			}
		}
	})
}

func TestPrefix(t *testing.T) {
	for _, c := range []struct {
		s         string
		eof       bool
		cols, len int
	}{
		{"abc", false, 2, 2},
		{"abc", true, 3, 3},
		{"汉字", false, 2, 3},
		{"ae\u0301", false, 1, 1},
		{"a\r", false, 1, 1},
		{"", false, 0, 0},
	} {
		cols, n := Options{}.Prefix([]byte(c.s), c.eof)
		if cols != c.cols || n != c.len {
			t.Errorf("Prefix(%+q, %v) = %d, %d; want %d, %d", c.s, c.eof, cols, n, c.cols, c.len)
		}
	}
}
