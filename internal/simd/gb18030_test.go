package simd

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// gbCode returns the four-byte GB18030 code of pointer p (0–1587599).
func gbCode(p int) []byte {
	return []byte{byte(p/12600 + 0x81), byte(p/1260%10 + 0x30), byte(p/10%126 + 0x81), byte(p%10 + 0x30)}
}

// gbSupplementary returns the four-byte code of the supplementary
// character r.
func gbSupplementary(r rune) []byte { return gbCode(int(r) - 0x10000 + 189000) }

// refGB18030Supplementary is GB18030Supplementary in plain Go, one code
// at a time, with the code point of each code through utf8.EncodeRune: it
// must give the kernel's results exactly.
func refGB18030Supplementary(dst, src []byte) (nDst, nSrc int) {
	n := 0
	for n+4 <= len(src) && n+4 <= len(dst) {
		b0, b1, b2, b3 := int(src[n]), int(src[n+1]), int(src[n+2]), int(src[n+3])
		if b0 < 0x81 || b0 > 0xFE || b1 < 0x30 || b1 > 0x39 || b2 < 0x81 || b2 > 0xFE || b3 < 0x30 || b3 > 0x39 {
			break
		}
		p := (b0-0x81)*12600 + (b1-0x30)*1260 + (b2-0x81)*10 + b3 - 0x30
		if p < 189000 || p > 1237575 {
			break
		}
		utf8.EncodeRune(dst[n:], rune(p-189000+0x10000))
		n += 4
	}
	return n, n
}

// randSupplementary appends n random supplementary codes to b: mostly
// emoji (the plane-1 block of the corpus), some anywhere in planes 1–16,
// and the ends of the range.
func randSupplementary(r *rand.Rand, b []byte, n int) []byte {
	for range n {
		var c rune
		switch r.IntN(8) {
		case 0:
			c = 0x10000 + r.Int32N(0x100000)
		case 1:
			c = []rune{0x10000, 0x10FFFF, 0x1FFFF, 0x20000, 0xFFFFF, 0x100000}[r.IntN(6)]
		default:
			c = 0x1F300 + r.Int32N(0x400)
		}
		b = append(b, gbSupplementary(c)...)
	}
	return b
}

// checkSupplementary runs GB18030Supplementary on src with a dst of size
// bytes, and fails unless the avx512 kernel gives what the reference
// gives, in (nDst, nSrc) and in the whole of dst (so nothing is written
// beyond nDst), and the other kernels give 0, 0.
func checkSupplementary(t *testing.T, src []byte, size int) {
	t.Helper()
	dst := bytes.Repeat([]byte{0xAA}, size)
	want := bytes.Repeat([]byte{0xAA}, size)
	nDst, nSrc := GB18030Supplementary(dst, src)
	if cur() != avx512Impl {
		if nDst != 0 || nSrc != 0 {
			t.Fatalf("kernel %s: GB18030Supplementary(% x) = %d, %d; want 0, 0", cur().name, src, nDst, nSrc)
		}
		return
	}
	wDst, wSrc := refGB18030Supplementary(want, src)
	if nDst != wDst || nSrc != wSrc || !bytes.Equal(dst, want) {
		t.Fatalf("GB18030Supplementary(% x), dst %d bytes = %d, %d, % x; want %d, %d, % x",
			src, size, nDst, nSrc, dst, wDst, wSrc, want)
	}
}

// TestGB18030SupplementaryLengths converts runs of valid codes of every
// length 0–300 bytes (whole codes and cut ones), into destinations of
// several sizes.
func TestGB18030SupplementaryLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	eachKernel(t, func(t *testing.T, kernel string) {
		for n := 0; n <= 300; n++ {
			src := randSupplementary(r, nil, n/4+1)[:n]
			for _, size := range []int{0, 3, 4, n / 2, n - 1, n, n + 1, n + 64, 2 * n} {
				if size >= 0 {
					checkSupplementary(t, src, size)
				}
			}
		}
	})
}

// TestGB18030SupplementaryBadByte puts, at every byte of three blocks of
// valid codes, each byte value just outside and at the edges of that
// byte's range (80, 81, FE, FF for the first and third bytes of a code;
// 2F, 30, 39, 3A for the second and fourth), and others.
func TestGB18030SupplementaryBadByte(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	base := randSupplementary(r, nil, 48)
	eachKernel(t, func(t *testing.T, kernel string) {
		for i := range base {
			vals := []byte{0x80, 0x81, 0xFE, 0xFF, 0x00, 0x7F, 0x30, 0x39}
			if i%2 == 1 {
				vals = []byte{0x2F, 0x30, 0x39, 0x3A, 0x00, 0x80, 0x81, 0xFE}
			}
			for _, v := range vals {
				src := bytes.Clone(base)
				src[i] = v
				checkSupplementary(t, src, len(src))
				checkSupplementary(t, src[:len(src)-1], len(src))
			}
		}
	})
}

// TestGB18030SupplementaryLimits puts codes at and beyond the ends of the
// supplementary range, and the four-byte codes of BMP characters (which
// are not supplementary and must stop the kernel), at every code of two
// blocks.
func TestGB18030SupplementaryLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	base := randSupplementary(r, nil, 40)
	pointers := []int{
		189000, 1237575, // U+10000 and U+10FFFF
		188999, 1237576, // just outside
		0, 1, 39419, 39420, 7457, 100000, 188990, // the BMP ranges, and the gap after them
		1237580, 1237585, 1260000, 1587599, // beyond U+10FFFF, up to FE 39 FE 39
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, p := range pointers {
			for i := 0; i < 32; i++ {
				src := bytes.Clone(base)
				copy(src[4*i:], gbCode(p))
				checkSupplementary(t, src, len(src))
				checkSupplementary(t, src, 4*i+4)
			}
		}
	})
}

// TestGB18030SupplementaryAll decodes every supplementary character once,
// in blocks of the kernel, and checks the output against utf8.
func TestGB18030SupplementaryAll(t *testing.T) {
	var src, want []byte
	for c := rune(0x10000); c <= 0x10FFFF; c++ {
		src = append(src, gbSupplementary(c)...)
		want = utf8.AppendRune(want, c)
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		dst := make([]byte, len(src))
		nDst, nSrc := GB18030Supplementary(dst, src)
		if kernel != "avx512" {
			if nDst != 0 || nSrc != 0 {
				t.Fatalf("= %d, %d; want 0, 0", nDst, nSrc)
			}
			return
		}
		if nDst != len(want) || nSrc != len(src) || !bytes.Equal(dst, want) {
			i := 0
			for i < len(want) && dst[i] == want[i] {
				i++
			}
			t.Fatalf("= %d, %d; want %d, %d; first difference at byte %d", nDst, nSrc, len(want), len(src), i)
		}
	})
}

// TestGB18030SupplementaryRandom compares the kernel with the reference
// on random mixtures of supplementary codes, BMP four-byte codes, two-byte
// codes and ASCII, cut at random lengths.
func TestGB18030SupplementaryRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	eachKernel(t, func(t *testing.T, kernel string) {
		for range 3000 {
			var src []byte
			for len(src) < 400 {
				switch r.IntN(20) {
				case 0:
					src = append(src, gbCode(r.IntN(39420))...)
				case 1:
					src = append(src, 'a'+byte(r.IntN(26)))
				case 2:
					src = append(src, 0x81+byte(r.IntN(126)), 0x40+byte(r.IntN(190)))
				case 3:
					src = append(src, byte(r.Uint32()))
				default:
					src = randSupplementary(r, src, 1+r.IntN(40))
				}
			}
			off := r.IntN(len(src))
			src = src[off:]
			checkSupplementary(t, src, r.IntN(len(src)+70))
		}
	})
}
