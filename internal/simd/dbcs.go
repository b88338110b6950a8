package simd

// Double-byte character sets (GBK, GB18030, Big5, EUC-KR, Shift_JIS,
// EUC-JP): the fast path of their decoders looks up every character in a
// table of 65536 entries indexed by lead<<8 | trail (see DecodePairs).
//
// The avx512 kernel works on 64-byte blocks. It finds the characters of a
// block from the bytes 80–FF alone: in every code here a byte 80–FF that
// starts a character is the lead of a two-byte code, so within a run of
// such bytes the leads are the bytes at an even distance from the run's
// start, and a run of odd length ends with a lead whose trail is an ASCII
// byte. The first and second bytes of the characters are packed with
// VPCOMPRESSB and VPERMI2B makes their table indices; then each character
// is looked up with a scalar load (cheaper than VPGATHERDD on AMD Zen 4)
// and stored, an unaligned four-byte store at the end of the previous
// character's UTF-8 bytes. The characters of a block are found while the
// block before it is converted, so that the latency of that step is
// hidden. A block of ASCII is copied as it is. A block of 32 two-byte
// codes is first converted as if each gave three UTF-8 bytes (no chain of
// lengths from one character to the next), which is kept when all did,
// and converted again character after character otherwise.
//
// The avx2 kernel has the same blocks and finds the characters the same
// way, from two VPMOVMSKB, one block ahead too; lacking byte compression,
// it walks the character starts (TZCNT, BLSR) and looks up and stores one
// character after another, with no branch on the text but the block's end
// and an entry 0; a block of 32 two-byte codes takes the same shortcut as
// under AVX-512.

// PairsMinSrc and PairsMinDst are the sizes of src and dst below which
// DecodePairs converts nothing: a vector block reads 65 bytes of src and
// may write 160 bytes of dst.
const (
	PairsMinSrc = 65
	PairsMinDst = 160
)

// DecodePairs converts a prefix of src, a double-byte code, to UTF-8 by
// the table t, whose entry lead<<8 | trail is, for an ASCII byte lead
// (00–7F, any trail), lead | 1<<24; for a byte lead 80–FF, the UTF-8
// bytes of the character of the two-byte code lead trail in its low three
// bytes (little-endian, zero after the last) with their number, 2 or 3,
// in its high byte; or 0 when lead trail is not a two-byte code of a BMP
// character.
//
// It converts whole 64-byte blocks while len(src)-nSrc >= PairsMinSrc and
// len(dst)-nDst >= PairsMinDst, when the vector kernel in use has a step
// for it, and stops at a character boundary. It reports bad when it
// stopped before a character whose entry is 0 (which nSrc then indexes);
// otherwise the rest of src, or of dst, is too short for a block, or no
// vector kernel is in use (nDst == nSrc == 0), and the caller's scalar
// code goes on. It may write to dst beyond nDst. It does not allocate.
func DecodePairs(dst, src []byte, t *[65536]uint32) (nDst, nSrc int, bad bool) {
	if len(src) < PairsMinSrc || len(dst) < PairsMinDst {
		return 0, 0, false
	}
	return decodePairs(cur(), dst, src, t)
}
