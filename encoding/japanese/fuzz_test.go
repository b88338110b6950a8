package japanese

import (
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// canonJIS applies the one-way mappings of the Shift_JIS and EUC-JP
// encoders: U+00A5 and U+203E become ASCII 5C and 7E, U+2212 the code of
// U+FF0D.
func canonJIS(r rune) rune {
	switch r {
	case 0xA5:
		return '\\'
	case 0x203E:
		return '~'
	case 0x2212:
		return 0xFF0D
	}
	return r
}

// canonISO2022JP applies ISO-2022-JP's: U+2212 as U+FF0D, and half-width
// katakana as full-width.
func canonISO2022JP(r rune) rune {
	if r == 0x2212 {
		return 0xFF0D
	}
	if r >= 0xFF61 && r <= 0xFF9F {
		return rune(iso2022jpKatakanaIndex[r-0xFF61])
	}
	return r
}

var fuzzSamples = [][]byte{
	[]byte("日本語 ｶﾀｶﾅ ¥‾−"), {0x82, 0xA0}, {0x8E, 0xB1}, {0x8F, 0xA2, 0xAF}, {0xF0, 0x40}, {0x80, 0xA0, 0xFD},
	[]byte("\x1b$B\x30\x21\x1b(B"), []byte("\x1b(J\\~\x1b(I\x31\x1b(B"), []byte("\x1b%G\xe6\xb1\x89\x1b%@"),
	[]byte("\x1b$B\x1b(B"), []byte("\x1b$"), []byte("\x1b$B\x30"), {0x0E, 0x0F},
	// Japanese text as ISO-2022-JP: long runs of JIS X 0208 codes.
	[]byte("\x1b$B:]%o%a%DF04j%`%-EjOB$9$;%C%k?&B<;;A]$@$:$3N)4F$0$+$QKh57;f$MEy<{%i$J$72CCOLd%9%?%;?K?E!#\x1b(B3\x1b$BNc$<BS9_%F%-\x1b(B"),
}

func fuzzCodec(f *testing.F, c *encoding.Codec, corpus string, canon func(rune) rune) {
	for _, s := range enctest.Seeds(fuzzSamples, enctest.Corpus(f, corpus)) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, c, data, canon) })
}

func FuzzShiftJIS(f *testing.F) { fuzzCodec(f, ShiftJIS, "legacy/Japanese-Lipsum.sjis.txt", canonJIS) }
func FuzzEUCJP(f *testing.F)    { fuzzCodec(f, EUCJP, "legacy/Japanese-Lipsum.eucjp.txt", canonJIS) }
func FuzzISO2022JP(f *testing.F) {
	fuzzCodec(f, ISO2022JP, "Japanese-Lipsum.utf8.txt", canonISO2022JP)
}

// TestWriteFuzzSeeds writes the committed seed corpora (UCS_WRITE_SEEDS=1).
func TestWriteFuzzSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzShiftJIS", enctest.Seeds(fuzzSamples, enctest.Corpus(t, "legacy/Japanese-Lipsum.sjis.txt")))
	enctest.WriteSeeds(t, "FuzzEUCJP", enctest.Seeds(fuzzSamples, enctest.Corpus(t, "legacy/Japanese-Lipsum.eucjp.txt")))
	enctest.WriteSeeds(t, "FuzzISO2022JP", enctest.Seeds(fuzzSamples, enctest.Corpus(t, "Japanese-Lipsum.utf8.txt")))
}
