//go:build amd64 && gc && !purego

#include "textflag.h"
#include "avx2_expand16_amd64.h"

// The AVX2 Latin-1 converters (the general scheme is described in
// avx2_utf16_to_utf8_amd64.s).

// ASCII_TAIL32 converts the last DX bytes of src (fewer than 32) when the
// last 32 bytes of src are all ASCII: that window is copied again whole.
// Its bytes before AX were copied by this call, one byte each, just
// before BX, so the copy ends DX bytes after BX and rewrites what is
// before BX with the same bytes; nothing outside src or dst is touched.
// Otherwise, or when src is shorter than the window or dst has no room,
// it goes to done and leaves the bytes to the scalar code. Registers:
// SI, R9 src and its length, DI, R8 dst and its length, AX, BX the
// offsets reached; uses R10, R13 and Y1.
#define ASCII_TAIL32(done) \
	TESTQ DX, DX; \
	JZ    done; \
	CMPQ  R9, $32; \
	JB    done; \
	MOVQ  R8, R13; \
	SUBQ  BX, R13; \
	CMPQ  R13, DX; \
	JB    done; \
	VMOVDQU   -32(SI)(R9*1), Y1; \
	VPMOVMSKB Y1, R10; \
	TESTL     R10, R10; \
	JNZ       done; \
	ADDQ      DX, BX; \
	VMOVDQU   Y1, -32(DI)(BX*1); \
	MOVQ      R9, AX

// func latin1ToUTF8AVX2(dst, src []byte) (nDst, nSrc int)
//
// 32 bytes a step: copied when ASCII, else taken 16 at a time, each half
// copied when ASCII, else widened and expanded (EXPAND16). Registers: DI
// dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc.
TEXT ·latin1ToUTF8AVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	EXPANDCONSTS

l2loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $32
	JB   l2tail
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $64
	JB   l2done

	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R10                // R10: bytes above 7F
	TESTL     R10, R10
	JNZ       l2expand
	VMOVDQU   Y1, (DI)(BX*1)
	ADDQ      $32, AX
	ADDQ      $32, BX
	JMP       l2loop

l2expand:
	// A half of 16 ASCII bytes is copied; the other is expanded.
	TESTL     $0xFFFF, R10
	JNZ       l2low
	VMOVDQU   X1, (DI)(BX*1)
	ADDQ      $16, BX
	JMP       l2high

l2low:
	VPMOVZXBW (SI)(AX*1), Y2
	MOVL      R10, R11
	EXPAND16

l2high:
	MOVL      R10, R11
	SHRL      $16, R11
	JNZ       l2highx
	VEXTRACTI128 $1, Y1, X2
	VMOVDQU   X2, (DI)(BX*1)
	ADDQ      $16, BX
	ADDQ      $32, AX
	JMP       l2loop

l2highx:
	VPMOVZXBW 16(SI)(AX*1), Y2
	EXPAND16
	ADDQ      $32, AX
	JMP       l2loop

l2tail:
	ASCII_TAIL32(l2done)

l2done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

// func utf8ToLatin1AVX2(dst, src []byte) (nDst, nSrc int)
//
// The rules of utf8ToLatin1AVX512 on 32-byte blocks (31 when the block
// ends with a lead), with ASCII copied 64 bytes a step while it lasts: the
// block is checked with masks in general
// registers, 40 is added after each C3, the block is stored to dst, and
// then compacted in place, 8 bytes at a time, by PEXT with the mask of
// the bytes to keep (the output never overtakes the input).
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc.
TEXT ·utf8ToLatin1AVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	MOVL $0x40404040, DX
	VMOVQ DX, X10
	VPBROADCASTD X10, Y10            // 40
	MOVL $0xC3C3C3C3, DX
	VMOVQ DX, X11
	VPBROADCASTD X11, Y11            // C3
	MOVL $0xBFBFBFBF, DX
	VMOVQ DX, X12
	VPBROADCASTD X12, Y12            // BF: signed compare bound for leads
	MOVL $0xFEFEFEFE, DX
	VMOVQ DX, X13
	VPBROADCASTD X13, Y13            // FE
	MOVL $0xC2C2C2C2, DX
	VMOVQ DX, X14
	VPBROADCASTD X14, Y14            // C2
	VPXOR Y15, Y15, Y15
	MOVQ $0x0101010101010101, R15

u2loop:
	// While both src and dst have room for 64 bytes, ASCII is copied 64
	// bytes a step, with a single bound (R12) for the src pointer R10:
	// the distance from a src byte to its place in dst (R13) does not
	// change while the bytes are ASCII.
	MOVQ    R9, DX
	SUBQ    AX, DX
	MOVQ    R8, CX
	SUBQ    BX, CX
	CMPQ    CX, DX
	CMOVQLT CX, DX                   // DX: the room in both
	CMPQ    DX, $64
	JB      u2block
	LEAQ    (SI)(AX*1), R10
	LEAQ    -64(R10)(DX*1), R12      // the last src pointer with 64 bytes of room
	LEAQ    (DI)(BX*1), R13
	SUBQ    R10, R13                 // R13: dst pointer - src pointer
	PCALIGN $64                      // a loop across a 64-byte line ran at 2/3 the speed

u2ascii:
	VMOVDQU   (R10), Y1
	VMOVDQU   32(R10), Y2
	VPOR      Y1, Y2, Y3
	VPMOVMSKB Y3, CX
	TESTL     CX, CX
	JNZ       u2asciiend
	VMOVDQU   Y1, (R10)(R13*1)
	VMOVDQU   Y2, 32(R10)(R13*1)
	ADDQ      $64, R10
	CMPQ      R10, R12
	JLS       u2ascii

u2asciiend:
	SUBQ SI, R10                     // R10: the new nSrc
	MOVQ R10, CX
	SUBQ AX, CX
	ADDQ CX, BX
	MOVQ R10, AX

u2block:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $32
	JB   u2tail
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $32
	JB   u2done

	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R10                // R10: non-ASCII bytes
	TESTL     R10, R10
	JNZ       u2mixed
	VMOVDQU   Y1, (DI)(BX*1)
	ADDQ      $32, AX
	ADDQ      $32, BX
	JMP       u2loop

u2mixed:
	// Leads are the bytes C0–FF: as signed bytes, above BF (-65).
	VPCMPGTB  Y12, Y1, Y2
	VPMOVMSKB Y2, R11
	ANDL      R10, R11               // R11: bytes >= C0 (ASCII is above BF too, as signed)
	VPAND     Y13, Y1, Y3
	VPCMPEQB  Y14, Y3, Y3
	VPMOVMSKB Y3, R12                // R12: C2 and C3
	CMPL      R11, R12
	JNE       u2done                 // a lead other than C2, C3

	MOVL R11, R14
	NOTL R14                         // R14: the bytes to keep
	MOVL R14, DX
	ANDL R10, DX                     // DX: continuation bytes
	MOVQ $32, CX
	BTRL $31, R11
	JCC  u2pairs
	MOVQ $31, CX                     // a lead in the last byte waits

u2pairs:
	MOVL R11, R12
	SHLL $1, R12
	CMPL DX, R12
	JNE  u2done                      // a lead without its continuation, or a stray one

	// Each byte's predecessor: the block shifted up by one byte.
	VPERM2I128 $0x08, Y1, Y1, Y2     // low lane zero, high lane = the low lane
	VPALIGNR   $15, Y2, Y1, Y2
	VPCMPEQB   Y11, Y2, Y2           // after C3
	VPAND      Y10, Y2, Y2
	VPADDB     Y2, Y1, Y1
	VMOVDQU    Y1, (DI)(BX*1)

	// Compact in place: four groups of 8 bytes.
	MOVQ BX, R13                     // where the block was stored
	MOVQ $0, R12

#define COMPACT8(off) \
	MOVL    R14, DX; \
	SHRL    $off, DX; \
	ANDL    $0xFF, DX; \
	PDEPQ   R15, DX, R11; \
	IMUL3Q  $0xFF, R11, R11; \
	MOVQ    off(DI)(R13*1), R10; \
	PEXTQ   R11, R10, R10; \
	MOVQ    R10, (DI)(BX*1); \
	POPCNTL DX, DX; \
	ADDQ    DX, BX

	COMPACT8(0)
	COMPACT8(8)
	COMPACT8(16)
	COMPACT8(24)
	ADDQ CX, AX
	JMP  u2loop

u2tail:
	ASCII_TAIL32(u2done)

u2done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
