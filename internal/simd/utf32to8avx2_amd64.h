// The body of utf32LEToUTF8AVX2 (avx2_amd64.s) and of its assume-valid twin
// utf32LEToUTF8ValidAVX2 (valid_amd64.s). The including file defines NAME,
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
	MOVL $0x3F0000, DX
	VMOVQ DX, X8
	VPBROADCASTD X8, Y8
	MOVL $0x8080E0, DX
	VMOVQ DX, X9
	VPBROADCASTD X9, Y9
	MOVL $0x3F003F00, DX
	VMOVQ DX, X10
	VPBROADCASTD X10, Y10
	MOVL $0x80C080C0, DX
	VMOVQ DX, X11
	VPBROADCASTD X11, Y11
	MOVL $0x7F, DX
	VMOVQ DX, X12
	VPBROADCASTD X12, Y12
	MOVL $0x7FF, DX
	VMOVQ DX, X13
	VPBROADCASTD X13, Y13
	MOVL $0xFFFF, DX
	VMOVQ DX, X14
	VPBROADCASTD X14, Y14
	MOVL $0x808080F0, DX
	VMOVQ DX, X15
	VPBROADCASTD X15, Y15
	MOVL $0x3F000000, DX
	VMOVQ DX, X0
	VPBROADCASTD X0, Y0
	LEAQ ·threeByteShuf(SB), R14
	LEAQ ·threeByteLen(SB), R15

t2loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $32
	JB   t2done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $48
	JB   t2done

	VMOVDQU  (SI)(AX*1), Y3
#ifdef CHECKED
	VPMINUD  d110000<>(SB), Y3, Y1
	VPCMPEQD d110000<>(SB), Y1, Y1   // units above 10FFFF
	VPAND    dfffff800<>(SB), Y3, Y2
	VPCMPEQD surrD800<>(SB), Y2, Y2  // surrogates
	VPOR     Y2, Y1, Y1
	VPTEST   Y1, Y1
	JNZ      t2done
#endif
	VPTEST   dffffff80<>(SB), Y3
	JNZ      t2wide
	VPACKUSDW Y3, Y3, Y3             // ASCII: narrow (lane by lane)
	VPACKUSWB Y3, Y3, Y3
	VMOVD    X3, (DI)(BX*1)
	VEXTRACTI128 $1, Y3, X4
	VMOVD    X4, 4(DI)(BX*1)
	ADDQ     $32, AX
	ADDQ     $8, BX
	JMP      t2loop

t2wide:
	VPSRLD   $18, Y3, Y4             // four bytes
	VPSRLD   $4, Y3, Y5
	VPAND    d3f00<>(SB), Y5, Y5
	VPOR     Y5, Y4, Y4
	VPSLLD   $10, Y3, Y5
	VPAND    Y8, Y5, Y5
	VPOR     Y5, Y4, Y4
	VPSLLD   $24, Y3, Y5
	VPAND    Y0, Y5, Y5
	VPOR     Y5, Y4, Y4
	VPOR     Y15, Y4, Y4
	VPSRLD   $12, Y3, Y5             // three bytes
	VPSLLD   $2, Y3, Y6
	VPAND    Y10, Y6, Y6
	VPOR     Y6, Y5, Y5
	VPSLLD   $16, Y3, Y6
	VPAND    Y8, Y6, Y6
	VPOR     Y6, Y5, Y5
	VPOR     Y9, Y5, Y5
	VPCMPGTD Y14, Y3, Y7             // above FFFF
	VMOVMSKPS Y7, R10
	VPBLENDVB Y7, Y4, Y5, Y4
	VPSRLD   $6, Y3, Y5              // two bytes
	VPSLLD   $8, Y3, Y6
	VPAND    Y10, Y6, Y6
	VPOR     Y6, Y5, Y5
	VPOR     Y11, Y5, Y5
	VPCMPGTD Y13, Y3, Y7             // above 7FF
	VMOVMSKPS Y7, R12
	VPBLENDVB Y7, Y4, Y5, Y4
	VPCMPGTD Y12, Y3, Y7             // above 7F
	VMOVMSKPS Y7, R11
	VPBLENDVB Y7, Y4, Y3, Y4
	// Keys: bit 0 of a dword's code is set for lengths 2 and 4, bit 1
	// for lengths 3 and 4.
	ANDNL    R11, R12, R11           // R11: exactly two bytes
	ORL      R10, R11                // ... or four
	MOVL     $0x5555, DX
	PDEPL    DX, R11, R11
	MOVL     $0xAAAA, DX
	PDEPL    DX, R12, R12
	ORL      R12, R11
	MOVL     R11, R12
	ANDL     $0xFF, R12
	MOVL     R12, DX
	SHLL     $4, DX
	VMOVDQU  (R14)(DX*1), X6
	SHRL     $8, R11
	MOVL     R11, DX
	SHLL     $4, DX
	VINSERTI128 $1, (R14)(DX*1), Y6, Y6
	VPSHUFB  Y6, Y4, Y4
	VMOVDQU  X4, (DI)(BX*1)
	MOVBLZX  (R15)(R12*1), DX
	ADDQ     DX, BX
	VEXTRACTI128 $1, Y4, X7
	VMOVDQU  X7, (DI)(BX*1)
	MOVBLZX  (R15)(R11*1), DX
	ADDQ     DX, BX
	ADDQ     $32, AX
	JMP      t2loop

t2done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
