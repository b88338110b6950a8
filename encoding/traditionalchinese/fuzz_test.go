package traditionalchinese

import (
	"testing"

	"github.com/ucskit/ucs/encoding/enctest"
)

var fuzzSamples = [][]byte{
	[]byte("中文 繁體"), {0xA4, 0x40}, {0x88, 0x62, 0x88, 0x64}, {0x87, 0x40}, {0xFE, 0xFE}, {0x80},
	{0xA4, 0x20}, {0xF9, 0xFE}, []byte("\U00027267\u2550\u5341ÊÊ̄"), {0x81}, {0xC8, 0x7E},
}

func FuzzBig5(f *testing.F) {
	for _, s := range enctest.Seeds(fuzzSamples, enctest.Corpus(f, "legacy/Chinese-Lipsum.big5.txt")) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, Big5, data, nil) })
}

func FuzzCP950(f *testing.F) {
	for _, s := range enctest.Seeds(fuzzSamples, enctest.Corpus(f, "legacy/Chinese-Lipsum.big5.txt")) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, CP950, data, nil) })
}

// TestWriteFuzzSeeds writes the committed seed corpus (UCS_WRITE_SEEDS=1).
func TestWriteFuzzSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzBig5", enctest.Seeds(fuzzSamples, enctest.Corpus(t, "legacy/Chinese-Lipsum.big5.txt")))
	enctest.WriteSeeds(t, "FuzzCP950", enctest.Seeds(fuzzSamples, enctest.Corpus(t, "legacy/Chinese-Lipsum.big5.txt")))
}
