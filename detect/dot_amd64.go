//go:build amd64 && gc && !purego

package detect

import "github.com/ucskit/ucs/internal/simd"

// dotHighAVX2 is dotHighScalar with AVX2 (dot_amd64.s).
//
//go:noescape
func dotHighAVX2(hist *[128]uint32, cost *[128]int32) int32

// useDotAVX2 is true when the CPU has AVX2 and UCS_SIMD does not pin the
// scalar kernels.
var useDotAVX2 = simd.HasAVX2() && simd.Kernel() != "scalar"

// dotHigh returns the sum of hist[i]*cost[i] in int32 arithmetic.
func dotHigh(hist *[128]uint32, cost *[128]int32) int32 {
	if useDotAVX2 {
		return dotHighAVX2(hist, cost)
	}
	return dotHighScalar(hist, cost)
}

// denseMin is the number of distinct non-ASCII bytes from which quickRound
// sums over all of them with dotHigh.
var denseMin = func() int {
	if useDotAVX2 {
		return 16
	}
	return 64
}()
