//go:build amd64 && gc && !purego

package simd

// twoByteShuf[m] is the VPSHUFB shuffle that packs 8 16-bit words of
// UTF-8 (one- or two-byte forms, low byte first) into bytes: word i gives
// its low byte, and its high byte too when bit i of m is set. Unused
// places are 0x80 (zero). The AVX2 converters use it.
//
//lint:ignore U1000 read by the assembly (avx2_expand16_amd64.h, avx2_utf32_to_utf8_amd64.h)
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

// threeByteShuf[k] is the VPSHUFB shuffle that packs 4 dwords holding
// UTF-8 forms of one to four bytes (low byte first); bits 2i and 2i+1 of
// k give the length of dword i less one. threeByteLen[k] is the packed
// length.
//
//lint:ignore U1000 read by the assembly (avx2_utf16_to_utf8_amd64.s, avx2_utf32_to_utf8_amd64.h)
var threeByteShuf, threeByteLen = func() (t [256][16]byte, n [256]byte) {
	for k := range t {
		j := 0
		for i := 0; i < 4; i++ {
			l := (k>>(2*i))&3 + 1
			for b := 0; b < l; b++ {
				t[k][j] = byte(4*i + b)
				j++
			}
		}
		n[k] = byte(j)
		for ; j < 16; j++ {
			t[k][j] = 0x80
		}
	}
	return t, n
}()

// wordShuf[m] is the VPSHUFB shuffle that packs the 16-bit words i of a
// 128-bit lane for which bit i of m is set. The AVX2 UTF-8 decoders use it.
//
//lint:ignore U1000 read by the assembly (utf8_amd64.s, valid_amd64.s)
var wordShuf = func() (t [256][16]byte) {
	for m := range t {
		j := 0
		for i := 0; i < 8; i++ {
			if m&(1<<i) != 0 {
				t[m][j], t[m][j+1] = byte(2*i), byte(2*i+1)
				j += 2
			}
		}
		for ; j < 16; j++ {
			t[m][j] = 0x80
		}
	}
	return t
}()

// wordFormShuf[k] is the VPSHUFB shuffle that packs the UTF-8 forms of 4
// 16-bit words w (no surrogates), each given as a dword of four bytes:
// w&7F, 80|w&3F, E0|w>>12, and C0|w>>6 (w below 800) or 80|w>>6&3F. Bits
// 2i and 2i+1 of k are 0 for a word of one byte (the first byte of its
// dword), 1 for two (the fourth and the second) and 2 for three (the
// third, fourth and second). Byte 15, which the output never reaches
// (it is at most 12 bytes long), holds that length. The AVX2 UTF-16 and
// UTF-32 to UTF-8 converters use it (avx2_words_to_utf8_amd64.h).
//
//lint:ignore U1000 read by the assembly (avx2_words_to_utf8_amd64.h)
var wordFormShuf = func() (t [256][16]byte) {
	forms := [4][]byte{{0}, {3, 1}, {2, 3, 1}, nil}
	for k := range t {
		j := 0
		for i := 0; i < 4; i++ {
			for _, b := range forms[(k>>(2*i))&3] {
				t[k][j] = byte(4*i) + b
				j++
			}
		}
		n := j
		for ; j < 15; j++ {
			t[k][j] = 0x80
		}
		t[k][15] = byte(n)
	}
	return t
}()
