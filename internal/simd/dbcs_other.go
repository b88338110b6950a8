//go:build !(amd64 && gc && !purego)

package simd

// Without the assembly kernels the caller's scalar code does the whole
// conversion.
func decodePairs(_ *impl, _, _ []byte, _ *[65536]uint32) (int, int, bool) { return 0, 0, false }
