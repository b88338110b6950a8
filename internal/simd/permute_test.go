package simd

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestPermute compares every kernel with the scalar loop on random tables
// and inputs of every length up to 300, at every offset of the source.
func TestPermute(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var p [256]byte
	for i := range p {
		p[i] = byte(r.IntN(256))
	}
	src := make([]byte, 400)
	for i := range src {
		src[i] = byte(r.IntN(256))
	}
	for _, k := range Kernels() {
		restore, ok := ForceKernel(k)
		if !ok {
			t.Fatalf("cannot force kernel %s", k)
		}
		for off := 0; off < 8; off++ {
			for n := 0; n <= 300; n++ {
				s := src[off : off+n]
				want := make([]byte, n)
				permuteScalar(want, s, &p)
				got := make([]byte, n+5)
				if m := Permute(got, s, &p); m != n || !bytes.Equal(got[:n], want) {
					t.Fatalf("%s, offset %d, length %d: %d bytes, % X; want % X", k, off, n, m, got[:n], want)
				}
				if m := Permute(got[:n/2], s, &p); m != n/2 || !bytes.Equal(got[:n/2], want[:n/2]) {
					t.Fatalf("%s, short dst %d: %d", k, n/2, m)
				}
			}
		}
		restore()
	}
}

// FuzzPermute compares Permute with the scalar loop.
func FuzzPermute(f *testing.F) {
	f.Add([]byte("\x00\x7f\x80\xff"), byte(1))
	f.Fuzz(func(t *testing.T, src []byte, seed byte) {
		var p [256]byte
		for i := range p {
			p[i] = byte(i*7) ^ seed
		}
		want := make([]byte, len(src))
		permuteScalar(want, src, &p)
		got := make([]byte, len(src))
		if Permute(got, src, &p) != len(src) || !bytes.Equal(got, want) {
			t.Fatalf("differs: % X, want % X", got, want)
		}
	})
}

func BenchmarkPermute(b *testing.B) {
	var p [256]byte
	for i := range p {
		p[i] = byte(255 - i)
	}
	src := make([]byte, 64<<10)
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		Permute(dst, src, &p)
	}
}
