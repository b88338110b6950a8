package utf

import (
	"encoding/binary"
	"math/bits"

	"github.com/ucskit/ucs/internal/simd"
)

// Helpers that let the forms without kernels of their own (UCS-2,
// UTF-32BE) ride on the UTF-16LE/BE and UTF-32LE kernels.

const (
	lanes16 = 0x0001000100010001
	high16  = 0x8000800080008000
	ones8   = 0x0101010101010101
	high8   = 0x8080808080808080
)

// firstSurrogateUnit returns the offset of the first 16-bit unit of src
// (in order o) that is a surrogate, or len(src) rounded down to whole
// units when there is none.
func firstSurrogateUnit(src []byte, o ByteOrder) int {
	mask, want := uint64(0xF800F800F800F800), uint64(0xD800D800D800D800)
	if o == BigEndian {
		mask, want = 0x00F800F800F800F8, 0x00D800D800D800D8
	}
	i := 0
	for ; i+8 <= len(src); i += 8 {
		y := binary.LittleEndian.Uint64(src[i:])&mask ^ want
		if (y-lanes16)&^y&high16 != 0 {
			break
		}
	}
	for ; i+2 <= len(src); i += 2 {
		if u16(src[i:], o)&0xF800 == 0xD800 {
			return i
		}
	}
	return i
}

// firstFourByteLead returns the offset of the first byte F0–FF of src (the
// lead of a character beyond the BMP, or of a 31-bit form), or len(src).
func firstFourByteLead(src []byte) int {
	i := 0
	for ; i+8 <= len(src); i += 8 {
		y := binary.LittleEndian.Uint64(src[i:])&0xF0F0F0F0F0F0F0F0 ^ 0xF0F0F0F0F0F0F0F0
		if (y-ones8)&^y&high8 != 0 {
			break
		}
	}
	for ; i < len(src); i++ {
		if src[i] >= 0xF0 {
			return i
		}
	}
	return i
}

// utf32BEToUTF8 runs the UTF-32LE kernel on src, big-endian, swapped
// through buf.
func utf32BEToUTF8(dst, src []byte, buf *[512]byte) (nDst, nSrc int) {
	for nSrc+4 <= len(src) {
		n := min(len(buf), (len(src)-nSrc)&^3)
		for k := 0; k < n; k += 4 {
			binary.LittleEndian.PutUint32(buf[k:], binary.BigEndian.Uint32(src[nSrc+k:]))
		}
		nd, ns := simd.UTF32LEToUTF8(dst[nDst:], buf[:n])
		nDst += nd
		nSrc += ns
		if ns < n {
			break
		}
	}
	return nDst, nSrc
}

// utf8ToUTF32BE runs the UTF-32LE kernel and swaps what it wrote.
func utf8ToUTF32BE(dst, src []byte) (nDst, nSrc int) {
	nDst, nSrc = simd.UTF8ToUTF32LE(dst, src)
	for k := 0; k+4 <= nDst; k += 4 {
		binary.LittleEndian.PutUint32(dst[k:], bits.ReverseBytes32(binary.LittleEndian.Uint32(dst[k:])))
	}
	return nDst, nSrc
}
