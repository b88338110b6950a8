package japanese

import (
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

func TestISO2022JP2Harness(t *testing.T) {
	enctest.TestPairs(t, ISO2022JP2, []enctest.Pair{
		{Name: "kanji", Encoded: []byte("a\x1b$B0!\x1b(B"), Text: "a亜"},
		{Name: "roman", Encoded: []byte("\x1b(J\\a\x1b(B \\"), Text: "¥a \\"},
		{Name: "JIS X 0212", Encoded: []byte("\x1b$(D0!+1\x1b(B"), Text: "丂é"},
		{Name: "GB 2312 and KS C 5601", Encoded: []byte("\x1b$ACG\x1b$(CGQ\x1b(B"), Text: "们한"},
		{Name: "G2", Encoded: []byte("\x1b.A\x1bN7\x1b.F\x1bN$\x1bNY"), Text: "·€Ω"},
		{Name: "G2 after a line feed", Encoded: []byte("\x1b.F\x1bN$\n\x1b.F\x1bN$"), Text: "€\n€"},
		{Name: "stays in G0", Encoded: []byte("\x1b$(CGQ%X*\"\x1b(B"), Text: "한Ωあ"},
		{Name: "katakana", Encoded: []byte("\x1b(I1\x1b(B"), Text: "ｱ"},
	}, true)
	enctest.TestPairs(t, ISO2022JP2, []enctest.Pair{
		{Name: "ESC $ @", Encoded: []byte("\x1b$@0!\x1b(B"), Text: "亜"},
		{Name: "controls in G0 sets", Encoded: []byte("\x1b$B0!\n0! \x7f\x1b(I1\r"), Text: "亜\n亜 \x7fｱ\r"},
		{Name: "G2 kept after a line feed", Encoded: []byte("\x1b.A\x1bNi\n\x1bNi"), Text: "é\né"},
	}, false)
	enctest.TestMalformed(t, ISO2022JP2, []enctest.Malformed{
		{Name: "unknown escape", Input: []byte("\x1b$Pa"), Replace: "\uFFFD$Pa", Offset: 0, Kind: encoding.InvalidEscape},
		{Name: "ESC N without G2", Input: []byte("\x1bNi"), Replace: "\uFFFDNi", Offset: 0, Kind: encoding.InvalidEscape},
		{Name: "ESC N control", Input: []byte("\x1b.A\x1bN\n"), Replace: "\uFFFDN\n", Offset: 3, Kind: encoding.InvalidEscape},
		{Name: "empty G2 cell", Input: []byte("\x1b.F\x1bN\x7f"), Replace: "\uFFFD", Offset: 3, Kind: encoding.InvalidSequence},
		{Name: "8-bit", Input: []byte("a\x80"), Replace: "a\uFFFD", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "SO", Input: []byte("a\x0eb"), Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "empty cell", Input: []byte("\x1b$B\x7e\x7e"), Replace: "\uFFFD", Offset: 3, Kind: encoding.InvalidSequence},
		{Name: "control trail", Input: []byte("\x1b$B0\n"), Replace: "\uFFFD\n", Offset: 3, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("\x1b$(C0"), Replace: "\uFFFD", Offset: 4, Kind: encoding.Truncated},
		{Name: "katakana 60", Input: []byte("\x1b(I`"), Replace: "\uFFFD", Offset: 3, Kind: encoding.InvalidByte},
	})
}

func TestISO2022JP3Harness(t *testing.T) {
	enctest.TestPairs(t, ISO2022JP3, []enctest.Pair{
		{Name: "JIS X 0208", Encoded: []byte("a\x1b$B0!$+\x1b(B"), Text: "a亜か"},
		{Name: "plane 1", Encoded: []byte("\x1b$(O-!0!\x1b(B"), Text: "①亜"},
		{Name: "2004 addition", Encoded: []byte("\x1b$(Q.!\x1b(B"), Text: "俱"},
		{Name: "plane 2", Encoded: []byte("\x1b$(P!!\x1b$B0!\x1b(B"), Text: "𠂉亜"},
		{Name: "pair", Encoded: []byte("\x1b$B0!\x1b$(O$w$+\x1b(B"), Text: "亜か\u309Aか"},
		{Name: "roman and katakana", Encoded: []byte("\x1b(J\\\x1b(I1\x1b(B"), Text: "¥ｱ"},
	}, true)
	enctest.TestMalformed(t, ISO2022JP3, []enctest.Malformed{
		{Name: "JIS X 0212 is not in it", Input: []byte("\x1b$(D0!"), Replace: "\uFFFD$(D0!", Offset: 0, Kind: encoding.InvalidEscape},
		{Name: "not in JIS X 0208", Input: []byte("\x1b$B$w"), Replace: "\uFFFD", Offset: 3, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("\x1b$(P!"), Replace: "\uFFFD", Offset: 4, Kind: encoding.Truncated},
		{Name: "cut escape", Input: []byte("\x1b$("), Replace: "\uFFFD$(", Offset: 0, Kind: encoding.InvalidEscape},
	})
}

// TestISO2022JP2Tags checks that language tags write nothing and choose
// the order of the sets: after "ko", 中 is KS C 5601's, and the set in G0
// is no longer preferred; a cancel tag returns to the default.
func TestISO2022JP2Tags(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"\U000E0001\U000E006B\U000E006F中", "\x1b$(Cqi\x1b(B"},
		{"\U000E0001\U000E007A\U000E0068中", "\x1b$AVP\x1b(B"},
		{"中\U000E0001\U000E006B\U000E006Fあ中", "\x1b$BCf\x1b$(C*\"qi\x1b(B"},
		{"\U000E0001\U000E006A\U000E0061中们中", "\x1b$BCf\x1b$ACG\x1b$BCf\x1b(B"},
		{"\U000E0001\U000E006B\U000E006F中\U000E007F中", "\x1b$(Cqiqi\x1b(B"},
		{"\U000E0001\U000E0065\U000E006EΩ", "\x1b$B&8\x1b(B"},
	} {
		got, err := ISO2022JP2.AppendEncode(nil, []byte(tc.in))
		if err != nil || string(got) != tc.want {
			t.Errorf("%q → %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// TestISO2022JPXPolicies runs the streaming and policy checks of the
// harness over text and malformed input of both codecs.
func TestISO2022JPXPolicies(t *testing.T) {
	text := []byte("日本語 か\u309Aか ˩˥ æ\u0300 𠂉 俱 ｶﾀｶﾅ ¥‾ a\\b~ 们 한 é € · Ω\n€ \u00e9\U0001F600 \u309A \x1b 正")
	for _, c := range []*encoding.Codec{ISO2022JP2, ISO2022JP3} {
		in, err := c.WithPolicy(encoding.Skip).AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		enctest.Streaming(t, c, false, in, 10)
		enctest.Streaming(t, c.WithPolicy(encoding.Replace), true, text, 10)
		enctest.Streaming(t, c.WithPolicy(encoding.Escape), true, text, 10)
		for _, b := range enctest.MalformedBytes() {
			enctest.Policies(t, c, false, b)
			enctest.Streaming(t, c.WithPolicy(encoding.Replace), false, b, 3)
		}
		for _, b := range enctest.MalformedUTF8() {
			enctest.Policies(t, c, true, b)
			enctest.Policies(t, c, true, append([]byte("か"), b...))
		}
		if enctest.Policies(t, c, true, text) == 0 {
			t.Fatal("expected unmappable characters")
		}
	}
}

// TestISO2022JPXReplacement checks that a replacement is never read as
// part of a two-byte code or as katakana, nor lost: the encoders return
// to ASCII before reporting a character they cannot encode or malformed
// input.
func TestISO2022JPXReplacement(t *testing.T) {
	for _, c := range []*encoding.Codec{ISO2022JP2, ISO2022JP3} {
		for _, s := range []string{"亜\U0001F600亜", "ｱ\U0001F600", "丂\U0001F600", "亜\xff亜", "ｱ\xe3\x81"} {
			enc, err := c.WithPolicy(encoding.Replace).AppendEncode(nil, []byte(s))
			if err != nil {
				t.Fatal(err)
			}
			back, err := c.AppendDecode(nil, enc)
			want := strings.NewReplacer("\U0001F600", "?", "\xff", "?", "\xe3\x81", "?").Replace(s)
			if _, e := c.AppendEncode(nil, []byte(s[:3])); e != nil {
				continue // 丂 is not in ISO-2022-JP-3
			}
			if err != nil || string(back) != want {
				t.Errorf("%s %q → %q → %q, %v; want %q", c.Name(), s, enc, back, err, want)
			}
		}
	}
}

func TestISO2022JPXZeroAllocs(t *testing.T) {
	for c, extra := range map[*encoding.Codec]string{ISO2022JP2: "한 们 丂 € ·", ISO2022JP3: "か゚ 𠂉 俱 ①"} {
		text := []byte(strings.Repeat("日本語の文章 か abc ｱ é ¥ "+extra, 64))
		in, err := c.AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		enctest.TestZeroAllocs(t, c.Name()+" decode", c.DecodeTransformer(), in)
		enctest.TestZeroAllocs(t, c.Name()+" encode", c.EncodeTransformer(), text)
	}
}

var jpxSamples = [][]byte{
	[]byte("a\x1b$B0!\x1b(B\x1b(J\\a\x1b$(D0!+1\x1b$ACG\x1b$(CGQ\x1b.A\x1bN7\x1b.F\x1bN$\n\x1bNY\x1b(I1\x1b(B"),
	[]byte("\x1b$(O-!$w\x1b$(Q.!\x1b$(P!!\x1b$B0!\x1b(B"), []byte("\x1b$"), []byte("\x1b$("), []byte("\x1bN"),
	[]byte("\x1b.A\x1bN\n"), []byte("\x1b$B0\n"), []byte("\x1b$B0"), []byte("\x1b(I`"), {0x0E, 0x0F, 0x80},
	[]byte("日本語 か\u309Aか ˩˥ æ\u0300 𠂉 俱 ｶﾀｶﾅ ¥‾ a\\b~ 们 한 é € · Ω\n€ \U000E0001\U000E006B\U000E006F中"),
}

// canonJPX applies the one-way mappings of the ISO-2022-JP-2 and -3
// encoders: none but the language tags, which write nothing.
func canonJPX(r rune) rune { return r }

func fuzzJPX(f *testing.F, c *encoding.Codec) {
	for _, s := range enctest.Seeds(jpxSamples, nil) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// Language tags encode to nothing; leave them out of the round
		// trip by checking only text without them.
		if strings.ContainsFunc(string(data), func(r rune) bool { return r >= 0xE0000 && r <= 0xE007F }) {
			enctest.CheckFuzz(t, c.WithPolicy(encoding.Fail), []byte(strings.Map(func(r rune) rune {
				if r >= 0xE0000 && r <= 0xE007F {
					return -1
				}
				return r
			}, string(data))), canonJPX)
			return
		}
		enctest.CheckFuzz(t, c, data, canonJPX)
	})
}

func FuzzISO2022JP2(f *testing.F) { fuzzJPX(f, ISO2022JP2) }
func FuzzISO2022JP3(f *testing.F) { fuzzJPX(f, ISO2022JP3) }

func TestWriteJPXSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzISO2022JP2", enctest.Seeds(jpxSamples, nil))
	enctest.WriteSeeds(t, "FuzzISO2022JP3", enctest.Seeds(jpxSamples, nil))
}
