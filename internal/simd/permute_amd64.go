//go:build amd64 && gc && !purego

package simd

// permuteAVX512 sets dst[i] = p[src[i]] for i < n, a multiple of 64.
//
//go:noescape
func permuteAVX512(dst, src *byte, n int, p *[256]byte)

// permuteAVX2 sets dst[i] = p[src[i]] for i < n, a multiple of 32.
//
//go:noescape
func permuteAVX2(dst, src *byte, n int, p *[256]byte)

// permuteBlocks permutes the whole blocks of src (64 bytes for avx512, 32
// for avx2) with the kernel k and returns how many bytes it did (0 when k
// has no permutation kernel). The kernels are called directly, not
// through the impl, so that callers' buffers stay on their stacks.
func permuteBlocks(k *impl, dst, src []byte, p *[256]byte) int {
	switch k {
	case avx512Impl:
		n := len(src) &^ 63
		if n > 0 {
			permuteAVX512(&dst[0], &src[0], n, p)
		}
		return n
	case avx2Impl:
		n := len(src) &^ 31
		if n > 0 {
			permuteAVX2(&dst[0], &src[0], n, p)
		}
		return n
	}
	return 0
}
