package simd

import (
	"encoding/binary"
	"unicode/utf8"
)

// sbcsStep is a vector step of an SBCS conversion: it converts whole
// blocks of src, stops at a character boundary before a block it cannot
// convert, and returns the bytes written and read. The kernels that have
// one list it in their impl (sbcsToUTF8, sbcsFromUTF8).
type sbcsStep func(t *SBCS, dst, src []byte) (nDst, nSrc int)

// Single-byte character sets (code pages such as windows-1251 or KOI8-R).
//
// Decoding: every byte is looked up in three 128-entry tables holding the
// first, second and third byte of the UTF-8 form of its code point (all
// single-byte pages stay in the BMP). The avx512 kernel looks up 64 bytes
// with VPERMI2B, interleaves the bytes (byte unpacks when no character
// needs three bytes, VPERMI2B/VPERMB into dwords when one does) and packs
// them with VPCOMPRESSB. The avx2 kernel looks up 32 bytes with eight
// VPSHUFB per table and packs eight words at a time with a VPSHUFB
// pattern; it leaves blocks with three-byte characters to the scalar
// code. A block holding a byte without a character stops the kernel at
// the block; the scalar code finds the byte.
//
// Encoding: the avx512 kernel converts 64-byte blocks of ASCII, two-byte
// characters and three-byte characters of one lead whose code points lie
// in the (at most) four blocks of 64 code points that hold most of the
// page: Cyrillic, Greek, Hebrew, Arabic, the Latin-1 punctuation and the
// General Punctuation of the windows pages. It looks up the byte at each
// character's last byte (VPERMI2B over 256 entries) and packs the result
// with VPCOMPRESSB. A character it cannot convert (another character, an
// unmappable one, an ill-formed sequence) ends the block before it, and
// the scalar code converts at least sixteen bytes, or explains the stop,
// before the kernel resumes. The avx2 kernel does the same for 32-byte
// blocks of ASCII and two-byte characters (sixteen VPSHUFB rows for the
// 256 entries, a VPSHUFB pattern per eight bytes to pack), and stops at
// the start of any other block.

// SBCS is a single-byte character set in the forms the conversion
// kernels use: bytes 00–7F are ASCII, bytes 80–FF map through a table of
// 128 code points (all in the BMP; 0 marks a byte without a character).
// Build one with NewSBCS and share it: it is read-only and safe for
// concurrent use.
type SBCS struct {
	vec sbcsVec // the vector kernels' tables; first, so its offsets are fixed

	// dec maps every byte to its UTF-8 form, packed little-endian in the
	// low three bytes, with the length in the top byte; 0 is a byte
	// without a character (byte 00 is 1<<24).
	dec [256]uint32
	// pages maps a code point to its byte, by 256-code-point page (a
	// zero entry: no byte); low is the same for U+0000–U+07FF, flat.
	pages [256]*[256]byte
	low   [0x800]byte
}

// sbcsVec holds the tables of the vector kernels. Its layout is fixed:
// the assembly reads it by offset.
type sbcsVec struct {
	// dec holds, for byte 80+i, the first, second and third byte of the
	// UTF-8 form of its code point (0 where the form is shorter; a first
	// byte 0 marks a byte without a character). Offsets 0, 128, 256.
	dec [3][128]byte
	// slot maps a two-byte lead (by its low six bits) to 64 times the
	// slot of its 64 code points in rev, or to sbcsNoSlot when the lead
	// has none. Offset 384.
	slot [64]byte
	// rev maps slot*64 + (last byte & 3F) to the byte of that code point
	// (0: none). Offset 448.
	rev [256]byte
	// slot3 is slot for the three-byte characters that begin with lead3,
	// by the low six bits of their second byte. Offset 704.
	slot3 [64]byte
	// lead3 is the one three-byte lead (E0–EF) the vector encoder
	// handles. Offset 768.
	lead3 byte
	_     [31]byte
	// shuf holds dec[0] and dec[1] for VPSHUFB, which looks up sixteen
	// entries: shuf[j][k] is entries 16k–16k+15 of dec[j] XOR entries
	// 16(k-1)–16(k-1)+15 (none for k = 0), twice (one copy per 128-bit
	// lane). XORing the lookups of row 0 to row k gives row k. Offset
	// 800.
	shuf [2][8][32]byte
	// slotShuf and revShuf are slot (entries 0–31) and rev in the same
	// form: two rows, and two chains of eight rows (rev 0–127 and
	// 128–255). Offsets 1312 and 1376.
	slotShuf [2][32]byte
	revShuf  [16][32]byte
}

// sbcsNoSlot marks a lead without a slot; its low bit never occurs in a
// slot base (a multiple of 64).
const sbcsNoSlot = 0x01

// NewSBCS builds the tables of the single-byte character set whose bytes
// 80–FF map to the code points high[0]–high[127]; a zero entry is a byte
// without a character. When two bytes map to the same code point, the
// lower byte is the one encoding gives. It allocates the tables.
func NewSBCS(high *[128]uint16) *SBCS {
	t := new(SBCS)
	for b := 0; b < 0x80; b++ {
		t.dec[b] = uint32(b) | 1<<24
	}
	for i, r := range high {
		if r == 0 {
			continue
		}
		var u [3]byte
		n := utf8.EncodeRune(u[:], rune(r))
		t.dec[0x80+i] = uint32(u[0]) | uint32(u[1])<<8 | uint32(u[2])<<16 | uint32(n)<<24
		t.vec.dec[0][i], t.vec.dec[1][i], t.vec.dec[2][i] = u[0], u[1], u[2]
		pg := t.pages[r>>8]
		if pg == nil {
			pg = new([256]byte)
			t.pages[r>>8] = pg
		}
		if pg[r&0xFF] != 0 {
			continue // an earlier byte has this code point
		}
		pg[r&0xFF] = byte(0x80 + i)
		if r < 0x800 {
			t.low[r] = byte(0x80 + i)
		}
	}
	t.chooseSlots()
	for k := 0; k < 16; k++ {
		for i := 0; i < 16; i++ {
			v := t.vec.rev[16*k+i]
			if k%8 > 0 {
				v ^= t.vec.rev[16*(k-1)+i]
			}
			t.vec.revShuf[k][i], t.vec.revShuf[k][16+i] = v, v
			if k < 2 {
				v := t.vec.slot[16*k+i]
				if k > 0 {
					v ^= t.vec.slot[i]
				}
				t.vec.slotShuf[k][i], t.vec.slotShuf[k][16+i] = v, v
			}
		}
	}
	for j := 0; j < 2; j++ {
		for k := 0; k < 8; k++ {
			for i := 0; i < 16; i++ {
				v := t.vec.dec[j][16*k+i]
				if k > 0 {
					v ^= t.vec.dec[j][16*(k-1)+i]
				}
				t.vec.shuf[j][k][i], t.vec.shuf[j][k][16+i] = v, v
			}
		}
	}
	return t
}

// chooseSlots fills the vector encoder's tables. It looks up the
// characters of the (at most) four blocks of 64 code points that hold the
// most of the table's characters, among the blocks of two-byte
// characters (one lead each) and those of three-byte characters with the
// most common three-byte lead (one second byte each); the other
// characters go through the scalar code.
func (t *SBCS) chooseSlots() {
	var count2 [32]int     // by lead & 1F
	var count3 [16][64]int // by lead & 0F, second byte & 3F
	var lead3 [16]int
	for b := 0x80; b < 0x100; b++ {
		r, ok := t.DecodeByte(byte(b))
		if e, _ := t.EncodeRune(r); !ok || r < 0x80 || e != byte(b) {
			continue // no character, ASCII, or a character of an earlier byte
		}
		if r < 0x800 {
			count2[r>>6]++
		} else if r < 0xD800 || r > 0xDFFF {
			count3[r>>12][r>>6&0x3F]++
			lead3[r>>12]++
		}
	}
	l3 := 2 // E2: General Punctuation and the like, in most code pages
	for l := range lead3 {
		if lead3[l] > lead3[l3] {
			l3 = l
		}
	}
	t.vec.lead3 = byte(0xE0 | l3)
	for i := range t.vec.slot {
		t.vec.slot[i] = sbcsNoSlot
		t.vec.slot3[i] = sbcsNoSlot
	}
	for s := 0; s < 4; s++ {
		best, bestN, three := 0, 0, false
		for l, n := range count2 {
			if n > bestN {
				best, bestN, three = l, n, false
			}
		}
		for c, n := range count3[l3] {
			if n > bestN {
				best, bestN, three = c, n, true
			}
		}
		if bestN == 0 {
			break
		}
		for c := 0; c < 64; c++ {
			var r rune
			if three {
				r = rune(l3<<12 | best<<6 | c)
			} else {
				r = rune(best<<6 | c)
			}
			if b, ok := t.EncodeRune(r); ok {
				t.vec.rev[s*64+c] = b
			}
		}
		if three {
			count3[l3][best] = 0
			t.vec.slot3[best] = byte(s * 64)
		} else {
			count2[best] = 0
			t.vec.slot[best] = byte(s * 64) // lead C0|best: its low six bits are best
		}
	}
}

// DecodeByte returns the code point of byte b and whether b has one.
func (t *SBCS) DecodeByte(b byte) (rune, bool) {
	v := t.dec[b]
	if v == 0 {
		return 0, false
	}
	var u [4]byte
	binary.LittleEndian.PutUint32(u[:], v)
	r, _ := utf8.DecodeRune(u[:v>>24])
	return r, true
}

// EncodeRune returns the byte of code point r and whether there is one.
func (t *SBCS) EncodeRune(r rune) (byte, bool) {
	if r < 0x80 {
		return byte(r), r >= 0
	}
	if r > 0xFFFF {
		return 0, false
	}
	if pg := t.pages[r>>8]; pg != nil {
		b := pg[r&0xFF]
		return b, b != 0
	}
	return 0, false
}

// ToUTF8 converts the longest prefix of src whose bytes all have a
// character and whose UTF-8 form fits in dst. It stops before the first
// byte without a character or the first character dst has no room for,
// and returns the bytes written and read. It does not allocate.
func (t *SBCS) ToUTF8(dst, src []byte) (nDst, nSrc int) {
	step := cur().sbcsToUTF8
	if step == nil || len(src) < sbcsMinVector {
		return sbcsToUTF8Scalar(t, dst, src)
	}
	// The vector step stops before a block it cannot convert (a byte
	// without a character; for avx2 also a character of three UTF-8
	// bytes); the scalar code converts the next bytes, or stops for good,
	// and the vector step resumes.
	for {
		d, s := step(t, dst[nDst:], src[nSrc:])
		nDst += d
		nSrc += s
		if nSrc == len(src) {
			return nDst, nSrc
		}
		end := t.scalarRunToUTF8(src, nSrc)
		d, s = sbcsToUTF8Scalar(t, dst[nDst:], src[nSrc:end])
		nDst += d
		nSrc += s
		if nSrc < end || nSrc == len(src) {
			return nDst, nSrc
		}
	}
}

// FromUTF8 converts the longest prefix of src, UTF-8, made of complete,
// well-formed characters that the character set has and whose bytes fit
// in dst. It stops before an ill-formed or incomplete sequence, before a
// character without a byte, or when dst is full, and returns the bytes
// written and read. It does not allocate.
func (t *SBCS) FromUTF8(dst, src []byte) (nDst, nSrc int) {
	step := cur().sbcsFromUTF8
	if step == nil || len(src) < sbcsMinVector {
		d, s, _ := sbcsFromUTF8Scalar(t, dst, src, len(src))
		return d, s
	}
	// The vector step stops before a block it cannot convert (other
	// characters, or an error); the scalar code converts the next block
	// or so, or stops for good, and the vector step resumes.
	for {
		d, s := step(t, dst[nDst:], src[nSrc:])
		nDst += d
		nSrc += s
		if nSrc == len(src) {
			return nDst, nSrc
		}
		d, s, stopped := sbcsFromUTF8Scalar(t, dst[nDst:], src[nSrc:], scalarRunFromUTF8(src[nSrc:]))
		nDst += d
		nSrc += s
		if stopped || nSrc == len(src) {
			return nDst, nSrc
		}
	}
}

// sbcsMinVector is the input length below which the scalar code does the
// whole conversion.
const sbcsMinVector = 64

// sbcsScalarRun is how far the scalar code goes before it gives the
// vector step another chance.
const sbcsScalarRun = 16

// scalarRunToUTF8 returns where the scalar decoder stops after the vector
// step stopped at src[from]: past the first byte of the next 64 that the
// step may have stopped for (a byte without a character, or one of three
// UTF-8 bytes), and at least sbcsScalarRun bytes on.
func (t *SBCS) scalarRunToUTF8(src []byte, from int) int {
	end := min(len(src), from+sbcsScalarRun)
	for i := from; i < len(src) && i < from+64; i++ {
		if v := t.dec[src[i]]; v == 0 || v>>24 == 3 {
			return max(end, i+1)
		}
	}
	return end
}

// scalarRunFromUTF8 returns how far the scalar encoder goes after the
// vector step stopped at src[0]: past the first lead of three or four
// bytes of the next 64 bytes, which the avx2 step stops for, and at least
// sbcsScalarRun bytes.
func scalarRunFromUTF8(src []byte) int {
	for i := 0; i < len(src) && i < 64; i++ {
		if src[i] >= 0xE0 {
			return max(sbcsScalarRun, i+1)
		}
	}
	return sbcsScalarRun
}

// sbcsToUTF8Scalar is the reference (and fallback) decoder: ToUTF8 without
// vector steps.
func sbcsToUTF8Scalar(t *SBCS, dst, src []byte) (nDst, nSrc int) {
	dec := &t.dec
	for nSrc < len(src) {
		// Eight bytes at a time: ASCII words are copied, other words go
		// through the table, which gives every byte (ASCII too) its UTF-8
		// bytes and length; a byte without a character ends the loop.
	words:
		for nSrc+8 <= len(src) && nDst+32 <= len(dst) {
			w := binary.LittleEndian.Uint64(src[nSrc:])
			if w&hiBits == 0 {
				n := sbcsASCIIRun(dst[nDst:], src[nSrc:])
				nSrc += n
				nDst += n
				continue
			}
			s := src[nSrc : nSrc+8 : nSrc+8]
			d := dst[nDst : nDst+32 : nDst+32]
			o := 0
			for i, c := range s {
				v := dec[c]
				if v == 0 {
					nSrc += i
					nDst += o
					break words
				}
				binary.LittleEndian.PutUint32(d[o:o+4:o+4], v)
				o += int(v >> 24)
			}
			nSrc += 8
			nDst += o
		}
		if nSrc >= len(src) {
			break
		}
		v := dec[src[nSrc]]
		n := int(v >> 24)
		if v == 0 || nDst+n > len(dst) {
			break
		}
		for i := 0; i < n; i++ {
			dst[nDst+i] = byte(v >> (8 * i))
		}
		nDst += n
		nSrc++
	}
	return nDst, nSrc
}

// sbcsASCIIRun copies the longest ASCII prefix of src that fits in dst
// and returns its length: it scans 32 bytes at a time and copies with
// memmove.
func sbcsASCIIRun(dst, src []byte) int {
	n := min(len(dst), len(src))
	src = src[:n]
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
	i += asciiPrefixScalar(src[i:])
	copy(dst, src[:i])
	return i
}

// sbcsFromUTF8Scalar is the reference (and fallback) encoder: FromUTF8
// without vector steps, for the characters that start in src[:limit].
// stopped reports that it stopped before limit for one of FromUTF8's
// reasons.
func sbcsFromUTF8Scalar(t *SBCS, dst, src []byte, limit int) (nDst, nSrc int, stopped bool) {
	low := &t.low
	limit = min(limit, len(src))
	for nSrc < limit {
		// Blocks of eight source bytes with ASCII bytes and two-byte
		// characters (through the flat table low), while dst has room
		// for what a block can write (eight bytes).
	blocks:
		for nSrc+8 <= limit && nSrc+8 <= len(src) && nDst+8 <= len(dst) {
			w := binary.LittleEndian.Uint64(src[nSrc:])
			if w&hiBits == 0 {
				n := sbcsASCIIRun(dst[nDst:], src[nSrc:limit])
				nSrc += n
				nDst += n
				continue
			}
			for end := nSrc + 8; nSrc < end; {
				c := src[nSrc]
				if c < 0x80 {
					dst[nDst] = c
					nDst++
					nSrc++
					continue
				}
				if c < 0xC2 || c >= 0xE0 || nSrc+1 >= len(src) {
					break blocks
				}
				c1 := src[nSrc+1]
				if c1&0xC0 != 0x80 {
					break blocks
				}
				b := low[uint16(c&0x1F)<<6|uint16(c1&0x3F)]
				if b == 0 {
					break blocks
				}
				dst[nDst] = b
				nDst++
				nSrc += 2
			}
		}
		if nSrc >= limit {
			break
		}
		c := src[nSrc]
		r, n := rune(c), 1
		if c >= 0x80 {
			r, n = utf8.DecodeRune(src[nSrc:])
			if r == utf8.RuneError && n <= 1 {
				return nDst, nSrc, true
			}
		}
		b, ok := t.EncodeRune(r)
		if !ok || nDst >= len(dst) {
			return nDst, nSrc, true
		}
		dst[nDst] = b
		nDst++
		nSrc += n
	}
	return nDst, nSrc, false
}
