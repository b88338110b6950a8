package utf

import (
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/simd"
)

// The whole-slice functions below follow one grammar: Append<To>From<From>
// appends the conversion of src to dst and returns the extended slice;
// they validate their input and stop at the first error (an
// *encoding.Error) with the text converted before it appended. They
// allocate only to grow dst.

// AppendUTF16FromUTF8 appends the UTF-16 (in the given byte order, no BOM)
// form of the UTF-8 text src to dst.
func AppendUTF16FromUTF8(dst, src []byte, order ByteOrder) ([]byte, error) {
	return fixed16(order).AppendEncode(dst, src)
}

// AppendUTF8FromUTF16 appends the UTF-8 form of the UTF-16 text src (in
// the given byte order, no BOM) to dst.
func AppendUTF8FromUTF16(dst, src []byte, order ByteOrder) ([]byte, error) {
	return fixed16(order).AppendDecode(dst, src)
}

// AppendUTF32FromUTF8 appends the UTF-32 form of the UTF-8 text src.
func AppendUTF32FromUTF8(dst, src []byte, order ByteOrder) ([]byte, error) {
	return fixed32(order).AppendEncode(dst, src)
}

// AppendUTF8FromUTF32 appends the UTF-8 form of the UTF-32 text src.
func AppendUTF8FromUTF32(dst, src []byte, order ByteOrder) ([]byte, error) {
	return fixed32(order).AppendDecode(dst, src)
}

// AppendUTF8FromLatin1 appends the UTF-8 form of the ISO 8859-1 text src.
// Every byte is a character, so it never fails.
func AppendUTF8FromLatin1(dst, src []byte) []byte {
	dst = grow(dst, 2*len(src))
	n, _ := simd.Latin1ToUTF8(dst[len(dst):cap(dst)], src)
	return dst[:len(dst)+n]
}

// AppendLatin1FromUTF8 appends the ISO 8859-1 form of the UTF-8 text src.
// A character above U+00FF is an error of kind unmappable; malformed
// UTF-8 is an error of its UTF-8 kind.
func AppendLatin1FromUTF8(dst, src []byte) ([]byte, error) {
	dst = grow(dst, len(src))
	n, i := simd.UTF8ToLatin1(dst[len(dst):cap(dst)], src)
	dst = dst[:len(dst)+n]
	if i == len(src) {
		return dst, nil
	}
	r, size, bad, _ := decodeRune(src[i:], true)
	if size == 0 {
		return dst, &encoding.Error{Encoding: "iso-8859-1", Offset: int64(i), Len: bad.Len, Kind: bad.Kind, Rune: -1,
			Bytes: append([]byte(nil), src[i:i+bad.Len]...), Encode: true}
	}
	return dst, &encoding.Error{Encoding: "iso-8859-1", Offset: int64(i), Len: size, Kind: encoding.Unmappable, Rune: r,
		Bytes: append([]byte(nil), src[i:i+size]...), Encode: true}
}

// grow returns dst with room for n more bytes.
func grow(dst []byte, n int) []byte {
	if cap(dst)-len(dst) >= n {
		return dst
	}
	g := make([]byte, len(dst), len(dst)+n)
	copy(g, dst)
	return g
}

// UTF16LenFromUTF8 returns the number of UTF-16 code units that encode
// the valid UTF-8 text src (characters beyond the BMP count two).
func UTF16LenFromUTF8(src []byte) int { return simd.UTF16LenFromUTF8(src) }

// UTF8LenFromUTF16 returns the number of bytes of the UTF-8 form of the
// valid UTF-16 text src. On other input it counts each unit by its value
// (1, 2 or 3 bytes; 2 for any surrogate, so that a pair makes 4) and
// ignores an odd last byte, in either byte order.
func UTF8LenFromUTF16(src []byte, order ByteOrder) int {
	if order == LittleEndian {
		return simd.UTF8LenFromUTF16LE(src)
	}
	n := 0
	for i := 0; i+1 < len(src); i += 2 {
		u := u16(src[i:], order)
		switch {
		case u < 0x80:
			n++
		case u < 0x800, u >= 0xD800 && u < 0xE000:
			n += 2
		default:
			n += 3
		}
	}
	return n
}

// RuneCount returns the number of characters of the valid UTF-8 text src.
func RuneCount(src []byte) int { return simd.RuneCount(src) }

func fixed16(o ByteOrder) *encoding.Codec {
	if o == LittleEndian {
		return UTF16LE
	}
	return UTF16BE
}

func fixed32(o ByteOrder) *encoding.Codec {
	if o == LittleEndian {
		return UTF32LE
	}
	return UTF32BE
}
