//go:build !(amd64 && gc && !purego)

package simd

// Without the assembly kernels the caller's scalar code does the whole
// conversion.
func encodePairs(_ *impl, _, _ []byte, _ *[65536]uint16, _ uint16) (int, int, bool) {
	return 0, 0, false
}
