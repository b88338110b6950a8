package traditionalchinese

import (
	"testing"

	xtc "golang.org/x/text/encoding/traditionalchinese"

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
