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
