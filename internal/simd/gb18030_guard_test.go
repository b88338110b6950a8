//go:build linux || darwin || freebsd

package simd

import (
	"math/rand/v2"
	"testing"
)

// TestGB18030SupplementaryGuardPages runs both supplementary kernels with every
// kernel on inputs that end exactly at a protected page and that start
// exactly after one, into destinations that do the same, for every length
// 0–300 of valid runs and of runs with a bad code: a read beyond either
// end of src (the last block is loaded under a mask) or a write beyond
// either end of dst crashes the test.
func TestGB18030SupplementaryGuardPages(t *testing.T) {
	srcEnd, dstEnd := guarded(t), guarded(t)
	srcStart, dstStart := guardedBefore(t), guardedBefore(t)
	eachDir(t, func(t *testing.T, d *supDir) {
		r := rand.New(rand.NewPCG(13, 14))
		for n := 0; n <= 300; n++ {
			text := d.form(randSupplementary(r, nil, n/4+1))[:n]
			for _, bad := range []int{-1, 0, n / 2, n - 1} {
				buf := append([]byte(nil), text...)
				if bad >= 0 && bad < n {
					buf[bad] = 0x7F
				}
				for _, size := range []int{0, 4, n / 2, n, n + 64} {
					want := make([]byte, size)
					wDst, wSrc := d.ref(want, buf)
					if !hasSupKernel() {
						wDst, wSrc = 0, 0
					}
					src := atEnd(srcEnd, buf)
					dst := dstEnd[len(dstEnd)-size:]
					if nDst, nSrc := d.fn(dst, src); nDst != wDst || nSrc != wSrc {
						t.Fatalf("at the page's end: % x, dst %d bytes: = %d, %d; want %d, %d", buf, size, nDst, nSrc, wDst, wSrc)
					}
					src = srcStart[:copy(srcStart, buf)]
					dst = dstStart[:size]
					if nDst, nSrc := d.fn(dst, src); nDst != wDst || nSrc != wSrc {
						t.Fatalf("at the page's start: % x, dst %d bytes: = %d, %d; want %d, %d", buf, size, nDst, nSrc, wDst, wSrc)
					}
				}
			}
		}
	})
}
