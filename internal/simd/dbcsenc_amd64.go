//go:build amd64 && gc && !purego

package simd

// encodePairsAVX512 converts blocks of src while len(src)-nSrc >=
// EncodePairsMinSrc and len(dst)-nDst >= EncodePairsMinDst. It stops
// before the first character it does not take and then returns bad =
// true. See EncodePairs.
//
//go:noescape
func encodePairsAVX512(dst, src []byte, enc *[65536]uint16, skip uint16) (nDst, nSrc int, bad bool)

// encodePairs runs the vector step of kernel k; the avx2 and scalar
// kernels have none.
func encodePairs(k *impl, dst, src []byte, enc *[65536]uint16, skip uint16) (int, int, bool) {
	if k != avx512Impl {
		return 0, 0, false
	}
	return encodePairsAVX512(dst, src, enc, skip)
}
