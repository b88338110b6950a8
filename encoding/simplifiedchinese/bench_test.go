package simplifiedchinese

import (
	"testing"

	xsc "golang.org/x/text/encoding/simplifiedchinese"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// The benchmarks decode the legacy files of the shared corpus and encode
// their UTF-8 text (the decoded file, so that every character encodes).
// The x/text figures are for comparison on the same machine.

func BenchmarkDecode(b *testing.B) {
	for _, bc := range []struct{ name, file string }{
		{"GBK/Chinese", "legacy/Chinese-Lipsum.gbk.txt"},
		{"GB18030/Chinese", "legacy/Chinese-Lipsum.gb18030.txt"},
		{"GB18030/Emoji", "legacy/Emoji-Lipsum.gb18030.txt"},
		{"GB18030/ASCII", "Latin-Lipsum.utf8.txt"},
	} {
		src := enctest.Corpus(b, bc.file)
		c := GB18030
		if bc.name[:3] == "GBK" {
			c = GBK
		}
		b.Run("ucs/"+bc.name, func(b *testing.B) { enctest.Bench(b, c.DecodeTransformer(), src) })
		x := xsc.GB18030
		if c == GBK {
			x = xsc.GBK
		}
		b.Run("xtext/"+bc.name, func(b *testing.B) { enctest.Bench(b, x.NewDecoder(), src) })
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, bc := range []struct{ name, file string }{
		{"GBK/Chinese", "legacy/Chinese-Lipsum.gbk.txt"},
		{"GB18030/Chinese", "legacy/Chinese-Lipsum.gb18030.txt"},
		{"GB18030/Emoji", "legacy/Emoji-Lipsum.gb18030.txt"},
		{"GB18030/ASCII", "Latin-Lipsum.utf8.txt"},
	} {
		c := GB18030
		x := xsc.GB18030
		if bc.name[:3] == "GBK" {
			c, x = GBK, xsc.GBK
		}
		src, err := c.AppendDecode(nil, enctest.Corpus(b, bc.file))
		if err != nil {
			b.Fatal(err)
		}
		b.Run("ucs/"+bc.name, func(b *testing.B) { enctest.Bench(b, c.EncodeTransformer(), src) })
		b.Run("xtext/"+bc.name, func(b *testing.B) { enctest.Bench(b, x.NewEncoder(), src) })
	}
}

// BenchmarkHZ decodes and encodes the Chinese corpus as HZ and, for
// comparison, as EUC-CN (both without the characters GB 2312 lacks).
func BenchmarkHZ(b *testing.B) {
	text, err := GBK.AppendDecode(nil, enctest.Corpus(b, "legacy/Chinese-Lipsum.gbk.txt"))
	if err != nil {
		b.Fatal(err)
	}
	hz, _ := HZGB2312.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	text, _ = HZGB2312.AppendDecode(nil, hz)
	euc, _ := GB2312.AppendEncode(nil, text)
	b.Run("decode/hz", func(b *testing.B) { enctest.Bench(b, HZGB2312.DecodeTransformer(), hz) })
	b.Run("decode/euc-cn", func(b *testing.B) { enctest.Bench(b, GB2312.DecodeTransformer(), euc) })
	b.Run("encode/hz", func(b *testing.B) { enctest.Bench(b, HZGB2312.EncodeTransformer(), text) })
	b.Run("encode/euc-cn", func(b *testing.B) { enctest.Bench(b, GB2312.EncodeTransformer(), text) })
}
