package simplifiedchinese

import (
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// canon2022 applies GB18030's one-way mappings: the 18 private-use code
// points of GB18030-2005 encode to two-byte codes that decode to the
// standard characters.
func canon2022(r rune) rune {
	for _, e := range gb18030PUA {
		if rune(e[0]) == r {
			return rune(gb18030Index[e[1]])
		}
	}
	return r
}

var fuzzSamples = [][]byte{
	[]byte("汉字 联通"), {0xBA, 0xBA, 0xD7, 0xD6}, {0x81, 0x30, 0x81, 0x30}, {0x84, 0x31, 0xA4, 0x39},
	{0x90, 0x30, 0x81, 0x30}, {0xE3, 0x32, 0x9A, 0x35}, {0xA3, 0xA0}, {0x80}, {0xFF}, {0x81, 0x28},
	{0xA6, 0xD9}, {0x84, 0x31, 0x82, 0x36}, []byte("\uE78D\uE5E5\U0010FFFF\u20AC"), {0x81, 0x30, 0x81},
}

func fuzzCodec(f *testing.F, name string, c *encoding.Codec, canon func(rune) rune) {
	seeds := enctest.Seeds(fuzzSamples, enctest.Corpus(f, "legacy/Chinese-Lipsum.gb18030.txt"))
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, c, data, canon) })
}

func FuzzGB18030(f *testing.F)      { fuzzCodec(f, "FuzzGB18030", GB18030, canon2022) }
func FuzzGB18030_2005(f *testing.F) { fuzzCodec(f, "FuzzGB18030_2005", GB18030_2005, nil) }
func FuzzGBK(f *testing.F)          { fuzzCodec(f, "FuzzGBK", GBK, canon2022) }
func FuzzGB2312(f *testing.F)       { fuzzCodec(f, "FuzzGB2312", GB2312, nil) }

// TestWriteFuzzSeeds writes the committed seed corpora (UCS_WRITE_SEEDS=1).
func TestWriteFuzzSeeds(t *testing.T) {
	seeds := enctest.Seeds(fuzzSamples, enctest.Corpus(t, "legacy/Chinese-Lipsum.gb18030.txt"))
	for _, n := range []string{"FuzzGB18030", "FuzzGB18030_2005", "FuzzGBK", "FuzzGB2312"} {
		enctest.WriteSeeds(t, n, seeds)
	}
}
