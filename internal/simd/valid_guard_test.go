//go:build linux || darwin || freebsd

package simd

import (
	"math/rand/v2"
	"testing"
)

// TestValidGuardPages runs the assume-valid converters of every kernel on
// well-formed and ill-formed inputs of every length 0–300 (and some up to
// a page) that end exactly at a protected page, with dst sized by the
// length function ending at one too; and with both starting right after
// a protected page. A read past src or a write outside dst crashes the
// test; on well-formed input the output must also match the validating
// converter's.
func TestValidGuardPages(t *testing.T) {
	srcEnd, dstEnd := guarded(t), guarded(t)
	srcStart, dstStart := guardedBefore(t), guardedBefore(t)
	lengths := []int{}
	for n := 0; n <= 300; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 511, 512, 513, 1000, 1023, 1024, 1025, 1300)
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(13, 14))
		for _, op := range convOps {
			for _, n := range lengths {
				inputs := [][]byte{
					validForm(op, validText(r, n, mixes[n%len(mixes)])),
					illFormed(r, op, n),
				}
				for i, in := range inputs {
					if len(in) > len(srcEnd) || 4*len(in) > len(dstEnd) {
						continue
					}
					size := lengthFor(op, in)
					var want []byte
					if i == 0 {
						want = make([]byte, size)
						n, _ := op.fn(want, in)
						want = want[:n]
					}
					for _, room := range []int{size, size / 2, size + 3} {
						for _, place := range []struct{ src, dst []byte }{
							{atEnd(srcEnd, in), dstEnd[len(dstEnd)-room:]},
							{srcStart[:copy(srcStart, in)], dstStart[:room:room]},
						} {
							n := op.valid(place.dst, place.src)
							if n < 0 || n > room {
								t.Fatalf("%sValid(% x) with dst of %d bytes returned %d", op.name, in, room, n)
							}
							if want != nil && room >= size && string(place.dst[:n]) != string(want) {
								t.Fatalf("%sValid(% x) = % x; validating: % x", op.name, in, place.dst[:n], want)
							}
						}
					}
				}
			}
		}
	})
}
