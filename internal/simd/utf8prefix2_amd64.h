// The body of utf8PrefixAVX2 and utf8PrefixLinesAVX2 (utf8_amd64.s),
// which includes it twice: with LINES2_* empty, and with LINES2_*
// counting the line feeds of every block it takes (in R10; R9 and R11
// are scratch) and LINES2 defined, which gives the run of ASCII blocks a
// counting loop of its own.
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	XORQ AX, AX
	ANDQ $~31, CX                    // whole blocks only

	VBROADCASTI128 byte1High<>(SB), Y14
	VBROADCASTI128 byte1Low<>(SB), Y15
	VBROADCASTI128 byte2High<>(SB), Y10
	MOVL $0x0F0F0F0F, DX
	VMOVQ DX, X9
	VPBROADCASTD X9, Y9               // 0x0F
	MOVL $0x60606060, DX
	VMOVQ DX, X8
	VPBROADCASTD X8, Y8               // 0x60
	MOVL $0x70707070, DX
	VMOVQ DX, X7
	VPBROADCASTD X7, Y7               // 0x70
	MOVL $0x80808080, DX
	VMOVQ DX, X11
	VPBROADCASTD X11, Y11             // 0x80
	VMOVDQU incompleteMax32, Y12
	VPXOR Y0, Y0, Y0
	VPXOR Y13, Y13, Y13
	XORQ R12, R12
	LINES2_INIT

loop2:
	MOVQ CX, DX
	SUBQ AX, DX
	JZ   done2
	TESTQ R12, R12
	JNZ  single2
	CMPQ DX, $256
	JB   one2

	// Fast path: runs of ASCII, eight blocks at a time (four, counting),
	// when the previous block did not end inside a sequence.
	VPSUBUSB Y12, Y0, Y13
	VPTEST Y13, Y13
	JNZ    one2
	MOVQ   AX, R14                   // where the run starts
#ifdef LINES2
	LEAQ   -128(CX), R13             // the last offset with four blocks left
	VMOVDQU lf32<>(SB), Y13

asciiLines2:
	VMOVDQU (SI)(AX*1), Y1
	VMOVDQU 32(SI)(AX*1), Y2
	VMOVDQU 64(SI)(AX*1), Y3
	VMOVDQU 96(SI)(AX*1), Y4
	VPOR    Y1, Y2, Y5
	VPOR    Y3, Y4, Y6
	VPOR    Y5, Y6, Y5
	VPMOVMSKB Y5, R8
	TESTL   R8, R8
	JNZ     asciiEnd2
	VPCMPEQB Y13, Y1, Y1
	VPCMPEQB Y13, Y2, Y2
	VPCMPEQB Y13, Y3, Y3
	VPCMPEQB Y13, Y4, Y4
	VPMOVMSKB Y1, R9
	POPCNTL R9, R9
	ADDQ    R9, R10
	VPMOVMSKB Y2, R9
	POPCNTL R9, R9
	ADDQ    R9, R10
	VPMOVMSKB Y3, R9
	POPCNTL R9, R9
	ADDQ    R9, R10
	VPMOVMSKB Y4, R9
	POPCNTL R9, R9
	ADDQ    R9, R10
	ADDQ    $128, AX
	CMPQ    AX, R13
	JLE     asciiLines2
#else
	LEAQ   -256(CX), R13             // the last offset with eight blocks left

ascii2:
	ASCII256
	TESTL    R8, R8
	JNZ      asciiEnd2
	ADDQ     $256, AX
	CMPQ     AX, R13
	JLE      ascii2
#endif

asciiEnd2:
	CMPQ    AX, R14
	JEQ     group2
	VMOVDQU -32(SI)(AX*1), Y0        // the last ASCII block becomes the previous one
	TESTL   R8, R8
	JZ      loop2                    // fewer than eight blocks left

group2:
	MOVQ $8, R12

single2:
	DECQ R12

one2:
	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R8
	TESTL     R8, R8
	JNZ       multibyte2
	VPSUBUSB  Y12, Y0, Y13           // did the previous block end inside a sequence?
	VPTEST    Y13, Y13
	JNZ       done2
	LINES2_COUNT(Y1)
	VMOVDQA   Y1, Y0
	ADDQ      $32, AX
	JMP       loop2

multibyte2:
	CMPQ     AX, $3
	JB       shifted2
	CMPQ     DX, $64
	JB       loaded2
	CMPQ     DX, $128
	JB       pair2
	CMPQ     R12, $3
	JB       pair2

	// Four blocks of the group at once, with one test of their errors.
	LINES2_START
	CHECK32(0)
	VMOVDQA  Y6, Y13
	LINES2_MARK(Y1)
	VMOVDQU  32(SI)(AX*1), Y1
	CHECK32(32)
	VPOR     Y6, Y13, Y13
	LINES2_MARK(Y1)
	VMOVDQU  64(SI)(AX*1), Y1
	CHECK32(64)
	VPOR     Y6, Y13, Y13
	LINES2_MARK(Y1)
	VMOVDQU  96(SI)(AX*1), Y1
	CHECK32(96)
	VPOR     Y6, Y13, Y13
	LINES2_MARK(Y1)
	VPTEST   Y13, Y13
	JNZ      done2
	LINES2_TAKE
	VMOVDQA  Y1, Y0
	ADDQ     $128, AX
	SUBQ     $3, R12                 // the four count as four blocks of the group
	JMP      loop2

pair2:
	// Two blocks at once (the second may be ASCII: the check holds for
	// it too), with one test of the errors of both.
	LINES2_START
	CHECK32(0)
	VMOVDQA  Y6, Y13
	LINES2_MARK(Y1)
	VMOVDQU  32(SI)(AX*1), Y1
	CHECK32(32)
	VPOR     Y6, Y13, Y13
	LINES2_MARK(Y1)
	VPTEST   Y13, Y13
	JNZ      done2
	LINES2_TAKE
	VMOVDQA  Y1, Y0
	ADDQ     $64, AX
	SUBQ     $1, R12                 // the pair counts as two blocks of the group
	JGE      loop2
	XORQ     R12, R12
	JMP      loop2

loaded2:
	VMOVDQU  -1(SI)(AX*1), Y3        // prev1, prev2, prev3: loads inside the input
	VMOVDQU  -2(SI)(AX*1), Y4
	VMOVDQU  -3(SI)(AX*1), Y5
	JMP      lookup2

shifted2:
	VPERM2I128 $0x21, Y1, Y0, Y2     // low lane: previous block's high lane; high lane: this block's low lane
	VPALIGNR $15, Y2, Y1, Y3         // prev1
	VPALIGNR $14, Y2, Y1, Y4         // prev2
	VPALIGNR $13, Y2, Y1, Y5         // prev3

lookup2:
	VPSRLW  $4, Y3, Y6
	VPAND   Y9, Y6, Y6
	VPSHUFB Y6, Y14, Y6              // byte1High[prev1 >> 4]
	VPAND   Y9, Y3, Y3
	VPSHUFB Y3, Y15, Y3              // byte1Low[prev1 & 15]
	VPSRLW  $4, Y1, Y2
	VPAND   Y9, Y2, Y2
	VPSHUFB Y2, Y10, Y2              // byte2High[cur >> 4]
	VPAND   Y3, Y6, Y6
	VPAND   Y2, Y6, Y6               // the pair errors

	VPSUBUSB Y8, Y4, Y4              // bit 7 set where prev2 >= E0
	VPSUBUSB Y7, Y5, Y5              // bit 7 set where prev3 >= F0
	VPOR     Y4, Y5, Y4
	VPAND    Y11, Y4, Y4
	VPXOR    Y4, Y6, Y6              // the errors
	VPTEST   Y6, Y6
	JNZ      done2

	LINES2_COUNT(Y1)
	VMOVDQA  Y1, Y0
	ADDQ     $32, AX
	JMP      loop2

