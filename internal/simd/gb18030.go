package simd

// GB18030 encodes every supplementary character U+10000–U+10FFFF with four
// bytes b0 b1 b2 b3 (b0 and b2 in 81–FE, b1 and b3 in 30–39) whose
// pointer (((b0-0x81)*10 + b1-0x30)*126 + b2-0x81)*10 + b3-0x30 is
// 189000–1237575; the character is U+10000 + pointer - 189000 (GB
// 18030-2005 and -2022, the four-byte codes 90 30 81 30 to E3 32 9A 35;
// WHATWG Encoding Standard §5, "index gb18030 ranges code point", used by
// the gb18030 decoder of §10.2.1). Text in a script beyond the BMP
// (emoji, historic scripts, CJK extension B and later) is a run of such
// codes.
//
// The avx512 kernel decodes sixteen codes at a time, a 64-byte block in
// one register: a byte compare checks every byte's range, VPMADDUBSW and
// VPMADDWD make the pointers, one VPMULTISHIFTQB picks the bits of the
// four UTF-8 bytes of each code point, and a VPTERNLOGD masks them and
// adds the UTF-8 marker bits. A four-byte code is four UTF-8 bytes,
// so the output of a block is a block at the same offset. The last,
// partial block is loaded under a mask (its missing bytes read as zero,
// which no code accepts), and a block stops at its first code that is not
// the code of a supplementary character.
//
// The encoder's kernel does the reverse, sixteen characters of four UTF-8
// bytes at a time: VPMADDUBSW and VPMADDWD put the UTF-8 bytes together
// into code points (after a byte compare has checked the pattern 11110xxx
// 10xxxxxx 10xxxxxx 10xxxxxx, and before a range check), and the four
// digits of each pointer p (mixed radix: 10, 126, 10 from the last) come
// from single-precision division. The quotient of p + 0.5 by 12600 (then
// of the remainder by 1260, and of that by 10) is at least 0.5/12600
// away from an integer, about 4e-5; its product with the rounded
// reciprocal is off by at most two roundings, below 128 * 2^-23, about
// 1.5e-5, so truncated it is the exact quotient. Every value is an
// integer or a half below 2^24, so each remainder, by a fused
// multiply-add, is exact. (The tests convert every supplementary
// character both ways.)
//
// The avx2 kernels do the same eight codes (32 bytes) at a time: the range
// checks are byte and dword compares whose VMOVMSKPS gives one bit a code,
// the UTF-8 bytes come from four shifts and masks, the encoder's
// remainders from a multiply and a subtract (each exact, as the FMA's is),
// and the last, partial block is loaded and stored a dword at a time
// under VPMASKMOVD.

// GB18030SupplementaryToUTF8 decodes the longest prefix of src that is a
// run of four-byte GB18030 codes of supplementary characters (pointers
// 189000–1237575) and fits in dst, to UTF-8. nDst == nSrc, a multiple of
// four: each code is four UTF-8 bytes. It stops before the first four
// bytes that are not such a code (the code of a BMP character, a byte out
// of range, or fewer than four bytes left in src or in dst), when the
// vector kernel in use has a step for it; otherwise (no vector kernel) it
// returns 0, 0 and the caller's scalar code does the work. It writes
// dst[:nDst] only, reads src[:len(src)] only and does not allocate.
func GB18030SupplementaryToUTF8(dst, src []byte) (nDst, nSrc int) {
	n := gb18030SupplementaryToUTF8(cur(), dst, src)
	return n, n
}

// UTF8ToGB18030Supplementary encodes the longest prefix of src that is a
// run of supplementary characters in UTF-8 (four bytes each) and fits in
// dst, to four-byte GB18030 codes. nDst == nSrc, a multiple of four. It
// stops before the first four bytes that are not such a character (any
// other character, ill-formed UTF-8, or fewer than four bytes left in src
// or in dst), when the vector kernel in use has a step for it; otherwise
// (no vector kernel) it returns 0, 0 and the caller's scalar code does the
// work. It writes dst[:nDst] only, reads src[:len(src)] only and does not
// allocate.
func UTF8ToGB18030Supplementary(dst, src []byte) (nDst, nSrc int) {
	n := utf8ToGB18030Supplementary(cur(), dst, src)
	return n, n
}
