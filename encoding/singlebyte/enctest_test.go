package singlebyte

import (
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// TestSharedHarness runs the project's codec harness (encoding/enctest)
// over every single-byte codec: every character of each table as a pair,
// and its invalid bytes as malformed input.
func TestSharedHarness(t *testing.T) {
	for _, c := range all {
		var enc []byte
		var text string
		var ms []enctest.Malformed
		for b := 0x20; b < 0x100; b++ {
			out, err := c.AppendDecode(nil, []byte{byte(b)})
			if err != nil {
				ms = append(ms, enctest.Malformed{Name: "invalid byte", Input: []byte{'a', byte(b), 'b'}, Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte})
				continue
			}
			enc = append(enc, byte(b))
			text += string(out)
		}
		enctest.TestPairs(t, c, []enctest.Pair{{Name: "table", Encoded: enc, Text: text}}, true)
		if len(ms) > 3 {
			ms = ms[:3]
		}
		enctest.TestMalformed(t, c, ms)
	}
	src := enctest.Corpus(t, "legacy/Russian-Lipsum.cp1251.txt")
	enctest.TestZeroAllocs(t, "windows-1251 decode", Windows1251.DecodeTransformer(), src)
	enctest.TestZeroAllocs(t, "windows-1251 encode", Windows1251.EncodeTransformer(), enctest.Corpus(t, "Russian-Lipsum.utf8.txt"))
}
