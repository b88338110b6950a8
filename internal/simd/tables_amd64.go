//go:build amd64 && gc && !purego

package simd

// twoByteShuf[m] is the VPSHUFB shuffle that packs 8 16-bit words of
// UTF-8 (one- or two-byte forms, low byte first) into bytes: word i gives
// its low byte, and its high byte too when bit i of m is set. Unused
// places are 0x80 (zero). The AVX2 converters use it.
var twoByteShuf = func() (t [256][16]byte) {
	for m := range t {
		k := 0
		for i := 0; i < 8; i++ {
			t[m][k] = byte(2 * i)
			k++
			if m&(1<<i) != 0 {
				t[m][k] = byte(2*i + 1)
				k++
			}
		}
		for ; k < 16; k++ {
			t[m][k] = 0x80
		}
	}
	return t
}()
