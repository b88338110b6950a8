// The body of utf8PrefixAVX512 and utf8PrefixLinesAVX512 (utf8_amd64.s),
// which includes it twice: with LINES_* empty, and with LINES_* counting
// the line feeds of every block it takes (in R13).
//
// Registers:
//   SI  src           CX  len(src)       AX  offset of the current block
//   R9  bytes in the current block (64, or fewer for the last)
//   R13 line feeds in the blocks taken   R11 scratch of the count
//   Z0  the previous block      Z1  the current block
//   Z20–Z22  the three tables   Z23 the GF2P8AFFINEQB matrix of a shift
//   right by 4 (UTF8CONSTS512)   Z24 0x60   Z25 0x70
//   Z26 0x80 bytes              Z27 incompleteMax64
//   Z28 where the previous block ends inside a sequence (non-zero bytes)
//   Z30 the errors of four blocks checked at once
//   Z31 LF bytes (counting form)  K4–K7 the LF bytes of blocks checked at once
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	XORQ AX, AX

	UTF8CONSTS512
	VMOVDQU64 incompleteMax64<>(SB), Z27
	LINES_INIT
	VPXORQ Z0, Z0, Z0
	VPXORQ Z28, Z28, Z28
	XORQ R12, R12             // blocks left to take one by one

loop:
	MOVQ CX, DX
	SUBQ AX, DX               // DX = bytes left
	JZ   done
	TESTQ R12, R12
	JNZ  single
	CMPQ DX, $256
	JB   one

	// Fast path: four blocks of ASCII at once, when the previous block
	// did not end inside a sequence.
	VMOVDQU64 (SI)(AX*1), Z1
	VMOVDQU64 64(SI)(AX*1), Z2
	VMOVDQU64 128(SI)(AX*1), Z3
	VMOVDQU64 192(SI)(AX*1), Z4
	VPORQ      Z1, Z2, Z5
	VPTERNLOGD $0xFE, Z3, Z4, Z5     // Z5 = Z3 | Z4 | Z5 (Z1–Z4 are kept: the count reads them)
	VPMOVB2M   Z5, K1
	KORTESTQ   K1, K1
	JNZ        group
	VPSUBUSB   Z27, Z0, Z28
	VPTESTMB   Z28, Z28, K2
	KORTESTQ   K2, K2
	JNZ        done                  // the previous block ended inside a sequence
	LINES_COUNT(Z1, K4)
	LINES_COUNT(Z2, K4)
	LINES_COUNT(Z3, K4)
	LINES_COUNT(Z4, K4)
	VMOVDQA64  Z4, Z0
	ADDQ       $256, AX
	JMP        loop

group:
	// Some of the four blocks hold non-ASCII bytes. With the three bytes
	// before them in the input, check the four at once, with one test of
	// their errors; at the start, or when they hold an error, take them
	// one by one (which finds the block it is in).
	CMPQ AX, $3
	JB   group1
	CHECK64(0)
	VMOVDQA64 Z6, Z30
	LINES_MARK(Z1, K4)
	CHECK64(64)
	VPORQ     Z6, Z30, Z30
	LINES_MARK(Z1, K5)
	CHECK64(128)
	VPORQ     Z6, Z30, Z30
	LINES_MARK(Z1, K6)
	CHECK64(192)
	VPORQ     Z6, Z30, Z30
	LINES_MARK(Z1, K7)
	VPTESTMB  Z30, Z30, K2
	KORTESTQ  K2, K2
	JNZ       group1
	LINES_ADD(K4)
	LINES_ADD(K5)
	LINES_ADD(K6)
	LINES_ADD(K7)
	VMOVDQA64 Z1, Z0                 // the last block becomes the previous one
	ADDQ      $256, AX
	JMP       loop

group1:
	MOVQ $4, R12

single:
	DECQ R12

one:
	CMPQ DX, $64
	JB   tail
	VMOVDQU64 (SI)(AX*1), Z1
	MOVQ $64, R9

check:
	VPMOVB2M Z1, K1
	KORTESTQ K1, K1
	JNZ      multibyte

	// An ASCII block: wrong only if the previous block ended inside a
	// sequence.
	VPSUBUSB  Z27, Z0, Z28
	VPTESTMB  Z28, Z28, K2
	KORTESTQ  K2, K2
	JNZ       done
	LINES_COUNT(Z1, K4)
	VMOVDQA64 Z1, Z0
	ADDQ      R9, AX
	JMP       loop

multibyte:
	// prev1, prev2, prev3: the block shifted right by 1, 2, 3 bytes, with
	// the previous block's last bytes shifted in. Inside the input they
	// are plain loads one, two and three bytes back; for the first block
	// and the partial last one, shuffles: Z2 holds, in each 128-bit lane,
	// the lane before it (lane 0 gets the previous block's lane 3), so
	// VPALIGNR can take bytes across lanes.
	CMPQ     R9, $64
	JNE      shifted
	CMPQ     AX, $3
	JB       shifted
	UTF8PREVSMEM512
	JMP      lookup

shifted:
	UTF8PREVS512

lookup:
	UTF8LOOKUP512
	VPTESTMB Z6, Z6, K2
	KORTESTQ K2, K2
	JNZ      done

	LINES_COUNT(Z1, K4)
	VMOVDQA64 Z1, Z0
	ADDQ      R9, AX
	JMP       loop

tail:
	// The last partial block, read with a masked load (the bytes beyond
	// the end are neither read nor able to fault, and count as zeros:
	// a sequence cut off by the end shows as an error in this block).
	MOVQ  $-1, R10
	BZHIQ DX, R10, R10
	KMOVQ R10, K3
	VMOVDQU8.Z (SI)(AX*1), K3, Z1
	MOVQ  DX, R9
	JMP   check

