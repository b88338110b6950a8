// Package shuftab computes the VPSHUFB shuffle tables of the AVX2 kernels
// of internal/simd. The generator beside it (gentables) writes them into
// the package as static arrays, so that no code runs to build them when a
// program starts; the package's tests compare the two.
package shuftab

// TwoByteShuf returns the table t whose t[m] packs 8 words of one- or two-byte UTF-8 forms: word i
// gives its low byte, and its high byte too when bit i of m is set.
func TwoByteShuf() (t [256][16]byte) {
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
}

// ThreeByteShuf returns the tables t and n: t[k] packs 4 dwords of UTF-8 forms of one to four bytes;
// bits 2i and 2i+1 of k give the length of dword i less one, and n[k]
// is the packed length.
func ThreeByteShuf() (t [256][16]byte, n [256]byte) {
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
}

// WordShuf returns the table t whose t[m] packs the words i of a lane for which bit i of m is set.
func WordShuf() (t [256][16]byte) {
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
}

// WordFormShuf returns the table t whose t[k] packs the UTF-8 forms of 4 words (see
// internal/simd.wordFormShuf); byte 15 is the packed length.
func WordFormShuf() (t [256][16]byte) {
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
}

// SBCSExpand returns the table t whose t[m] packs eight words (first byte, second byte) into their
// UTF-8 bytes when bit i of m says that word i has a second byte.
func SBCSExpand() (t [256][16]byte) {
	for m := range t {
		o := 0
		for i := 0; i < 8; i++ {
			t[m][o] = byte(2 * i)
			o++
			if m>>i&1 != 0 {
				t[m][o] = byte(2*i + 1)
				o++
			}
		}
		for ; o < 16; o++ {
			t[m][o] = 0x80 // zero
		}
	}
	return t
}

// SBCSPack returns the table t whose t[m] keeps the bytes i of eight for which bit i of m is set.
func SBCSPack() (t [256][16]byte) {
	for m := range t {
		o := 0
		for i := 0; i < 8; i++ {
			if m>>i&1 != 0 {
				t[m][o] = byte(i)
				o++
			}
		}
		for ; o < 16; o++ {
			t[m][o] = 0x80 // zero
		}
	}
	return t
}
