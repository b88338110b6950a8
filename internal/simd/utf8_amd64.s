//go:build amd64 && gc && !purego

#include "textflag.h"
#include "utf8check_amd64.h"
#include "utf8conv_amd64.h"

// UTF-8 validation by the lookup algorithm of Keiser and Lemire
// ("Validating UTF-8 In Less Than One Instruction Per Byte", 2021).
//
// Every error of Unicode Table 3-7 shows in a pair of bytes (prev1, cur):
// three 16-entry tables, indexed by the high nibble of prev1, the low
// nibble of prev1 and the high nibble of cur, give a bit set each; the
// AND of the three is non-zero exactly where the pair is wrong. The one
// error a pair cannot see, a missing third or fourth byte, comes from
// prev2 >= E0 and prev3 >= F0: such a byte must be a continuation, which
// the tables mark with bit 7 (TWO_CONTS), so XOR-ing the "must be a
// continuation" bit in cancels the bit when all is well and raises it
// when not.
//
// The bits (shared by the three tables):
//   TOO_SHORT  1<<0  lead followed by a non-continuation
//   TOO_LONG   1<<1  ASCII followed by a continuation
//   OVERLONG_3 1<<2  E0 80–9F
//   TOO_LARGE  1<<3  F4 90–BF, F5–FF leads
//   SURROGATE  1<<4  ED A0–BF
//   OVERLONG_2 1<<5  C0, C1 leads
//   TOO_LARGE_1000 / OVERLONG_4  1<<6  F5+ 80–8F / F0 80–8F
//   TWO_CONTS  1<<7  continuation after continuation

// byte1High: by the high nibble of prev1.
DATA byte1High<>+0(SB)/8, $0x0202020202020202  // 0–7: ASCII: TOO_LONG
DATA byte1High<>+8(SB)/8, $0x4915012180808080  // 8–B: TWO_CONTS; C: TOO_SHORT|OVERLONG_2; D: TOO_SHORT; E: TOO_SHORT|OVERLONG_3|SURROGATE; F: TOO_SHORT|TOO_LARGE|TOO_LARGE_1000|OVERLONG_4
GLOBL byte1High<>(SB), RODATA|NOPTR, $16

// byte1Low: by the low nibble of prev1. CARRY = TOO_SHORT|TOO_LONG|TWO_CONTS.
DATA byte1Low<>+0(SB)/8, $0xCBCBCB8B8383A3E7  // 0: CARRY|OVERLONG_3|OVERLONG_2|OVERLONG_4; 1: CARRY|OVERLONG_2; 2, 3: CARRY; 4: CARRY|TOO_LARGE; 5–7: CARRY|TOO_LARGE|TOO_LARGE_1000
DATA byte1Low<>+8(SB)/8, $0xCBCBDBCBCBCBCBCB  // 8–C: CARRY|TOO_LARGE|TOO_LARGE_1000; D: ...|SURROGATE; E, F: CARRY|TOO_LARGE|TOO_LARGE_1000
GLOBL byte1Low<>(SB), RODATA|NOPTR, $16

// byte2High: by the high nibble of the current byte.
DATA byte2High<>+0(SB)/8, $0x0101010101010101  // 0–7: ASCII: TOO_SHORT
DATA byte2High<>+8(SB)/8, $0x01010101BABAAEE6  // 8: TOO_LONG|OVERLONG_2|TWO_CONTS|OVERLONG_3|TOO_LARGE_1000|OVERLONG_4; 9: TOO_LONG|OVERLONG_2|TWO_CONTS|OVERLONG_3|TOO_LARGE; A, B: TOO_LONG|OVERLONG_2|TWO_CONTS|SURROGATE|TOO_LARGE; C–F: TOO_SHORT
GLOBL byte2High<>(SB), RODATA|NOPTR, $16

// incompleteMax64: a block whose last bytes exceed these ends inside a
// sequence (a lead in the last byte, a 3- or 4-byte lead in the one
// before, a 4-byte lead in the one before that).
DATA incompleteMax64<>+0(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+8(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+16(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+24(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+32(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+40(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+48(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+56(SB)/8, $0xBFDFEFFFFFFFFFFF
GLOBL incompleteMax64<>(SB), RODATA|NOPTR, $64

// The AVX2 form: the last 32 bytes of the same table.
#define incompleteMax32 incompleteMax64<>+32(SB)

// func utf8PrefixAVX512(src []byte) int
//
// Registers:
//   SI  src           CX  len(src)       AX  offset of the current block
//   R9  bytes in the current block (64, or fewer for the last)
//   Z0  the previous block      Z1  the current block
//   Z20–Z22  the three tables   Z23 0x0F bytes   Z24 0x60   Z25 0x70
//   Z26 0x80 bytes              Z27 incompleteMax64
//   Z28 where the previous block ends inside a sequence (non-zero bytes)
TEXT ·utf8PrefixAVX512(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	XORQ AX, AX

	VBROADCASTI32X4 byte1High<>(SB), Z20
	VBROADCASTI32X4 byte1Low<>(SB), Z21
	VBROADCASTI32X4 byte2High<>(SB), Z22
	MOVL $0x0F0F0F0F, DX
	VPBROADCASTD DX, Z23
	MOVL $0x60606060, DX
	VPBROADCASTD DX, Z24
	MOVL $0x70707070, DX
	VPBROADCASTD DX, Z25
	MOVL $0x80808080, DX
	VPBROADCASTD DX, Z26
	VMOVDQU64 incompleteMax64<>(SB), Z27
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
	VPTERNLOGD $0xFE, Z1, Z2, Z3     // Z3 = Z1 | Z2 | Z3
	VPORQ      Z3, Z4, Z5
	VPMOVB2M   Z5, K1
	KORTESTQ   K1, K1
	JNZ        group
	VPSUBUSB   Z27, Z0, Z28
	VPTESTMB   Z28, Z28, K2
	KORTESTQ   K2, K2
	JNZ        done                  // the previous block ended inside a sequence
	VMOVDQA64  Z4, Z0
	ADDQ       $256, AX
	JMP        loop

group:
	// Some of the four blocks hold non-ASCII bytes: take them one by one.
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
	VMOVDQU64 -1(SI)(AX*1), Z3       // prev1
	VMOVDQU64 -2(SI)(AX*1), Z4       // prev2
	VMOVDQU64 -3(SI)(AX*1), Z5       // prev3
	JMP      lookup

shifted:
	VALIGNQ  $6, Z0, Z1, Z2
	VPALIGNR $15, Z2, Z1, Z3         // prev1
	VPALIGNR $14, Z2, Z1, Z4         // prev2
	VPALIGNR $13, Z2, Z1, Z5         // prev3

lookup:
	VPSRLW  $4, Z3, Z6
	VPANDQ  Z23, Z6, Z6
	VPSHUFB Z6, Z20, Z6              // byte1High[prev1 >> 4]
	VPANDQ  Z23, Z3, Z7
	VPSHUFB Z7, Z21, Z7              // byte1Low[prev1 & 15]
	VPSRLW  $4, Z1, Z8
	VPANDQ  Z23, Z8, Z8
	VPSHUFB Z8, Z22, Z8              // byte2High[cur >> 4]
	VPTERNLOGD $0x80, Z8, Z7, Z6     // Z6 = Z6 & Z7 & Z8: the pair errors

	VPSUBUSB Z24, Z4, Z9             // bit 7 set where prev2 >= E0
	VPSUBUSB Z25, Z5, Z10            // bit 7 set where prev3 >= F0
	VPORQ    Z9, Z10, Z9
	VPTERNLOGD $0x78, Z26, Z9, Z6    // Z6 ^= Z9 & 0x80: the errors
	VPTESTMB Z6, Z6, K2
	KORTESTQ K2, K2
	JNZ      done

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

done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// CHECK32 checks the 32 bytes in Y1, at off(SI)(AX*1), loading prev1–3
// from the bytes before them, and leaves the errors in Y6. Registers as in
// utf8PrefixAVX2; uses Y2–Y6.
#define CHECK32(off) \
	VMOVDQU  (off-1)(SI)(AX*1), Y3; \
	VMOVDQU  (off-2)(SI)(AX*1), Y4; \
	VMOVDQU  (off-3)(SI)(AX*1), Y5; \
	VPSRLW   $4, Y3, Y6; \
	VPAND    Y9, Y6, Y6; \
	VPSHUFB  Y6, Y14, Y6; \
	VPAND    Y9, Y3, Y3; \
	VPSHUFB  Y3, Y15, Y3; \
	VPSRLW   $4, Y1, Y2; \
	VPAND    Y9, Y2, Y2; \
	VPSHUFB  Y2, Y10, Y2; \
	VPAND    Y3, Y6, Y6; \
	VPAND    Y2, Y6, Y6; \
	VPSUBUSB Y8, Y4, Y4; \
	VPSUBUSB Y7, Y5, Y5; \
	VPOR     Y4, Y5, Y4; \
	VPAND    Y11, Y4, Y4; \
	VPXOR    Y4, Y6, Y6

// func utf8PrefixAVX2(src []byte) int
//
// The same algorithm on 32-byte blocks; the last partial block is left to
// the caller. Registers as in the AVX-512 form, with Y in place of Z, and
// Y11 (the 0x80 bytes) and Y12 (incompleteMax32) in place of Z26 and Z27,
// Y13 in place of Z28.
TEXT ·utf8PrefixAVX2(SB), NOSPLIT, $0-32
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

loop2:
	MOVQ CX, DX
	SUBQ AX, DX
	JZ   done2
	TESTQ R12, R12
	JNZ  single2
	CMPQ DX, $256
	JB   one2

	// Fast path: runs of ASCII, eight blocks at a time, when the previous
	// block did not end inside a sequence.
	VPSUBUSB Y12, Y0, Y13
	VPTEST Y13, Y13
	JNZ    one2
	MOVQ   AX, R14                   // where the run starts
	LEAQ   -256(CX), R13             // the last offset with eight blocks left

ascii2:
	VMOVDQU (SI)(AX*1), Y1
	VPOR    32(SI)(AX*1), Y1, Y1
	VMOVDQU 64(SI)(AX*1), Y2
	VPOR    96(SI)(AX*1), Y2, Y2
	VMOVDQU 128(SI)(AX*1), Y3
	VPOR    160(SI)(AX*1), Y3, Y3
	VMOVDQU 192(SI)(AX*1), Y5
	VPOR    224(SI)(AX*1), Y5, Y5
	VPOR     Y1, Y2, Y1
	VPOR     Y3, Y5, Y3
	VPOR     Y1, Y3, Y1
	VPMOVMSKB Y1, R8
	TESTL    R8, R8
	JNZ      asciiEnd2
	ADDQ     $256, AX
	CMPQ     AX, R13
	JLE      ascii2

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
	VMOVDQA   Y1, Y0
	ADDQ      $32, AX
	JMP       loop2

multibyte2:
	CMPQ     AX, $3
	JB       shifted2
	CMPQ     DX, $64
	JB       loaded2

	// Two blocks at once (the second may be ASCII: the check holds for
	// it too), with one test of the errors of both.
	CHECK32(0)
	VMOVDQA  Y6, Y13
	VMOVDQU  32(SI)(AX*1), Y1
	CHECK32(32)
	VPOR     Y6, Y13, Y13
	VPTEST   Y13, Y13
	JNZ      done2
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

	VMOVDQA  Y1, Y0
	ADDQ     $32, AX
	JMP      loop2

done2:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func asciiPrefixAVX512(src []byte) int
TEXT ·asciiPrefixAVX512(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	XORQ AX, AX

aloop4:
	MOVQ CX, DX
	SUBQ AX, DX
	CMPQ DX, $256
	JB   aloop1
	VMOVDQU64 (SI)(AX*1), Z1
	VMOVDQU64 64(SI)(AX*1), Z2
	VMOVDQU64 128(SI)(AX*1), Z3
	VMOVDQU64 192(SI)(AX*1), Z4
	VPTERNLOGD $0xFE, Z1, Z2, Z3
	VPORQ      Z3, Z4, Z5
	VPMOVB2M   Z5, K1
	KORTESTQ   K1, K1
	JNZ        aloop1
	ADDQ       $256, AX
	JMP        aloop4

aloop1:
	MOVQ CX, DX
	SUBQ AX, DX
	JZ   adone
	CMPQ DX, $64
	JB   atail
	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KMOVQ     K1, R8
	TESTQ     R8, R8
	JNZ       afound
	ADDQ      $64, AX
	JMP       aloop1

atail:
	MOVQ  $-1, R10
	BZHIQ DX, R10, R10
	KMOVQ R10, K3
	VMOVDQU8.Z (SI)(AX*1), K3, Z1
	VPMOVB2M Z1, K1
	KMOVQ    K1, R8
	TESTQ    R8, R8
	JNZ      afound
	MOVQ     CX, AX
	JMP      adone

afound:
	TZCNTQ R8, R8
	ADDQ   R8, AX

adone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func asciiPrefixAVX2(src []byte) int
TEXT ·asciiPrefixAVX2(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	XORQ AX, AX

bloop4:
	MOVQ CX, DX
	SUBQ AX, DX
	CMPQ DX, $256
	JB   bloop1
	VMOVDQU (SI)(AX*1), Y1
	VPOR    32(SI)(AX*1), Y1, Y1
	VMOVDQU 64(SI)(AX*1), Y2
	VPOR    96(SI)(AX*1), Y2, Y2
	VMOVDQU 128(SI)(AX*1), Y3
	VPOR    160(SI)(AX*1), Y3, Y3
	VMOVDQU 192(SI)(AX*1), Y5
	VPOR    224(SI)(AX*1), Y5, Y5
	VPOR    Y1, Y2, Y1
	VPOR    Y3, Y5, Y3
	VPOR    Y1, Y3, Y1
	VPMOVMSKB Y1, R8
	TESTL   R8, R8
	JNZ     bloop1
	ADDQ    $256, AX
	JMP     bloop4

bloop1:
	MOVQ CX, DX
	SUBQ AX, DX
	CMPQ DX, $32
	JB   bdone
	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R8
	TESTL     R8, R8
	JNZ       bfound
	ADDQ      $32, AX
	JMP       bloop1

bfound:
	TZCNTL R8, R8
	ADDQ   R8, AX

bdone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// UTF-8 to UTF-16LE, AVX-512 (BW, VBMI2).
//
// Each step looks at a 64-byte window that starts at a character
// boundary, checks it with UTF8CHECK512 (as if preceded by ASCII, which is
// exact because the window starts a character), and converts the
// characters that end inside it; a character cut by the window's end
// waits for the next step, which starts at its lead. For every byte
// position a 16-bit lane computes the unit that position would give as a
// lead, from the byte and the two after it:
//
//   b0 < 80: b0
//   b0 < E0: (b0<<6 & 7C0) | b1&3F
//   else:    b0<<12 | (b1&3F)<<6 | b2&3F     (the shift drops b0's top bits)
//
// and VPCOMPRESSW keeps the lanes of the character starts (see
// U8TO16HALFP for four-byte characters). A window with an error ends the
// vector loop.

// func utf8ToUTF16LEAVX512(dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc;
// Z0 zero (what precedes a window); Z20–Z26 the check's constants;
// Z27 003F words, Z28 07C0 words, Z29 C0, Z30 E0, Z31 F0 bytes.
TEXT ·utf8ToUTF16LEAVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	UTF8CONSTS512
	VPXORQ Z0, Z0, Z0
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
	JB   u16done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $128
	JB   u16done

	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KMOVQ     K1, R10                // R10: non-ASCII bytes
	TESTQ     R10, R10
	JNZ       u16multi
	VPMOVZXBW (SI)(AX*1), Z2         // ASCII: widen
	VPMOVZXBW 32(SI)(AX*1), Z3
	VMOVDQU64 Z2, (DI)(BX*1)
	VMOVDQU64 Z3, 64(DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $128, BX
	JMP       u16loop

u16multi:
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

u16done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

// func utf8ToUTF32LEAVX512(dst, src []byte) (nDst, nSrc int)
//
// UTF-8 to UTF-32LE, AVX-512: the windows of utf8ToUTF16LEAVX512; every
// non-ASCII window goes by code point (U8CP), 16 positions at a time,
// and VPCOMPRESSD keeps the lanes of the character starts. Registers as
// in utf8ToUTF16LEAVX512; the output of a window is at most 256 bytes.
TEXT ·utf8ToUTF32LEAVX512(SB), NOSPLIT, $256-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	UTF8CONSTS512
	VPXORQ Z0, Z0, Z0
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
	JB   u32done
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

u32done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

// UTF-8 to UTF-16LE and to UTF-32LE, AVX2: the windows of the AVX-512
// forms on 32 bytes, checked by UTF8CHECK256 (the Keiser–Lemire check, as
// in utf8PrefixAVX2, with nothing before the window). For each of 16
// positions a 16-bit lane computes the unit that position would start
// (U8TO16HALF's formulas), and wordShuf packs the lanes of the character
// starts, 8 words per 128-bit lane. A window with an error or a four-byte
// character ends the vector loop.

DATA c0F32<>+0(SB)/8, $0x0F0F0F0F0F0F0F0F
DATA c0F32<>+8(SB)/8, $0x0F0F0F0F0F0F0F0F
DATA c0F32<>+16(SB)/8, $0x0F0F0F0F0F0F0F0F
DATA c0F32<>+24(SB)/8, $0x0F0F0F0F0F0F0F0F
GLOBL c0F32<>(SB), RODATA|NOPTR, $32
DATA c6032<>+0(SB)/8, $0x6060606060606060
DATA c6032<>+8(SB)/8, $0x6060606060606060
DATA c6032<>+16(SB)/8, $0x6060606060606060
DATA c6032<>+24(SB)/8, $0x6060606060606060
GLOBL c6032<>(SB), RODATA|NOPTR, $32
DATA c7032<>+0(SB)/8, $0x7070707070707070
DATA c7032<>+8(SB)/8, $0x7070707070707070
DATA c7032<>+16(SB)/8, $0x7070707070707070
DATA c7032<>+24(SB)/8, $0x7070707070707070
GLOBL c7032<>(SB), RODATA|NOPTR, $32
DATA c8032<>+0(SB)/8, $0x8080808080808080
DATA c8032<>+8(SB)/8, $0x8080808080808080
DATA c8032<>+16(SB)/8, $0x8080808080808080
DATA c8032<>+24(SB)/8, $0x8080808080808080
GLOBL c8032<>(SB), RODATA|NOPTR, $32

// UTF8CHECK256 checks the 32 bytes in Y1 (Y0 zero: nothing before them)
// and leaves a non-zero byte in Y6 wherever an error shows. Tables in
// Y13–Y15; uses Y2–Y6.
#define UTF8CHECK256 \
	UTF8PREVS256; \
	UTF8LOOKUP256

// UTF8PREVS256 computes prev1–3 of UTF8CHECK256 (Y3–Y5) by shuffles.
#define UTF8PREVS256 \
	VPERM2I128 $0x21, Y1, Y0, Y2; \
	VPALIGNR   $15, Y2, Y1, Y3; \
	VPALIGNR   $14, Y2, Y1, Y4; \
	VPALIGNR   $13, Y2, Y1, Y5

// UTF8PREVSMEM256 loads prev1–3 of UTF8CHECK256 (Y3–Y5) from the bytes
// before the window at (SI)(AX*1), which must be inside the input.
#define UTF8PREVSMEM256 \
	VMOVDQU    -1(SI)(AX*1), Y3; \
	VMOVDQU    -2(SI)(AX*1), Y4; \
	VMOVDQU    -3(SI)(AX*1), Y5

// UTF8LOOKUP256 is the rest of UTF8CHECK256, given prev1–3 in Y3–Y5.
#define UTF8LOOKUP256 \
	VPSRLW     $4, Y3, Y6; \
	VPAND      c0F32<>(SB), Y6, Y6; \
	VPSHUFB    Y6, Y13, Y6; \
	VPAND      c0F32<>(SB), Y3, Y3; \
	VPSHUFB    Y3, Y14, Y3; \
	VPSRLW     $4, Y1, Y2; \
	VPAND      c0F32<>(SB), Y2, Y2; \
	VPSHUFB    Y2, Y15, Y2; \
	VPAND      Y3, Y6, Y6; \
	VPAND      Y2, Y6, Y6; \
	VPSUBUSB   c6032<>(SB), Y4, Y4; \
	VPSUBUSB   c7032<>(SB), Y5, Y5; \
	VPOR       Y4, Y5, Y4; \
	VPAND      c8032<>(SB), Y4, Y4; \
	VPXOR      Y4, Y6, Y6

// func utf8ToUTF16LEAVX2(dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc,
// CX wordShuf.
TEXT ·utf8ToUTF16LEAVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
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

x16_loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $34                     // the window and the two bytes after it
	JB   x16_done
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

x16_end:
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

// func utf8ToUTF32LEAVX2(dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc,
// CX wordShuf.
TEXT ·utf8ToUTF32LEAVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
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

x32_loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $34                     // the window and the two bytes after it
	JB   x32_done
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

x32_end:
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
