//go:build amd64 && gc && !purego

#include "textflag.h"

// The length kernels. Each counts over the whole blocks of src (64 bytes
// for AVX-512, 32 for AVX2) and returns the count; the caller counts the
// rest with the scalar code. They compute, block by block, the same
// functions of the bytes as the scalar code, on any input:
//
//   runeCount:           the bytes that are not continuation bytes (80–BF);
//   utf16LenFromUTF8:    those, plus one for each byte F0–FF;
//   utf8LenFromUTF16LE:  3 per 16-bit unit, less 1 for a unit below 0080,
//                        less 1 for a unit below 0800 or a surrogate
//                        (D800–DFFF): 1, 2, 2 or 3 bytes.
//
// The kernels count two or four blocks a step, then one at a time.
//
// As signed bytes the continuation bytes are -128 to -65: those below
// -64 (C0).

// func runeCountAVX512(src []byte) int
//
// Registers: SI src, CX blocks left, AX the count, Z1 C0 (bytes).
TEXT ·runeCountAVX512(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	SHRQ $6, CX
	MOVQ CX, AX
	SHLQ $6, AX                      // AX: every byte of the blocks, less the continuation bytes below
	MOVL $0xC0C0C0C0, DX
	VPBROADCASTD DX, Z1

rcloop4:
	CMPQ      CX, $4
	JB        rcloop
	VMOVDQU64 (SI), Z2
	VMOVDQU64 64(SI), Z3
	VMOVDQU64 128(SI), Z4
	VMOVDQU64 192(SI), Z5
	VPCMPB    $1, Z1, Z2, K1         // K1–K4: bytes < C0 as signed: continuation bytes
	VPCMPB    $1, Z1, Z3, K2
	VPCMPB    $1, Z1, Z4, K3
	VPCMPB    $1, Z1, Z5, K4
	KMOVQ     K1, DX
	KMOVQ     K2, R8
	KMOVQ     K3, R9
	KMOVQ     K4, R10
	POPCNTQ   DX, DX
	POPCNTQ   R8, R8
	POPCNTQ   R9, R9
	POPCNTQ   R10, R10
	ADDQ      R8, DX
	ADDQ      R10, R9
	ADDQ      R9, DX
	SUBQ      DX, AX
	ADDQ      $256, SI
	SUBQ      $4, CX
	JMP       rcloop4

rcloop:                                  // one block at a time
	TESTQ     CX, CX
	JZ        rcdone
	VMOVDQU64 (SI), Z2
	VPCMPB    $1, Z1, Z2, K1
	KMOVQ     K1, DX
	POPCNTQ   DX, DX
	SUBQ      DX, AX
	ADDQ      $64, SI
	DECQ      CX
	JMP       rcloop

rcdone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// u16lenNib: the UTF-16 units a UTF-8 byte stands for, by its high
// nibble: 1 for ASCII and for the leads of two and three bytes, 0 for
// continuation bytes, 2 for the leads F0–FF (a surrogate pair).
DATA u16lenNib<>+0(SB)/8, $0x0101010101010101
DATA u16lenNib<>+8(SB)/8, $0x0201010100000000
GLOBL u16lenNib<>(SB), RODATA|NOPTR, $16

// func utf16LenFromUTF8AVX512(src []byte) int
//
// Byte counters: each 64-byte block adds to the counter bytes the units
// of its bytes, looked up by high nibble (VPSHUFB in u16lenNib), and
// VPSADBW sums the counters into quadwords every 127 blocks at most.
// Two blocks a step, one into each of two counters. (This replaced a loop
// that counted the compare masks with POPCNT: on an AMD EPYC (Zen 4) that
// ran at about 55 GB/s-cpu, slower than the AVX2 kernel's byte counters at
// about 80; the lookup runs at about 100.)
// Registers: SI src, CX blocks left, DX blocks in this round, AX the
// count. Z1 u16lenNib in each lane, Z3 0F (bytes), Z10 zero; the counter
// bytes Z6 and Z7 (two blocks a step, one into each), their quadword
// totals Z11.
TEXT ·utf16LenFromUTF8AVX512(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	SHRQ $6, CX
	XORQ AX, AX
	VBROADCASTI32X4 u16lenNib<>(SB), Z1
	MOVL $0x0F0F0F0F, DX
	VPBROADCASTD DX, Z3
	VPXORQ Z10, Z10, Z10
	VPXORQ Z11, Z11, Z11

u16round:
	TESTQ   CX, CX
	JZ      u16sum
	MOVQ    $127, DX
	CMPQ    CX, DX
	CMOVQLT CX, DX                   // DX: at most 127 blocks, so the byte counters cannot wrap
	SUBQ    DX, CX
	VPXORQ  Z6, Z6, Z6
	VPXORQ  Z7, Z7, Z7
	SUBQ    $2, DX
	JB      u16one
	PCALIGN $64

u16loop:                                 // two blocks a step
	VMOVDQU64 (SI), Z2
	VMOVDQU64 64(SI), Z4
	VPSRLD    $4, Z2, Z2
	VPSRLD    $4, Z4, Z4
	VPANDD    Z3, Z2, Z2             // the high nibbles
	VPANDD    Z3, Z4, Z4
	VPSHUFB   Z2, Z1, Z2
	VPSHUFB   Z4, Z1, Z4
	VPADDB    Z2, Z6, Z6
	VPADDB    Z4, Z7, Z7
	ADDQ      $128, SI
	SUBQ      $2, DX
	JAE       u16loop

u16one:
	ADDQ      $2, DX                 // DX: 0 or 1 block left in this round
	JZ        u16fold
	VMOVDQU64 (SI), Z2
	VPSRLD    $4, Z2, Z2
	VPANDD    Z3, Z2, Z2
	VPSHUFB   Z2, Z1, Z2
	VPADDB    Z2, Z6, Z6
	ADDQ      $64, SI

u16fold:
	VPADDB    Z7, Z6, Z6             // at most 2 a byte a block, 127 blocks
	VPSADBW   Z10, Z6, Z6
	VPADDQ    Z6, Z11, Z11
	JMP       u16round

u16sum:
	VEXTRACTI64X4 $1, Z11, Y13
	VPADDQ       Y13, Y11, Y11
	VEXTRACTI128 $1, Y11, X13
	VPADDQ       X13, X11, X11
	VPSHUFD      $0x4E, X11, X13
	VPADDQ       X13, X11, X11
	MOVQ         X11, AX
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func utf8LenFromUTF16LEAVX512(src []byte) int
//
// 32 units a block. A unit u is below 0800 or a surrogate exactly when
// min(u, u^D800) is below 0800 (u^D800 maps D800–DFFF onto 0000–07FF), so
// each block takes two compares. Registers: SI src, CX blocks left, AX
// the count. Constants (words): Z1 0080, Z3 0800, Z4 D800.
TEXT ·utf8LenFromUTF16LEAVX512(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	SHRQ $6, CX
	MOVQ CX, AX
	IMULQ $96, AX                    // AX: 3 bytes for each unit of the blocks, less the below
	MOVL $0x00800080, DX
	VPBROADCASTD DX, Z1
	MOVL $0x08000800, DX
	VPBROADCASTD DX, Z3
	MOVL $0xD800D800, DX
	VPBROADCASTD DX, Z4

u8loop2:
	CMPQ      CX, $2
	JB        u8loop
	VMOVDQU64 (SI), Z2
	VMOVDQU64 64(SI), Z6
	VPCMPUW   $1, Z1, Z2, K1         // K1, K3: units below 0080
	VPXORD    Z4, Z2, Z5
	VPMINUW   Z2, Z5, Z5
	VPCMPUW   $1, Z3, Z5, K2         // K2, K4: units below 0800, or surrogates
	VPCMPUW   $1, Z1, Z6, K3
	VPXORD    Z4, Z6, Z7
	VPMINUW   Z6, Z7, Z7
	VPCMPUW   $1, Z3, Z7, K4
	KMOVD     K1, DX
	KMOVD     K2, R8
	KMOVD     K3, R9
	KMOVD     K4, R10
	POPCNTL   DX, DX
	POPCNTL   R8, R8
	POPCNTL   R9, R9
	POPCNTL   R10, R10
	ADDQ      R8, DX
	ADDQ      R10, R9
	ADDQ      R9, DX
	SUBQ      DX, AX
	ADDQ      $128, SI
	SUBQ      $2, CX
	JMP       u8loop2

u8loop:                                  // one block at a time
	TESTQ     CX, CX
	JZ        u8done
	VMOVDQU64 (SI), Z2
	VPCMPUW   $1, Z1, Z2, K1
	VPXORD    Z4, Z2, Z5
	VPMINUW   Z2, Z5, Z5
	VPCMPUW   $1, Z3, Z5, K2
	KMOVD     K1, DX
	KMOVD     K2, R8
	POPCNTL   DX, DX
	POPCNTL   R8, R8
	SUBQ      DX, AX
	SUBQ      R8, AX
	ADDQ      $64, SI
	DECQ      CX
	JMP       u8loop

u8done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// The AVX2 byte kernels count in vectors: a compare gives -1 in each
// byte it picks, and subtracting it adds one to that byte's counter. The
// counters are bytes, so a round takes at most 255 blocks; VPSADBW then
// sums each counter's eight bytes into a quadword total.

// SUM4Q adds the four quadwords of y into r, with x (the low half of
// y) and tmp as scratch.
#define SUM4Q(y, x, tmp, r) \
	VEXTRACTI128 $1, y, tmp; \
	VPADDQ       tmp, x, x; \
	VPSHUFD      $0x4E, x, tmp; \
	VPADDQ       tmp, x, x; \
	MOVQ         x, DX; \
	ADDQ         DX, r

// func runeCountAVX2(src []byte) int
//
// Registers: SI src, CX blocks left, DX blocks in this round, AX the
// count. Y1 C0 (bytes), Y10 zero, Y6 and Y7 the byte counters of
// continuation bytes (even and odd blocks), Y11 their quadword totals.
TEXT ·runeCountAVX2(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	SHRQ $6, CX                      // pairs of blocks
	MOVQ CX, AX
	SHLQ $6, AX                      // AX: every byte of the pairs, less the continuation bytes
	MOVL $0xC0C0C0C0, DX
	MOVQ DX, X1
	VPBROADCASTD X1, Y1
	VPXOR Y10, Y10, Y10
	VPXOR Y11, Y11, Y11

rc2round:
	TESTQ   CX, CX
	JZ      rc2pairs
	MOVQ    $255, DX
	CMPQ    CX, DX
	CMOVQLT CX, DX                   // DX: at most 255 pairs, so the byte counters cannot wrap
	SUBQ    DX, CX
	VPXOR   Y6, Y6, Y6
	VPXOR   Y7, Y7, Y7

rc2loop:
	VMOVDQU   (SI), Y2
	VMOVDQU   32(SI), Y3
	VPCMPGTB  Y2, Y1, Y2             // C0 > byte as signed: continuation bytes
	VPCMPGTB  Y3, Y1, Y3
	VPSUBB    Y2, Y6, Y6
	VPSUBB    Y3, Y7, Y7
	ADDQ      $64, SI
	DECQ      DX
	JNZ       rc2loop
	VPSADBW   Y10, Y6, Y6
	VPSADBW   Y10, Y7, Y7
	VPADDQ    Y6, Y11, Y11
	VPADDQ    Y7, Y11, Y11
	JMP       rc2round

rc2pairs:
	XORQ R8, R8
	SUM4Q(Y11, X11, X12, R8)         // R8: the continuation bytes of the pairs
	SUBQ R8, AX
	MOVQ src_len+8(FP), CX
	TESTQ $32, CX
	JZ   rc2done
	VMOVDQU   (SI), Y2               // an odd block left
	VPCMPGTB  Y2, Y1, Y2
	VPMOVMSKB Y2, DX
	POPCNTL   DX, DX
	ADDQ      $32, AX
	SUBQ      DX, AX

rc2done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func utf16LenFromUTF8AVX2(src []byte) int
//
// Registers: SI src, CX blocks left, DX blocks in this round, AX the
// count. Y1 C0, Y4 F0 (bytes), Y10 zero; byte counters Y6 of
// continuation bytes and Y7 of bytes F0–FF, their quadword totals Y11
// and Y12.
TEXT ·utf16LenFromUTF8AVX2(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	SHRQ $5, CX
	MOVQ CX, AX
	SHLQ $5, AX                      // AX: every byte of the blocks, less and plus the below
	MOVL $0xC0C0C0C0, DX
	MOVQ DX, X1
	VPBROADCASTD X1, Y1
	MOVL $0xF0F0F0F0, DX
	MOVQ DX, X4
	VPBROADCASTD X4, Y4
	VPXOR Y10, Y10, Y10
	VPXOR Y11, Y11, Y11
	VPXOR Y12, Y12, Y12

u162round:
	TESTQ   CX, CX
	JZ      u162sum
	MOVQ    $255, DX
	CMPQ    CX, DX
	CMOVQLT CX, DX                   // DX: at most 255 blocks, so the byte counters cannot wrap
	SUBQ    DX, CX
	VPXOR   Y6, Y6, Y6
	VPXOR   Y7, Y7, Y7
	PCALIGN $64                      // a loop across a 64-byte line ran at 2/3 the speed

u162loop:
	VMOVDQU   (SI), Y2
	VPCMPGTB  Y2, Y1, Y3             // continuation bytes
	VPMAXUB   Y4, Y2, Y5
	VPCMPEQB  Y2, Y5, Y5             // max(byte, F0) = byte: bytes F0–FF
	VPSUBB    Y3, Y6, Y6
	VPSUBB    Y5, Y7, Y7
	ADDQ      $32, SI
	DECQ      DX
	JNZ       u162loop
	VPSADBW   Y10, Y6, Y6
	VPSADBW   Y10, Y7, Y7
	VPADDQ    Y6, Y11, Y11
	VPADDQ    Y7, Y12, Y12
	JMP       u162round

u162sum:
	VPSUBQ Y11, Y12, Y12             // F0–FF less continuation bytes
	SUM4Q(Y12, X12, X13, AX)
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func utf8LenFromUTF16LEAVX2(src []byte) int
//
// 16 units a block. AVX2 has no unsigned word compare: u < k is
// min(u, k-1) = u; and, as for AVX-512, u is below 0800 or a surrogate
// when min(u, u^D800) is. VPACKSSWB packs the two word masks into one
// byte mask, whose VPMOVMSKB bits are counted. Registers: SI src, CX
// blocks left, AX the count. Constants (words): Y1 007F, Y4 07FF,
// Y7 D800.
TEXT ·utf8LenFromUTF16LEAVX2(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	SHRQ $5, CX
	MOVQ CX, AX
	IMULQ $48, AX                    // AX: 3 bytes for each unit of the blocks, less the below
	MOVL $0x007F007F, DX
	MOVQ DX, X1
	VPBROADCASTD X1, Y1
	MOVL $0x07FF07FF, DX
	MOVQ DX, X4
	VPBROADCASTD X4, Y4
	MOVL $0xD800D800, DX
	MOVQ DX, X7
	VPBROADCASTD X7, Y7

u82loop2:
	CMPQ      CX, $2
	JB        u82loop
	VMOVDQU   (SI), Y2
	VMOVDQU   32(SI), Y9
	VPMINUW   Y1, Y2, Y3
	VPCMPEQW  Y2, Y3, Y3             // Y3, Y10: units below 0080
	VPXOR     Y7, Y2, Y8
	VPMINUW   Y2, Y8, Y8
	VPMINUW   Y4, Y8, Y5
	VPCMPEQW  Y8, Y5, Y5             // Y5, Y12: units below 0800, or surrogates
	VPMINUW   Y1, Y9, Y10
	VPCMPEQW  Y9, Y10, Y10
	VPXOR     Y7, Y9, Y11
	VPMINUW   Y9, Y11, Y11
	VPMINUW   Y4, Y11, Y12
	VPCMPEQW  Y11, Y12, Y12
	VPACKSSWB Y5, Y3, Y3             // one byte a mask word
	VPACKSSWB Y12, Y10, Y10
	VPMOVMSKB Y3, DX
	VPMOVMSKB Y10, R8
	SHLQ      $32, R8
	ORQ       R8, DX
	POPCNTQ   DX, DX
	SUBQ      DX, AX
	ADDQ      $64, SI
	SUBQ      $2, CX
	JMP       u82loop2

u82loop:                                 // one block at a time
	TESTQ     CX, CX
	JZ        u82done
	VMOVDQU   (SI), Y2
	VPMINUW   Y1, Y2, Y3
	VPCMPEQW  Y2, Y3, Y3
	VPXOR     Y7, Y2, Y8
	VPMINUW   Y2, Y8, Y8
	VPMINUW   Y4, Y8, Y5
	VPCMPEQW  Y8, Y5, Y5
	VPACKSSWB Y5, Y3, Y3
	VPMOVMSKB Y3, DX
	POPCNTL   DX, DX
	SUBQ      DX, AX
	ADDQ      $32, SI
	DECQ      CX
	JMP       u82loop

u82done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
