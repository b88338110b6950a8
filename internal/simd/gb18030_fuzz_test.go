package simd

import (
	"bytes"
	"testing"
)

// FuzzGB18030Supplementary compares GB18030SupplementaryToUTF8 and
// UTF8ToGB18030Supplementary with their references on the fuzzer's
// input, as it is and after 0–63 valid characters (so that its bytes fall
// at every place of a block and of later blocks), with a dst of the
// fuzzer's size, under every kernel.
func FuzzGB18030Supplementary(f *testing.F) {
	f.Add([]byte("\x95\x32\x82\x36\x94\x39\xF0\x38"), uint8(0), uint16(64))
	f.Add([]byte("\x90\x30\x81\x30\xE3\x32\x9A\x35\xE3\x32\x9A\x36"), uint8(15), uint16(200))
	f.Add([]byte("\x84\x31\xA4\x39\x81\x30\x81\x30"), uint8(16), uint16(1000))
	f.Add([]byte("\x8F\x39\xFE\x39\xFE\x39\xFE\x39\x94\x39\xF0"), uint8(31), uint16(300))
	f.Add([]byte("\xBA\xBA abc \x80\xFF\x2F\x3A"), uint8(3), uint16(65))
	f.Add([]byte("\U0001F600\U00010000\U0010FFFF\xF4\x90\x80\x80\xF0\x8F\xBF\xBF"), uint8(9), uint16(100))
	f.Fuzz(func(t *testing.T, data []byte, pos uint8, size uint16) {
		for i := range supDirs {
			d := &supDirs[i]
			pre := d.form(bytes.Runes(bytes.Repeat([]byte("\U00020000\U0001F58A"), 32)))[:4*int(pos%64)]
			for _, src := range [][]byte{data, append(pre, data...)} {
				for _, k := range Kernels() {
					withKernel(k, func() {
						d.check(t, src, int(size)%(len(src)+70))
					})
				}
			}
		}
	})
}
