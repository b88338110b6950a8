package simd

import (
	"bytes"
	"testing"
)

// FuzzDecodePairs compares the kernel with refDecodePairs on the fuzzer's
// input in each code's table, as it is and after 0–127 bytes of pairs
// (so that its bytes fall at every place of a block), with a dst of the
// fuzzer's size.
func FuzzDecodePairs(f *testing.F) {
	f.Add([]byte("\xB0\xA1\xB0\xA2 abc \xC4\xE3\xBA\xC3"), uint8(0), uint16(200))
	f.Add(bytes.Repeat([]byte("\x81\x40\xFE"), 30), uint8(63), uint16(160))
	f.Add(bytes.Repeat([]byte("\xA1"), 129), uint8(1), uint16(400))
	f.Add([]byte("\x80\xFF\x81\x30\x81\x30 \x8E\xA1\x8F\xA1\xA1"), uint8(62), uint16(1000))
	f.Fuzz(func(t *testing.T, data []byte, pos uint8, size uint16) {
		for _, c := range pairsCodes {
			pre := bytes.Repeat([]byte{c.leads[0][0], c.trails[len(c.trails)-1][1]}, 64)[:pos%128]
			for _, src := range [][]byte{data, append(pre, data...)} {
				for _, k := range Kernels() {
					withKernel(k, func() {
						checkPairs(t, c, src, int(size)%(3*len(src)+PairsMinDst+1))
					})
				}
			}
		}
	})
}
