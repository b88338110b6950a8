package singlebyte

import (
	"testing"

	xcharmap "golang.org/x/text/encoding/charmap"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mbtest"
)

var benchFiles = []struct {
	name  string
	codec *encoding.Codec
	x     *xcharmap.Charmap
	file  string // legacy file
	utf8  string // its UTF-8 original
}{
	{"windows-1251/Russian", Windows1251, xcharmap.Windows1251, "legacy/Russian-Lipsum.cp1251.txt", "Russian-Lipsum.utf8.txt"},
	{"koi8-r/Russian", KOI8R, xcharmap.KOI8R, "legacy/Russian-Lipsum.koi8r.txt", "Russian-Lipsum.utf8.txt"},
	{"iso-8859-1/French", ISO8859_1, xcharmap.ISO8859_1, "legacy/French.latin1.txt", "French.utf8.txt"},
	{"iso-8859-1/ASCII", ISO8859_1, xcharmap.ISO8859_1, "legacy/Latin-Lipsum.latin1.txt", "Latin-Lipsum.utf8.txt"},
}

// BenchmarkDecode decodes the single-byte files of the shared corpus;
// x/text's figures are for comparison.
func BenchmarkDecode(b *testing.B) {
	for _, f := range benchFiles {
		src := mbtest.Corpus(b, f.file)
		b.Run("ucs/"+f.name, func(b *testing.B) { mbtest.Bench(b, f.codec.DecodeTransformer(), src) })
		b.Run("xtext/"+f.name, func(b *testing.B) { mbtest.Bench(b, f.x.NewDecoder(), src) })
	}
}

// BenchmarkEncode encodes the UTF-8 originals.
func BenchmarkEncode(b *testing.B) {
	for _, f := range benchFiles {
		src := mbtest.Corpus(b, f.utf8)
		b.Run("ucs/"+f.name, func(b *testing.B) { mbtest.Bench(b, f.codec.EncodeTransformer(), src) })
		b.Run("xtext/"+f.name, func(b *testing.B) { mbtest.Bench(b, f.x.NewEncoder(), src) })
	}
}
