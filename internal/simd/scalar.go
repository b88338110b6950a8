package simd

import (
	"encoding/binary"
	"math/bits"
)

// This file is the scalar reference: every kernel is compared with it.
// It is written for clarity first and speed second: a table-driven UTF-8
// core (the classes of Unicode Table 3-7) and word-at-a-time ASCII skipping.

const hiBits = 0x8080808080808080

// Lead-byte classes. The low nibble of utf8Class[b] is the sequence
// length (0 for a byte that cannot start a sequence), the high nibble
// selects the allowed range of the second byte in secondLo/secondHi.
const (
	clsCont = 0x00 // 80–BF: continuation, never a lead
	clsBad  = 0x00 // C0, C1, F5–FF: never a lead
	cls1    = 0x01 // 00–7F
	cls2    = 0x02 // C2–DF: second 80–BF
	cls3E0  = 0x13 // E0: second A0–BF (shorter forms are overlong)
	cls3    = 0x03 // E1–EC, EE–EF: second 80–BF
	cls3ED  = 0x23 // ED: second 80–9F (A0–BF would be surrogates)
	cls4F0  = 0x34 // F0: second 90–BF (shorter forms are overlong)
	cls4    = 0x04 // F1–F3: second 80–BF
	cls4F4  = 0x44 // F4: second 80–8F (beyond that is above U+10FFFF)
)

// secondLo and secondHi bound the second byte of a sequence, by the high
// nibble of its lead's class (Unicode Table 3-7).
var (
	secondLo = [8]byte{0x80, 0xA0, 0x80, 0x90, 0x80, 0, 0, 0}
	secondHi = [8]byte{0xBF, 0xBF, 0x9F, 0xBF, 0x8F, 0, 0, 0}
)

// utf8Class classifies every byte value as a UTF-8 lead (see cls*).
var utf8Class = func() (t [256]byte) {
	for b := 0; b < 256; b++ {
		switch {
		case b < 0x80:
			t[b] = cls1
		case b < 0xC2:
			t[b] = clsCont // also C0, C1: 0 means "not a lead"
		case b < 0xE0:
			t[b] = cls2
		case b == 0xE0:
			t[b] = cls3E0
		case b == 0xED:
			t[b] = cls3ED
		case b < 0xF0:
			t[b] = cls3
		case b == 0xF0:
			t[b] = cls4F0
		case b < 0xF4:
			t[b] = cls4
		case b == 0xF4:
			t[b] = cls4F4
		default:
			t[b] = clsBad
		}
	}
	return t
}()

// decodeRune decodes the well-formed sequence at the start of s. It
// returns the rune and its length, or size 0 when s does not start with a
// complete, well-formed sequence (s must not be empty).
func decodeRune(s []byte) (r rune, size int) {
	c := s[0]
	if c < 0x80 {
		return rune(c), 1
	}
	cls := utf8Class[c]
	n := int(cls & 7)
	if n == 0 || len(s) < n {
		return 0, 0
	}
	rg := cls >> 4
	b1 := s[1]
	if b1 < secondLo[rg] || b1 > secondHi[rg] {
		return 0, 0
	}
	switch n {
	case 2:
		return rune(c&0x1F)<<6 | rune(b1&0x3F), 2
	case 3:
		b2 := s[2]
		if b2&0xC0 != 0x80 {
			return 0, 0
		}
		return rune(c&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F), 3
	default:
		b2, b3 := s[2], s[3]
		if b2&0xC0 != 0x80 || b3&0xC0 != 0x80 {
			return 0, 0
		}
		return rune(c&0x07)<<18 | rune(b1&0x3F)<<12 | rune(b2&0x3F)<<6 | rune(b3&0x3F), 4
	}
}

// asciiPrefixScalar returns the length of the leading ASCII run of s,
// eight bytes at a time.
func asciiPrefixScalar(s []byte) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if w := binary.LittleEndian.Uint64(s[i:]) & hiBits; w != 0 {
			return i + bits.TrailingZeros64(w)/8
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return i
		}
	}
	return i
}

// validUTF8Prefix returns the length of the longest prefix of s made of
// complete, well-formed sequences.
func validUTF8Prefix(s []byte) int {
	i := 0
	for i < len(s) {
		if s[i] < 0x80 {
			i += asciiPrefixScalar(s[i:])
			continue
		}
		_, n := decodeRune(s[i:])
		if n == 0 {
			return i
		}
		i += n
	}
	return i
}

// utf8Len returns the UTF-8 length of r (which must be a scalar value).
func utf8Len(r rune) int {
	switch {
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r < 0x10000:
		return 3
	}
	return 4
}

// putUTF8 writes r to d, which has room for it, and returns its length.
func putUTF8(d []byte, r rune) int {
	switch {
	case r < 0x80:
		d[0] = byte(r)
		return 1
	case r < 0x800:
		_ = d[1]
		d[0] = 0xC0 | byte(r>>6)
		d[1] = 0x80 | byte(r)&0x3F
		return 2
	case r < 0x10000:
		_ = d[2]
		d[0] = 0xE0 | byte(r>>12)
		d[1] = 0x80 | byte(r>>6)&0x3F
		d[2] = 0x80 | byte(r)&0x3F
		return 3
	}
	_ = d[3]
	d[0] = 0xF0 | byte(r>>18)
	d[1] = 0x80 | byte(r>>12)&0x3F
	d[2] = 0x80 | byte(r>>6)&0x3F
	d[3] = 0x80 | byte(r)&0x3F
	return 4
}

// utf8ToUTF16Scalar converts UTF-8 to UTF-16 in the byte order be selects.
func utf8ToUTF16Scalar(dst, src []byte, be bool) (nDst, nSrc int) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			// Eight ASCII bytes at a time when both sides have room.
			for nSrc+8 <= len(src) && nDst+16 <= len(dst) {
				w := binary.LittleEndian.Uint64(src[nSrc:])
				if w&hiBits != 0 {
					break
				}
				d := dst[nDst : nDst+16]
				for k := 0; k < 8; k++ {
					b := byte(w >> (8 * k))
					if be {
						d[2*k], d[2*k+1] = 0, b
					} else {
						d[2*k], d[2*k+1] = b, 0
					}
				}
				nSrc += 8
				nDst += 16
			}
			if nSrc >= len(src) {
				break
			}
		}
		r, n := decodeRune(src[nSrc:])
		if n == 0 {
			return
		}
		if r < 0x10000 {
			if nDst+2 > len(dst) {
				return
			}
			put16(dst[nDst:], uint16(r), be)
			nDst += 2
		} else {
			if nDst+4 > len(dst) {
				return
			}
			r -= 0x10000
			put16(dst[nDst:], uint16(0xD800+(r>>10)), be)
			put16(dst[nDst+2:], uint16(0xDC00+(r&0x3FF)), be)
			nDst += 4
		}
		nSrc += n
	}
	return
}

func put16(d []byte, u uint16, be bool) {
	if be {
		binary.BigEndian.PutUint16(d, u)
	} else {
		binary.LittleEndian.PutUint16(d, u)
	}
}

func get16(s []byte, be bool) uint16 {
	if be {
		return binary.BigEndian.Uint16(s)
	}
	return binary.LittleEndian.Uint16(s)
}

// utf16ToUTF8Scalar converts UTF-16 in the byte order be selects to UTF-8.
func utf16ToUTF8Scalar(dst, src []byte, be bool) (nDst, nSrc int) {
	for nSrc+2 <= len(src) {
		u := get16(src[nSrc:], be)
		switch {
		case u < 0x80:
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = byte(u)
			nDst++
			nSrc += 2
			continue
		case u < 0xD800 || u >= 0xE000:
			n := utf8Len(rune(u))
			if nDst+n > len(dst) {
				return
			}
			putUTF8(dst[nDst:], rune(u))
			nDst += n
			nSrc += 2
			continue
		case u >= 0xDC00:
			return // a trail surrogate without its lead
		}
		if nSrc+4 > len(src) {
			return // a lead surrogate without its trail (or cut short)
		}
		u2 := get16(src[nSrc+2:], be)
		if u2 < 0xDC00 || u2 >= 0xE000 {
			return
		}
		if nDst+4 > len(dst) {
			return
		}
		r := 0x10000 + (rune(u)-0xD800)<<10 + rune(u2) - 0xDC00
		putUTF8(dst[nDst:], r)
		nDst += 4
		nSrc += 4
	}
	return
}

func utf8ToUTF32LEScalar(dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) && nDst+4 <= len(dst) {
		r, n := decodeRune(src[nSrc:])
		if n == 0 {
			return
		}
		binary.LittleEndian.PutUint32(dst[nDst:], uint32(r))
		nDst += 4
		nSrc += n
	}
	return
}

func utf32LEToUTF8Scalar(dst, src []byte) (nDst, nSrc int) {
	for nSrc+4 <= len(src) {
		u := binary.LittleEndian.Uint32(src[nSrc:])
		if u > 0x10FFFF || u-0xD800 < 0x800 {
			return
		}
		n := utf8Len(rune(u))
		if nDst+n > len(dst) {
			return
		}
		putUTF8(dst[nDst:], rune(u))
		nDst += n
		nSrc += 4
	}
	return
}

func latin1ToUTF8Scalar(dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		for nSrc+8 <= len(src) && nDst+8 <= len(dst) {
			w := binary.LittleEndian.Uint64(src[nSrc:])
			if w&hiBits != 0 {
				break
			}
			binary.LittleEndian.PutUint64(dst[nDst:], w)
			nSrc += 8
			nDst += 8
		}
		if nSrc >= len(src) {
			break
		}
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
		} else {
			if nDst+2 > len(dst) {
				return
			}
			dst[nDst] = 0xC0 | c>>6
			dst[nDst+1] = 0x80 | c&0x3F
			nDst += 2
		}
		nSrc++
	}
	return
}

func utf8ToLatin1Scalar(dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) && nDst < len(dst) {
		for nSrc+8 <= len(src) && nDst+8 <= len(dst) {
			w := binary.LittleEndian.Uint64(src[nSrc:])
			if w&hiBits != 0 {
				break
			}
			binary.LittleEndian.PutUint64(dst[nDst:], w)
			nSrc += 8
			nDst += 8
		}
		if nSrc >= len(src) || nDst >= len(dst) {
			break
		}
		c := src[nSrc]
		if c < 0x80 {
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		// Only C2 80–BF and C3 80–BF encode U+0080–U+00FF.
		if (c != 0xC2 && c != 0xC3) || nSrc+1 >= len(src) || src[nSrc+1]&0xC0 != 0x80 {
			return
		}
		dst[nDst] = c<<6 | src[nSrc+1]&0x3F
		nDst++
		nSrc += 2
	}
	return
}

// runeCountScalar counts the bytes that are not continuation bytes (the
// runes of valid UTF-8), eight at a time.
func runeCountScalar(s []byte) int {
	n := 0
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64(s[i:])
		// A continuation byte has bit 7 set and bit 6 clear.
		cont := w & ^(w << 1) & hiBits
		n += 8 - bits.OnesCount64(cont)
	}
	for ; i < len(s); i++ {
		if s[i]&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

// utf16LenFromUTF8Scalar counts runes plus one for every four-byte lead
// (a supplementary character needs two UTF-16 code units).
func utf16LenFromUTF8Scalar(s []byte) int {
	n := 0
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64(s[i:])
		cont := w & ^(w << 1) & hiBits
		// F0–FF: bits 7, 6, 5 and 4 all set.
		four := w & (w << 1) & (w << 2) & (w << 3) & hiBits
		n += 8 - bits.OnesCount64(cont) + bits.OnesCount64(four)
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c&0xC0 != 0x80 {
			n++
		}
		if c >= 0xF0 {
			n++
		}
	}
	return n
}

// utf8LenFromUTF16LEScalar sizes the UTF-8 form of UTF-16LE input: 1, 2 or
// 3 bytes per unit, and 2 per surrogate (4 per pair). An odd trailing byte
// is ignored.
func utf8LenFromUTF16LEScalar(s []byte) int {
	n := 0
	for i := 0; i+2 <= len(s); i += 2 {
		u := binary.LittleEndian.Uint16(s[i:])
		switch {
		case u < 0x80:
			n++
		case u < 0x800:
			n += 2
		case u-0xD800 < 0x800:
			n += 2
		default:
			n += 3
		}
	}
	return n
}
