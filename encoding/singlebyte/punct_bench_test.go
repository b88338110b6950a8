package singlebyte

import (
	"bytes"
	"testing"

	"github.com/ucskit/ucs/encoding/enctest"
)

// punctuated returns the Russian original with the typographic
// punctuation of real Russian text (dashes, guillemets, quotes, ellipses)
// after every tenth space.
func punctuated(b *testing.B) []byte {
	words := bytes.Split(enctest.Corpus(b, "Russian-Lipsum.utf8.txt"), []byte(" "))
	marks := []string{"—", "«", "»", "…", "„", "“", "–", "№"}
	var out [][]byte
	for i, w := range words {
		if i%10 == 9 {
			w = append([]byte(marks[i/10%len(marks)]), w...)
		}
		out = append(out, w)
	}
	return bytes.Join(out, []byte(" "))
}

// BenchmarkPunctuated encodes and decodes Russian text with typographic
// punctuation in windows-1251, where the punctuation takes three UTF-8
// bytes.
func BenchmarkPunctuated(b *testing.B) {
	src := punctuated(b)
	legacy, err := Windows1251.AppendEncode(nil, src)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("encode/ucs", func(b *testing.B) { bench(b, Windows1251.EncodeTransformer(), src) })
	b.Run("decode/ucs", func(b *testing.B) { bench(b, Windows1251.DecodeTransformer(), legacy) })
}
