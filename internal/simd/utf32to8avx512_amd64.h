// The body of utf32LEToUTF8AVX512 (utf32_amd64.s) and of its assume-valid twin
// utf32LEToUTF8ValidAVX512 (valid_amd64.s). The including file defines NAME,
// the function, and for the validating form CHECKED, which keeps the
// checks between #ifdef CHECKED and #endif. The including files say
// how it works.

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

w32loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $64
	JB   w32done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $64
	JB   w32done

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
#ifdef CHECKED
	VPCMPUD  $5, Z29, Z1, K2         // K2: above 10FFFF
	VPANDD   Z30, Z1, Z2
	VPCMPEQD Z31, Z2, K3             // K3: surrogates
	KORTESTW K2, K3
	JNZ      w32done
#endif
	VPCMPUD $1, Z26, Z1, K3          // K3: below 80
	VPCMPUD $1, Z27, Z1, K4          // K4: below 800
	VPCMPUD $1, Z28, Z1, K5          // K5: below 10000

	VPSRLD     $18, Z1, Z4           // four bytes
	VPSRLD     $4, Z1, Z5
	VPTERNLOGD $0xF8, Z20, Z5, Z4
	VPSLLD     $10, Z1, Z5
	VPTERNLOGD $0xF8, Z21, Z5, Z4
	VPSLLD     $24, Z1, Z5
	VPTERNLOGD $0xF8, Z22, Z5, Z4
	VPORD      Z25, Z4, Z4

	VPSRLD     $12, Z1, Z6           // three bytes
	VPSLLD     $2, Z1, Z5
	VPTERNLOGD $0xF8, Z20, Z5, Z6
	VPSLLD     $16, Z1, Z5
	VPTERNLOGD $0xF8, Z21, Z5, Z6
	VPORD      Z24, Z6, K5, Z4

	VPSRLD     $6, Z1, Z6            // two bytes
	VPSLLD     $8, Z1, Z5
	VPTERNLOGD $0xF8, Z20, Z5, Z6
	VPORD      Z23, Z6, K4, Z4
	VMOVDQA32  Z1, K3, Z4            // one byte

	VMOVDQA32  Z18, Z7               // the keep bytes
	VMOVDQA32  Z17, K5, Z7
	VMOVDQA32  Z16, K4, Z7
	VMOVDQA32  Z26, K3, Z7
	VPMOVB2M   Z7, K6
	VPCOMPRESSB.Z Z4, K6, Z6
	VMOVDQU64  Z6, (DI)(BX*1)
	KMOVQ      K6, DX
	POPCNTQ    DX, DX
	ADDQ       DX, BX
	ADDQ       $64, AX
	JMP        w32loop

w32done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
