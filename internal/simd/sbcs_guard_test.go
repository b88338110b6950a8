//go:build linux || darwin || freebsd

package simd

import (
	"math/rand/v2"
	"testing"
)

// TestSBCSGuardPages runs both conversions with every kernel on inputs
// that end exactly at a protected page, and into destinations that end
// there, for every length 0–300: an over-read or over-write crashes the
// test.
func TestSBCSGuardPages(t *testing.T) {
	srcPage := guarded(t)
	dstPage := guarded(t)
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(9, 10))
		for _, c := range sbcsCases[:4] {
			for n := 0; n <= 300; n++ {
				for _, enc := range []bool{false, true} {
					var buf []byte
					if enc {
						buf = c.genUTF8(r, n, false)
					} else {
						buf = c.genSBCS(r, n, false)
					}
					src := atEnd(srcPage, buf)
					for _, size := range []int{0, n / 2, n, 2 * n, 3 * n, 3*n + 100} {
						dst := dstPage[len(dstPage)-size:]
						if enc {
							c.t.FromUTF8(dst, src)
						} else {
							c.t.ToUTF8(dst, src)
						}
					}
				}
			}
		}
	})
}
