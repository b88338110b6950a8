// Package mb holds the pieces that every legacy codec of ucs shares: the
// word-at-a-time ASCII copy, a strict UTF-8 reader for encoders (whose
// verdict on malformed input is package utf8class's), and decode tables that hold each
// character's UTF-8 bytes ready to store.
package mb

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/simd"
	"github.com/ucskit/ucs/internal/utf8class"
)

const hiBits = 0x8080808080808080

// leadBits are the high bits of bytes 0, 2, 4 and 6 of a word: when all
// are set, the word holds four two-byte codes (or their leads).
const leadBits = 0x0080008000800080

// ASCII copies the longest prefix of src that is ASCII (bytes 00–7F) and
// fits in dst, and returns its length. It finds the end of long runs with
// the vector kernels of internal/simd, of short ones eight bytes at a
// time, and does not allocate.
func ASCII(dst, src []byte) int {
	n := min(len(dst), len(src))
	src = src[:n]
	if n >= 64 {
		// Long runs: the vector kernel finds the end, memmove copies.
		i := simd.ASCIIPrefix(src)
		copy(dst, src[:i])
		return i
	}
	i := 0
	for ; i+32 <= n; i += 32 {
		s := src[i : i+32 : i+32]
		a := binary.LittleEndian.Uint64(s[0:8])
		b := binary.LittleEndian.Uint64(s[8:16])
		c := binary.LittleEndian.Uint64(s[16:24])
		d := binary.LittleEndian.Uint64(s[24:32])
		if (a|b|c|d)&hiBits != 0 {
			break
		}
	}
	for ; i+8 <= n; i += 8 {
		if binary.LittleEndian.Uint64(src[i:i+8])&hiBits != 0 {
			break
		}
	}
	for i < n && src[i] < 0x80 {
		i++
	}
	copy(dst, src[:i])
	return i
}

// DecodeRune reads one character of strict UTF-8 (RFC 3629) from the
// start of p, which must not be empty. It returns the character and its
// length; or, for malformed input, the length of the maximal subpart and
// the kind of the error (r is then -1), as utf8class classifies it; or
// n == 0 when p ends inside a character that more input could complete
// and atEOF is false.
func DecodeRune(p []byte, atEOF bool) (r rune, n int, kind encoding.Kind) {
	r, n, k := utf8class.Decode(p)
	if k == utf8class.Truncated && !atEOF {
		return -1, 0, encoding.KindNone
	}
	return r, n, encoding.Kind(k)
}

// utf8Len gives the length of a UTF-8 sequence from its first byte.
var utf8Len = [256]uint8{
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0,
}

// Pack returns the UTF-8 bytes of r packed little-endian into a uint32,
// as the decode tables store them; 0 for r <= 0 (no character).
func Pack(r rune) uint32 {
	if r <= 0 {
		return 0
	}
	var b [4]byte
	utf8.EncodeRune(b[:], r)
	return binary.LittleEndian.Uint32(b[:])
}

// PackedLen returns the number of UTF-8 bytes in a packed value.
func PackedLen(v uint32) int { return int(utf8Len[uint8(v)]) }

// Put stores the packed character v at the start of dst and returns its
// length, or 0 when dst is too short. It writes four bytes when dst has
// room for them, which is faster than writing exactly the character.
func Put(dst []byte, v uint32) int {
	n := int(utf8Len[uint8(v)])
	if len(dst) >= 4 {
		binary.LittleEndian.PutUint32(dst, v)
		return n
	}
	if len(dst) < n {
		return 0
	}
	for i := 0; i < n; i++ {
		dst[i] = byte(v >> (8 * i))
	}
	return n
}

// Unpack returns the character of a packed value.
func Unpack(v uint32) rune {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], v)
	r, _ := utf8.DecodeRune(b[:PackedLen(v)])
	return r
}

// PackTable16 returns the packed form of a code point table.
func PackTable16(idx []uint16) []uint32 {
	out := make([]uint32, len(idx))
	for i, r := range idx {
		out[i] = Pack(rune(r))
	}
	return out
}

// PackTable32 returns the packed form of a code point table.
func PackTable32(idx []uint32) []uint32 {
	out := make([]uint32, len(idx))
	for i, r := range idx {
		out[i] = Pack(rune(r))
	}
	return out
}

// PivotRune reads one character of the pivot that encoders read: UTF-8,
// extended as RFC 2279 does for the values of UCS-4 beyond Unicode. A
// complete shortest-form RFC 2279 sequence for a value beyond U+10FFFF is
// an unmappable character (r is the value, kind Unmappable); one for a
// surrogate value is an error of kind surrogate covering the sequence; a
// sequence that more input could complete waits (n == 0) unless atEOF;
// anything else is read as strict UTF-8 by DecodeRune. The UTF codecs'
// encoders (encoding/utf) follow the same rule, so that every encoder
// classifies a sequence alike, whatever the split of its input. The
// pivot's verdicts reach the caller only through
// encoding.Codec.EncodePivotTransformer (and the 31-bit codecs' own
// encoders): the Transformer of every other encoder reads RFC 3629 UTF-8
// and turns a surrogate value or a value beyond U+10FFFF, which the core
// reports as one sequence, into its first maximal subpart, as
// utf8class classifies it (the error path only: the core stays as fast).
func PivotRune(p []byte, atEOF bool) (r rune, n int, kind encoding.Kind) {
	c := p[0]
	need := 0
	switch {
	case c == 0xED:
		need = 3
	case c >= 0xF4 && c <= 0xF7:
		need = 4
	case c >= 0xF8 && c <= 0xFB:
		need = 5
	case c == 0xFC || c == 0xFD:
		need = 6
	default:
		return DecodeRune(p, atEOF)
	}
	v := rune(c) & (0x7F >> need)
	for i := 1; i < need; i++ {
		if i >= len(p) {
			if atEOF {
				return DecodeRune(p, atEOF)
			}
			return -1, 0, encoding.KindNone
		}
		b := p[i]
		if b&0xC0 != 0x80 || i == 1 && (c == 0xF8 && b < 0x88 || c == 0xFC && b < 0x84) {
			return DecodeRune(p, atEOF)
		}
		v = v<<6 | rune(b&0x3F)
	}
	switch {
	case v >= 0xD800 && v <= 0xDFFF:
		return -1, need, encoding.Surrogate
	case v > 0x10FFFF:
		return v, need, encoding.Unmappable
	}
	return v, need, encoding.KindNone
}

// NextRune reads one character from src for an encoder, taking the fast
// path for well-formed two- and three-byte sequences. See PivotRune: for
// an unmappable 31-bit value, r is the value; for malformed input, -1.
func NextRune(src []byte, atEOF bool) (r rune, n int, kind encoding.Kind) {
	c := src[0]
	if c >= 0xE0 && c < 0xF0 && len(src) >= 3 {
		c1, c2 := src[1], src[2]
		r = rune(c&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F)
		if c1&0xC0 == 0x80 && c2&0xC0 == 0x80 && r >= 0x800 && (r < 0xD800 || r > 0xDFFF) {
			return r, 3, encoding.KindNone
		}
	} else if c >= 0xC2 && c < 0xE0 && len(src) >= 2 && src[1]&0xC0 == 0x80 {
		return rune(c&0x1F)<<6 | rune(src[1]&0x3F), 2, encoding.KindNone
	} else if c >= 0xF0 && c < 0xF5 && len(src) >= 4 && src[1]&0xC0 == 0x80 && src[2]&0xC0 == 0x80 && src[3]&0xC0 == 0x80 {
		r = rune(c&0x07)<<18 | rune(src[1]&0x3F)<<12 | rune(src[2]&0x3F)<<6 | rune(src[3]&0x3F)
		if r >= 0x10000 && r <= 0x10FFFF {
			return r, 4, encoding.KindNone
		}
	}
	return PivotRune(src, atEOF)
}

// PackLen returns the UTF-8 bytes of a BMP code point r >= 0x80 packed
// little-endian in the low three bytes of a uint32, with the length in the
// high byte, as the fast decode tables store them; 0 for r == 0 and for r
// beyond the BMP (which the fast tables leave to the slow path).
func PackLen(r rune) uint32 {
	if r <= 0 || r > 0xFFFF {
		return 0
	}
	var b [4]byte
	n := utf8.EncodeRune(b[:], r)
	return binary.LittleEndian.Uint32(b[:])&0xFFFFFF | uint32(n)<<24
}

// PackLenTable16 returns the PackLen form of a code point table.
func PackLenTable16(idx []uint16) []uint32 {
	out := make([]uint32, len(idx))
	for i, r := range idx {
		out[i] = PackLen(rune(r))
	}
	return out
}

// PackLenTable32 returns the PackLen form of a code point table; entries
// beyond the BMP are 0.
func PackLenTable32(idx []uint32) []uint32 {
	out := make([]uint32, len(idx))
	for i, r := range idx {
		out[i] = PackLen(rune(r))
	}
	return out
}

// IsASCII8 reports whether the eight bytes at the start of p (len(p) >= 8)
// are all ASCII.
func IsASCII8(p []byte) bool { return binary.LittleEndian.Uint64(p)&hiBits == 0 }

// Invalid is the value of a lead or trail table entry (see NewPairs) for
// a byte that cannot occur in that position: it puts the pointer beyond
// any index.
const Invalid = 0x7FFF

// Pairs is the table of the double-byte fast path (Decode2), indexed by
// two bytes read big-endian: the entry at c<<8 | c2 is, for an ASCII
// byte c, c itself with length 1; for a lead byte c, the character of the
// code c c2 in PackLen form, or 0 when c c2 is not a two-byte code of a BMP
// character (errors, other sequences), which Decode2 leaves to the
// general loop. The length is in the high byte.
type Pairs [65536]uint32

// NewPairs builds the Pairs table of a double-byte code whose pointer is
// lead[c] + trail[c2] and whose characters, in PackLen form, are tab[pointer].
// Lead bytes 80–FF with lead[c] == Invalid (single bytes, or leads of longer
// sequences) get no entries.
func NewPairs(lead, trail *[256]uint16, tab []uint32) *Pairs {
	t := new(Pairs)
	for c := 0; c < 0x80; c++ {
		for c2 := 0; c2 < 0x100; c2++ {
			t[c<<8|c2] = uint32(c) | 1<<24
		}
	}
	for c := 0x80; c < 0x100; c++ {
		for c2 := 0; c2 < 0x100; c2++ {
			if p := uint(lead[c]) + uint(trail[c2]); p < uint(len(tab)) {
				t[c<<8|c2] = tab[p]
			}
		}
	}
	return t
}

// Decode2 is the fast path of the double-byte decoders: it decodes ASCII
// bytes and two-byte codes of BMP characters (see Pairs) while both
// buffers have room, and stops at anything else (other sequences, errors,
// a run of ASCII bytes, the last bytes of either buffer) for the caller's
// general loop. It does not allocate.
//
// With a vector kernel (simd.DecodePairs) it converts 64-byte blocks,
// ASCII runs included, up to the first character the table has no entry
// for; the scalar code (decode2Scalar) takes the last bytes of the
// buffers.
func Decode2(dst, src []byte, t *Pairs) (nDst, nSrc int) {
	if len(src) >= simd.PairsMinSrc && len(dst) >= simd.PairsMinDst {
		var bad bool
		nDst, nSrc, bad = simd.DecodePairs(dst, src, (*[65536]uint32)(t))
		if bad {
			return
		}
	}
	d, s := decode2Scalar(dst[nDst:], src[nSrc:], t)
	return nDst + d, nSrc + s
}

// decode2Scalar is Decode2 without the vector kernel; it stops at a run of
// eight ASCII bytes, which the caller's vector ASCII path takes.
//
// It reads eight bytes at a time. When bytes 0, 2, 4 and 6 are all lead
// bytes (80–FF), the eight bytes are four two-byte codes: four look-ups
// and four stores, with no branch between them, and an advance that does
// not depend on the table. Otherwise (ASCII between the codes) it goes two
// characters at a time.
func decode2Scalar(dst, src []byte, t *Pairs) (nDst, nSrc int) {
	for nSrc+24 <= len(src) && nDst+48 <= len(dst) {
		w := binary.LittleEndian.Uint64(src[nSrc:])
		h := w & hiBits
		if h == 0 {
			return // an ASCII run: the caller's vector path takes it
		}
		if h&leadBits == leadBits {
			// Eight two-byte codes when the next word is also four.
			w1 := binary.LittleEndian.Uint64(src[nSrc+8:])
			if w1&leadBits == leadBits {
				v0 := t[bits.ReverseBytes16(uint16(w))]
				v1 := t[bits.ReverseBytes16(uint16(w>>16))]
				v2 := t[bits.ReverseBytes16(uint16(w>>32))]
				v3 := t[bits.ReverseBytes16(uint16(w>>48))]
				v4 := t[bits.ReverseBytes16(uint16(w1))]
				v5 := t[bits.ReverseBytes16(uint16(w1>>16))]
				v6 := t[bits.ReverseBytes16(uint16(w1>>32))]
				v7 := t[bits.ReverseBytes16(uint16(w1>>48))]
				if v0 != 0 && v1 != 0 && v2 != 0 && v3 != 0 && v4 != 0 && v5 != 0 && v6 != 0 && v7 != 0 {
					d := dst[nDst : nDst+32 : nDst+32]
					binary.LittleEndian.PutUint32(d[0:4], v0)
					m := uint(v0>>24) & 3
					binary.LittleEndian.PutUint32(d[m:m+4], v1)
					m += uint(v1>>24) & 3
					binary.LittleEndian.PutUint32(d[m:m+4], v2)
					m += uint(v2>>24) & 3
					binary.LittleEndian.PutUint32(d[m:m+4], v3)
					m += uint(v3>>24) & 3
					binary.LittleEndian.PutUint32(d[m:m+4], v4)
					m += uint(v4>>24) & 3
					binary.LittleEndian.PutUint32(d[m:m+4], v5)
					m += uint(v5>>24) & 3
					binary.LittleEndian.PutUint32(d[m:m+4], v6)
					m += uint(v6>>24) & 3
					binary.LittleEndian.PutUint32(d[m:m+4], v7)
					m += uint(v7>>24) & 3
					nDst += int(m)
					nSrc += 16
					continue
				}
			}
		}
		d := dst[nDst : nDst+16 : nDst+16]
		if h&leadBits == leadBits {
			// Four two-byte codes (the common case of CJK text): their
			// places are known, and so is the advance, which keeps the
			// next load independent of this one's results.
			v0 := t[bits.ReverseBytes16(uint16(w))]
			v1 := t[bits.ReverseBytes16(uint16(w>>16))]
			v2 := t[bits.ReverseBytes16(uint16(w>>32))]
			v3 := t[bits.ReverseBytes16(uint16(w>>48))]
			if v0 != 0 && v1 != 0 && v2 != 0 && v3 != 0 {
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
				continue
			}
		}
		// ASCII bytes between two-byte codes: two characters at a time,
		// or one and an ASCII byte, or one, for sixteen bytes (words and
		// spaces, as in Korean, seldom give four codes in a row).
		for end := nSrc + 16; nSrc < end; {
			s := src[nSrc : nSrc+4 : nSrc+4]
			if s[0] < 0x80 {
				dst[nDst] = s[0]
				nDst++
				nSrc++
				continue
			}
			v0 := t[binary.BigEndian.Uint16(s[0:2])]
			if v0 == 0 {
				return
			}
			d := dst[nDst : nDst+8 : nDst+8]
			binary.LittleEndian.PutUint32(d[0:4], v0)
			n0 := uint(v0>>24) & 3
			if s[2] < 0x80 {
				d[n0] = s[2]
				nDst += int(n0) + 1
				nSrc += 3
				continue
			}
			v1 := t[binary.BigEndian.Uint16(s[2:4])]
			if v1 == 0 {
				nDst += int(n0)
				nSrc += 2
				return
			}
			binary.LittleEndian.PutUint32(d[n0:n0+4], v1)
			nDst += int(n0) + int(v1>>24)&3
			nSrc += 4
		}
	}
	return
}

// Encode2 is the fast path of the double-byte encoders: it encodes ASCII
// bytes and three-byte UTF-8 characters whose code in enc (lead<<8|trail)
// is not 0, while both buffers have room, and stops at anything else for
// the caller's general loop. The character skip (0 for none) is always left
// to the general loop. It does not allocate.
//
// With a vector kernel (simd.EncodePairs) it converts 64-byte blocks,
// ASCII runs included, up to the first character it does not take; the
// scalar code (encode2Scalar) takes the last bytes of the buffers. When
// the first eight bytes of src hold the lead of a two- or four-byte
// character, which stops both, the scalar code runs alone: text that
// stops the fast path every few characters (words of a script the code
// encodes by its general loop, between spaces) does not pay for starting
// the kernel each time. When src starts with a byte that is neither ASCII
// nor a three-byte lead, it returns at once.
func Encode2(dst, src []byte, enc *[65536]uint16, skip uint16) (nDst, nSrc int) {
	if len(src) == 0 || src[0] >= 0x80 && src[0]&0xF0 != 0xE0 {
		return 0, 0 // a character neither path takes: the general loop's
	}
	if len(src) >= simd.EncodePairsMinSrc && len(dst) >= simd.EncodePairsMinDst && !hasLead24(binary.LittleEndian.Uint64(src)) {
		var bad bool
		nDst, nSrc, bad = simd.EncodePairs(dst, src, enc, skip)
		if bad {
			return
		}
	}
	d, s := encode2Scalar(dst[nDst:], src[nSrc:], enc, skip)
	return nDst + d, nSrc + s
}

// hasLead24 reports whether one of the eight bytes of w is the lead of a
// two-byte (C0–DF) or four-byte (F0–F7) UTF-8 sequence: with x the bytes
// masked and compared by XOR (0 where they match), (x-1)&^x has the high
// bit of some byte set exactly when some byte of x is 0.
func hasLead24(w uint64) bool {
	const ones = 0x0101010101010101
	x := w&(0xE0*ones) ^ 0xC0*ones
	y := w&(0xF8*ones) ^ 0xF0*ones
	return ((x-ones)&^x|(y-ones)&^y)&hiBits != 0
}

// encode2Scalar is Encode2 without the vector kernel; it stops at a run
// of eight ASCII bytes, which the caller's vector ASCII path takes.
//
// Where it can, it takes four three-byte characters, or a word of three
// or two and the ASCII byte after it, in one step: two overlapping
// eight-byte words show the pattern, and one eight-byte store writes the
// codes. The steps, widest first, stay in one loop, with the shapes and
// values of characters read by small functions the compiler inlines
// (is3, char3, chars3, noneIs): each step moved into a function of its
// own cost 10 to 25% of the speed on Korean text, whose short words make
// the narrower steps common.
func encode2Scalar(dst, src []byte, enc *[65536]uint16, skip uint16) (nDst, nSrc int) {
	for nSrc+3 <= len(src) && nDst+2 <= len(dst) {
		if nSrc+12 <= len(src) && nDst+8 <= len(dst) {
			// Four three-byte characters (the common case of CJK text),
			// or three or two and the ASCII byte after them (a word and a
			// space).
			s := src[nSrc : nSrc+12 : nSrc+12]
			a := binary.LittleEndian.Uint64(s[0:8])
			b := binary.LittleEndian.Uint64(s[4:12])
			if a&0xC0F0C0C0F0C0C0F0 == 0x80E08080E08080E0 && b&0xC0C0F0C0C0F0C0C0 == 0x8080E08080E08080 {
				r0, r1, r2 := chars3(a, b)
				r3 := uint16(b>>40&0x0F)<<12 | uint16(b>>48&0x3F)<<6 | uint16(b>>56&0x3F)
				v0, v1, v2, v3 := enc[r0], enc[r1], enc[r2], enc[r3]
				if min(v0, v1, v2, v3) != 0 && min(r0, r1, r2, r3) >= 0x800 && noneIs(skip, r0, r1, r2, r3) {
					binary.BigEndian.PutUint64(dst[nDst:nDst+8:nDst+8], uint64(v0)<<48|uint64(v1)<<32|uint64(v2)<<16|uint64(v3))
					nDst += 8
					nSrc += 12
					continue
				}
			} else if a&0xC0F0C0C0F0C0C0F0 == 0x80E08080E08080E0 && b&0x000080C0C0F0C0C0 == 0x0000008080E08080 {
				// Three and an ASCII byte (a word and a space).
				r0, r1, r2 := chars3(a, b)
				v0, v1, v2 := enc[r0], enc[r1], enc[r2]
				if min(v0, v1, v2) != 0 && min(r0, r1, r2) >= 0x800 && noneIs(skip, r0, r1, r2, r2) {
					binary.BigEndian.PutUint64(dst[nDst:nDst+8:nDst+8], uint64(v0)<<48|uint64(v1)<<32|uint64(v2)<<16|(b>>40&0x7F)<<8)
					nDst += 7
					nSrc += 10
					continue
				}
			} else if a&0x0080C0C0F0C0C0F0 == 0x00008080E08080E0 {
				// Two and an ASCII byte.
				r0, r1, _ := chars3(a, b)
				v0, v1 := enc[r0], enc[r1]
				if min(v0, v1) != 0 && min(r0, r1) >= 0x800 && noneIs(skip, r0, r1, r1, r1) {
					binary.BigEndian.PutUint64(dst[nDst:nDst+8:nDst+8], uint64(v0)<<48|uint64(v1)<<32|(a>>48&0x7F)<<24)
					nDst += 5
					nSrc += 7
					continue
				}
			}
		}
		if nSrc+6 <= len(src) && nDst+4 <= len(dst) {
			// Two three-byte characters at a time, or one and an ASCII byte.
			s := src[nSrc : nSrc+6 : nSrc+6]
			if s[3] < 0x80 && is3(s[0], s[1], s[2]) {
				r0 := char3(s[0], s[1], s[2])
				if v0 := enc[r0]; v0 != 0 && r0 >= 0x800 && r0 != skip {
					d := dst[nDst : nDst+4 : nDst+4]
					binary.BigEndian.PutUint16(d[0:2], v0)
					d[2] = s[3]
					nDst += 3
					nSrc += 4
					continue
				}
			}
			if is3(s[0], s[1], s[2]) && is3(s[3], s[4], s[5]) {
				r0, r1 := char3(s[0], s[1], s[2]), char3(s[3], s[4], s[5])
				v0, v1 := enc[r0], enc[r1]
				if min(v0, v1) != 0 && min(r0, r1) >= 0x800 && noneIs(skip, r0, r1, r1, r1) {
					binary.BigEndian.PutUint32(dst[nDst:nDst+4:nDst+4], uint32(v0)<<16|uint32(v1))
					nDst += 4
					nSrc += 6
					continue
				}
			}
		}
		s := src[nSrc : nSrc+3 : nSrc+3]
		c := s[0]
		if c < 0x80 {
			if s[1] < 0x80 && nSrc+8 <= len(src) && IsASCII8(src[nSrc:]) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if !is3(c, s[1], s[2]) {
			return
		}
		r := char3(c, s[1], s[2])
		v := enc[r]
		// Overlong forms (r < 0x800) must not encode; surrogates have no
		// code (v == 0).
		if v == 0 || r < 0x800 || r == skip {
			return
		}
		binary.BigEndian.PutUint16(dst[nDst:nDst+2:nDst+2], v)
		nDst += 2
		nSrc += 3
	}
	return
}

// chars3 returns the first three characters of the four three-byte
// characters that a (bytes 0–7) and b (bytes 4–11) hold.
func chars3(a, b uint64) (r0, r1, r2 uint16) {
	r0 = uint16(a&0x0F)<<12 | uint16(a>>8&0x3F)<<6 | uint16(a>>16&0x3F)
	r1 = uint16(a>>24&0x0F)<<12 | uint16(a>>32&0x3F)<<6 | uint16(a>>40&0x3F)
	r2 = uint16(a>>48&0x0F)<<12 | uint16(a>>56&0x3F)<<6 | uint16(b>>32&0x3F)
	return
}

// noneIs reports whether none of r0–r3 is skip, the character the codec
// keeps for its own code.
func noneIs(skip, r0, r1, r2, r3 uint16) bool {
	return r0 != skip && r1 != skip && r2 != skip && r3 != skip
}

// is3 reports whether c0 c1 c2 have the shape of a three-byte UTF-8
// character (E0–EF, then two continuation bytes); the caller checks its
// value.
func is3(c0, c1, c2 byte) bool {
	return c0&0xF0 == 0xE0 && (uint16(c1)<<8|uint16(c2))&0xC0C0 == 0x8080
}

// char3 returns the value of the three-byte UTF-8 character c0 c1 c2.
func char3(c0, c1, c2 byte) uint16 {
	return uint16(c0&0x0F)<<12 | uint16(c1&0x3F)<<6 | uint16(c2&0x3F)
}
