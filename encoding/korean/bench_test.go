package korean

import (
	"testing"

	xko "golang.org/x/text/encoding/korean"

	"github.com/ucskit/ucs/encoding/enctest"
)

// BenchmarkDecode decodes the EUC-KR file of the shared corpus; x/text's
// figure is for comparison.
func BenchmarkDecode(b *testing.B) {
	src := enctest.Corpus(b, "legacy/Korean-Lipsum.euckr.txt")
	b.Run("ucs/EUC-KR", func(b *testing.B) { enctest.Bench(b, EUCKR.DecodeTransformer(), src) })
	b.Run("xtext/EUC-KR", func(b *testing.B) { enctest.Bench(b, xko.EUCKR.NewDecoder(), src) })
}

// BenchmarkEncode encodes the UTF-8 original of the corpus file.
func BenchmarkEncode(b *testing.B) {
	src := enctest.Corpus(b, "Korean-Lipsum.utf8.txt")
	b.Run("ucs/EUC-KR", func(b *testing.B) { enctest.Bench(b, EUCKR.EncodeTransformer(), src) })
	b.Run("xtext/EUC-KR", func(b *testing.B) { enctest.Bench(b, xko.EUCKR.NewEncoder(), src) })
}
