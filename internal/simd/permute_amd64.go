//go:build amd64 && gc && !purego

package simd

// permuteAVX512 sets dst[i] = p[src[i]] for i < n, a multiple of 64.
//
//go:noescape
func permuteAVX512(dst, src *byte, n int, p *[256]byte)

// permuteBlocks permutes the whole 64-byte blocks of src with the kernel
// k and returns how many bytes it did (0 when k has no permutation kernel).
func permuteBlocks(k *impl, dst, src []byte, p *[256]byte) int {
	n := len(src) &^ 63
	if k != avx512Impl || n == 0 {
		return 0
	}
	permuteAVX512(&dst[0], &src[0], n, p)
	return n
}
