// UTF8CHECK512 runs the Keiser–Lemire check (see utf8_amd64.s) on the 64
// bytes in Z1, preceded by the 64 bytes in Z0, and leaves in Z6 a
// non-zero byte wherever an error shows. It needs the constants of
// utf8PrefixAVX512: Z20–Z22 the tables, Z23 0x0F, Z24 0x60, Z25 0x70,
// Z26 0x80 (bytes), and uses Z2–Z10.
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

// UTF8LOOKUP512 is the rest of UTF8CHECK512, given prev1–3 in Z3–Z5.
#define UTF8LOOKUP512 \
	VPSRLW     $4, Z3, Z6; \
	VPANDQ     Z23, Z6, Z6; \
	VPSHUFB    Z6, Z20, Z6; \
	VPANDQ     Z23, Z3, Z7; \
	VPSHUFB    Z7, Z21, Z7; \
	VPSRLW     $4, Z1, Z8; \
	VPANDQ     Z23, Z8, Z8; \
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
	MOVL $0x0F0F0F0F, DX; \
	VPBROADCASTD DX, Z23; \
	MOVL $0x60606060, DX; \
	VPBROADCASTD DX, Z24; \
	MOVL $0x70707070, DX; \
	VPBROADCASTD DX, Z25; \
	MOVL $0x80808080, DX; \
	VPBROADCASTD DX, Z26
