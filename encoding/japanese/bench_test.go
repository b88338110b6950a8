package japanese

import (
	"testing"

	xja "golang.org/x/text/encoding/japanese"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// BenchmarkDecode decodes the Japanese files of the shared corpus; x/text's
// figures are for comparison.
func BenchmarkDecode(b *testing.B) {
	sjis := enctest.Corpus(b, "legacy/Japanese-Lipsum.sjis.txt")
	euc := enctest.Corpus(b, "legacy/Japanese-Lipsum.eucjp.txt")
	b.Run("ucs/Shift_JIS", func(b *testing.B) { enctest.Bench(b, ShiftJIS.DecodeTransformer(), sjis) })
	b.Run("xtext/Shift_JIS", func(b *testing.B) { enctest.Bench(b, xja.ShiftJIS.NewDecoder(), sjis) })
	b.Run("ucs/EUC-JP", func(b *testing.B) { enctest.Bench(b, EUCJP.DecodeTransformer(), euc) })
	b.Run("xtext/EUC-JP", func(b *testing.B) { enctest.Bench(b, xja.EUCJP.NewDecoder(), euc) })
}

// BenchmarkEncode encodes the UTF-8 original of the corpus files.
func BenchmarkEncode(b *testing.B) {
	src := enctest.Corpus(b, "Japanese-Lipsum.utf8.txt")
	b.Run("ucs/Shift_JIS", func(b *testing.B) { enctest.Bench(b, ShiftJIS.EncodeTransformer(), src) })
	b.Run("xtext/Shift_JIS", func(b *testing.B) { enctest.Bench(b, xja.ShiftJIS.NewEncoder(), src) })
	b.Run("ucs/EUC-JP", func(b *testing.B) { enctest.Bench(b, EUCJP.EncodeTransformer(), src) })
	b.Run("xtext/EUC-JP", func(b *testing.B) { enctest.Bench(b, xja.EUCJP.NewEncoder(), src) })
}

// BenchmarkISO2022JP decodes the Japanese corpus file encoded as
// ISO-2022-JP (made at run time from the UTF-8 original) and encodes the
// original; x/text's figures are for comparison.
func BenchmarkISO2022JP(b *testing.B) {
	src := enctest.Corpus(b, "Japanese-Lipsum.utf8.txt")
	jis, err := ISO2022JP.AppendEncode(nil, src)
	if err != nil {
		b.Fatalf("encode: %v", err)
	}
	b.Run("decode/ucs", func(b *testing.B) { enctest.Bench(b, ISO2022JP.DecodeTransformer(), jis) })
	b.Run("decode/xtext", func(b *testing.B) { enctest.Bench(b, xja.ISO2022JP.NewDecoder(), jis) })
	b.Run("encode/ucs", func(b *testing.B) { enctest.Bench(b, ISO2022JP.EncodeTransformer(), src) })
	b.Run("encode/xtext", func(b *testing.B) { enctest.Bench(b, xja.ISO2022JP.NewEncoder(), src) })
}

// BenchmarkJISX0213 decodes the Japanese corpus file encoded as
// EUC-JIS-2004 and Shift_JIS-2004 (made at run time from the UTF-8
// original) and encodes the original, beside EUC-JP and Shift_JIS.
func BenchmarkJISX0213(b *testing.B) {
	src := enctest.Corpus(b, "Japanese-Lipsum.utf8.txt")
	for _, c := range []*encoding.Codec{EUCJIS2004, EUCJP, ShiftJIS2004, ShiftJIS} {
		enc, err := c.AppendEncode(nil, src)
		if err != nil {
			b.Fatalf("encode: %v", err)
		}
		b.Run("decode/"+c.Name(), func(b *testing.B) { enctest.Bench(b, c.DecodeTransformer(), enc) })
		b.Run("encode/"+c.Name(), func(b *testing.B) { enctest.Bench(b, c.EncodeTransformer(), src) })
	}
}

// BenchmarkISO2022JPX decodes the Japanese corpus file encoded as
// ISO-2022-JP-2 and -3 (made at run time) and encodes the original,
// beside ISO-2022-JP.
func BenchmarkISO2022JPX(b *testing.B) {
	src := enctest.Corpus(b, "Japanese-Lipsum.utf8.txt")
	for _, c := range []*encoding.Codec{ISO2022JP, ISO2022JP2, ISO2022JP3} {
		enc, err := c.AppendEncode(nil, src)
		if err != nil {
			b.Fatalf("encode: %v", err)
		}
		b.Run("decode/"+c.Name(), func(b *testing.B) { enctest.Bench(b, c.DecodeTransformer(), enc) })
		b.Run("encode/"+c.Name(), func(b *testing.B) { enctest.Bench(b, c.EncodeTransformer(), src) })
	}
}
