package simd

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// iso2022krText makes n bytes of ISO-2022-KR-like text: words of pairs
// between SO and SI, spaces, line ends, and now and then a byte that
// stops the conversion (bad in 1 of every bad bytes; 0 for none).
func iso2022krText(r *rand.Rand, n, bad int) []byte {
	var b []byte
	for len(b) < n {
		switch r.IntN(8) {
		case 0:
			b = append(b, ' ', 'a'+byte(r.IntN(26)))
		case 1:
			b = append(b, '\r', '\n')
		default:
			b = append(b, 0x0E)
			for range 1 + r.IntN(4) {
				b = append(b, 0x21+byte(r.IntN(0x5E)), 0x21+byte(r.IntN(0x5E)))
			}
			b = append(b, 0x0F, ' ')
		}
		if bad > 0 && r.IntN(bad) == 0 {
			// A shift, an ESC, a high byte, a line end or a lone byte anywhere.
			x := []byte{0x0E, 0x0F, 0x1B, 0x80, 0xA1, '\n', ' ', 'A', 0x7F}[r.IntN(9)]
			b[r.IntN(len(b))] = x
		}
	}
	return b[:n]
}

// The vector step against its Go twin, block for block.
func TestISO2022KRToEUC(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, k := range Kernels() {
		t.Run(k, func(t *testing.T) {
			restore, _ := ForceKernel(k)
			defer restore()
			if !HasISO2022KR() {
				if nd, ns, _ := ISO2022KRToEUC(make([]byte, 1024), make([]byte, 1024), false); nd != 0 || ns != 0 {
					t.Fatalf("kernel %s has no step but converted %d bytes", k, ns)
				}
				t.Skipf("kernel %s has no ISO-2022-KR step", k)
			}
			converted := 0
			for iter := range 20000 {
				n := 64 + r.IntN(600)
				src := iso2022krText(r, n, []int{0, 3, 40, 400}[iter%4])
				so := r.IntN(2) == 0
				dlen := 64 + r.IntN(n)
				want := make([]byte, dlen)
				got := make([]byte, dlen)
				wd, ws, wso := iso2022krBlocks(want, src, so)
				gd, gs, gso := ISO2022KRToEUC(got, src, so)
				if wd != gd || ws != gs || wso != gso || !bytes.Equal(want[:wd], got[:gd]) {
					t.Fatalf("src %q so %v: got %d %d %v %x, want %d %d %v %x", src, so, gd, gs, gso, got[:gd], wd, ws, wso, want[:wd])
				}
				converted += ws
			}
			if converted == 0 {
				t.Fatal("nothing converted: the test checks nothing")
			}
		})
	}
}

// The reverse vector step against its Go twin, on text in EUC-KR form:
// words of codes between spaces, now and then SO, SI or ESC.
func TestISO2022KRFromEUC(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, k := range Kernels() {
		t.Run(k, func(t *testing.T) {
			restore, _ := ForceKernel(k)
			defer restore()
			converted := 0
			for iter := range 20000 {
				n := 32 + r.IntN(500)
				src := make([]byte, 0, n+8)
				for len(src) < n {
					if r.IntN(3) == 0 {
						src = append(src, ' ', 'a'+byte(r.IntN(26)))
					} else {
						for range 1 + r.IntN(4) {
							src = append(src, 0xA1+byte(r.IntN(0x5E)), 0xA1+byte(r.IntN(0x5E)))
						}
					}
					if bad := []int{0, 5, 50, 500}[iter%4]; bad > 0 && r.IntN(bad) == 0 {
						src = append(src, []byte{0x0E, 0x0F, 0x1B}[r.IntN(3)])
					}
				}
				src = src[:n]
				shifted := r.IntN(2) == 0
				dlen := 64 + r.IntN(2*n)
				want := make([]byte, dlen)
				got := make([]byte, dlen)
				wd, ws, wsh := iso2022krFromEUCBlocks(want, src, shifted)
				gd, gs, gsh := ISO2022KRFromEUC(got, src, shifted)
				if !HasISO2022KR() {
					if gd != 0 || gs != 0 {
						t.Fatalf("kernel %s has no step but converted %d bytes", k, gs)
					}
					continue
				}
				if wd != gd || ws != gs || wsh != gsh || !bytes.Equal(want[:wd], got[:gd]) {
					t.Fatalf("src %x shifted %v: got %d %d %v %x, want %d %d %v %x", src, shifted, gd, gs, gsh, got[:gd], wd, ws, wsh, want[:wd])
				}
				converted += ws
			}
			if HasISO2022KR() && converted == 0 {
				t.Fatal("nothing converted: the test checks nothing")
			}
		})
	}
}
