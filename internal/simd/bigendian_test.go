package simd

import (
	"bytes"
	"testing"
	"unicode/utf16"
)

// TestBigEndianChunks checks the big-endian converters, which swap their
// input or output around the little-endian kernels, on inputs longer than
// their swap buffer, with pairs and errors around the buffer's edges and
// destinations of many sizes, against the byte-order-aware scalar code.
func TestBigEndianChunks(t *testing.T) {
	base := []rune("aé€😀 Ünïcödé テキスト 😀😀")
	var runes []rune
	for len(runes) < 3*swapChunk/2 {
		runes = append(runes, base...)
	}
	be := utf16Bytes(utf16.Encode(runes), true)
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, edge := range []int{swapChunk - 4, swapChunk - 2, swapChunk, swapChunk + 2, 2 * swapChunk} {
			for _, plant := range [][]byte{nil, {0xD8, 0x3D, 0xDE, 0x00}, {0xD8, 0x00}, {0xDC, 0x00}, {0x00}} {
				src := append(append(append([]byte{}, be[:edge]...), plant...), be[edge:]...)
				for _, size := range []int{len(src) * 2, edge, edge + 1, edge + 3, len(src) / 2} {
					got := make([]byte, size)
					want := make([]byte, size)
					gd, gs := UTF16BEToUTF8(got, src)
					wd, ws := utf16ToUTF8Scalar(want, src, true)
					if gd != wd || gs != ws || !bytes.Equal(got[:gd], want[:wd]) {
						t.Fatalf("UTF16BEToUTF8 (edge %d, plant % x, dst %d) = (%d, %d); scalar (%d, %d)", edge, plant, size, gd, gs, wd, ws)
					}
				}
			}
		}
		utf8Text := []byte(string(runes))
		for _, size := range []int{0, 1, 2, 3, 100, swapChunk + 1, len(utf8Text) * 2} {
			got := make([]byte, size)
			want := make([]byte, size)
			gd, gs := UTF8ToUTF16BE(got, utf8Text)
			wd, ws := utf8ToUTF16Scalar(want, utf8Text, true)
			if gd != wd || gs != ws || !bytes.Equal(got[:gd], want[:wd]) {
				t.Fatalf("UTF8ToUTF16BE (dst %d) = (%d, %d); scalar (%d, %d)", size, gd, gs, wd, ws)
			}
		}
	})
}

// TestNoAllocs pins that the bulk functions do not allocate.
func TestNoAllocs(t *testing.T) {
	text := []byte(string([]rune("aé€😀 Ünïcödé テキスト 😀😀 and some ASCII text to make it longer")))
	be := utf16Bytes(utf16.Encode([]rune(string(text))), true)
	le := utf16Bytes(utf16.Encode([]rune(string(text))), false)
	dst := make([]byte, 4*len(text)+64)
	eachKernel(t, func(t *testing.T, kernel string) {
		for name, f := range map[string]func(){
			"ValidateUTF8":       func() { ValidateUTF8(text) },
			"UTF8ToUTF16LE":      func() { UTF8ToUTF16LE(dst, text) },
			"UTF8ToUTF16BE":      func() { UTF8ToUTF16BE(dst, text) },
			"UTF16LEToUTF8":      func() { UTF16LEToUTF8(dst, le) },
			"UTF16BEToUTF8":      func() { UTF16BEToUTF8(dst, be) },
			"UTF8ToUTF32LE":      func() { UTF8ToUTF32LE(dst, text) },
			"Latin1ToUTF8":       func() { Latin1ToUTF8(dst, text) },
			"UTF8ToLatin1":       func() { UTF8ToLatin1(dst, text) },
			"RuneCount":          func() { RuneCount(text) },
			"UTF16LenFromUTF8":   func() { UTF16LenFromUTF8(text) },
			"UTF8LenFromUTF16LE": func() { UTF8LenFromUTF16LE(le) },
		} {
			if n := testing.AllocsPerRun(20, f); n != 0 {
				t.Errorf("%s allocates %v times a call", name, n)
			}
		}
	})
}
