package simplifiedchinese

import (
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// TestSharedHarness runs the project's codec harness (encoding/enctest)
// over every codec of the package: valid pairs in every schedule and
// policy, malformed input under every policy, zero allocations.
func TestSharedHarness(t *testing.T) {
	pairs := []enctest.Pair{
		{Name: "汉字", Encoded: []byte{0xBA, 0xBA, 0xD7, 0xD6}, Text: "汉字"},
		{Name: "联通", Encoded: []byte{0xC1, 0xAA, 0xCD, 0xA8}, Text: "联通"},
		{Name: "啊 mixed", Encoded: []byte("a\xB0\xA1b \xA1\xA1"), Text: "a啊b \u3000"},
	}
	four := []enctest.Pair{
		{Name: "four-byte", Encoded: []byte{0x81, 0x30, 0x81, 0x30, 0x90, 0x30, 0x81, 0x30}, Text: "\u0080\U00010000"},
		{Name: "ḿ", Encoded: []byte{0xA8, 0xBC, 0x81, 0x35, 0xF4, 0x37}, Text: "\u1E3F\uE7C7"},
	}
	malformed := []enctest.Malformed{
		{Name: "bad trail ASCII", Input: []byte("\x81\x28x"), Replace: "\uFFFD(x", Offset: 0, Kind: encoding.KindNone},
		{Name: "FF", Input: []byte("a\xFFb"), Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "truncated", Input: []byte("\xBA\xBA\xBA"), Replace: "汉\uFFFD", Offset: 2, Kind: encoding.KindNone},
	}
	for _, c := range codecs {
		enctest.TestPairs(t, c, pairs, true)
		if c != GB2312 {
			enctest.TestPairs(t, c, four, c != GBK)
		}
		enctest.TestMalformed(t, c, malformed)
		src := enctest.Corpus(t, "legacy/Chinese-Lipsum.gbk.txt")
		if c != GB2312 {
			enctest.TestZeroAllocs(t, c.Name()+" decode", c.DecodeTransformer(), src)
			text, _ := c.AppendDecode(nil, src)
			enctest.TestZeroAllocs(t, c.Name()+" encode", c.EncodeTransformer(), text)
		}
	}
}
