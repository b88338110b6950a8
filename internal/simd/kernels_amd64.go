//go:build amd64 && gc && !purego

package simd

// The assembly kernels (*_amd64.s). Each is a bulk step: it works on
// whole blocks and leaves the rest of the input to the scalar code.

// utf8PrefixAVX512 returns n such that src[:n] is well-formed UTF-8
// except, perhaps, for one incomplete character at its end: n is the
// start of the first 64-byte block in which an error shows (len(src) when
// none does). The last partial block is read with a masked load.
//
//go:noescape
func utf8PrefixAVX512(src []byte) int

// utf8PrefixLinesAVX512 is utf8PrefixAVX512 that also counts the line
// feeds (0x0A bytes) of src[:n].
//
//go:noescape
func utf8PrefixLinesAVX512(src []byte) (n, lines int)

// utf8PrefixAVX2 is utf8PrefixAVX512 with 32-byte blocks; it leaves the
// last partial block unread (n <= len(src) rounded down to 32).
//
//go:noescape
func utf8PrefixAVX2(src []byte) int

// utf8PrefixLinesAVX2 is utf8PrefixAVX2 that also counts the line feeds
// (0x0A bytes) of src[:n].
//
//go:noescape
func utf8PrefixLinesAVX2(src []byte) (n, lines int)

// asciiPrefixAVX512 returns the length of the leading ASCII run of src.
//
//go:noescape
func asciiPrefixAVX512(src []byte) int

// asciiPrefixAVX2 returns the offset of the first non-ASCII byte when it
// lies in the whole 32-byte blocks of src; otherwise it returns the
// length of those blocks, and the caller checks the rest.
//
//go:noescape
func asciiPrefixAVX2(src []byte) int

// latin1ToUTF8AVX512 converts whole 64-byte blocks of src while dst has
// room for 128 bytes, and returns the bytes written and read.
//
//go:noescape
func latin1ToUTF8AVX512(dst, src []byte) (nDst, nSrc int)

// utf8ToLatin1AVX512 converts 64-byte blocks (63 when a block ends with a
// lead byte) of src while dst has room for 64 bytes; it stops before a
// block holding anything but ASCII and C2/C3 pairs, and returns the bytes
// written and read, always at a character boundary.
//
//go:noescape
func utf8ToLatin1AVX512(dst, src []byte) (nDst, nSrc int)

// utf16LEToUTF8AVX512 converts 32-unit blocks of UTF-16LE src while dst
// has room for 128 bytes, surrogate pairs included; it stops before a
// block with an unpaired surrogate (which the scalar code explains) and
// returns the bytes written and read.
//
//go:noescape
func utf16LEToUTF8AVX512(dst, src []byte) (nDst, nSrc int)

// utf8ToUTF16LEAVX512 converts UTF-8 src to UTF-16LE in 64-byte windows
// while dst has room for 128 bytes; it stops before a window holding an
// error or a four-byte character and returns the bytes written and read.
//
//go:noescape
func utf8ToUTF16LEAVX512(dst, src []byte) (nDst, nSrc int)

// utf8ToUTF32LEAVX512 converts UTF-8 src to UTF-32LE in 64-byte windows
// while dst has room for 256 bytes; it stops before a window holding an
// error and returns the bytes written and read.
//
//go:noescape
func utf8ToUTF32LEAVX512(dst, src []byte) (nDst, nSrc int)

// utf32LEToUTF8AVX512 converts 16-unit blocks of UTF-32LE src while dst
// has room for 64 bytes; it stops before a block holding a unit that is
// not a scalar value and returns the bytes written and read.
//
//go:noescape
func utf32LEToUTF8AVX512(dst, src []byte) (nDst, nSrc int)

// latin1ToUTF8AVX2 converts 32-byte blocks of src while dst has room for
// 64 bytes and returns the bytes written and read.
//
//go:noescape
func latin1ToUTF8AVX2(dst, src []byte) (nDst, nSrc int)

// utf8ToLatin1AVX2 is utf8ToLatin1AVX512 with 32-byte blocks.
//
//go:noescape
func utf8ToLatin1AVX2(dst, src []byte) (nDst, nSrc int)

// utf16LEToUTF8AVX2 converts 16-unit blocks of UTF-16LE src while dst
// has room for 64 bytes, surrogate pairs included; it stops before a block
// with an unpaired surrogate.
//
//go:noescape
func utf16LEToUTF8AVX2(dst, src []byte) (nDst, nSrc int)

// utf8ToUTF16LEAVX2 and utf8ToUTF32LEAVX2 convert UTF-8 src in 32-byte
// windows while dst has room for a window's output; they stop before a
// window holding an error or a four-byte character.
//
//go:noescape
func utf8ToUTF16LEAVX2(dst, src []byte) (nDst, nSrc int)

//go:noescape
func utf8ToUTF32LEAVX2(dst, src []byte) (nDst, nSrc int)

// utf32LEToUTF8AVX2 converts 16-unit blocks of UTF-32LE src while dst
// has room for 64 bytes, then 8-unit blocks while it has room for 48; it
// stops before a block holding a unit that is not a scalar value.
//
//go:noescape
func utf32LEToUTF8AVX2(dst, src []byte) (nDst, nSrc int)

func asciiPrefixAVX2Full(src []byte) int {
	n := asciiPrefixAVX2(src)
	if n < len(src) && src[n] < 0x80 {
		n += asciiPrefixScalar(src[n:])
	}
	return n
}

// The length kernels count over the whole blocks of src (64 bytes for
// AVX-512, 32 for AVX2) the same way as the scalar code; lengths count
// the rest with it.

//go:noescape
func runeCountAVX512(src []byte) int

//go:noescape
func utf16LenFromUTF8AVX512(src []byte) int

//go:noescape
func utf8LenFromUTF16LEAVX512(src []byte) int

//go:noescape
func runeCountAVX2(src []byte) int

//go:noescape
func utf16LenFromUTF8AVX2(src []byte) int

//go:noescape
func utf8LenFromUTF16LEAVX2(src []byte) int

// lengths returns a length function made of the kernel k over the whole
// blocks of src and the scalar function over the rest.
func lengths(k, scalar func([]byte) int, block int) func([]byte) int {
	return func(src []byte) int {
		n := len(src) &^ (block - 1)
		return k(src) + scalar(src[n:])
	}
}

var avx512Impl = &impl{
	name:            "avx512",
	asciiPrefix:     asciiPrefixAVX512,
	utf8Prefix:      utf8PrefixAVX512,
	utf8PrefixLines: utf8PrefixLinesAVX512,
	utf8ToUTF16LE: func(dst, src []byte) (int, int) {
		return stepLoop(dst, src, utf8ToUTF16LEAVX512, utf8ToUTF16LEChunk, 64)
	},
	utf16LEToUTF8: func(dst, src []byte) (int, int) {
		return stepLoop(dst, src, utf16LEToUTF8AVX512, utf16LEToUTF8Chunk, 64)
	},
	utf8ToUTF32LE: func(dst, src []byte) (int, int) {
		return stepLoop(dst, src, utf8ToUTF32LEAVX512, utf8ToUTF32LEScalar, 64)
	},
	utf32LEToUTF8: func(dst, src []byte) (int, int) {
		return stepLoop(dst, src, utf32LEToUTF8AVX512, utf32LEToUTF8Scalar, 64)
	},
	latin1ToUTF8: latin1ToUTF8AVX512,
	utf8ToLatin1: utf8ToLatin1AVX512,

	runeCount:          lengths(runeCountAVX512, runeCountScalar, 64),
	utf16LenFromUTF8:   lengths(utf16LenFromUTF8AVX512, utf16LenFromUTF8Scalar, 64),
	utf8LenFromUTF16LE: lengths(utf8LenFromUTF16LEAVX512, utf8LenFromUTF16LEScalar, 64),

	sbcsToUTF8:   sbcsToUTF8AVX512,
	sbcsFromUTF8: sbcsFromUTF8AVX512,
	valid:        avx512Valid,
}

var avx2Impl = &impl{
	name:            "avx2",
	asciiPrefix:     asciiPrefixAVX2Full,
	utf8Prefix:      utf8PrefixAVX2,
	utf8PrefixLines: utf8PrefixLinesAVX2,
	utf8ToUTF16LE: func(dst, src []byte) (int, int) {
		return stepLoop(dst, src, utf8ToUTF16LEAVX2, utf8ToUTF16LEChunk, 64)
	},
	utf16LEToUTF8: func(dst, src []byte) (int, int) {
		return stepLoop(dst, src, utf16LEToUTF8AVX2, utf16LEToUTF8Chunk, 64)
	},
	utf8ToUTF32LE: func(dst, src []byte) (int, int) {
		return stepLoop(dst, src, utf8ToUTF32LEAVX2, utf8ToUTF32LEScalar, 64)
	},
	utf32LEToUTF8: func(dst, src []byte) (int, int) {
		return stepLoop(dst, src, utf32LEToUTF8AVX2, utf32LEToUTF8Scalar, 64)
	},
	latin1ToUTF8: latin1ToUTF8AVX2,
	utf8ToLatin1: func(dst, src []byte) (int, int) {
		return stepLoop(dst, src, utf8ToLatin1AVX2, utf8ToLatin1Scalar, 64)
	},

	runeCount:          lengths(runeCountAVX2, runeCountScalar, 32),
	utf16LenFromUTF8:   lengths(utf16LenFromUTF8AVX2, utf16LenFromUTF8Scalar, 32),
	utf8LenFromUTF16LE: lengths(utf8LenFromUTF16LEAVX2, utf8LenFromUTF16LEScalar, 32),

	sbcsToUTF8:   sbcsToUTF8AVX2,
	sbcsFromUTF8: sbcsFromUTF8AVX2,
	valid:        avx2Valid,
}

// utf16LEToUTF8Kernel is UTF16LEToUTF8 with the vector steps called
// directly rather than through the impl's function values, so that a
// buffer on the caller's stack does not escape (UTF16BEToUTF8 needs this).
func utf16LEToUTF8Kernel(dst, src []byte) (nDst, nSrc int) {
	k := cur()
	if k != avx512Impl && k != avx2Impl {
		return utf16ToUTF8Scalar(dst, src, false)
	}
	for len(src)-nSrc >= 64 {
		var d, s int
		if k == avx512Impl {
			d, s = utf16LEToUTF8AVX512(dst[nDst:], src[nSrc:])
		} else {
			d, s = utf16LEToUTF8AVX2(dst[nDst:], src[nSrc:])
		}
		nDst += d
		nSrc += s
		if len(src)-nSrc < 64 {
			break
		}
		d, s = utf16ToUTF8Scalar(dst[nDst:], src[nSrc:nSrc+64], false)
		nDst += d
		nSrc += s
		if s == 0 {
			break
		}
	}
	d, s := utf16ToUTF8Scalar(dst[nDst:], src[nSrc:], false)
	return nDst + d, nSrc + s
}
