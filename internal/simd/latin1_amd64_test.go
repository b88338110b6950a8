//go:build amd64 && gc && !purego

package simd

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// latin1Runs makes Latin-1 text of n bytes made of ASCII runs and
// non-ASCII runs of random lengths up to maxRun, so that whole 64- and
// 128-byte blocks are sometimes ASCII and sometimes not.
func latin1Runs(r *rand.Rand, n, maxRun int) []byte {
	b := make([]byte, 0, n)
	for len(b) < n {
		k := min(r.IntN(maxRun+1), n-len(b))
		ascii := r.IntN(2) == 0
		for range k {
			if ascii {
				b = append(b, byte(r.IntN(0x80)))
			} else {
				b = append(b, byte(0x80+r.IntN(0x80)))
			}
		}
	}
	return b
}

// TestLatin1ToUTF8AVX512Blocks runs the AVX-512 kernel over text whose
// 64-byte blocks are now ASCII, now not, in runs of every length, with
// dst rooms near one and two blocks' output. It checks that the kernel
// stops only for want of a block or of room, converts a last partial
// block when it is ASCII, writes nothing past dst, and agrees with the
// scalar code, alone and within Latin1ToUTF8.
func TestLatin1ToUTF8AVX512Blocks(t *testing.T) {
	if !hasKernel("avx512") {
		t.Skip("no AVX-512 kernel on this CPU")
	}
	checkLatin1ToUTF8Blocks(t, "avx512", latin1ToUTF8AVX512, 64, []int{1, 8, 70, 200})
}

// TestLatin1ToUTF8AVX2Blocks is the same for the AVX2 kernel, whose
// 32-byte blocks are taken 16 bytes at a time when not all ASCII: the
// runs are short enough for a block to have one half ASCII and the other
// not, in either order.
func TestLatin1ToUTF8AVX2Blocks(t *testing.T) {
	if !hasKernel("avx2") {
		t.Skip("no AVX2 kernel on this CPU")
	}
	checkLatin1ToUTF8Blocks(t, "avx2", latin1ToUTF8AVX2, 32, []int{1, 8, 16, 20, 40, 200})
}

func checkLatin1ToUTF8Blocks(t *testing.T, kernel string, fn func(dst, src []byte) (int, int), block int, runs []int) {
	r := rand.New(rand.NewPCG(3, 1))
	for iter := 0; iter < 300; iter++ {
		n := r.IntN(700)
		if iter%25 == 0 {
			n = 2000 + r.IntN(4000) // dst sizes that take the block count several rounds
		}
		src := latin1Runs(r, n, runs[iter%len(runs)])
		want := make([]byte, 2*len(src))
		wd, ws := latin1ToUTF8Scalar(want, src)
		if ws != len(src) {
			t.Fatalf("scalar stopped at %d of %d", ws, len(src))
		}
		for _, size := range dstSizes(r, 2*len(src)) {
			buf := bytes.Repeat([]byte{0xA5}, size+300)
			d, s := fn(buf[:size], src)
			if (s%block != 0 && s != len(src)) || s > len(src) || d > size || !bytes.Equal(buf[:d], want[:d]) {
				t.Fatalf("kernel on %x with dst %d = (%d, %d); output % x; want a prefix of % x", src, size, d, s, buf[:d], want[:wd])
			}
			if w, _ := latin1ToUTF8Scalar(make([]byte, 2*s), src[:s]); w != d {
				t.Fatalf("kernel on %x with dst %d wrote %d bytes for %d read; want %d", src, size, d, s, w)
			}
			if size-d >= 2*block && len(src)-s >= block {
				t.Fatalf("kernel on %x with dst %d stopped at (%d, %d) with a block to do and room for it", src, size, d, s)
			}
			if rest := len(src) - s; rest > 0 && rest < block && size-d >= 2*rest && asciiTail(src, s, block) {
				t.Fatalf("kernel on %x with dst %d stopped at (%d, %d) before an ASCII tail it has room for", src, size, d, s)
			}
			for i := size; i < len(buf); i++ {
				if buf[i] != 0xA5 {
					t.Fatalf("kernel on %x with dst %d wrote past the end at %d", src, size, i)
				}
			}
			withKernel(kernel, func() { d, s = Latin1ToUTF8(buf[:size], src) })
			var rd, rs int
			ref := make([]byte, size)
			withKernel("scalar", func() { rd, rs = Latin1ToUTF8(ref, src) })
			if d != rd || s != rs || !bytes.Equal(buf[:d], ref[:rd]) {
				t.Fatalf("Latin1ToUTF8(%x) with dst %d = (%d, %d); scalar (%d, %d)", src, size, d, s, rd, rs)
			}
		}
	}
}

// dstSizes gives dst sizes for an output of n bytes: the full size and
// sizes near the kernel's room thresholds and at random.
func dstSizes(r *rand.Rand, n int) []int {
	sizes := []int{n, n + 64, 0, 63, 64, 127, 128, 129, 191, 255, 256, 257, 383, 384, 385}
	for range 6 {
		sizes = append(sizes, r.IntN(n+1))
	}
	return sizes
}

func hasKernel(k string) bool {
	for _, x := range Kernels() {
		if x == k {
			return true
		}
	}
	return false
}

// asciiTail reports whether a kernel with blocks of the given size
// converts the tail src[s:] (shorter than a block) itself: the AVX-512
// kernels (64-byte blocks) do when the tail is ASCII, the AVX2 ones
// (32-byte blocks) when the last 32 bytes of src are.
func asciiTail(src []byte, s, block int) bool {
	from := s
	if block == 32 {
		if len(src) < 32 {
			return false
		}
		from = len(src) - 32
	}
	for _, c := range src[from:] {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
