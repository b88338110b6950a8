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

// refGB18030SupplementaryToUTF8 is GB18030SupplementaryToUTF8 in plain
// Go, one code at a time, with the code point of each code through
// utf8.EncodeRune: it must give the kernel's results exactly.
func refGB18030SupplementaryToUTF8(dst, src []byte) (nDst, nSrc int) {
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

// refUTF8ToGB18030Supplementary is UTF8ToGB18030Supplementary in plain
// Go, one character at a time, with utf8.DecodeRune and integer division:
// it must give the kernel's results exactly.
func refUTF8ToGB18030Supplementary(dst, src []byte) (nDst, nSrc int) {
	n := 0
	for n+4 <= len(src) && n+4 <= len(dst) {
		r, size := utf8.DecodeRune(src[n:])
		if size != 4 {
			break
		}
		copy(dst[n:], gbSupplementary(r))
		n += 4
	}
	return n, n
}

// randSupplementary appends n random supplementary characters to b: mostly
// emoji (the plane-1 block of the corpus), some anywhere in planes 1–16,
// and the ends of the range.
func randSupplementary(r *rand.Rand, b []rune, n int) []rune {
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
		b = append(b, c)
	}
	return b
}

// supDir is one direction of the supplementary kernels: the function,
// its reference, the input form of a character, and for each byte of a
// character the values just outside and at the edges of its range.
type supDir struct {
	name  string
	fn    func(dst, src []byte) (int, int)
	ref   func(dst, src []byte) (int, int)
	form  func(rs []rune) []byte
	edges [4][]byte
}

var supDirs = []supDir{
	{
		name: "decode",
		fn:   GB18030SupplementaryToUTF8,
		ref:  refGB18030SupplementaryToUTF8,
		form: func(rs []rune) []byte {
			var b []byte
			for _, r := range rs {
				b = append(b, gbSupplementary(r)...)
			}
			return b
		},
		edges: [4][]byte{
			{0x80, 0x81, 0xFE, 0xFF, 0x00, 0x7F, 0x30, 0x39, 0x90, 0xE3, 0xE4},
			{0x2F, 0x30, 0x39, 0x3A, 0x00, 0x80, 0x81, 0xFE},
			{0x80, 0x81, 0xFE, 0xFF, 0x00, 0x7F, 0x30, 0x39},
			{0x2F, 0x30, 0x39, 0x3A, 0x00, 0x80, 0x81, 0xFE},
		},
	},
	{
		name: "encode",
		fn:   UTF8ToGB18030Supplementary,
		ref:  refUTF8ToGB18030Supplementary,
		form: func(rs []rune) []byte { return []byte(string(rs)) },
		edges: [4][]byte{
			{0xEF, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0x00, 0x7F, 0x80, 0xBF, 0xC2},
			{0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0, 0x00, 0xF0},
			{0x7F, 0x80, 0xBF, 0xC0, 0x00, 0xF0, 0xFF},
			{0x7F, 0x80, 0xBF, 0xC0, 0x00, 0xF0, 0xFF},
		},
	},
}

// hasSupKernel reports whether the kernel in use has the supplementary
// steps: avx512 and avx2 have, scalar has not.
func hasSupKernel() bool { name := cur().name; return name == "avx512" || name == "avx2" }

// check runs d.fn on src with a dst of size bytes, and fails unless the
// avx512 and avx2 kernels give what the reference gives, in (nDst, nSrc)
// and in the whole of dst (so nothing is written beyond nDst), and the
// scalar kernel gives 0, 0.
func (d *supDir) check(t *testing.T, src []byte, size int) {
	t.Helper()
	dst := bytes.Repeat([]byte{0xAA}, size)
	want := bytes.Repeat([]byte{0xAA}, size)
	nDst, nSrc := d.fn(dst, src)
	if !hasSupKernel() {
		if nDst != 0 || nSrc != 0 {
			t.Fatalf("%s, kernel %s: (% x) = %d, %d; want 0, 0", d.name, cur().name, src, nDst, nSrc)
		}
		return
	}
	wDst, wSrc := d.ref(want, src)
	if nDst != wDst || nSrc != wSrc || !bytes.Equal(dst, want) {
		t.Fatalf("%s(% x), dst %d bytes = %d, %d, % x; want %d, %d, % x",
			d.name, src, size, nDst, nSrc, dst, wDst, wSrc, want)
	}
}

// eachDir runs f for both directions under every kernel.
func eachDir(t *testing.T, f func(t *testing.T, d *supDir)) {
	for i := range supDirs {
		d := &supDirs[i]
		t.Run(d.name, func(t *testing.T) {
			eachKernel(t, func(t *testing.T, kernel string) { f(t, d) })
		})
	}
}

// TestGB18030SupplementaryLengths converts runs of valid characters of
// every length 0–300 bytes (whole characters and cut ones), into
// destinations of several sizes.
func TestGB18030SupplementaryLengths(t *testing.T) {
	eachDir(t, func(t *testing.T, d *supDir) {
		r := rand.New(rand.NewPCG(1, 2))
		for n := 0; n <= 300; n++ {
			src := d.form(randSupplementary(r, nil, n/4+1))[:n]
			for _, size := range []int{0, 3, 4, n / 2, n - 1, n, n + 1, n + 64, 2 * n} {
				if size >= 0 {
					d.check(t, src, size)
				}
			}
		}
	})
}

// TestGB18030SupplementaryBadByte puts, at every byte of three blocks of
// valid characters, each value just outside and at the edges of that
// byte's range, and others.
func TestGB18030SupplementaryBadByte(t *testing.T) {
	eachDir(t, func(t *testing.T, d *supDir) {
		r := rand.New(rand.NewPCG(3, 4))
		base := d.form(randSupplementary(r, nil, 48))
		for i := range base {
			for _, v := range d.edges[i%4] {
				src := bytes.Clone(base)
				src[i] = v
				d.check(t, src, len(src))
				d.check(t, src[:len(src)-1], len(src))
			}
		}
	})
}

// TestGB18030SupplementaryLimits puts codes at and beyond the ends of the
// supplementary range, and the four-byte codes of BMP characters (which
// are not supplementary and must stop the kernel), at every code of two
// blocks; and for the encoder, the UTF-8 forms that are not supplementary
// characters: overlong, beyond U+10FFFF, and characters of other lengths.
func TestGB18030SupplementaryLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	runes := randSupplementary(r, nil, 40)
	var dec, enc [][]byte
	for _, p := range []int{
		189000, 1237575, // U+10000 and U+10FFFF
		188999, 1237576, // just outside
		0, 1, 39419, 39420, 7457, 100000, 188990, // the BMP ranges, and the gap after them
		1237580, 1237585, 1260000, 1587599, // beyond U+10FFFF, up to FE 39 FE 39
	} {
		dec = append(dec, gbCode(p))
	}
	for _, s := range []string{
		"\U00010000", "\U0010FFFF", "\U0001F600",
		"\xF0\x8F\xBF\xBF", "\xF0\x80\x80\x80", "\xF4\x90\x80\x80", "\xF7\xBF\xBF\xBF", // overlong, beyond
		"\uFFFFa", "\u00E9\u00E9", "\u4E2Da", "abcd", "\xED\xA0\x80a", // other characters
	} {
		enc = append(enc, []byte(s))
	}
	eachDir(t, func(t *testing.T, d *supDir) {
		base := d.form(runes)
		codes := dec
		if d.name == "encode" {
			codes = enc
		}
		for _, c := range codes {
			for i := 0; i < 32; i++ {
				src := bytes.Clone(base)
				copy(src[4*i:], c)
				d.check(t, src, len(src))
				d.check(t, src, 4*i+4)
			}
		}
	})
}

// TestGB18030SupplementaryAll converts every supplementary character once,
// in blocks of the kernel, and checks the output against the reference
// forms (utf8, and integer division for the pointer's digits).
func TestGB18030SupplementaryAll(t *testing.T) {
	var gb, u []byte
	for c := rune(0x10000); c <= 0x10FFFF; c++ {
		gb = append(gb, gbSupplementary(c)...)
		u = utf8.AppendRune(u, c)
	}
	eachDir(t, func(t *testing.T, d *supDir) {
		src, want := gb, u
		if d.name == "encode" {
			src, want = u, gb
		}
		dst := make([]byte, len(src))
		nDst, nSrc := d.fn(dst, src)
		if !hasSupKernel() {
			if nDst != 0 || nSrc != 0 {
				t.Fatalf("= %d, %d; want 0, 0", nDst, nSrc)
			}
			return
		}
		if nDst != len(want) || nSrc != len(src) || !bytes.Equal(dst, want) {
			i := 0
			for i < min(nDst, len(want)) && dst[i] == want[i] {
				i++
			}
			t.Fatalf("= %d, %d; want %d, %d; first difference at byte %d (U+%X)", nDst, nSrc, len(want), len(src), i, 0x10000+i/4)
		}
	})
}

// TestGB18030SupplementaryRandom compares the kernels with the references
// on random mixtures of supplementary characters, BMP four-byte codes,
// other characters and bytes, from random offsets.
func TestGB18030SupplementaryRandom(t *testing.T) {
	eachDir(t, func(t *testing.T, d *supDir) {
		r := rand.New(rand.NewPCG(7, 8))
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
				case 4:
					src = utf8.AppendRune(src, r.Int32N(0x10000))
				default:
					src = append(src, d.form(randSupplementary(r, nil, 1+r.IntN(40)))...)
				}
			}
			src = src[r.IntN(len(src)):]
			d.check(t, src, r.IntN(len(src)+70))
		}
	})
}
