// The body of utf8ToUTF32LEAVX2 (utf8_amd64.s) and of its assume-valid twin
// utf8ToUTF32LEValidAVX2 (valid_amd64.s). The including file defines NAME,
// the function, and for the validating form CHECKED, which keeps the
// Keiser–Lemire check between #ifdef CHECKED and #else; the #else
// side is what the assume-valid form does instead. The including
// files say how it works.

TEXT NAME(SB), NOSPLIT, $0-64
#ifndef CHECKED
	// No padding at the start of a function, but the function itself then
	// starts on a 64-byte line, as it happened to before the validating
	// form grew: moved by 32 bytes, this form ran Emoji 4-5% slower.
	PCALIGN $64
#endif
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

x32_loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $34                     // the window and the two bytes after it
	JB   x32_tail
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $160
	JB   x32_done

	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R10                // R10: non-ASCII bytes
	TESTL     R10, R10
	JNZ       x32_multi
	VPMOVZXBD (SI)(AX*1), Y2         // ASCII: widen
	VPMOVZXBD 8(SI)(AX*1), Y3
	VPMOVZXBD 16(SI)(AX*1), Y4
	VPMOVZXBD 24(SI)(AX*1), Y5
	VMOVDQU   Y2, (DI)(BX*1)
	VMOVDQU   Y3, 32(DI)(BX*1)
	VMOVDQU   Y4, 64(DI)(BX*1)
	VMOVDQU   Y5, 96(DI)(BX*1)
	ADDQ      $128, BX
	ADDQ      $32, AX
	JMP       x32_loop

x32_multi:
#ifdef CHECKED
	CMPQ AX, $3
	JB   x32_shift
	UTF8PREVSMEM256                  // the window starts a character: the bytes before it are exact
	JMP  x32_look

x32_shift:
	UTF8PREVS256

x32_look:
	UTF8LOOKUP256
	VPTEST Y6, Y6
	JNZ    x32_done                   // an error: the scalar code stops there

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
	JEQ       x32_allquad             // eight four-byte characters

	// R14: the end of the last character that ends in the window.
	MOVQ $32, R14
	BTL  $31, R11
	JCC  x32_end2
	MOVQ $31, R14
	JMP  x32_end

x32_end2:
	BTL  $30, R12
	JCC  x32_end3
	MOVQ $30, R14
	JMP  x32_end

x32_end3:
	BTL  $29, R13
	JCC  x32_end
	MOVQ $29, R14
#else
	XMASKS
	CMPL R13, $0x11111111
	JEQ  x32_allquad                  // eight four-byte characters
	XEND(y32end2, y32end3, x32_end)
#endif

x32_end:
	IFTHREE30(x32_three)
	BZHIL R14, R13, DX
	TESTL DX, DX
	JNZ   x32_done                    // a four-byte character: left to the scalar code
	MOVL  R10, R15
	NOTL  R15
	ORL   R11, R15
	BZHIL R14, R15, R15              // R15: character starts

	U8UNITS16((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	PACK16
	STORE32
	SHRL  $16, R15
	U8UNITS16(16(SI)(AX*1), 17(SI)(AX*1), 18(SI)(AX*1))
	PACK16
	STORE32
	ADDQ  R14, AX
	JMP   x32_loop

x32_three:
	// Ten three-byte characters: 30 bytes to 40.
	THREE30((SI)(AX*1), 15(SI)(AX*1))
	VPMOVZXWD    X5, Y6
	VMOVDQU      Y6, (DI)(BX*1)
	VEXTRACTI128 $1, Y5, X5
	VPMOVZXWD    X5, Y6
	VMOVDQU      Y6, 20(DI)(BX*1)
	ADDQ         $40, BX
	ADDQ         $30, AX
	JMP          x32_loop

x32_allquad:
	QUADCP256
	VMOVDQU    Y2, (DI)(BX*1)
	ADDQ       $32, BX
	ADDQ       $32, AX
	JMP        x32_loop

x32_done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

x32_tail:
	// The last DX bytes (fewer than 34): 33 of them are first cut to 1
	// by a window at AX; then, when the last 32 bytes of src are all
	// ASCII, that window is converted again whole.
	// Its bytes before AX were converted by this call, 4 bytes each,
	// just before BX, so its output ends 4*DX bytes after BX and
	// rewrites what is before BX with the same bytes; nothing
	// outside src or dst is touched. The window before AX ended at a
	// character boundary, so ASCII here is well formed.
	TESTQ DX, DX
	JZ    x32_done
	CMPQ  DX, $32
	JBE   x32_last
	// 33 bytes: the first 32 as a window of their own, when ASCII.
	MOVQ  R8, R13
	SUBQ  BX, R13
	CMPQ  R13, $128
	JB    x32_done
	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R10
	TESTL     R10, R10
	JNZ       x32_done
	VPMOVZXBD (SI)(AX*1), Y2
	VPMOVZXBD 8(SI)(AX*1), Y3
	VPMOVZXBD 16(SI)(AX*1), Y4
	VPMOVZXBD 24(SI)(AX*1), Y5
	VMOVDQU   Y2, (DI)(BX*1)
	VMOVDQU   Y3, 32(DI)(BX*1)
	VMOVDQU   Y4, 64(DI)(BX*1)
	VMOVDQU   Y5, 96(DI)(BX*1)
	ADDQ      $32, AX
	ADDQ      $128, BX
	SUBQ      $32, DX

x32_last:
	CMPQ  R9, $32
	JB    x32_done                  // src is shorter than the window
	MOVQ  R8, R13
	SUBQ  BX, R13
	SHRQ  $2, R13                    // R13: units dst has room for
	CMPQ  R13, DX
	JB    x32_done
	VMOVDQU   -32(SI)(R9*1), Y1
	VPMOVMSKB Y1, R10
	TESTL     R10, R10
	JNZ       x32_done              // not ASCII: the scalar code goes on
	LEAQ      (BX)(DX*4), BX         // BX: the end of the output
	VPMOVZXBD -32(SI)(R9*1), Y2
	VPMOVZXBD -24(SI)(R9*1), Y3
	VPMOVZXBD -16(SI)(R9*1), Y4
	VPMOVZXBD -8(SI)(R9*1), Y5
	VMOVDQU   Y2, -128(DI)(BX*1)
	VMOVDQU   Y3, -96(DI)(BX*1)
	VMOVDQU   Y4, -64(DI)(BX*1)
	VMOVDQU   Y5, -32(DI)(BX*1)
	MOVQ      R9, AX
	JMP       x32_done
