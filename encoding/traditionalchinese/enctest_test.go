package traditionalchinese

import (
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// TestSharedHarness runs the project's codec harness (encoding/enctest).
func TestSharedHarness(t *testing.T) {
	enctest.TestPairs(t, Big5, []enctest.Pair{
		{Name: "一乙", Encoded: []byte{0xA4, 0x40, 0xA4, 0x41}, Text: "一乙"},
		{Name: "mixed", Encoded: []byte("a\xA4\x40 b\xF9\xFE"), Text: "a一 b\uFFED"},
		{Name: "supplementary", Encoded: []byte{0xC8, 0x7A}, Text: "\U000200CC"},
	}, true)
	enctest.TestPairs(t, Big5, []enctest.Pair{
		{Name: "two code points", Encoded: []byte{0x88, 0x62, 0x88, 0x64}, Text: "\u00CA\u0304\u00CA\u030C"},
		{Name: "HKSCS below A1", Encoded: []byte{0x87, 0x40}, Text: "\u43F0"},
	}, false)
	enctest.TestMalformed(t, Big5, []enctest.Malformed{
		{Name: "bad trail ASCII", Input: []byte("\xA4\x20x"), Replace: "\uFFFD x", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "80", Input: []byte("a\x80b"), Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "no character", Input: []byte("\xA3\xE2z"), Replace: "\uFFFDz", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("\xA4\x40\xA4"), Replace: "一\uFFFD", Offset: 2, Kind: encoding.Truncated},
	})
	enctest.TestPairs(t, CP950, []enctest.Pair{
		{Name: "一乙", Encoded: []byte{0xA4, 0x40, 0xA4, 0x41}, Text: "一乙"},
		{Name: "single bytes", Encoded: []byte("a\x80\xFF"), Text: "a\u0080\uF8F8"},
		{Name: "user-defined", Encoded: []byte{0xFA, 0x40}, Text: "\uE000"},
	}, true)
	enctest.TestMalformed(t, CP950, []enctest.Malformed{
		{Name: "bad trail ASCII", Input: []byte("\xA4\x20x"), Replace: "\uFFFD x", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("\xA4\x40\xA4"), Replace: "一\uFFFD", Offset: 2, Kind: encoding.Truncated},
	})
	src := enctest.Corpus(t, "legacy/Chinese-Lipsum.big5.txt")
	enctest.TestZeroAllocs(t, "big5 decode", Big5.DecodeTransformer(), src)
	text, _ := Big5.AppendDecode(nil, src)
	enctest.TestZeroAllocs(t, "big5 encode", Big5.EncodeTransformer(), text)
}
