package iconvtest

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/japanese"
)

// jpxCodecs are ISO-2022-JP-2 and -3, glibc's names for them, and the
// designations of their G0 sets with the bytes each set's codes have (1
// or 2), and for -2 the G2 sets.
var jpxCodecs = []struct {
	codec *encoding.Codec
	iconv string
	sets  []struct {
		esc string
		n   int
	}
}{
	{japanese.ISO2022JP2, "ISO-2022-JP-2", []struct {
		esc string
		n   int
	}{{"\x1b(B", 1}, {"\x1b(J", 1}, {"\x1b(I", 1}, {"\x1b$@", 2}, {"\x1b$B", 2}, {"\x1b$A", 2},
		{"\x1b$(C", 2}, {"\x1b$(D", 2}, {"\x1b.A\x1bN", 1}, {"\x1b.F\x1bN", 1}}},
	{japanese.ISO2022JP3, "ISO-2022-JP-3", []struct {
		esc string
		n   int
	}{{"\x1b(B", 1}, {"\x1b(J", 1}, {"\x1b(I", 1}, {"\x1b$@", 2}, {"\x1b$B", 2},
		{"\x1b$(O", 2}, {"\x1b$(Q", 2}, {"\x1b$(P", 2}}},
}

// TestISO2022JPXSweep decodes, after each designation of ISO-2022-JP-2
// and -3, every byte 00–FF but the newline and every two bytes 21–7E
// 21–7E (and, for the one-byte sets, 20–7F), each on a line of its own
// that ends with ESC ( B, with iconv and ucs. Every line ucs decodes must
// be iconv's; where ucs reports an error iconv must have found none of
// the characters either (its line is empty, or iconv -c read the rest of
// the code on its own), or the line is one of glibc's lenient readings
// that the codec's doc lists (bytes 80–FF, SO and SI).
func TestISO2022JPXSweep(t *testing.T) {
	iconvPath(t)
	for _, c := range jpxCodecs {
		t.Run(c.iconv, func(t *testing.T) {
			var lines, tails [][]byte
			for _, s := range c.sets {
				var codes [][]byte
				for b := 0; b < 0x100; b++ {
					if b != '\n' && b != 0x1B {
						codes = append(codes, []byte{byte(b)})
					}
				}
				if s.n == 2 {
					for b1 := 0x21; b1 <= 0x7E; b1++ {
						for b2 := 0x21; b2 <= 0x7E; b2++ {
							codes = append(codes, []byte{byte(b1), byte(b2)})
						}
					}
				}
				for _, code := range codes {
					lines = append(lines, []byte(s.esc+string(code)+"\x1b(B"))
					tails = append(tails, []byte(s.esc+string(code[1:])+"\x1b(B"))
				}
			}
			got := iconvLines(t, c.iconv, lines)
			gotTails := iconvLines(t, c.iconv, tails)
			same, chars, rejected := 0, 0, 0
			for i, l := range lines {
				u, err := c.codec.AppendDecode(nil, l)
				if err != nil {
					rejected++
					if got[i] != "" && got[i] != gotTails[i] && !lenient(l) {
						t.Errorf("%q: ucs: %v; iconv decodes it to %s", l, err, runes(got[i]))
					}
					continue
				}
				if string(u) != got[i] {
					t.Errorf("%q: ucs %s, iconv %s", l, runes(string(u)), runes(got[i]))
					continue
				}
				same++
				if strings.ContainsFunc(string(u), func(r rune) bool { return r > 0x7F }) {
					chars++
				}
			}
			t.Logf("%d lines: %d decode as iconv does (%d with characters outside ASCII), %d rejected by ucs", len(lines), same, chars, rejected)
			if chars < 20000 {
				t.Fatalf("only %d lines decode to characters outside ASCII", chars)
			}
		})
	}
}

// lenient reports whether a line holds what glibc passes through and ucs
// rejects: bytes 80–FF, SO, SI, and ESC N followed by a byte outside
// 20–7F (glibc reads it as a C1 control or as the byte itself).
func lenient(l []byte) bool {
	for i, b := range l {
		if b >= 0x80 || b == 0x0E || b == 0x0F {
			return true
		}
		if b == 'N' && i > 0 && l[i-1] == 0x1B && i+1 < len(l) && (l[i+1] < 0x20 || l[i+1] > 0x7F) {
			return true
		}
	}
	return false
}

// TestISO2022JPXEncode encodes every code point U+0001–U+2FFFF but the
// newline and the C1 controls on a line of its own with iconv -c and
// ucs: the same bytes (the same choice of set), or none in both.
func TestISO2022JPXEncode(t *testing.T) {
	iconvPath(t)
	var in bytes.Buffer
	var rs []rune
	for r := rune(1); r <= 0x2FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF || r == '\n' || r >= 0x80 && r <= 0x9F {
			continue
		}
		rs = append(rs, r)
		in.WriteString(string(r))
		in.WriteByte('\n')
	}
	for _, c := range jpxCodecs {
		// glibc writes the C1 controls as ESC . A ESC N 00–1F, which is
		// not ISO 2022; they are unmappable in ucs.
		for r := rune(0x80); r <= 0x9F; r++ {
			if _, err := c.codec.AppendEncode(nil, []byte(string(r))); err == nil {
				t.Errorf("%s: %U encoded", c.iconv, r)
			}
		}
		t.Run(c.iconv, func(t *testing.T) {
			out, _ := runIconv(t, "UTF-8", c.iconv, in.Bytes(), true)
			lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			if len(lines) != len(rs) {
				t.Fatalf("iconv gave %d lines for %d code points", len(lines), len(rs))
			}
			n := 0
			for i, r := range rs {
				got, err := c.codec.AppendEncode(nil, []byte(string(r)))
				if err != nil {
					got = nil
				}
				if !bytes.Equal(got, []byte(lines[i])) {
					if r == 0x0E || r == 0x0F || r == 0x1B {
						continue // unmappable in ucs, see the codec's doc
					}
					t.Errorf("%U: ucs %q (%v), iconv %q", r, got, err, lines[i])
					continue
				}
				if len(got) > 0 {
					n++
				}
			}
			t.Logf("%d code points: %d encoded as iconv does, the others unmappable in both", len(rs), n)
			if n < 11000 {
				t.Fatalf("only %d code points encoded", n)
			}
		})
	}
}

// TestISO2022JPXText encodes random texts (kana, kanji, characters only
// GB 2312, KS C 5601, JIS X 0212 or JIS X 0213 have, Latin-1 and Greek,
// ¥ and ‾, half-width katakana, combining sequences, ASCII, newlines and,
// for -2, language tags) with iconv and ucs: the same bytes, so the
// encoder's choice of sets and escapes follows glibc's in context too;
// and decodes iconv's output back. The tilde is left out: glibc writes
// it as 22 37 (the code of U+FF5E) while JIS X 0212 is in G0, which ucs
// does not (TestISO2022JP2Tilde).
func TestISO2022JPXText(t *testing.T) {
	iconvPath(t)
	pool := []string{"あ", "亜", "中", "们", "한", "丂", "①", "é", "€", "·", "Ω", "ά", "Ё", "¥", "‾", "ｱ", "a", "\\", " ",
		"\n", "𠂉", "俱", "か", "か゚", "æ", "æ̀", "˩˥", "˩", "ā", "À", "×", "°", "♪", "～", "〜", "Ā", "‘", "―", "’"}
	tags := []string{"\U000E0001\U000E006B\U000E006F", "\U000E0001\U000E007A\U000E0068", "\U000E0001\U000E006A\U000E0061",
		"\U000E0001\U000E0065\U000E006E", "\U000E007F"}
	for seed := range uint64(24) {
		rng := rand.New(rand.NewPCG(17, seed))
		testJPXText(t, rng, pool, tags)
	}
}

func testJPXText(t *testing.T, rng *rand.Rand, pool, tags []string) {
	for _, c := range jpxCodecs {
		t.Run(c.iconv, func(t *testing.T) {
			// Only what both can encode: ucs leaves JIS X 0208 before
			// reporting a character it cannot encode, glibc -c does not.
			var pool2 []string
			for _, p := range pool {
				if _, err := c.codec.AppendEncode(nil, []byte(p)); err == nil {
					pool2 = append(pool2, p)
				}
			}
			var text strings.Builder
			for range 4000 {
				if c.codec == japanese.ISO2022JP2 && rng.IntN(40) == 0 {
					text.WriteString(tags[rng.IntN(len(tags))])
				}
				text.WriteString(pool2[rng.IntN(len(pool2))])
			}
			src := []byte(text.String())
			want, _ := runIconv(t, "UTF-8", c.iconv, src, true)
			got, err := c.codec.WithPolicy(encoding.Skip).AppendEncode(nil, src)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				i := firstDiff(got, want)
				lo := max(0, i-40)
				t.Fatalf("encoded differently from byte %d: ucs %q…, iconv %q…", i, got[lo:min(len(got), i+40)], want[lo:min(len(want), i+40)])
			}
			back, err := c.codec.AppendDecode(nil, want)
			if err != nil {
				t.Fatal(err)
			}
			glibc, _ := runIconv(t, c.iconv, "UTF-8", want, false)
			if !bytes.Equal(back, glibc) {
				i := firstDiff(back, glibc)
				t.Fatalf("decoded differently from byte %d", i)
			}
			t.Logf("%d bytes of text, %d encoded, the same in both", len(src), len(got))
		})
	}
}

// TestISO2022JP2Tilde pins the one difference of choice from glibc: after
// a character of JIS X 0212, glibc writes "~" as 22 37 of JIS X 0212,
// which decodes to U+FF5E FULLWIDTH TILDE; ucs returns to ASCII, so that
// the text comes back unchanged.
func TestISO2022JP2Tilde(t *testing.T) {
	iconvPath(t)
	want, _ := runIconv(t, "UTF-8", "ISO-2022-JP-2", []byte("丂~"), false)
	if string(want) != "\x1b$(D0!\"7\x1b(B" {
		t.Logf("glibc now writes %q", want)
	}
	got, err := japanese.ISO2022JP2.AppendEncode(nil, []byte("丂~"))
	if err != nil || string(got) != "\x1b$(D0!\x1b(B~" {
		t.Fatalf("ucs %q, %v", got, err)
	}
}
