//go:build amd64 && gc && !purego

#include "textflag.h"

// shiftRight1: VPERMB indices that move every byte one place up (byte i
// takes byte i-1; byte 0 keeps its own), giving each byte its predecessor.
DATA shiftRight1<>+0(SB)/8, $0x0605040302010000
DATA shiftRight1<>+8(SB)/8, $0x0E0D0C0B0A090807
DATA shiftRight1<>+16(SB)/8, $0x161514131211100F
DATA shiftRight1<>+24(SB)/8, $0x1E1D1C1B1A191817
DATA shiftRight1<>+32(SB)/8, $0x262524232221201F
DATA shiftRight1<>+40(SB)/8, $0x2E2D2C2B2A292827
DATA shiftRight1<>+48(SB)/8, $0x363534333231302F
DATA shiftRight1<>+56(SB)/8, $0x3E3D3C3B3A393837
GLOBL shiftRight1<>(SB), RODATA|NOPTR, $64

DATA interleave<>+0(SB)/8, $0x2303220221012000
DATA interleave<>+8(SB)/8, $0x2707260625052404
DATA interleave<>+16(SB)/8, $0x2B0B2A0A29092808
DATA interleave<>+24(SB)/8, $0x2F0F2E0E2D0D2C0C
DATA interleave<>+32(SB)/8, $0x3313321231113010
DATA interleave<>+40(SB)/8, $0x3717361635153414
DATA interleave<>+48(SB)/8, $0x3B1B3A1A39193818
DATA interleave<>+56(SB)/8, $0x3F1F3E1E3D1D3C1C
GLOBL interleave<>(SB), RODATA|NOPTR, $64

// func latin1ToUTF8AVX512(dst, src []byte) (nDst, nSrc int)
//
// 64 bytes a step: copied when ASCII. Otherwise the block is interleaved
// (VPERMB) so that word i holds byte i low and byte i+32 high, and each
// half becomes words of the two-byte form, lead first, whatever the byte:
//
//   first half:  VPSHLDW puts the byte high and C2 low; for bytes C0–FF,
//                adding C001 makes the lead C3 and the byte 40 less;
//   second half: the high byte kept, XOR 00C2 (or 40C3 for C0–FF).
//
// For a byte 80–BF the form is C2 b, for C0–FF it is C3 b-40: the UTF-8
// of U+0080–U+00FF. For ASCII the lead is dropped: the compress masks
// keep every high byte and the low byte of the non-ASCII words. (The
// interleave-and-shift idea is simdutf's.)
//
// Registers: DI dst, R8 len(dst)-128, SI src, R9 len(src)-64, BX nDst,
// AX nSrc, R13 5555…. Constants: Z20 the interleave, Z21 C2C2, Z22 C001,
// Z23 40C3, Z24 00C2, Z25 FF00 (words), Z26 C0 (bytes).
TEXT ·latin1ToUTF8AVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX

	VMOVDQU64 interleave<>(SB), Z20
	MOVL $0xC2C2C2C2, DX
	VPBROADCASTD DX, Z21
	MOVL $0xC001C001, DX
	VPBROADCASTD DX, Z22
	MOVL $0x40C340C3, DX
	VPBROADCASTD DX, Z23
	MOVL $0x00C200C2, DX
	VPBROADCASTD DX, Z24
	MOVL $0xFF00FF00, DX
	VPBROADCASTD DX, Z25
	MOVL $0xC0C0C0C0, DX
	VPBROADCASTD DX, Z26
	MOVQ $0x5555555555555555, R13

	SUBQ $64, R9                     // R9: the last offset with 64 bytes to read
	SUBQ $128, R8                    // R8: the last offset with room for 128 bytes
	JL   l1done
	CMPQ R9, $0
	JL   l1done

l1loop:
	CMPQ AX, R9
	JG   l1done
	CMPQ BX, R8
	JG   l1done

	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KORTESTQ  K1, K1
	JNZ       l1expand
	VMOVDQU64 Z1, (DI)(BX*1)         // ASCII: copied as is
	ADDQ      $64, AX
	ADDQ      $64, BX
	JMP       l1loop

l1expand:
	VPCMPUB    $5, Z26, Z1, K2       // K2: bytes C0–FF
	VPERMB     Z1, Z20, Z2           // word i: byte i, byte i+32
	VPSHLDW    $8, Z21, Z2, Z3       // first half: C2, byte
	VPADDW     Z22, Z3, K2, Z3       // C3, byte-40 for C0–FF
	KSHIFTRQ   $32, K2, K3
	VPBLENDMW  Z23, Z24, K3, Z4      // second half: 00C2, or 40C3 for C0–FF
	VPTERNLOGD $0x6C, Z25, Z4, Z2    // (words & FF00) ^ Z4
	KMOVQ      K1, R12
	NOTQ       R12                   // R12: ASCII bytes
	PDEPQ      R13, R12, R11
	NOTQ       R11                   // R11: the bytes of the first half to keep
	SHRQ       $32, R12
	PDEPQ      R13, R12, R10
	NOTQ       R10                   // R10: the bytes of the second half to keep
	KMOVQ      R11, K4
	VPCOMPRESSB.Z Z3, K4, Z5
	VMOVDQU64  Z5, (DI)(BX*1)
	POPCNTQ    R11, R11
	ADDQ       R11, BX
	KMOVQ      R10, K5
	VPCOMPRESSB.Z Z2, K5, Z6
	VMOVDQU64  Z6, (DI)(BX*1)
	POPCNTQ    R10, R10
	ADDQ       R10, BX
	ADDQ       $64, AX
	JMP        l1loop

l1done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

// func utf8ToLatin1AVX512(dst, src []byte) (nDst, nSrc int)
//
// A block converts when its non-ASCII bytes are C2 or C3 leads, each
// followed by one continuation byte, and continuation bytes that follow
// such a lead. C2 xx stands for xx itself and C3 xx for xx+40, so the
// output is the block with 40 added after each C3 and the leads
// compressed away. A lead in the block's last byte waits for the next
// block. Any other block ends the vector loop; the scalar code takes over
// there.
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc.
TEXT ·utf8ToLatin1AVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX

	MOVL $0xC0C0C0C0, DX
	VPBROADCASTD DX, Z20
	MOVL $0xC3C3C3C3, DX
	VPBROADCASTD DX, Z21
	MOVL $0x40404040, DX
	VPBROADCASTD DX, Z22
	MOVL $0xFEFEFEFE, DX
	VPBROADCASTD DX, Z23
	MOVL $0xC2C2C2C2, DX
	VPBROADCASTD DX, Z24
	VMOVDQU64 shiftRight1<>(SB), Z25

u1loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $64
	JB   u1done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $64
	JB   u1done

	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KMOVQ     K1, R10                // R10: non-ASCII bytes
	TESTQ     R10, R10
	JNZ       u1mixed
	VMOVDQU64 Z1, (DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $64, BX
	JMP       u1loop

u1mixed:
	VPCMPUB  $5, Z20, Z1, K2         // K2: bytes >= C0, the leads
	VPANDQ   Z23, Z1, Z2
	VPCMPEQB Z24, Z2, K4             // K4: C2 and C3
	KMOVQ    K2, R11
	KMOVQ    K4, R12
	CMPQ     R11, R12
	JNE      u1done                  // a lead other than C2, C3

	MOVQ R11, R15
	NOTQ R15                         // R15: the bytes to keep
	MOVQ R15, R12
	ANDQ R10, R12                    // R12: the continuation bytes
	MOVQ $64, R14
	BTRQ $63, R11                    // a lead in the last byte?
	JCC  u1pairs
	MOVQ $63, R14                    // it waits for the next block

u1pairs:
	MOVQ R11, R13
	SHLQ $1, R13
	CMPQ R12, R13
	JNE  u1done                      // a lead without its continuation, or a stray continuation

	VPERMB    Z1, Z25, Z2            // each byte's predecessor
	VPCMPEQB  Z21, Z2, K5            // after C3
	VPADDB    Z22, Z1, K5, Z1        // add 40 there
	KMOVQ     R15, K6
	VPCOMPRESSB.Z Z1, K6, Z3
	VMOVDQU64 Z3, (DI)(BX*1)
	POPCNTQ   R15, R15
	ADDQ      R15, BX
	ADDQ      R14, AX
	JMP       u1loop

u1done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
