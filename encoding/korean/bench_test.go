package korean

import (
	"testing"

	xko "golang.org/x/text/encoding/korean"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// BenchmarkDecode decodes the EUC-KR file of the shared corpus; x/text's
// figure is for comparison.
func BenchmarkDecode(b *testing.B) {
	src := enctest.Corpus(b, "legacy/Korean-Lipsum.euckr.txt")
	b.Run("ucs/EUC-KR", func(b *testing.B) { enctest.Bench(b, EUCKR.DecodeTransformer(), src) })
	b.Run("xtext/EUC-KR", func(b *testing.B) { enctest.Bench(b, xko.EUCKR.NewDecoder(), src) })
}

// BenchmarkISO2022KR decodes and encodes the Korean corpus as ISO-2022-KR
// (without its UHC syllables, which have no 7-bit form).
func BenchmarkISO2022KR(b *testing.B) {
	text, err := EUCKR.AppendDecode(nil, enctest.Corpus(b, "legacy/Korean-Lipsum.euckr.txt"))
	if err != nil {
		b.Fatal(err)
	}
	src, _ := ISO2022KR.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	text, _ = ISO2022KR.AppendDecode(nil, src)
	b.Run("decode", func(b *testing.B) { enctest.Bench(b, ISO2022KR.DecodeTransformer(), src) })
	b.Run("encode", func(b *testing.B) { enctest.Bench(b, ISO2022KR.EncodeTransformer(), text) })
	// EUC-KR on the same text, for the time per text (MB/s counts the
	// input's bytes, which differ).
	euc, err := EUCKR.AppendEncode(nil, text)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decode/euc-kr", func(b *testing.B) { enctest.Bench(b, EUCKR.DecodeTransformer(), euc) })
	b.Run("encode/euc-kr", func(b *testing.B) { enctest.Bench(b, EUCKR.EncodeTransformer(), text) })
}

// BenchmarkJohab decodes and encodes the Korean corpus as Johab.
func BenchmarkJohab(b *testing.B) {
	text := enctest.Corpus(b, "Korean-Lipsum.utf8.txt")
	src, err := Johab.AppendEncode(nil, text)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decode", func(b *testing.B) { enctest.Bench(b, Johab.DecodeTransformer(), src) })
	b.Run("encode", func(b *testing.B) { enctest.Bench(b, Johab.EncodeTransformer(), text) })
}

// BenchmarkEncode encodes the UTF-8 original of the corpus file.
func BenchmarkEncode(b *testing.B) {
	src := enctest.Corpus(b, "Korean-Lipsum.utf8.txt")
	b.Run("ucs/EUC-KR", func(b *testing.B) { enctest.Bench(b, EUCKR.EncodeTransformer(), src) })
	b.Run("xtext/EUC-KR", func(b *testing.B) { enctest.Bench(b, xko.EUCKR.NewEncoder(), src) })
}
