//go:build linux || darwin || freebsd

package simd

import (
	"math/rand/v2"
	"testing"
)

// TestDecodePairsGuardPages runs DecodePairs with every kernel on inputs
// that end exactly at a protected page, and into destinations that end
// there, for every length 0–300: a read beyond src (the kernel reads 65
// bytes per block) or a write beyond dst crashes the test.
func TestDecodePairsGuardPages(t *testing.T) {
	srcPage := guarded(t)
	dstPage := guarded(t)
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(11, 12))
		for _, c := range pairsCodes {
			for n := 0; n <= 300; n++ {
				for _, mix := range []int{0, 40, 100} {
					src := atEnd(srcPage, c.randPairs(r, nil, n, mix)[:n])
					for _, size := range []int{0, n / 2, n, PairsMinDst, 2 * n, 2*n + PairsMinDst} {
						dst := dstPage[len(dstPage)-size:]
						nDst, nSrc, _ := DecodePairs(dst, src, c.t)
						want := make([]byte, size)
						wDst, wSrc, _ := refDecodePairs(want, src, c.t)
						if pairsStep(kernel) && (nDst != wDst || nSrc != wSrc) {
							t.Fatalf("%s: % x, dst %d bytes: DecodePairs = %d, %d; want %d, %d", c.name, src, size, nDst, nSrc, wDst, wSrc)
						}
					}
				}
			}
		}
	})
}
