//go:build amd64 && gc && !purego

package detect

import (
	"sync/atomic"

	"github.com/ucskit/ucs/internal/simd"
)

// dotHighAVX2 is dotHighScalar with AVX2 (dot_amd64.s).
//
//go:noescape
func dotHighAVX2(hist *[128]uint32, cost *[128]int32) int32

// dotMode is how dotHigh sums: dotAVX2 when the CPU has AVX2 and UCS_SIMD
// does not pin the scalar kernels, else dotScalar; 0 until the first
// call, which chooses (a load and a compare a call, as a plain variable
// costs, and no kernel choice when the package is initialised).
var dotMode atomic.Uint32

const (
	dotScalar = 1 + iota
	dotAVX2
)

func chooseDot() uint32 {
	m := uint32(dotScalar)
	if simd.HasAVX2() && simd.Kernel() != "scalar" {
		m = dotAVX2
	}
	dotMode.Store(m)
	return m
}

// dotHigh returns the sum of hist[i]*cost[i] in int32 arithmetic.
func dotHigh(hist *[128]uint32, cost *[128]int32) int32 {
	m := dotMode.Load()
	if m == 0 {
		m = chooseDot()
	}
	if m == dotAVX2 {
		return dotHighAVX2(hist, cost)
	}
	return dotHighScalar(hist, cost)
}

// denseMin returns the number of distinct non-ASCII bytes from which
// quickRound sums over all of them with dotHigh.
func denseMin() int {
	m := dotMode.Load()
	if m == 0 {
		m = chooseDot()
	}
	if m == dotAVX2 {
		return 16
	}
	return 64
}
