//go:build amd64 && gc && !purego

package simd

// The assume-valid kernels (valid_amd64.s): the validating kernels
// without their checks. They convert whole windows while src and dst
// have room and return the bytes written and read; on ill-formed input
// the output is unspecified but stays inside dst.

// utf8ToUTF16LEValidAVX512 converts well-formed UTF-8 src to UTF-16LE in
// 64-byte windows while at least 67 bytes of src are left and dst has
// room for 128 bytes, and returns the bytes written and read.
//
//go:noescape
func utf8ToUTF16LEValidAVX512(dst, src []byte) (nDst, nSrc int)

// utf8ToUTF32LEValidAVX512 is utf8ToUTF16LEValidAVX512 to UTF-32LE: dst
// must have room for 256 bytes for a window to be converted.
//
//go:noescape
func utf8ToUTF32LEValidAVX512(dst, src []byte) (nDst, nSrc int)

// utf8ToUTF16LEValidAVX2 is utf8ToUTF16LEValidAVX512 on 32-byte windows:
// it converts while at least 34 bytes of src are left and dst has room
// for 80 bytes.
//
//go:noescape
func utf8ToUTF16LEValidAVX2(dst, src []byte) (nDst, nSrc int)

// utf8ToUTF32LEValidAVX2 is utf8ToUTF16LEValidAVX2 to UTF-32LE (160 bytes
// of room); it stops before a window with four-byte characters unless
// the window is eight of them.
//
//go:noescape
func utf8ToUTF32LEValidAVX2(dst, src []byte) (nDst, nSrc int)

// utf32LEToUTF8ValidAVX512 converts 16-unit blocks of UTF-32LE src
// while dst has room for 64 bytes, without checking the units.
//
//go:noescape
func utf32LEToUTF8ValidAVX512(dst, src []byte) (nDst, nSrc int)

// utf32LEToUTF8ValidAVX2 converts 16-unit blocks of UTF-32LE src while
// dst has room for 64 bytes, then 8-unit blocks while it has room for 48,
// without checking the units.
//
//go:noescape
func utf32LEToUTF8ValidAVX2(dst, src []byte) (nDst, nSrc int)

// utf8ToLatin1ValidAVX512 converts 64-byte blocks of src, UTF-8 made of
// characters U+0000–U+00FF (63 bytes when a block ends with a lead),
// while dst has room for 64 bytes, without checking the sequences.
//
//go:noescape
func utf8ToLatin1ValidAVX512(dst, src []byte) (nDst, nSrc int)

// avx512Valid holds the avx512 kernel's assume-valid steps.
var avx512Valid = &validImpl{
	utf8ToUTF16LE: utf8ToUTF16LEValidAVX512,
	utf8ToUTF32LE: utf8ToUTF32LEValidAVX512,
	utf32LEToUTF8: utf32LEToUTF8ValidAVX512,
	utf8ToLatin1:  utf8ToLatin1ValidAVX512,
}

// avx2Valid holds the avx2 kernel's assume-valid steps. The UTF-32 step
// stops before windows with four-byte characters: stepLoop has the scalar
// code convert a chunk there and calls the step again.
var avx2Valid = &validImpl{
	utf8ToUTF16LE: utf8ToUTF16LEValidAVX2,
	utf8ToUTF32LE: func(dst, src []byte) (int, int) {
		return stepLoop(dst, src, utf8ToUTF32LEValidAVX2, utf8ToUTF32LEScalar, 64)
	},
	utf32LEToUTF8: utf32LEToUTF8ValidAVX2,
}
