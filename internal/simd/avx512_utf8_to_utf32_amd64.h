// The body of utf8ToUTF32LEAVX512 (utf8_amd64.s) and of its assume-valid twin
// utf8ToUTF32LEValidAVX512 (valid_amd64.s). The including file defines NAME,
// the function, and for the validating form CHECKED, which keeps the
// Keiser–Lemire check between #ifdef CHECKED and #else; the #else
// side is what the assume-valid form does instead. The including
// files say how it works.

TEXT NAME(SB), NOSPLIT, $256-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
#ifdef CHECKED
	UTF8CONSTS512
	VPXORQ Z0, Z0, Z0
#endif
	MOVL $0xC0C0C0C0, DX
	VPBROADCASTD DX, Z29
	MOVL $0xE0E0E0E0, DX
	VPBROADCASTD DX, Z30
	MOVL $0xF0F0F0F0, DX
	VPBROADCASTD DX, Z31
	MOVL $0x003F003F, DX
	VPBROADCASTD DX, Z27
	MOVL $0x07C007C0, DX
	VPBROADCASTD DX, Z28
	U8QCONSTS

u32loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $67                     // the window and the three bytes after it
	JB   u32tail
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $256
	JB   u32done

	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KMOVQ     K1, R10                // R10: non-ASCII bytes
	TESTQ     R10, R10
	JNZ       u32multi
	VPMOVZXBD (SI)(AX*1), Z2         // ASCII: widen
	VPMOVZXBD 16(SI)(AX*1), Z3
	VPMOVZXBD 32(SI)(AX*1), Z4
	VPMOVZXBD 48(SI)(AX*1), Z5
	VMOVDQU64 Z2, (DI)(BX*1)
	VMOVDQU64 Z3, 64(DI)(BX*1)
	VMOVDQU64 Z4, 128(DI)(BX*1)
	VMOVDQU64 Z5, 192(DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $256, BX
	JMP       u32loop

u32multi:
#ifdef CHECKED
	CMPQ AX, $3
	JB   u32shift
	UTF8PREVSMEM512                  // the window starts a character: the bytes before it are exact
	JMP  u32look

u32shift:
	UTF8PREVS512

u32look:
	UTF8LOOKUP512
	VPTESTMB Z6, Z6, K2
	KORTESTQ K2, K2
	JNZ      u32done                 // an error: the scalar code stops there

#else
	// The masks of the window's bytes (no check).
#endif
	VPCMPUB $5, Z29, Z1, K3
	VPCMPUB $5, Z30, Z1, K4
	VPCMPUB $5, Z31, Z1, K5
	KMOVQ   K3, R11                  // R11: leads
	KMOVQ   K4, R12                  // R12: leads of three or four bytes
	KMOVQ   K5, R13                  // R13: leads of four bytes
	MOVQ    $0x1111111111111111, DX
	CMPQ    R13, DX
	JEQ     u32allquad               // sixteen four-byte characters

	// R14: the end of the last character that ends in the window.
	MOVQ $64, R14
	BTQ  $63, R11
	JCC  u32end2
	MOVQ $63, R14
	JMP  u32end

u32end2:
	BTQ  $62, R12
	JCC  u32end3
	MOVQ $62, R14
	JMP  u32end

u32end3:
	BTQ  $61, R13
	JCC  u32end
	MOVQ $61, R14

u32end:
	MOVQ  R10, R15
	NOTQ  R15
	ORQ   R11, R15
	BZHIQ R14, R15, R15              // R15: character starts
	NOTQ  R10                        // R10: ASCII
	NOTQ  R12                        // R12: below E0
	BZHIQ R14, R13, DX
	TESTQ DX, DX
	JNZ   u32quad                    // four-byte characters: by code point

	// Characters of one to three bytes: 32 positions at a time in 16-bit
	// lanes, as to UTF-16, then widened.
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	U8TO32HALF((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	SHRQ  $32, R10
	SHRQ  $32, R12
	SHRQ  $32, R15
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	U8TO32HALF(32(SI)(AX*1), 33(SI)(AX*1), 34(SI)(AX*1))
	ADDQ  R14, AX
	JMP   u32loop

u32quad:
	NOTQ  R13                        // R13: below F0
	LEAQ  buf-256(SP), CX
	GATHERCHARS

u32q:
	CHARMASKS
	U8CP((CX), 64(CX), 128(CX), 192(CX))
	VMOVDQU64 Z5, (DI)(BX*1)
	MOVQ    $16, R11
	CMPQ    R15, R11
	CMOVQLT R15, R11
	LEAQ    (BX)(R11*4), BX
	ADDQ    $16, CX
	SUBQ    $16, R15
	JG      u32q
	ADDQ R14, AX
	JMP  u32loop

u32allquad:
	// A window of sixteen four-byte characters (checked above): by
	// fixed arithmetic on dwords.
	QUADCP512
	VMOVDQU64  Z2, (DI)(BX*1)
	ADDQ       $64, BX
	ADDQ       $64, AX
	JMP        u32loop

u32tail:
	// The last DX bytes (fewer than 67), 64 at most at a time, while they
	// are ASCII and dst has room: a masked load, widened, and masked
	// stores, so that nothing outside src or dst is touched. The window
	// before ended at a character boundary, so ASCII here is well formed.
	TESTQ DX, DX
	JZ    u32done
	MOVQ  $64, R13
	CMPQ  DX, R13
	CMOVQHI R13, DX                  // DX: the bytes of this step
	MOVQ  R8, R13
	SUBQ  BX, R13
	SHRQ  $2, R13                    // R13: units dst has room for
	CMPQ  R13, DX
	JB    u32done
	ASCII_MASKED64(u32done)             // not ASCII: the scalar code
	KMOVW R10, K3
	SHRQ  $16, R10
	KMOVW R10, K4
	SHRQ  $16, R10
	KMOVW R10, K5
	SHRQ  $16, R10
	KMOVW R10, K6
	VPMOVZXBD X1, Z2
	VEXTRACTI32X4 $1, Z1, X3
	VPMOVZXBD X3, Z3
	VEXTRACTI32X4 $2, Z1, X4
	VPMOVZXBD X4, Z4
	VEXTRACTI32X4 $3, Z1, X5
	VPMOVZXBD X5, Z5
	VMOVDQU32 Z2, K3, (DI)(BX*1)
	VMOVDQU32 Z3, K4, 64(DI)(BX*1)
	VMOVDQU32 Z4, K5, 128(DI)(BX*1)
	VMOVDQU32 Z5, K6, 192(DI)(BX*1)
	ADDQ  DX, AX
	LEAQ  (BX)(DX*4), BX
	MOVQ  R9, DX
	SUBQ  AX, DX
	JMP   u32tail

u32done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
