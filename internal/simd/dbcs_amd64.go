//go:build amd64 && gc && !purego

package simd

// decodePairsAVX512 converts 64-byte blocks of src (63 when a block ends
// with a lead) while len(src)-nSrc >= PairsMinSrc and len(dst)-nDst >=
// PairsMinDst. It stops before the first character whose entry in t is 0
// and then returns bad = true. See DecodePairs.
//
//go:noescape
func decodePairsAVX512(dst, src []byte, t *[65536]uint32) (nDst, nSrc int, bad bool)

// decodePairsAVX2 is decodePairsAVX512 with AVX2: the same blocks and
// results, each character looked up and stored in turn.
//
//go:noescape
func decodePairsAVX2(dst, src []byte, t *[65536]uint32) (nDst, nSrc int, bad bool)

// decodePairs runs the vector step of kernel k; the scalar kernel has
// none.
func decodePairs(k *impl, dst, src []byte, t *[65536]uint32) (int, int, bool) {
	switch k {
	case avx512Impl:
		return decodePairsAVX512(dst, src, t)
	case avx2Impl:
		return decodePairsAVX2(dst, src, t)
	}
	return 0, 0, false
}
