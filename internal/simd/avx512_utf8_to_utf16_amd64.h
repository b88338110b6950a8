// The body of utf8ToUTF16LEAVX512 (utf8_amd64.s) and of its assume-valid twin
// utf8ToUTF16LEValidAVX512 (valid_amd64.s). The including file defines NAME,
// the function, and for the validating form CHECKED, which keeps the
// Keiser–Lemire check between #ifdef CHECKED and #else; the #else
// side is what the assume-valid form does instead. The including
// files say how it works.

TEXT NAME(SB), NOSPLIT, $0-64
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
	MOVL $0x003F003F, DX
	VPBROADCASTD DX, Z27
	MOVL $0x07C007C0, DX
	VPBROADCASTD DX, Z28
	MOVL $0xC0C0C0C0, DX
	VPBROADCASTD DX, Z29
	MOVL $0xE0E0E0E0, DX
	VPBROADCASTD DX, Z30
	MOVL $0xF0F0F0F0, DX
	VPBROADCASTD DX, Z31
	MOVL $0x00070007, DX
	VPBROADCASTD DX, Z11
	MOVL $0xD7C0D7C0, DX
	VPBROADCASTD DX, Z12
	MOVL $0x000F000F, DX
	VPBROADCASTD DX, Z13
	MOVL $0xDC00DC00, DX
	VPBROADCASTD DX, Z14

u16loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $67                     // the window and the three bytes after it
	JB   u16tail
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $128
	JB   u16done

	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KMOVQ     K1, R10                // R10: non-ASCII bytes
	TESTQ     R10, R10
	JNZ       u16multi

	// A run of ASCII windows, under one count (CX) of the windows both
	// src and dst have room for: (len(src)-67-AX)/64 and
	// (len(dst)-128-BX)/128 more than this one.
	MOVQ    R9, CX
	SUBQ    AX, CX
	SUBQ    $67, CX
	SHRQ    $6, CX
	SUBQ    $128, DX                 // DX: the room in dst beyond this window
	SHRQ    $7, DX
	CMPQ    DX, CX
	CMOVQLT DX, CX
	INCQ    CX
	PCALIGN $64

u16ascii:
	VPMOVZXBW (SI)(AX*1), Z2         // ASCII: widen
	VPMOVZXBW 32(SI)(AX*1), Z3
	VMOVDQU64 Z2, (DI)(BX*1)
	VMOVDQU64 Z3, 64(DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $128, BX
	DECQ      CX
	JZ        u16loop
	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KORTESTQ  K1, K1
	JZ        u16ascii
	KMOVQ     K1, R10
	JMP       u16multi

u16multi:
#ifdef CHECKED
	CMPQ AX, $3
	JB   u16shift
	UTF8PREVSMEM512                  // the window starts a character: the bytes before it are exact
	JMP  u16look

u16shift:
	UTF8PREVS512

u16look:
	UTF8LOOKUP512
	VPTESTMB Z6, Z6, K2
	KORTESTQ K2, K2
	JNZ      u16done                 // an error: the scalar code stops there

#else
	// The masks of the window's bytes (no check: the input is taken to
	// be well formed).
#endif
	VPCMPUB $5, Z29, Z1, K3
	VPCMPUB $5, Z30, Z1, K4
	VPCMPUB $5, Z31, Z1, K5
	KMOVQ   K3, R11                  // R11: leads
	KMOVQ   K4, R12                  // R12: leads of three or four bytes
	KMOVQ   K5, R13                  // R13: leads of four bytes
	MOVQ    $0x1111111111111111, DX
	CMPQ    R13, DX
	JEQ     u16allquad               // sixteen four-byte characters

	// R14: the end of the last character that ends in the window.
	MOVQ $64, R14
	BTQ  $63, R11
	JCC  u16end2
	MOVQ $63, R14
	JMP  u16end

u16end2:
	BTQ  $62, R12
	JCC  u16end3
	MOVQ $62, R14
	JMP  u16end

u16end3:
	BTQ  $61, R13
	JCC  u16end
	MOVQ $61, R14

u16end:
	TESTQ R12, R12
	JZ    u16two                     // no lead of three or four bytes
	BZHIQ R14, R13, R15
	TESTQ R15, R15
	JNZ   u16pairs                   // four-byte characters

	MOVQ  R10, R15
	NOTQ  R15
	ORQ   R11, R15
	BZHIQ R14, R15, R15              // R15: character starts
	NOTQ  R10                        // R10: ASCII
	NOTQ  R12                        // R12: below E0

	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	U8TO16HALF((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	SHRQ  $32, R10
	SHRQ  $32, R12
	SHRQ  $32, R15
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	U8TO16HALF(32(SI)(AX*1), 33(SI)(AX*1), 34(SI)(AX*1))
	ADDQ  R14, AX
	JMP   u16loop

u16two:
	// Only one- and two-byte characters: U8TO16HALF2.
	MOVQ  R10, R15
	NOTQ  R15
	ORQ   R11, R15
	BZHIQ R14, R15, R15              // R15: character starts
	NOTQ  R10                        // R10: ASCII
	KMOVD R10, K1
	KMOVD R15, K3
	U8TO16HALF2((SI)(AX*1), 1(SI)(AX*1))
	SHRQ  $32, R10
	SHRQ  $32, R15
	KMOVD R10, K1
	KMOVD R15, K3
	U8TO16HALF2(32(SI)(AX*1), 33(SI)(AX*1))
	ADDQ  R14, AX
	JMP   u16loop

u16pairs:
	// Four-byte characters: a character's lead lane gets the first unit
	// of its surrogate pair, and the lane of its first continuation byte
	// the second (U8TO16HALFP); both lanes are kept.
	MOVQ  R15, CX                    // CX: four-byte leads
	MOVQ  R10, R15
	NOTQ  R15
	ORQ   R11, R15
	BZHIQ R14, R15, R15              // R15: character starts
	MOVQ  CX, R13
	SHLQ  $1, R13                    // R13: their first continuation bytes
	ORQ   R13, R15                   // R15: the lanes to keep
	NOTQ  R10                        // R10: ASCII
	NOTQ  R12                        // R12: below E0
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	KMOVD CX, K4
	KMOVD R13, K6
	U8TO16HALFP((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	SHRQ  $32, R10
	SHRQ  $32, R12
	SHRQ  $32, R15
	SHRQ  $32, CX
	SHRQ  $32, R13
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	KMOVD CX, K4
	KMOVD R13, K6
	U8TO16HALFP(32(SI)(AX*1), 33(SI)(AX*1), 34(SI)(AX*1))
	ADDQ  R14, AX
	JMP   u16loop

u16allquad:
	// A window of sixteen four-byte characters (checked above): by
	// fixed arithmetic on dwords.
	QUADCP512
	// c -> the pair D7C0+(c>>10), DC00|c&3FF in one dword.
	VPSRLD     $10, Z2, Z3
	VPADDD     qd7c0<>(SB), Z3, Z3
	VPANDD     q3ff<>(SB), Z2, Z4
	VPORD      qdc00<>(SB), Z4, Z4
	VPSLLD     $16, Z4, Z4
	VPORD      Z4, Z3, Z3
	VMOVDQU64  Z3, (DI)(BX*1)
	ADDQ       $64, BX
	ADDQ       $64, AX
	JMP        u16loop

u16tail:
	// The last DX bytes (fewer than 67), 64 at most at a time, while they
	// are ASCII and dst has room: a masked load, widened, and masked
	// stores, so that nothing outside src or dst is touched. The window
	// before ended at a character boundary, so ASCII here is well formed.
	TESTQ DX, DX
	JZ    u16done
	MOVQ  $64, R13
	CMPQ  DX, R13
	CMOVQHI R13, DX                  // DX: the bytes of this step
	MOVQ  R8, R13
	SUBQ  BX, R13
	SHRQ  $1, R13                    // R13: units dst has room for
	CMPQ  R13, DX
	JB    u16done
	ASCII_MASKED64(u16done)             // not ASCII: the scalar code
	KMOVD R10, K3
	SHRQ  $32, R10
	KMOVD R10, K4
	VPMOVZXBW Y1, Z2
	VEXTRACTI64X4 $1, Z1, Y3
	VPMOVZXBW Y3, Z3
	VMOVDQU16 Z2, K3, (DI)(BX*1)
	VMOVDQU16 Z3, K4, 64(DI)(BX*1)
	ADDQ  DX, AX
	LEAQ  (BX)(DX*2), BX
	MOVQ  R9, DX
	SUBQ  AX, DX
	JMP   u16tail

u16done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
