package singlebyte

import (
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

var fuzzSamples = [][]byte{
	{0}, []byte("Aé€Жж\u0E01ğš"), {0x80, 0x81, 0x9F, 0xA0, 0xFF}, []byte("\xd0\x9f\xd1\x80"),
	[]byte("\xc8\x85\x93\x93\x96\x15\x25\x40\x5a\x9f"), []byte("Vi\u1EC7t \u00DA\x02\x05%"),
}

// FuzzSingleByte fuzzes every single-byte codec: the first byte of the
// input picks the codec, the rest is the data.
func FuzzSingleByte(f *testing.F) {
	codecs := append(append([]*encoding.Codec(nil), all...), added...)
	for i, s := range enctest.Seeds(fuzzSamples, enctest.Corpus(f, "legacy/Russian-Lipsum.cp1251.txt")) {
		f.Add(append([]byte{byte(i)}, s...))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		enctest.CheckFuzz(t, codecs[int(data[0])%len(codecs)], data[1:], nil)
	})
}

// TestWriteFuzzSeeds writes the committed seed corpus (UCS_WRITE_SEEDS=1).
func TestWriteFuzzSeeds(t *testing.T) {
	var seeds [][]byte
	for i, s := range enctest.Seeds(fuzzSamples, enctest.Corpus(t, "legacy/Russian-Lipsum.cp1251.txt")) {
		seeds = append(seeds, append([]byte{byte(i)}, s...))
	}
	enctest.WriteSeeds(t, "FuzzSingleByte", seeds)
}
