// UTF8CHECK512 runs the Keiser–Lemire check (see utf8_amd64.s) on the 64
// bytes in Z1, preceded by the 64 bytes in Z0, and leaves in Z6 a
// non-zero byte wherever an error shows. It needs the constants loaded by
// UTF8CONSTS512: Z20–Z22 the tables, Z23 the GF2P8AFFINEQB matrix of a
// shift right by 4, Z24 0x60, Z25 0x70, Z26 0x80 (bytes), and uses
// Z2–Z10.
#define UTF8CHECK512 \
	UTF8PREVS512; \
	UTF8LOOKUP512

// UTF8PREVS512 computes prev1–3 of UTF8CHECK512 (Z3–Z5) by shuffles.
#define UTF8PREVS512 \
	VALIGNQ    $6, Z0, Z1, Z2; \
	VPALIGNR   $15, Z2, Z1, Z3; \
	VPALIGNR   $14, Z2, Z1, Z4; \
	VPALIGNR   $13, Z2, Z1, Z5

// UTF8PREVSMEM512 loads prev1–3 of UTF8CHECK512 (Z3–Z5) from the bytes
// before the window at (SI)(AX*1), which must be inside the input.
#define UTF8PREVSMEM512 \
	VMOVDQU64  -1(SI)(AX*1), Z3; \
	VMOVDQU64  -2(SI)(AX*1), Z4; \
	VMOVDQU64  -3(SI)(AX*1), Z5

// UTF8LOOKUP512 is the rest of UTF8CHECK512, given prev1–3 in Z3–Z5. The
// high nibbles come from GF2P8AFFINEQB (a shift of each byte, no mask),
// and the low nibble's entry from VPERMB, which reads only the low 6 bits
// of an index (its table is the 16 entries four times over).
#define UTF8LOOKUP512 \
	VGF2P8AFFINEQB $0, Z23, Z3, Z6; \
	VPSHUFB    Z6, Z20, Z6; \
	VPERMB     Z21, Z3, Z7; \
	VGF2P8AFFINEQB $0, Z23, Z1, Z8; \
	VPSHUFB    Z8, Z22, Z8; \
	VPTERNLOGD $0x80, Z8, Z7, Z6; \
	VPSUBUSB   Z24, Z4, Z9; \
	VPSUBUSB   Z25, Z5, Z10; \
	VPORQ      Z9, Z10, Z9; \
	VPTERNLOGD $0x78, Z26, Z9, Z6

// UTF8CONSTS512 loads the constants UTF8CHECK512 needs (uses DX).
#define UTF8CONSTS512 \
	VBROADCASTI32X4 byte1High<>(SB), Z20; \
	VBROADCASTI32X4 byte1Low<>(SB), Z21; \
	VBROADCASTI32X4 byte2High<>(SB), Z22; \
	MOVQ $0x1020408000000000, DX; \
	VPBROADCASTQ DX, Z23; \
	MOVL $0x60606060, DX; \
	VPBROADCASTD DX, Z24; \
	MOVL $0x70707070, DX; \
	VPBROADCASTD DX, Z25; \
	MOVL $0x80808080, DX; \
	VPBROADCASTD DX, Z26

// ASCII256 ORs the 256 bytes at (SI)(AX*1) together, 32 at a time, and
// leaves in R8 the mask of the high bits of the result: 0 when all 256
// are ASCII. It uses Y1, Y2, Y3 and Y5.
#define ASCII256 \
	VMOVDQU (SI)(AX*1), Y1; \
	VPOR    32(SI)(AX*1), Y1, Y1; \
	VMOVDQU 64(SI)(AX*1), Y2; \
	VPOR    96(SI)(AX*1), Y2, Y2; \
	VMOVDQU 128(SI)(AX*1), Y3; \
	VPOR    160(SI)(AX*1), Y3, Y3; \
	VMOVDQU 192(SI)(AX*1), Y5; \
	VPOR    224(SI)(AX*1), Y5, Y5; \
	VPOR    Y1, Y2, Y1; \
	VPOR    Y3, Y5, Y3; \
	VPOR    Y1, Y3, Y1; \
	VPMOVMSKB Y1, R8
