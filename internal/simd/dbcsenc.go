package simd

// The encoders of the double-byte character sets (GBK, GB18030, Big5,
// EUC-KR, Shift_JIS, EUC-JP) look every character up in a table of 65536
// code entries indexed by code point (see EncodePairs).
//
// The avx512 kernel works on 64-byte blocks of UTF-8. Masks of the block
// classify its bytes: ASCII, three-byte leads (E0–EF) and, in the block
// loaded one and two bytes later, the bytes after each lead, which must be
// continuations. The first place where the structure breaks (a byte that
// is no character start and no expected continuation, a lead without two
// continuations, an overlong form or the skip character) ends the block.
// The code points of the leads are computed in place with byte shifts and
// packed with VPCOMPRESSB; sixteen at a time, VPERMI2B makes them dwords
// and VPGATHERDD looks up their codes. VPEXPANDB puts each code's two
// bytes back at its lead's place and the next, the ASCII bytes are merged
// in, and one VPCOMPRESSB keeps the output bytes for one store. A block of
// ASCII is copied as it is.

// EncodePairsMinSrc and EncodePairsMinDst are the sizes of src and dst
// below which EncodePairs converts nothing: a vector block reads 66 bytes
// of src and may write 64 bytes of dst.
const (
	EncodePairsMinSrc = 66
	EncodePairsMinDst = 64
)

// EncodePairs converts a prefix of src, UTF-8, to a double-byte code by
// the table enc, whose entry at a code point is the character's code,
// lead<<8 | trail, or 0 when it has none. It takes ASCII bytes (written
// as they are) and three-byte UTF-8 characters (U+0800–U+FFFF) whose
// entry is not 0 and that are not skip, which it writes as two bytes,
// lead then trail. Anything else stops it before that character: other
// UTF-8 sequences, malformed or overlong bytes, an entry 0 (the tables
// give surrogates none), the character skip.
//
// It converts blocks of 64 bytes (65 when a three-byte character starts in
// the block's byte 62; 63 when one starts in byte 63, which goes with the
// next block) while len(src)-nSrc >=
// EncodePairsMinSrc and len(dst)-nDst >= EncodePairsMinDst, when the
// vector kernel in use has a step for it, and stops at a character
// boundary. It reports bad when it stopped before a character it does not
// take (which nSrc then indexes); otherwise the rest of src, or of dst, is
// too short for a block, or no vector kernel is in use (nDst == nSrc ==
// 0), and the caller's scalar code goes on. It may write to dst beyond
// nDst. It does not allocate.
func EncodePairs(dst, src []byte, enc *[65536]uint16, skip uint16) (nDst, nSrc int, bad bool) {
	if len(src) < EncodePairsMinSrc || len(dst) < EncodePairsMinDst {
		return 0, 0, false
	}
	return encodePairs(cur(), dst, src, enc, skip)
}
