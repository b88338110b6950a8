package utf

import (
	"encoding/binary"
	"math/bits"

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

// The functions below are the assume-valid forms of the Append functions
// (simdutf's convert_valid_*): the caller guarantees that src is valid, as
// [Valid] (UTF-8), [AppendUTF8FromUTF16] or [AppendUTF8FromUTF32] (no
// error) would report, so they skip the checks where a kernel has a
// faster path without them. On valid src the result is that of the
// validating twin, byte for byte. On invalid src the appended bytes are
// unspecified (garbage, or a prefix of the text), but each function still
// appends at most the bound its comment states, reads and writes nothing
// outside its slices, and never panics. They allocate only to grow dst.
// Use them only for text already checked; for text from outside, call the
// validating twin.

// AppendUTF16FromValidUTF8 is [AppendUTF16FromUTF8] for src known to be
// valid UTF-8 (as [Valid] reports). On invalid src the appended bytes
// are unspecified, but it appends at most 2*len(src) bytes, touches
// nothing outside dst's new room and src, and does not panic. Big-endian
// output is the little-endian conversion followed by a pass in Go that
// swaps the bytes of each unit; that pass costs most of the gain, and
// on ASCII-heavy text it is no faster than the validating twin.
func AppendUTF16FromValidUTF8(dst, src []byte, order ByteOrder) []byte {
	room, dst := spare(dst, 2*len(src))
	var n int
	if order == LittleEndian {
		n = simd.UTF8ToUTF16LEValid(room, src)
	} else {
		n = simd.UTF8ToUTF16BEValid(room, src)
	}
	return dst[:len(dst)+n]
}

// AppendUTF8FromValidUTF16 is [AppendUTF8FromUTF16] for src known to be
// valid UTF-16 (as AppendUTF8FromUTF16 would report with no error). On
// invalid src the appended bytes are unspecified, but it appends at most
// 3*(len(src)/2) bytes and does not panic. The conversion
// needs the surrogate checks anyway, so it runs as fast as the validating
// twin; it is here for code that pairs it with the other assume-valid
// functions.
func AppendUTF8FromValidUTF16(dst, src []byte, order ByteOrder) []byte {
	room, dst := spare(dst, 3*(len(src)/2))
	var n int
	if order == LittleEndian {
		n = simd.UTF16LEToUTF8Valid(room, src)
	} else {
		n = simd.UTF16BEToUTF8Valid(room, src)
	}
	return dst[:len(dst)+n]
}

// AppendUTF32FromValidUTF8 is [AppendUTF32FromUTF8] for src known to be
// valid UTF-8 (as [Valid] reports). On invalid src the appended bytes
// are unspecified, but it appends at most 4*len(src) bytes and does not
// panic. Big-endian output is the little-endian conversion followed by
// one pass that swaps the bytes of each unit, eight bytes at a time.
func AppendUTF32FromValidUTF8(dst, src []byte, order ByteOrder) []byte {
	room, dst := spare(dst, 4*len(src))
	n := simd.UTF8ToUTF32LEValid(room, src)
	if order != LittleEndian {
		swap32(room[:n&^3])
	}
	return dst[:len(dst)+n]
}

// AppendUTF8FromValidUTF32 is [AppendUTF8FromUTF32] for src known to be
// valid UTF-32 (as AppendUTF8FromUTF32 would report with no error). On
// invalid src the appended bytes are unspecified, but it appends at most
// len(src) bytes and does not panic. Big-endian input is swapped to
// little-endian order a piece at a time, in a buffer on the stack, and
// converted by the little-endian code.
func AppendUTF8FromValidUTF32(dst, src []byte, order ByteOrder) []byte {
	room, dst := spare(dst, len(src))
	if order == LittleEndian {
		return dst[:len(dst)+simd.UTF32LEToUTF8Valid(room, src)]
	}
	var buf [swapChunk]byte
	n := 0
	for len(src) >= 4 {
		k := min(len(src), swapChunk) &^ 3
		copy(buf[:k], src[:k])
		swap32(buf[:k])
		// k bytes of UTF-32 make at most k bytes of UTF-8.
		n += simd.UTF32LEToUTF8Valid(room[n:n+k], buf[:k])
		src = src[k:]
	}
	return dst[:len(dst)+n]
}

// swapChunk is the size of the buffer in which AppendUTF8FromValidUTF32
// swaps big-endian input, a piece at a time.
const swapChunk = 2048

// AppendLatin1FromValidUTF8 is [AppendLatin1FromUTF8] for src known to be
// valid UTF-8 made only of characters U+0000–U+00FF, as
// AppendLatin1FromUTF8 would report with no error. On other src the
// appended bytes are unspecified, but it appends at most len(src) bytes
// and does not panic.
func AppendLatin1FromValidUTF8(dst, src []byte) []byte {
	room, dst := spare(dst, len(src))
	return dst[:len(dst)+simd.UTF8ToLatin1Valid(room, src)]
}

// spare grows dst for n more bytes and returns exactly those n bytes of
// room (so that nothing past the stated bound is written) and the grown
// dst.
func spare(dst []byte, n int) ([]byte, []byte) {
	dst = grow(dst, n)
	return dst[len(dst) : len(dst)+n], dst
}

// swap32 reverses the bytes of each 4-byte unit of b in place, two units
// at a time: a little-endian load, the two halves exchanged and a
// big-endian store reverse each half.
func swap32(b []byte) {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		binary.BigEndian.PutUint64(b[i:], bits.RotateLeft64(binary.LittleEndian.Uint64(b[i:]), 32))
	}
	for ; i+4 <= len(b); i += 4 {
		binary.BigEndian.PutUint32(b[i:], binary.LittleEndian.Uint32(b[i:]))
	}
}
