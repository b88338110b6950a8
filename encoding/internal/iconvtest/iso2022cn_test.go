package iconvtest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
	"github.com/ucskit/ucs/internal/testfiles"
)

// iso2022cnLines returns every pair 21–7E 21–7E of each set of the codec,
// on a line of its own after the set's designation and shift.
func iso2022cnLines(ext bool) [][]byte {
	prefixes := []string{"\x1b$)A\x0e", "\x1b$)G\x0e", "\x1b$*H\x1bN"}
	if ext {
		prefixes = append(prefixes, "\x1b$)E\x0e", "\x1b$+I\x1bO", "\x1b$+J\x1bO", "\x1b$+K\x1bO", "\x1b$+L\x1bO", "\x1b$+M\x1bO")
	}
	var lines [][]byte
	for _, p := range prefixes {
		for c1 := 0x21; c1 <= 0x7E; c1++ {
			for c2 := 0x21; c2 <= 0x7E; c2++ {
				l := append([]byte(p), byte(c1), byte(c2))
				if p[len(p)-1] == 0x0e {
					l = append(l, 0x0f)
				}
				lines = append(lines, l)
			}
		}
	}
	return lines
}

// iso2022cnKnown are the codes ucs decodes differently from glibc, with
// the reason.
var iso2022cnKnown = map[string]string{
	"\x1b$)A\x0e!$\x0f": "GB 2312 21 24: ucs uses GBK's (and WHATWG's) U+00B7, glibc U+30FB",
	"\x1b$)A\x0e!*\x0f": "GB 2312 21 2A: ucs uses GBK's (and WHATWG's) U+2014, glibc U+2015",
}

// TestISO2022CNSweep decodes every code of every set of ISO-2022-CN and
// ISO-2022-CN-EXT (GB 2312, CNS 11643 planes 1 and 2, and 3–7) with
// glibc's iconv and ucs, each on a line of its own: the same character,
// or an error in ucs where iconv -c has none (an empty line, or, after
// SS2, the two bytes iconv -c leaves as ASCII once it has skipped ESC N).
func TestISO2022CNSweep(t *testing.T) {
	iconvPath(t)
	for _, tc := range []struct {
		c     *encoding.Codec
		iconv string
		ext   bool
	}{{traditionalchinese.ISO2022CN, "ISO-2022-CN", false}, {traditionalchinese.ISO2022CNEXT, "ISO-2022-CN-EXT", true}} {
		seqs := iso2022cnLines(tc.ext)
		lines := iconvLines(t, tc.iconv, seqs)
		same, bad := 0, 0
		for i, s := range seqs {
			got, err := tc.c.AppendDecode(nil, s)
			if why, ok := iso2022cnKnown[string(s)]; ok {
				t.Logf("%s % X: ucs %s, iconv %s: %s", tc.iconv, s, runes(string(got)), runes(lines[i]), why)
				continue
			}
			if err != nil {
				bad++
				if lines[i] != "" && lines[i] != string(s[len(s)-2:]) {
					t.Errorf("%s % X: ucs: %v; iconv decodes it to %s", tc.iconv, s, err, runes(lines[i]))
				}
				continue
			}
			if string(got) != lines[i] {
				t.Errorf("%s % X: ucs %s, iconv %s", tc.iconv, s, runes(string(got)), runes(lines[i]))
				continue
			}
			same++
		}
		t.Logf("%s: %d codes, %d decode to the same character, %d are errors in ucs and not characters in iconv", tc.iconv, len(seqs), same, bad)
		min := 20960 // GB 2312, planes 1 and 2, less the two of iso2022cnKnown
		if tc.ext {
			min = 64552 // and ISO-IR-165, planes 3–7
		}
		if same < min {
			t.Errorf("%s: only %d codes decode", tc.iconv, same)
		}
	}
}

// TestISO2022CNEncode encodes every code point U+0080–U+3FFFF on a line
// of its own with glibc's iconv -c and ucs: the same bytes (the set, its
// designation and shifts), or none in both. glibc writes an SI after a
// character of plane 2 or of planes 3–7 although it never shifted out;
// that SI is left out of its line before comparing (see ISO2022CN). The
// characters written in ISO-IR-165 (ISO-2022-CN-EXT) are counted.
func TestISO2022CNEncode(t *testing.T) {
	iconvPath(t)
	var in bytes.Buffer
	var rs []rune
	for r := rune(0x80); r <= 0x3FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		rs = append(rs, r)
		in.WriteString(string(r))
		in.WriteByte('\n')
	}
	for _, tc := range []struct {
		c     *encoding.Codec
		iconv string
	}{{traditionalchinese.ISO2022CN, "ISO-2022-CN"}, {traditionalchinese.ISO2022CNEXT, "ISO-2022-CN-EXT"}} {
		out, _ := runIconv(t, "UTF-8", tc.iconv, in.Bytes(), true)
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(lines) != len(rs) {
			t.Fatalf("%s: iconv gave %d lines for %d code points", tc.iconv, len(lines), len(rs))
		}
		n, ir165 := 0, 0
		for i, r := range rs {
			want := lines[i]
			if strings.HasPrefix(want, "\x1b$*H\x1bN") || strings.HasPrefix(want, "\x1b$+") {
				want = strings.TrimSuffix(want, "\x0f")
			}
			got, err := tc.c.AppendEncode(nil, []byte(string(r)))
			if err != nil {
				got = nil
			}
			if string(got) != want {
				// glibc's iconv program sometimes writes an SO twice
				// where its output buffer fills: ask again for this
				// character alone.
				again, _ := runIconv(t, "UTF-8", tc.iconv, []byte(string(r)+"\n"), true)
				want = strings.TrimSuffix(string(again), "\n")
				if strings.HasPrefix(want, "\x1b$*H\x1bN") || strings.HasPrefix(want, "\x1b$+") {
					want = strings.TrimSuffix(want, "\x0f")
				}
			}
			switch {
			case r == 0xB7 || r == 0x2014 || r == 0x2015 || r == 0x30FB:
				// ucs's GB 2312 has U+00B7 and U+2014 at 21 24 and 21 2A
				// (see iso2022cnKnown), where glibc has U+30FB and U+2015;
				// each writes the others in CNS plane 1.
				t.Logf("%s %U: ucs % X, iconv % X", tc.iconv, r, got, want)
				continue
			case string(got) != want:
				t.Errorf("%s %U: ucs % X (%v), iconv % X", tc.iconv, r, got, err, want)
				continue
			case strings.HasPrefix(want, "\x1b$)E"):
				ir165++
			}
			if len(got) > 0 {
				n++
			}
		}
		t.Logf("%s: %d code points, %d encoded as iconv does, %d that glibc writes in ISO-IR-165, the others unmappable in both", tc.iconv, len(rs), n, ir165)
		if min := 16295; n < min || tc.c == traditionalchinese.ISO2022CNEXT && n < 51280 {
			t.Errorf("%s: only %d code points encoded", tc.iconv, n)
		}
	}
}

// TestISO2022CNReadsGlibc encodes the corpus's Chinese text with glibc's
// ISO-2022-CN (iconv -c, which leaves out what it cannot write) and
// decodes it with ucs: the text, less what glibc left out. glibc's output
// re-designates the SO set while shifted out, which glibc's own decoder
// misreads. (ISO-2022-CN-EXT is not checked this way: glibc writes the
// second of two plane 3 characters in a row without its SS3; see
// ISO2022CN.)
func TestISO2022CNReadsGlibc(t *testing.T) {
	iconvPath(t)
	text := testfiles.Corpus(t, "Chinese-Lipsum.utf8.txt")
	enc, _ := runIconv(t, "UTF-8", "ISO-2022-CN", text, true)
	got, err := traditionalchinese.ISO2022CN.AppendDecode(nil, enc)
	if err != nil {
		t.Fatal(err)
	}
	skipped, _ := traditionalchinese.ISO2022CN.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	want, err := traditionalchinese.ISO2022CN.AppendDecode(nil, skipped)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("glibc's ISO-2022-CN decodes differently from the text at byte %d", firstDiff(got, want))
	}
	if bytes.Count(enc, []byte("\x1b$)")) < 10 {
		t.Errorf("the text switches sets only %d times", bytes.Count(enc, []byte("\x1b$)")))
	}
}
