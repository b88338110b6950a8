// The body of utf32LEToUTF8AVX512 (avx512_utf32_to_utf8_amd64.s) and of its assume-valid twin
// utf32LEToUTF8ValidAVX512 (valid_amd64.s). The including file defines NAME,
// the function, and for the validating form CHECKED, which keeps the
// checks between #ifdef CHECKED and #endif. The including files say
// how it works.

// W32CHECK ends the loop before the 16 units in Z1 when one is above
// 10FFFF or a surrogate (validating form only). W32WIDE converts the 16
// units in Z1 (any lengths) and advances AX and BX. Both use Z2–Z7 and
// K2–K6.
#ifdef CHECKED
#define W32CHECK \
	VPCMPUD  $5, Z29, Z1, K2; \
	VPANDD   Z30, Z1, Z2; \
	VPCMPEQD Z31, Z2, K3; \
	KORTESTW K2, K3; \
	JNZ      w32done
#else
#define W32CHECK
#endif
#define W32WIDE \
	W32CHECK; \
	VPCMPUD $1, Z26, Z1, K3; \
	VPCMPUD $1, Z27, Z1, K4; \
	VPCMPUD $1, Z28, Z1, K5; \
	VPSRLD     $18, Z1, Z4; \
	VPSRLD     $4, Z1, Z5; \
	VPTERNLOGD $0xF8, Z20, Z5, Z4; \
	VPSLLD     $10, Z1, Z5; \
	VPTERNLOGD $0xF8, Z21, Z5, Z4; \
	VPSLLD     $24, Z1, Z5; \
	VPTERNLOGD $0xF8, Z22, Z5, Z4; \
	VPORD      Z25, Z4, Z4; \
	VPSRLD     $12, Z1, Z6; \
	VPSLLD     $2, Z1, Z5; \
	VPTERNLOGD $0xF8, Z20, Z5, Z6; \
	VPSLLD     $16, Z1, Z5; \
	VPTERNLOGD $0xF8, Z21, Z5, Z6; \
	VPORD      Z24, Z6, K5, Z4; \
	VPSRLD     $6, Z1, Z6; \
	VPSLLD     $8, Z1, Z5; \
	VPTERNLOGD $0xF8, Z20, Z5, Z6; \
	VPORD      Z23, Z6, K4, Z4; \
	VMOVDQA32  Z1, K3, Z4; \
	VMOVDQA32  Z18, Z7; \
	VMOVDQA32  Z17, K5, Z7; \
	VMOVDQA32  Z16, K4, Z7; \
	VMOVDQA32  Z26, K3, Z7; \
	VPMOVB2M   Z7, K6; \
	VPCOMPRESSB.Z Z4, K6, Z6; \
	VMOVDQU64  Z6, (DI)(BX*1); \
	KMOVQ      K6, DX; \
	POPCNTQ    DX, DX; \
	ADDQ       DX, BX; \
	ADDQ       $64, AX

TEXT NAME(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX

	MOVL $0x3F00, DX
	VPBROADCASTD DX, Z20
	MOVL $0x3F0000, DX
	VPBROADCASTD DX, Z21
	MOVL $0x3F000000, DX
	VPBROADCASTD DX, Z22
	MOVL $0x80C0, DX
	VPBROADCASTD DX, Z23
	MOVL $0x8080E0, DX
	VPBROADCASTD DX, Z24
	MOVL $0x808080F0, DX
	VPBROADCASTD DX, Z25
	MOVL $0x80, DX
	VPBROADCASTD DX, Z26
	MOVL $0x800, DX
	VPBROADCASTD DX, Z27
	MOVL $0x10000, DX
	VPBROADCASTD DX, Z28
#ifdef CHECKED
	MOVL $0x110000, DX
	VPBROADCASTD DX, Z29
	MOVL $0xFFFFF800, DX
	VPBROADCASTD DX, Z30
	MOVL $0xD800, DX
	VPBROADCASTD DX, Z31
#endif
	MOVL $0x8080, DX
	VPBROADCASTD DX, Z16
	MOVL $0x808080, DX
	VPBROADCASTD DX, Z17
	MOVL $0x80808080, DX
	VPBROADCASTD DX, Z18
	MOVL $0xFFFFFF80, DX
	VPBROADCASTD DX, Z19
	MOVL $0xFFFFF800, DX
	VPBROADCASTD DX, Z8
	MOVL $0x3F003F00, DX
	VPBROADCASTD DX, Z10
	MOVL $0x80C080C0, DX
	VPBROADCASTD DX, Z11
	MOVL $0xFF80FF80, DX
	VPBROADCASTD DX, Z12
	MOVQ $0x5555555555555555, DX
	KMOVQ DX, K7                     // K7: the low byte of each word

w32loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $64
	JB   w32done
	MOVQ R8, R10
	SUBQ BX, R10
	CMPQ R10, $64
	JB   w32done
	CMPQ DX, $128
	JB   w32step16

	// 32 units (128 bytes) a step while all are below 800: ASCII is
	// narrowed; otherwise the units become words, those above 7F their
	// two-byte forms (C0|w>>6, 80|w&3F, low byte first), and VPCOMPRESSB
	// keeps every low byte and the high bytes with bit 7 set.
	VMOVDQU64 (SI)(AX*1), Z1
	VMOVDQU64 64(SI)(AX*1), Z2
	VPORD     Z1, Z2, Z3
	VPTESTMD  Z19, Z3, K1            // K1: units above 7F
	KORTESTW  K1, K1
	JNZ       w32two
	VPMOVDB   Z1, X4                 // ASCII: one byte per unit
	VPMOVDB   Z2, X5
	VMOVDQU   X4, (DI)(BX*1)
	VMOVDQU   X5, 16(DI)(BX*1)
	ADDQ      $128, AX
	ADDQ      $32, BX
	JMP       w32loop

w32two:
	VPTESTMD  Z8, Z3, K1             // K1: units above 7FF
	KORTESTW  K1, K1
	JNZ       w32pair
	VPMOVDW   Z1, Y3
	VPMOVDW   Z2, Y4
	VINSERTI64X4 $1, Y4, Z3, Z3      // Z3: the 32 units as words
	VPSRLW     $6, Z3, Z4
	VPSLLW     $8, Z3, Z5
	VPTERNLOGD $0xF8, Z10, Z5, Z4
	VPORD      Z11, Z4, Z4           // Z4: the two-byte forms
	VPTESTMW   Z12, Z3, K2           // K2: words above 7F
	VMOVDQU16  Z4, K2, Z3
	VPMOVB2M   Z3, K3                // high bytes of two-byte forms (and their first bytes)
	KORQ       K7, K3, K3
	VPCOMPRESSB.Z Z3, K3, Z5
	VMOVDQU64  Z5, (DI)(BX*1)
	KMOVQ      K3, DX
	POPCNTQ    DX, DX
	ADDQ       DX, BX
	ADDQ       $128, AX
	JMP        w32loop

w32step16:
	VMOVDQU64 (SI)(AX*1), Z1
	VPTESTMD  Z19, Z1, K1            // K1: units above 7F
	KORTESTW  K1, K1
	JNZ       w32wide
	VPMOVDB   Z1, X2                 // ASCII: one byte per unit
	VMOVDQU   X2, (DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $16, BX
	JMP       w32loop

w32wide:
	W32WIDE
	JMP        w32loop

w32pair:
	// Units of three or four bytes among the 32: the two halves by W32WIDE.
	VMOVDQA64  Z2, Z9
	W32WIDE
	MOVQ       R8, R10
	SUBQ       BX, R10
	CMPQ       R10, $64
	JB         w32done
	VMOVDQA64  Z9, Z1
	W32WIDE
	JMP        w32loop

w32done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

#undef W32CHECK
#undef W32WIDE
