//go:build linux || darwin || freebsd

package simd

import (
	"math/rand/v2"
	"testing"
)

// TestEncodePairsGuardPages runs EncodePairs with every kernel on inputs
// that end exactly at a protected page, and into destinations that end
// there, for every length 0–300: a read beyond src (the kernel reads 66
// bytes per block) or a write beyond dst crashes the test. Inputs that
// end inside a character (a lead and one continuation, a lone lead) are
// among them.
func TestEncodePairsGuardPages(t *testing.T) {
	srcPage := guarded(t)
	dstPage := guarded(t)
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(11, 12))
		for _, tab := range encTables {
			for n := 0; n <= 300; n++ {
				for _, mix := range []int{0, 300, 1000} {
					text := tab.randEnc(r, nil, n, mix, 2)
					for _, end := range [][]byte{nil, {0xE4, 0xB8}, {0xE4}} {
						text := append(text[:min(n, len(text)):min(n, len(text))], end...)
						src := atEnd(srcPage, text)
						for _, size := range []int{0, len(src) / 2, len(src), EncodePairsMinDst, 2*len(src) + EncodePairsMinDst} {
							dst := dstPage[len(dstPage)-size:]
							nDst, nSrc, _ := EncodePairs(dst, src, tab.enc, tab.skip)
							want := make([]byte, size)
							wDst, wSrc, _ := refEncodePairs(want, src, tab.enc, tab.skip)
							if kernel == "avx512" && (nDst != wDst || nSrc != wSrc) {
								t.Fatalf("%s: %+q, dst %d bytes: EncodePairs = %d, %d; want %d, %d", tab.name, src, size, nDst, nSrc, wDst, wSrc)
							}
						}
					}
				}
			}
		}
	})
}
