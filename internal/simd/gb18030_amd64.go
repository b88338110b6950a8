//go:build amd64 && gc && !purego

package simd

// gb18030SupplementaryToUTF8AVX512 decodes the run of four-byte codes of
// supplementary characters at the start of src into dst and returns its
// length, the same in src and in dst. See GB18030SupplementaryToUTF8.
//
//go:noescape
func gb18030SupplementaryToUTF8AVX512(dst, src []byte) (n int)

// gb18030SupplementaryToUTF8AVX2 is gb18030SupplementaryToUTF8AVX512 in
// 32-byte blocks, with AVX2.
//
//go:noescape
func gb18030SupplementaryToUTF8AVX2(dst, src []byte) (n int)

// gb18030SupplementaryToUTF8 runs the vector step of kernel k; the scalar
// kernel has none.
func gb18030SupplementaryToUTF8(k *impl, dst, src []byte) int {
	switch k {
	case avx512Impl:
		return gb18030SupplementaryToUTF8AVX512(dst, src)
	case avx2Impl:
		return gb18030SupplementaryToUTF8AVX2(dst, src)
	}
	return 0
}

// utf8ToGB18030SupplementaryAVX512 encodes the run of four-byte UTF-8
// characters at the start of src into dst and returns its length, the
// same in src and in dst. See UTF8ToGB18030Supplementary.
//
//go:noescape
func utf8ToGB18030SupplementaryAVX512(dst, src []byte) (n int)

// utf8ToGB18030SupplementaryAVX2 is utf8ToGB18030SupplementaryAVX512 in
// 32-byte blocks, with AVX2.
//
//go:noescape
func utf8ToGB18030SupplementaryAVX2(dst, src []byte) (n int)

// utf8ToGB18030Supplementary runs the vector step of kernel k; the scalar
// kernel has none.
func utf8ToGB18030Supplementary(k *impl, dst, src []byte) int {
	switch k {
	case avx512Impl:
		return utf8ToGB18030SupplementaryAVX512(dst, src)
	case avx2Impl:
		return utf8ToGB18030SupplementaryAVX2(dst, src)
	}
	return 0
}
