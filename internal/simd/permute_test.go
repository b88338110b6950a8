package simd

import (
	"bytes"
	"math/rand/v2"
	"runtime"
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

// FuzzPermute compares Permute with every kernel with the scalar loop,
// at the input's length and at the offsets 1–3 into it.
func FuzzPermute(f *testing.F) {
	f.Add([]byte("\x00\x7f\x80\xff"), byte(1))
	f.Fuzz(func(t *testing.T, src []byte, seed byte) {
		var p [256]byte
		for i := range p {
			p[i] = byte(i*7) ^ seed
		}
		for _, k := range Kernels() {
			withKernel(k, func() {
				for off := 0; off < 4 && off <= len(src); off++ {
					s := src[off:]
					want := make([]byte, len(s))
					permuteScalar(want, s, &p)
					got := make([]byte, len(s))
					if Permute(got, s, &p) != len(s) || !bytes.Equal(got, want) {
						t.Fatalf("%s, offset %d: % X, want % X", k, off, got, want)
					}
				}
			})
		}
	})
}

// TestPermuteEveryByte runs each kernel over blocks that hold every byte
// value at every position, with tables in which each of the 256 entries
// differs from its neighbours, in place as the encoders use it too.
func TestPermuteEveryByte(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	src := make([]byte, 256*33)
	for i := range src {
		src[i] = byte(i + i/256) // every byte at every offset mod 32
	}
	for round := 0; round < 4; round++ {
		var p [256]byte
		for i, v := range r.Perm(256) {
			p[i] = byte(v)
		}
		want := make([]byte, len(src))
		permuteScalar(want, src, &p)
		for _, k := range Kernels() {
			withKernel(k, func() {
				got := bytes.Clone(src)
				if n := Permute(got, got, &p); n != len(src) {
					t.Fatalf("%s: %d bytes, want %d", k, n, len(src))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s: byte %d (%02X) became %02X, want %02X", k, i, src[i], got[i], want[i])
					}
				}
			})
		}
	}
}

// BenchmarkPermute runs Permute over 64 KiB with every kernel, in bytes
// per second of the clock and of the thread's CPU time (cpuGB/s).
func BenchmarkPermute(b *testing.B) {
	var p [256]byte
	for i := range p {
		p[i] = byte(255 - i)
	}
	src := make([]byte, 64<<10)
	for i := range src {
		src[i] = byte(i * 131)
	}
	dst := make([]byte, len(src))
	for _, k := range Kernels() {
		b.Run(k, func(b *testing.B) {
			restore, _ := ForceKernel(k)
			defer restore()
			b.SetBytes(int64(len(src)))
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			n := 0
			for b.Loop() {
				Permute(dst, src, &p)
				n++
			}
			if cpu := threadCPU() - cpu0; cpu > 0 {
				b.ReportMetric(float64(n)*float64(len(src))/cpu.Seconds()/1e9, "cpuGB/s")
			}
		})
	}
}
