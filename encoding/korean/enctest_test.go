package korean

import (
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// TestSharedHarness runs the project's codec harness (encoding/enctest).
func TestSharedHarness(t *testing.T) {
	enctest.TestPairs(t, EUCKR, []enctest.Pair{
		{Name: "가", Encoded: []byte{0xB0, 0xA1}, Text: "가"},
		{Name: "UHC", Encoded: []byte("x\x81\x41 \xC6\x52"), Text: "x\uAC02 \uD7A3"},
	}, true)
	enctest.TestMalformed(t, EUCKR, []enctest.Malformed{
		{Name: "bad trail ASCII", Input: []byte("\xB0\x20x"), Replace: "\uFFFD x", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "FF", Input: []byte("a\xFFb"), Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "truncated", Input: []byte("\xB0\xA1\xB0"), Replace: "가\uFFFD", Offset: 2, Kind: encoding.Truncated},
	})
	src := enctest.Corpus(t, "legacy/Korean-Lipsum.euckr.txt")
	enctest.TestZeroAllocs(t, "euc-kr decode", EUCKR.DecodeTransformer(), src)
	enctest.TestZeroAllocs(t, "euc-kr encode", EUCKR.EncodeTransformer(), enctest.Corpus(t, "Korean-Lipsum.utf8.txt"))
}
