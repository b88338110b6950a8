package korean

import (
	"testing"

	"github.com/ucskit/ucs/encoding/enctest"
)

var fuzzSamples = [][]byte{
	[]byte("한국어 똠방각하"), {0xB0, 0xA1}, {0x81, 0x41}, {0xC6, 0x52}, {0xB0, 0x20}, {0xB0, 0x7F}, {0x80}, {0xFF},
	{0xFE, 0xFE}, {0xA1},
}

func FuzzEUCKR(f *testing.F) {
	for _, s := range enctest.Seeds(fuzzSamples, enctest.Corpus(f, "legacy/Korean-Lipsum.euckr.txt")) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, EUCKR, data, nil) })
}

// TestWriteFuzzSeeds writes the committed seed corpus (UCS_WRITE_SEEDS=1).
func TestWriteFuzzSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzEUCKR", enctest.Seeds(fuzzSamples, enctest.Corpus(t, "legacy/Korean-Lipsum.euckr.txt")))
}
