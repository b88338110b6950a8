// The body of utf8ToUTF16LEAVX2 (utf8_amd64.s) and of its assume-valid twin
// utf8ToUTF16LEValidAVX2 (valid_amd64.s). The including file defines NAME,
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
	VPXOR Y0, Y0, Y0
	VBROADCASTI128 byte1High<>(SB), Y13
	VBROADCASTI128 byte1Low<>(SB), Y14
	VBROADCASTI128 byte2High<>(SB), Y15
	MOVL $0x003F003F, DX
	VMOVQ DX, X9
	VPBROADCASTD X9, Y9
	MOVL $0x07C007C0, DX
	VMOVQ DX, X10
	VPBROADCASTD X10, Y10
	MOVL $0x00DF00DF, DX
	VMOVQ DX, X11
	VPBROADCASTD X11, Y11
	MOVL $0x007F007F, DX
	VMOVQ DX, X12
	VPBROADCASTD X12, Y12
	LEAQ ·wordShuf(SB), CX
#else
	XCONSTS
#endif
#ifdef CHECKED
	PCALIGN $64                      // its speed depended on where the linker put it (not so the other form's)
#endif

x16_loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $34                     // the window and the two bytes after it
	JB   x16_tail
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $80
	JB   x16_done

	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R10                // R10: non-ASCII bytes
	TESTL     R10, R10
	JNZ       x16_multi
	VPMOVZXBW (SI)(AX*1), Y2         // ASCII: widen
	VPMOVZXBW 16(SI)(AX*1), Y3
	VMOVDQU   Y2, (DI)(BX*1)
	VMOVDQU   Y3, 32(DI)(BX*1)
	ADDQ      $64, BX
	ADDQ      $32, AX
	JMP       x16_loop

x16_multi:
#ifdef CHECKED
	CMPQ AX, $3
	JB   x16_shift
	UTF8PREVSMEM256                  // the window starts a character: the bytes before it are exact
	JMP  x16_look

x16_shift:
	UTF8PREVS256

x16_look:
	UTF8LOOKUP256
	VPTEST Y6, Y6
	JNZ    x16_done                   // an error: the scalar code stops there

	VPCMPGTB  cBF32<>(SB), Y1, Y2
	VPMOVMSKB Y2, R11
	ANDL      R10, R11               // R11: leads
	VPCMPGTB  cDF32<>(SB), Y1, Y2
	VPMOVMSKB Y2, R12
	ANDL      R10, R12               // R12: leads of three or four bytes
	VPCMPGTB  cEF32<>(SB), Y1, Y2
	VPMOVMSKB Y2, R13
	ANDL      R10, R13               // R13: leads of four bytes
	CMPL      R13, $0x11111111
	JEQ       x16_allquad             // eight four-byte characters

	// R14: the end of the last character that ends in the window.
	MOVQ $32, R14
	BTL  $31, R11
	JCC  x16_end2
	MOVQ $31, R14
	JMP  x16_end

x16_end2:
	BTL  $30, R12
	JCC  x16_end3
	MOVQ $30, R14
	JMP  x16_end

x16_end3:
	BTL  $29, R13
	JCC  x16_end
	MOVQ $29, R14
#else
	XMASKS
	CMPL R13, $0x11111111
	JEQ  x16_allquad                  // eight four-byte characters
	XEND(y16end2, y16end3, x16_end)
#endif

x16_end:
	IFTHREE30(x16_three)
	BZHIL R14, R13, DX
	TESTL DX, DX
	JNZ   x16_quad                    // four-byte characters
	MOVL  R10, R15
	NOTL  R15
	ORL   R11, R15
	BZHIL R14, R15, R15              // R15: character starts

	U8UNITS16((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	PACK16
	STORE16
	SHRL  $16, R15
	U8UNITS16(16(SI)(AX*1), 17(SI)(AX*1), 18(SI)(AX*1))
	PACK16
	STORE16
	ADDQ  R14, AX
	JMP   x16_loop

x16_quad:
	// Four-byte characters: a character's lead lane gets the first unit
	// of its surrogate pair and the lane of its first continuation byte
	// the second, both from bytes the lanes already have:
	//
	//   lead (b0 >= F0): D7C0 + ((b0&7)<<8 | x1<<2 | x2>>4)
	//   next lane:       DC00 | (x1&F)<<6 | x2       (its own x1, x2)
	//
	// and both lanes are kept. DX: the four-byte leads.
	MOVL  R10, R15
	NOTL  R15
	ORL   R11, R15
	BZHIL R14, R15, R15              // R15: character starts
	MOVL  DX, R13
	SHLL  $1, R13                    // R13: their first continuation bytes
	ORL   R13, R15                   // R15: the lanes to keep
	U8UNITS16((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	PAIRS16
	PACK16
	STORE16
	SHRL  $16, R15
	SHRL  $16, R13
	U8UNITS16(16(SI)(AX*1), 17(SI)(AX*1), 18(SI)(AX*1))
	PAIRS16
	PACK16
	STORE16
	ADDQ  R14, AX
	JMP   x16_loop

x16_three:
	// Ten three-byte characters: 30 bytes to 20.
	THREE30((SI)(AX*1), 15(SI)(AX*1))
	VMOVDQU      X5, (DI)(BX*1)
	VEXTRACTI128 $1, Y5, X5
	VMOVDQU      X5, 10(DI)(BX*1)
	ADDQ         $20, BX
	ADDQ         $30, AX
	JMP          x16_loop

x16_allquad:
	QUADCP256
	VPSRLD     $10, Y2, Y3
	VPADDD     qd7c0<>(SB), Y3, Y3
	VPAND      q3ff<>(SB), Y2, Y4
	VPOR       qdc00<>(SB), Y4, Y4
	VPSLLD     $16, Y4, Y4
	VPOR       Y4, Y3, Y3
	VMOVDQU    Y3, (DI)(BX*1)
	ADDQ       $32, BX
	ADDQ       $32, AX
	JMP        x16_loop

x16_done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

x16_tail:
	// The last DX bytes (fewer than 34): 33 of them are first cut to 1
	// by a window at AX; then, when the last 32 bytes of src are all
	// ASCII, that window is converted again whole.
	// Its bytes before AX were converted by this call, 2 bytes each,
	// just before BX, so its output ends 2*DX bytes after BX and
	// rewrites what is before BX with the same bytes; nothing
	// outside src or dst is touched. The window before AX ended at a
	// character boundary, so ASCII here is well formed.
	TESTQ DX, DX
	JZ    x16_done
	CMPQ  DX, $32
	JBE   x16_last
	// 33 bytes: the first 32 as a window of their own, when ASCII.
	MOVQ  R8, R13
	SUBQ  BX, R13
	CMPQ  R13, $64
	JB    x16_done
	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R10
	TESTL     R10, R10
	JNZ       x16_done
	VPMOVZXBW (SI)(AX*1), Y2
	VPMOVZXBW 16(SI)(AX*1), Y3
	VMOVDQU   Y2, (DI)(BX*1)
	VMOVDQU   Y3, 32(DI)(BX*1)
	ADDQ      $32, AX
	ADDQ      $64, BX
	SUBQ      $32, DX

x16_last:
	CMPQ  R9, $32
	JB    x16_done                  // src is shorter than the window
	MOVQ  R8, R13
	SUBQ  BX, R13
	SHRQ  $1, R13                    // R13: units dst has room for
	CMPQ  R13, DX
	JB    x16_done
	VMOVDQU   -32(SI)(R9*1), Y1
	VPMOVMSKB Y1, R10
	TESTL     R10, R10
	JNZ       x16_done              // not ASCII: the scalar code goes on
	LEAQ      (BX)(DX*2), BX         // BX: the end of the output
	VPMOVZXBW -32(SI)(R9*1), Y2
	VPMOVZXBW -16(SI)(R9*1), Y3
	VMOVDQU   Y2, -64(DI)(BX*1)
	VMOVDQU   Y3, -32(DI)(BX*1)
	MOVQ      R9, AX
	JMP       x16_done
