//go:build !(amd64 && gc && !purego)

package simd

// Without the assembly kernels the caller's scalar code does the whole
// conversion.
func gb18030Supplementary(_ *impl, _, _ []byte) int { return 0 }
