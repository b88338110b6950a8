//go:build !(amd64 && gc && !purego)

package simd

// Without the assembly kernels only the scalar kernel exists.

// utf16LEToUTF8Kernel is UTF16LEToUTF8 (see the amd64 form).
func utf16LEToUTF8Kernel(dst, src []byte) (int, int) { return utf16ToUTF8Scalar(dst, src, false) }
