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
	TESTQ CX, CX
	JZ   rcdone

rcloop:
	VMOVDQU64 (SI), Z2
	VPCMPB    $1, Z1, Z2, K1         // K1: bytes < C0 as signed: continuation bytes
	KMOVQ     K1, DX
	POPCNTQ   DX, DX
	SUBQ      DX, AX
	ADDQ      $64, SI
	DECQ      CX
	JNZ       rcloop

rcdone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func utf16LenFromUTF8AVX512(src []byte) int
//
// Registers: SI src, CX blocks left, AX the count, Z1 C0, Z3 F0 (bytes).
TEXT ·utf16LenFromUTF8AVX512(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	SHRQ $6, CX
	MOVQ CX, AX
	SHLQ $6, AX
	MOVL $0xC0C0C0C0, DX
	VPBROADCASTD DX, Z1
	MOVL $0xF0F0F0F0, DX
	VPBROADCASTD DX, Z3
	TESTQ CX, CX
	JZ   u16done

u16loop:
	VMOVDQU64 (SI), Z2
	VPCMPB    $1, Z1, Z2, K1         // K1: continuation bytes
	VPCMPUB   $5, Z3, Z2, K2         // K2: bytes F0–FF, four-byte leads
	KMOVQ     K1, DX
	KMOVQ     K2, R8
	POPCNTQ   DX, DX
	POPCNTQ   R8, R8
	SUBQ      DX, AX
	ADDQ      R8, AX
	ADDQ      $64, SI
	DECQ      CX
	JNZ       u16loop

u16done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func utf8LenFromUTF16LEAVX512(src []byte) int
//
// 32 units a block. Registers: SI src, CX blocks left, AX the count.
// Constants (words): Z1 0080, Z3 0800, Z4 D800.
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
	TESTQ CX, CX
	JZ   u8done

u8loop:
	VMOVDQU64 (SI), Z2
	VPCMPUW   $1, Z1, Z2, K1         // K1: units below 0080
	VPCMPUW   $1, Z3, Z2, K2         // K2: units below 0800
	VPSUBW    Z4, Z2, Z5
	VPCMPUW   $1, Z3, Z5, K3         // K3: units D800–DFFF (unit-D800 below 0800)
	KORD      K2, K3, K2             // disjoint: below 0800, or a surrogate
	KMOVD     K1, DX
	KMOVD     K2, R8
	POPCNTL   DX, DX
	POPCNTL   R8, R8
	SUBQ      DX, AX
	SUBQ      R8, AX
	ADDQ      $64, SI
	DECQ      CX
	JNZ       u8loop

u8done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func runeCountAVX2(src []byte) int
//
// Registers: SI src, CX blocks left, AX the count, Y1 C0 (bytes).
TEXT ·runeCountAVX2(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	SHRQ $5, CX
	MOVQ CX, AX
	SHLQ $5, AX
	MOVL $0xC0C0C0C0, DX
	MOVQ DX, X1
	VPBROADCASTD X1, Y1
	TESTQ CX, CX
	JZ   rc2done

rc2loop:
	VMOVDQU   (SI), Y2
	VPCMPGTB  Y2, Y1, Y3             // C0 > byte as signed: continuation bytes
	VPMOVMSKB Y3, DX
	POPCNTL   DX, DX
	SUBQ      DX, AX
	ADDQ      $32, SI
	DECQ      CX
	JNZ       rc2loop

rc2done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func utf16LenFromUTF8AVX2(src []byte) int
//
// Registers: SI src, CX blocks left, AX the count, Y1 C0, Y4 F0 (bytes).
TEXT ·utf16LenFromUTF8AVX2(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	SHRQ $5, CX
	MOVQ CX, AX
	SHLQ $5, AX
	MOVL $0xC0C0C0C0, DX
	MOVQ DX, X1
	VPBROADCASTD X1, Y1
	MOVL $0xF0F0F0F0, DX
	MOVQ DX, X4
	VPBROADCASTD X4, Y4
	TESTQ CX, CX
	JZ   u162done

u162loop:
	VMOVDQU   (SI), Y2
	VPCMPGTB  Y2, Y1, Y3             // continuation bytes
	VPMAXUB   Y4, Y2, Y5
	VPCMPEQB  Y2, Y5, Y5             // max(byte, F0) = byte: bytes F0–FF
	VPMOVMSKB Y3, DX
	VPMOVMSKB Y5, R8
	POPCNTL   DX, DX
	POPCNTL   R8, R8
	SUBQ      DX, AX
	ADDQ      R8, AX
	ADDQ      $32, SI
	DECQ      CX
	JNZ       u162loop

u162done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func utf8LenFromUTF16LEAVX2(src []byte) int
//
// 16 units a block. AVX2 has no unsigned word compare: u < k is
// min(u, k-1) = u. A word's compare result is two bytes of VPMOVMSKB, so
// the two masks (below 0080; below 0800 or a surrogate) are counted
// together and halved. Registers: SI src, CX blocks left, AX the count.
// Constants (words): Y1 007F, Y4 07FF, Y6 F800, Y7 D800.
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
	MOVL $0xF800F800, DX
	MOVQ DX, X6
	VPBROADCASTD X6, Y6
	MOVL $0xD800D800, DX
	MOVQ DX, X7
	VPBROADCASTD X7, Y7
	TESTQ CX, CX
	JZ   u82done

u82loop:
	VMOVDQU   (SI), Y2
	VPMINUW   Y1, Y2, Y3
	VPCMPEQW  Y2, Y3, Y3             // Y3: units below 0080
	VPMINUW   Y4, Y2, Y5
	VPCMPEQW  Y2, Y5, Y5             // Y5: units below 0800
	VPAND     Y6, Y2, Y8
	VPCMPEQW  Y7, Y8, Y8             // Y8: units D800–DFFF
	VPOR      Y8, Y5, Y5             // disjoint: below 0800, or a surrogate
	VPMOVMSKB Y3, DX
	VPMOVMSKB Y5, R8
	POPCNTL   DX, DX
	POPCNTL   R8, R8
	ADDQ      R8, DX
	SHRQ      $1, DX                 // two mask bits a unit
	SUBQ      DX, AX
	ADDQ      $32, SI
	DECQ      CX
	JNZ       u82loop

u82done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
