package mb

import (
	"encoding/binary"
	"math/bits"

	"github.com/ucskit/ucs/encoding"
)

const ones = 0x0101010101010101

// ASCII7 copies the longest prefix of src that fits in dst and holds only
// bytes 00–7F other than the shifts of ISO 2022 (ESC, SO, SI), and returns
// its length. It reads no further than the byte it stops at, eight bytes
// at a time, so a 7-bit decoder can call it at every escape without
// rereading the rest of its input.
func ASCII7(dst, src []byte) int {
	n := min(len(dst), len(src))
	i := 0
	for ; i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		// A byte 80–FF, or one that the XOR turns into 0: ESC, or SO and
		// SI once their low bit is cleared. (x-ones)&^x has the high bit
		// of the lowest zero byte of x set, and of none below it.
		x := w ^ 0x1B*ones
		y := w&^ones ^ 0x0E*ones
		if m := (w | (x-ones)&^x | (y-ones)&^y) & hiBits; m != 0 {
			i += bits.TrailingZeros64(m) / 8
			copy(dst, src[:i])
			return i
		}
	}
	for i < n && src[i] < 0x80 && src[i] != 0x1B && src[i]&^1 != 0x0E {
		i++
	}
	copy(dst, src[:i])
	return i
}

// Plain7 reports whether the eight bytes at the start of p (len(p) >= 8)
// are all 00–7F and none is ESC, SO or SI: the start of a run ASCII7
// copies whole.
func Plain7(p []byte) bool {
	w := binary.LittleEndian.Uint64(p)
	x := w ^ 0x1B*ones
	y := w&^ones ^ 0x0E*ones
	return (w|(x-ones)&^x|(y-ones)&^y)&hiBits == 0
}

// in94 reports whether every byte of w is 21–7E.
func in94(w uint64) bool {
	// With no high bit set, adding 5F sets it from 21 up, adding 01 from
	// 7F up; no byte carries into the next.
	return w&hiBits == 0 && (w+0x5F*ones)&^(w+ones)&hiBits == hiBits
}

// Decode94 decodes the longest prefix of src made of two-byte codes of a
// 94×94 set (bytes 21–7E 21–7E, as ISO 2022 writes them after a shift)
// that fits in dst and that euc, the Pairs table of the set's EUC form
// (each byte plus 80), has a BMP character for, and returns the lengths
// read and written. It stops at anything else, and before the last code
// when dst is short, for the caller's general loop.
func Decode94(dst, src []byte, euc *Pairs) (nDst, nSrc int) {
	// Four codes at a time: eight bytes 21–7E, four look-ups, four 4-byte
	// stores.
	for nSrc+8 <= len(src) && nDst+16 <= len(dst) {
		w := binary.LittleEndian.Uint64(src[nSrc:])
		if !in94(w) {
			break
		}
		w |= hiBits
		v0 := euc[bits.ReverseBytes16(uint16(w))]
		v1 := euc[bits.ReverseBytes16(uint16(w>>16))]
		v2 := euc[bits.ReverseBytes16(uint16(w>>32))]
		v3 := euc[bits.ReverseBytes16(uint16(w>>48))]
		if v0 == 0 || v1 == 0 || v2 == 0 || v3 == 0 {
			break
		}
		d := dst[nDst : nDst+16 : nDst+16]
		binary.LittleEndian.PutUint32(d[0:4], v0)
		m := uint(v0>>24) & 3
		binary.LittleEndian.PutUint32(d[m:m+4], v1)
		m += uint(v1>>24) & 3
		binary.LittleEndian.PutUint32(d[m:m+4], v2)
		m += uint(v2>>24) & 3
		binary.LittleEndian.PutUint32(d[m:m+4], v3)
		m += uint(v3>>24) & 3
		nDst += int(m)
		nSrc += 8
	}
	// One code at a time.
	for nSrc+2 <= len(src) && nDst+4 <= len(dst) {
		c, c2 := src[nSrc], src[nSrc+1]
		if c-0x21 > 0x5D || c2-0x21 > 0x5D {
			break
		}
		v := euc[uint16(c|0x80)<<8|uint16(c2|0x80)]
		if v == 0 {
			break
		}
		binary.LittleEndian.PutUint32(dst[nDst:nDst+4:nDst+4], v)
		nDst += int(v>>24) & 3
		nSrc += 2
	}
	return
}

// Encode94 encodes the longest prefix of src made of three-byte UTF-8
// characters that enc (code point → the set's EUC code, A1–FE A1–FE; 0
// for none) has a code for and that fits in dst, writing each code less
// 8080, and returns the lengths read and written. Every non-zero entry of
// enc must be a code A1–FE A1–FE. It stops at anything else for the
// caller's general loop.
func Encode94(dst, src []byte, enc *[65536]uint16) (nDst, nSrc int) {
	// Four characters at a time: two overlapping words show the pattern
	// of four three-byte sequences, and one eight-byte store writes the
	// codes.
	for nSrc+12 <= len(src) && nDst+8 <= len(dst) {
		s := src[nSrc : nSrc+12 : nSrc+12]
		a := binary.LittleEndian.Uint64(s[0:8])
		b := binary.LittleEndian.Uint64(s[4:12])
		if a&0xC0F0C0C0F0C0C0F0 != 0x80E08080E08080E0 || b&0xC0C0F0C0C0F0C0C0 != 0x8080E08080E08080 {
			break
		}
		r0 := uint16(a&0x0F)<<12 | uint16(a>>8&0x3F)<<6 | uint16(a>>16&0x3F)
		r1 := uint16(a>>24&0x0F)<<12 | uint16(a>>32&0x3F)<<6 | uint16(a>>40&0x3F)
		r2 := uint16(a>>48&0x0F)<<12 | uint16(a>>56&0x3F)<<6 | uint16(b>>32&0x3F)
		r3 := uint16(b>>40&0x0F)<<12 | uint16(b>>48&0x3F)<<6 | uint16(b>>56&0x3F)
		v0, v1, v2, v3 := enc[r0], enc[r1], enc[r2], enc[r3]
		// Overlong forms (r < 0x800) must not encode; surrogates have no
		// code.
		if v0 == 0 || v1 == 0 || v2 == 0 || v3 == 0 || min(r0, r1, r2, r3) < 0x800 {
			break
		}
		binary.BigEndian.PutUint64(dst[nDst:nDst+8:nDst+8],
			(uint64(v0)<<48|uint64(v1)<<32|uint64(v2)<<16|uint64(v3))&^hiBits)
		nDst += 8
		nSrc += 12
	}
	// One character at a time.
	for nSrc+3 <= len(src) && nDst+2 <= len(dst) {
		s := src[nSrc : nSrc+3 : nSrc+3]
		if s[0]&0xF0 != 0xE0 || (uint16(s[1])<<8|uint16(s[2]))&0xC0C0 != 0x8080 {
			break
		}
		r := uint16(s[0]&0x0F)<<12 | uint16(s[1]&0x3F)<<6 | uint16(s[2]&0x3F)
		v := enc[r]
		if v == 0 || r < 0x800 {
			break
		}
		binary.BigEndian.PutUint16(dst[nDst:nDst+2:nDst+2], v&^0x8080)
		nDst += 2
		nSrc += 3
	}
	return
}

// Stepper is a stateful codec written in two halves: Run converts the
// common cases (ASCII, the characters of the shifted set and the shifts
// between them) in one tight loop and stops at anything else; Step
// converts that one thing (an escape, a bad byte, a character another set
// must carry) or reports it.
type Stepper interface {
	Run(dst, src []byte) (nDst, nSrc int)
	Step(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error)
}

// RunSteps converts src into dst with s's two halves in turn until src is
// used up, or Step reports an error or a bad sequence. It is the Convert
// loop of a Stepper; an encoder adds its return to the initial state
// afterwards.
func RunSteps[S Stepper](s S, dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	for nSrc < len(src) {
		nd, ns := s.Run(dst[nDst:], src[nSrc:])
		nDst += nd
		nSrc += ns
		if nSrc >= len(src) {
			break
		}
		nd, ns, bad, err = s.Step(dst[nDst:], src[nSrc:], atEOF)
		nDst += nd
		nSrc += ns
		if err != nil || bad.Kind != encoding.KindNone {
			break
		}
	}
	return nDst, nSrc, bad, err
}
