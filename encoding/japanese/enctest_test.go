package japanese

import (
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// TestSharedHarness runs the project's codec harness (encoding/enctest).
func TestSharedHarness(t *testing.T) {
	enctest.TestPairs(t, ShiftJIS, []enctest.Pair{
		{Name: "あ亜", Encoded: []byte{0x82, 0xA0, 0x88, 0x9F}, Text: "あ亜"},
		{Name: "katakana", Encoded: []byte("a\xB1 \x80"), Text: "aｱ \u0080"},
	}, true)
	enctest.TestPairs(t, EUCJP, []enctest.Pair{
		{Name: "あ亜", Encoded: []byte{0xA4, 0xA2, 0xB0, 0xA1}, Text: "あ亜"},
		{Name: "katakana", Encoded: []byte("a\x8E\xB1"), Text: "aｱ"},
	}, true)
	enctest.TestPairs(t, EUCJP, []enctest.Pair{
		{Name: "JIS X 0212", Encoded: []byte{0x8F, 0xA2, 0xAF}, Text: "\u02D8"},
	}, false)
	enctest.TestPairs(t, ISO2022JP, []enctest.Pair{
		{Name: "kanji", Encoded: []byte("a\x1b$B\x30\x21\x1b(B"), Text: "a亜"},
		{Name: "roman", Encoded: []byte("\x1b(J\\\x1b(B"), Text: "¥"},
	}, true)
	enctest.TestPairs(t, ISO2022JP, []enctest.Pair{
		{Name: "ESC % G", Encoded: []byte("\x1b%G\xe6\xb1\x89\x1b%@x"), Text: "汉x"},
		{Name: "katakana set", Encoded: []byte("\x1b(I\x31\x1b(B"), Text: "ｱ"},
	}, false)
	enctest.TestMalformed(t, ShiftJIS, []enctest.Malformed{
		{Name: "bad trail ASCII", Input: []byte("\x82\x20x"), Replace: "\uFFFD x", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "A0", Input: []byte("a\xA0b"), Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "truncated", Input: []byte("\x82"), Replace: "\uFFFD", Offset: 0, Kind: encoding.Truncated},
	})
	enctest.TestMalformed(t, EUCJP, []enctest.Malformed{
		{Name: "bad trail ASCII", Input: []byte("\xA4\x20x"), Replace: "\uFFFD x", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "8F truncated", Input: []byte("\x8F\xA2"), Replace: "\uFFFD", Offset: 0, Kind: encoding.Truncated},
	})
	enctest.TestMalformed(t, ISO2022JP, []enctest.Malformed{
		{Name: "bad escape", Input: []byte("\x1b$P"), Replace: "\uFFFD$P", Offset: 0, Kind: encoding.InvalidEscape},
		{Name: "double escape", Input: []byte("\x1b(B\x1b(BP"), Replace: "\uFFFDP", Offset: 3, Kind: encoding.InvalidEscape},
		{Name: "8-bit", Input: []byte("a\x80"), Replace: "a\uFFFD", Offset: 1, Kind: encoding.InvalidByte},
	})
	sjis := enctest.Corpus(t, "legacy/Japanese-Lipsum.sjis.txt")
	enctest.TestZeroAllocs(t, "shift_jis decode", ShiftJIS.DecodeTransformer(), sjis)
	enctest.TestZeroAllocs(t, "euc-jp decode", EUCJP.DecodeTransformer(), enctest.Corpus(t, "legacy/Japanese-Lipsum.eucjp.txt"))
	text := enctest.Corpus(t, "Japanese-Lipsum.utf8.txt")
	for _, c := range []*encoding.Codec{ShiftJIS, EUCJP, ISO2022JP} {
		enctest.TestZeroAllocs(t, c.Name()+" encode", c.EncodeTransformer(), text)
	}
}
