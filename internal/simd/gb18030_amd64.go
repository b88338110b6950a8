//go:build amd64 && gc && !purego

package simd

// gb18030SupplementaryAVX512 decodes the run of four-byte codes of
// supplementary characters at the start of src into dst and returns its
// length, the same in src and in dst. See GB18030Supplementary.
//
//go:noescape
func gb18030SupplementaryAVX512(dst, src []byte) (n int)

// gb18030Supplementary runs the vector step of kernel k; the avx2 and
// scalar kernels have none.
func gb18030Supplementary(k *impl, dst, src []byte) int {
	if k != avx512Impl {
		return 0
	}
	return gb18030SupplementaryAVX512(dst, src)
}
