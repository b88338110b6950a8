//go:build amd64 && gc && !purego

package simd

import (
	"bytes"
	"fmt"
	"testing"
)

// tailInput is n ASCII bytes with the character c written at p (when p
// >= 0 and it fits).
func tailInput(n, p int, c []byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + i%26)
	}
	if p >= 0 && p+len(c) <= n {
		copy(b[p:], c)
	}
	return b
}

// tailChars are the characters planted in the inputs of TestASCIITails:
// two-, three- and four-byte UTF-8 and a byte that is never UTF-8 for
// the UTF-8 converters, and a Latin-1 letter for Latin1ToUTF8.
func tailChars(op string) [][]byte {
	if op == "latin1-to-utf8" {
		return [][]byte{{0xE9}}
	}
	return [][]byte{[]byte("é"), []byte("€"), []byte("😀"), {0xFF}}
}

// tailMax is the longest input of the tail tests: two AVX-512 windows
// with the three bytes they look ahead, and a tail of any length.
const tailMax = 200

// nextTailPos steps the position of the planted character through the
// first 40 bytes of an input of n and its last 72, where the first
// windows and the last window and tail are.
func nextTailPos(p, n int) int {
	p++
	if p >= 40 && p < n-72 {
		p = n - 72
	}
	return p
}

// TestASCIITails runs the converters whose kernels convert an ASCII tail
// (the bytes after the last whole window) themselves over ASCII inputs of
// every length up to tailMax bytes, each with no other character or with
// one non-ASCII character (or ill-formed byte) at every position near its
// start and its end, on every
// kernel, with dst of full size and sizes that cut the tail: the results
// must be the scalar kernel's and the standard library's (checkConv).
func TestASCIITails(t *testing.T) {
	ops := map[string]bool{"utf8-to-utf16le": true, "utf8-to-utf16be": true, "utf8-to-utf32le": true,
		"latin1-to-utf8": true, "utf8-to-latin1": true}
	for _, op := range convOps {
		if !ops[op.name] {
			continue
		}
		for _, k := range Kernels() {
			withKernel(k, func() {
				for n := 0; n <= tailMax; n++ {
					for p := -1; p < n; p = nextTailPos(p, n) {
						for _, c := range tailChars(op.name) {
							src := tailInput(n, p, c)
							full := op.ratio * n
							var sizes []int
							for _, size := range []int{full - 1, full - op.ratio, full - 16*op.ratio, full / 2} {
								if size >= 0 {
									sizes = append(sizes, size)
								}
							}
							checkConv(t, op, src, sizes)
							if p < 0 {
								break
							}
						}
					}
				}
			})
		}
	}
}

// tailKernel is one assembly kernel step checked by TestKernelASCIITails,
// with its scalar twin.
type tailKernel struct {
	name, kernel, op string
	fn, ref          func(dst, src []byte) (int, int)
	ratio            int
	valid            bool // an assume-valid step: only well-formed input
}

func tailKernels() []tailKernel {
	u16 := func(dst, src []byte) (int, int) { return utf8ToUTF16Scalar(dst, src, false) }
	return []tailKernel{
		{"utf8ToUTF16LEAVX512", "avx512", "utf8", utf8ToUTF16LEAVX512, u16, 2, false},
		{"utf8ToUTF16LEValidAVX512", "avx512", "utf8", utf8ToUTF16LEValidAVX512, u16, 2, true},
		{"utf8ToUTF32LEAVX512", "avx512", "utf8", utf8ToUTF32LEAVX512, utf8ToUTF32LEScalar, 4, false},
		{"utf8ToUTF32LEValidAVX512", "avx512", "utf8", utf8ToUTF32LEValidAVX512, utf8ToUTF32LEScalar, 4, true},
		{"latin1ToUTF8AVX512", "avx512", "latin1-to-utf8", latin1ToUTF8AVX512, latin1ToUTF8Scalar, 2, false},
		{"utf8ToLatin1AVX512", "avx512", "utf8", utf8ToLatin1AVX512, utf8ToLatin1Scalar, 1, false},
		{"utf8ToUTF16LEAVX2", "avx2", "utf8", utf8ToUTF16LEAVX2, u16, 2, false},
		{"utf8ToUTF16LEValidAVX2", "avx2", "utf8", utf8ToUTF16LEValidAVX2, u16, 2, true},
		{"utf8ToUTF32LEAVX2", "avx2", "utf8", utf8ToUTF32LEAVX2, utf8ToUTF32LEScalar, 4, false},
		{"utf8ToUTF32LEValidAVX2", "avx2", "utf8", utf8ToUTF32LEValidAVX2, utf8ToUTF32LEScalar, 4, true},
		{"latin1ToUTF8AVX2", "avx2", "latin1-to-utf8", latin1ToUTF8AVX2, latin1ToUTF8Scalar, 2, false},
		{"utf8ToLatin1AVX2", "avx2", "utf8", utf8ToLatin1AVX2, utf8ToLatin1Scalar, 1, false},
	}
}

// TestKernelASCIITails calls the kernel steps themselves on the inputs
// of TestASCIITails. A step may stop early, but what it did must be the
// scalar twin's work on the bytes it read, it must write nothing past
// dst, and with room in dst it must take all of an input that is ASCII,
// or that has its one two- or three-byte character in the first 32
// bytes and is at least 100 bytes long (and, for AVX2, at least 32): the
// tail after its last whole window is its own work, not left to the
// scalar code.
func TestKernelASCIITails(t *testing.T) {
	for _, kk := range tailKernels() {
		if !hasKernel(kk.kernel) {
			continue
		}
		t.Run(kk.name, func(t *testing.T) {
			chars := tailChars(kk.op)
			if kk.valid {
				chars = chars[:3]
			}
			for n := 0; n <= tailMax; n++ {
				for p := -1; p < n; p = nextTailPos(p, n) {
					for ci, c := range chars {
						src := tailInput(n, p, c)
						whole := p < 0 || (p < 32 && n >= 100 && (len(c) == 2 || (len(c) == 3 && kk.name[:11] != "utf8ToLatin")))
						if kk.kernel == "avx2" && n < 32 {
							whole = false // the AVX2 steps take a tail within a last window of 32 bytes
						}
						full := kk.ratio*n + 64 // the window loops want room beyond a window's output
						for _, size := range []int{full, kk.ratio*n - 1, kk.ratio*n - kk.ratio, kk.ratio * n / 2} {
							if size < 0 {
								continue
							}
							checkKernelTail(t, kk, src, size, whole && size == full, fmt.Sprintf("char %d at %d", ci, p))
						}
						if p < 0 {
							break
						}
					}
				}
			}
		})
	}
}

func checkKernelTail(t *testing.T, kk tailKernel, src []byte, size int, whole bool, what string) {
	t.Helper()
	buf := bytes.Repeat([]byte{0xA5}, size+300)
	d, s := kk.fn(buf[:size], src)
	for i := size; i < len(buf); i++ {
		if buf[i] != 0xA5 {
			t.Fatalf("%s on %d bytes (%s) with dst %d wrote past the end at %d", kk.name, len(src), what, size, i)
		}
	}
	if s < 0 || s > len(src) || d < 0 || d > size {
		t.Fatalf("%s on %d bytes (%s) with dst %d = (%d, %d)", kk.name, len(src), what, size, d, s)
	}
	ref := make([]byte, kk.ratio*s+8)
	rd, rs := kk.ref(ref, src[:s])
	if rs != s || rd != d || !bytes.Equal(buf[:d], ref[:rd]) {
		t.Fatalf("%s on %x (%s) with dst %d = (%d, %d) % x; scalar on its %d bytes: (%d, %d) % x",
			kk.name, src, what, size, d, s, buf[:d], s, rd, rs, ref[:rd])
	}
	if whole && s != len(src) {
		t.Fatalf("%s on %x (%s) with dst %d stopped at (%d, %d), before an ASCII tail", kk.name, src, what, size, d, s)
	}
}
