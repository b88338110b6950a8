package traditionalchinese

import (
	"testing"

	xtc "golang.org/x/text/encoding/traditionalchinese"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// BenchmarkDecode decodes the Big5 file of the shared corpus; x/text's
// figure is for comparison.
func BenchmarkDecode(b *testing.B) {
	src := enctest.Corpus(b, "legacy/Chinese-Lipsum.big5.txt")
	b.Run("ucs/Big5", func(b *testing.B) { enctest.Bench(b, Big5.DecodeTransformer(), src) })
	b.Run("xtext/Big5", func(b *testing.B) { enctest.Bench(b, xtc.Big5.NewDecoder(), src) })
}

// BenchmarkEncode encodes the UTF-8 text of the Big5 file (the corpus's
// UTF-8 original has characters Big5 lacks).
func BenchmarkEncode(b *testing.B) {
	src, err := Big5.AppendDecode(nil, enctest.Corpus(b, "legacy/Chinese-Lipsum.big5.txt"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("ucs/Big5", func(b *testing.B) { enctest.Bench(b, Big5.EncodeTransformer(), src) })
	b.Run("xtext/Big5", func(b *testing.B) { enctest.Bench(b, xtc.Big5.NewEncoder(), src) })
}

// BenchmarkEUCTW decodes and encodes the text of the Big5 file as EUC-TW
// (the few characters CNS 11643 lacks left out), beside Big5 on the same
// text.
func BenchmarkEUCTW(b *testing.B) {
	text, err := Big5.AppendDecode(nil, enctest.Corpus(b, "legacy/Chinese-Lipsum.big5.txt"))
	if err != nil {
		b.Fatal(err)
	}
	src, err := EUCTW.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	if err != nil {
		b.Fatal(err)
	}
	if text, err = EUCTW.AppendDecode(nil, src); err != nil {
		b.Fatal(err)
	}
	big5, err := Big5.AppendEncode(nil, text)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decode/euc-tw", func(b *testing.B) { enctest.Bench(b, EUCTW.DecodeTransformer(), src) })
	b.Run("decode/big5", func(b *testing.B) { enctest.Bench(b, Big5.DecodeTransformer(), big5) })
	b.Run("encode/euc-tw", func(b *testing.B) { enctest.Bench(b, EUCTW.EncodeTransformer(), text) })
	b.Run("encode/big5", func(b *testing.B) { enctest.Bench(b, Big5.EncodeTransformer(), text) })
}

// BenchmarkBig5HKSCS decodes and encodes the text of the Big5 file as
// Big5-HKSCS, beside Big5 on the same bytes and text.
func BenchmarkBig5HKSCS(b *testing.B) {
	src := enctest.Corpus(b, "legacy/Chinese-Lipsum.big5.txt")
	text, err := Big5HKSCS.AppendDecode(nil, src)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decode/big5-hkscs", func(b *testing.B) { enctest.Bench(b, Big5HKSCS.DecodeTransformer(), src) })
	b.Run("decode/big5", func(b *testing.B) { enctest.Bench(b, Big5.DecodeTransformer(), src) })
	b.Run("encode/big5-hkscs", func(b *testing.B) { enctest.Bench(b, Big5HKSCS.EncodeTransformer(), text) })
	b.Run("encode/big5", func(b *testing.B) { enctest.Bench(b, Big5.EncodeTransformer(), text) })
}

// BenchmarkISO2022CN decodes and encodes the text of the Big5 file as
// ISO-2022-CN (the characters it lacks left out), beside EUC-TW on the
// same text.
func BenchmarkISO2022CN(b *testing.B) {
	text, err := Big5.AppendDecode(nil, enctest.Corpus(b, "legacy/Chinese-Lipsum.big5.txt"))
	if err != nil {
		b.Fatal(err)
	}
	src, _ := ISO2022CN.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	if text, err = ISO2022CN.AppendDecode(nil, src); err != nil {
		b.Fatal(err)
	}
	euctw, err := EUCTW.AppendEncode(nil, text)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decode/iso-2022-cn", func(b *testing.B) { enctest.Bench(b, ISO2022CN.DecodeTransformer(), src) })
	b.Run("decode/euc-tw", func(b *testing.B) { enctest.Bench(b, EUCTW.DecodeTransformer(), euctw) })
	b.Run("encode/iso-2022-cn", func(b *testing.B) { enctest.Bench(b, ISO2022CN.EncodeTransformer(), text) })
	b.Run("encode/euc-tw", func(b *testing.B) { enctest.Bench(b, EUCTW.EncodeTransformer(), text) })
}

// BenchmarkISO2022CNSimplified decodes and encodes the corpus's
// simplified Chinese text as ISO-2022-CN (GB 2312 throughout, the
// characters it lacks left out).
func BenchmarkISO2022CNSimplified(b *testing.B) {
	text := enctest.Corpus(b, "Chinese-Lipsum.utf8.txt")
	src, _ := ISO2022CN.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	text, err := ISO2022CN.AppendDecode(nil, src)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decode", func(b *testing.B) { enctest.Bench(b, ISO2022CN.DecodeTransformer(), src) })
	b.Run("encode", func(b *testing.B) { enctest.Bench(b, ISO2022CN.EncodeTransformer(), text) })
}
