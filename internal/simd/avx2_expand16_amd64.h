// EXPAND16 and EXPANDCONSTS, shared by the AVX2 Latin-1 and UTF-16LE to
// UTF-8 converters (avx2_latin1_amd64.s, avx2_utf16_to_utf8_amd64.s).

#ifndef AVX2_EXPAND16_H
#define AVX2_EXPAND16_H

// EXPAND16 appends the UTF-8 form of 16 words in Y2 (each below 800, as
// from Latin-1 or UTF-16), given in R11 a 16-bit mask of the words above
// 7F. A word above 7F becomes C0|w>>6, 80|w&3F (low byte first); the
// shuffle of twoByteShuf[m] keeps, for each of a lane's 8 words, its low
// byte and, where bit i of m is set, its high byte: 8+popcount(m) bytes.
// Constants: Y10 3F00 words, Y11 80C0 words, Y13 007F words.
// Uses Y3–Y7, R12, DX; R13 holds the table's address.
#define EXPAND16 \
	VPSRLW     $6, Y2, Y3; \
	VPSLLW     $8, Y2, Y4; \
	VPAND      Y10, Y4, Y4; \
	VPOR       Y4, Y3, Y3; \
	VPOR       Y11, Y3, Y3; \
	VPCMPGTW   Y13, Y2, Y5; \
	VPBLENDVB  Y5, Y3, Y2, Y2; \
	MOVL       R11, R12; \
	ANDL       $0xFF, R12; \
	SHLL       $4, R12; \
	VMOVDQU    (R13)(R12*1), X6; \
	MOVL       R11, DX; \
	SHRL       $8, DX; \
	ANDL       $0xFF, DX; \
	SHLL       $4, DX; \
	VINSERTI128 $1, (R13)(DX*1), Y6, Y6; \
	VPSHUFB    Y6, Y2, Y2; \
	VMOVDQU    X2, (DI)(BX*1); \
	MOVL       R11, DX; \
	ANDL       $0xFF, DX; \
	POPCNTL    DX, DX; \
	LEAQ       8(BX)(DX*1), BX; \
	VEXTRACTI128 $1, Y2, X7; \
	VMOVDQU    X7, (DI)(BX*1); \
	MOVL       R11, DX; \
	SHRL       $8, DX; \
	ANDL       $0xFF, DX; \
	POPCNTL    DX, DX; \
	LEAQ       8(BX)(DX*1), BX

#define EXPANDCONSTS \
	MOVL $0x3F003F00, DX; \
	VMOVQ DX, X10; \
	VPBROADCASTD X10, Y10; \
	MOVL $0x80C080C0, DX; \
	VMOVQ DX, X11; \
	VPBROADCASTD X11, Y11; \
	MOVL $0x007F007F, DX; \
	VMOVQ DX, X13; \
	VPBROADCASTD X13, Y13; \
	LEAQ ·twoByteShuf(SB), R13

#endif
