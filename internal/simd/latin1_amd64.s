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
// A mixed block of 64 bytes is interleaved (VPERMB) so that word i holds
// byte i low and byte i+32 high, and each half becomes words of the
// two-byte form, lead first, whatever the byte:
//
//   first half:  VPSHLDW puts the byte high and C2 low; for bytes C0–FF,
//                adding C001 makes the lead C3 and the byte 40 less;
//   second half: the high byte kept, XOR 00C2 (or 40C3 for C0–FF).
//
// For a byte 80–BF the form is C2 b, for C0–FF it is C3 b-40: the UTF-8
// of U+0080–U+00FF. For ASCII the lead is dropped by VPCOMPRESSB, with a
// mask of top bits (VPMOVB2M): each lead's place must take the top bit of
// its character, each other place a set bit. For the first half those
// are the interleaved words with 8000 set (byte i low); for the second
// its output words with their bytes swapped (VPSHLDW rotates), the
// character's byte then low and the lead, top bit set, high. (The
// interleave and the lead arithmetic are simdutf's idea.) The masks stay
// in mask registers and the output lengths come from the count of
// non-ASCII bytes, so no move between mask and general registers and no
// count of a compress mask sits on the path to the next store.
//
// The text decides the loop. In French text six blocks of seven hold a
// non-ASCII byte, at random; a branch on each block's ASCII test would go
// the rare way, unpredictably, once in seven blocks, so the mixed loop
// runs every block through the conversion, two blocks a step, with no
// branch on the data. When a step's 128 bytes are all ASCII it goes over to a loop that
// copies 64 bytes at a time for as long as they are ASCII. A block or
// room for only one block's output ends with the single-block step.
//
// Registers: DI dst, SI src, BX nDst, AX nSrc; R8, R9, R12–R14 limits.
// Constants: Z20 the interleave, Z21 C2C2, Z22 C001, Z23 40C3, Z24 00C2,
// Z25 FF00, Z27 8000 (words), Z26 C0 (bytes).

// L1BLOCK converts the 64 bytes in zin and stores them at dst+BX+off,
// two unmasked 64-byte stores of the compressed halves (the second
// overwrites the first past the first half's output). It leaves in rn the count of
// non-ASCII bytes, the output's length less 64. Clobbers DX and R15.
#define L1BLOCK(zin, za, zb, zc, zd, ka, kb, kc, rn, off) \
	VPMOVB2M      zin, ka; \
	VPCMPUB       $5, Z26, zin, kb; \
	VPERMB        zin, Z20, za; \
	VPSHLDW       $8, Z21, za, zb; \
	VPADDW        Z22, zb, kb, zb; \
	KSHIFTRQ      $32, kb, kc; \
	VPBLENDMW     Z23, Z24, kc, zc; \
	VPORD         Z27, za, zd; \
	VPMOVB2M      zd, kb; \
	VPTERNLOGD    $0x6C, Z25, zc, za; \
	VPSHLDW       $8, za, za, zd; \
	VPMOVB2M      zd, kc; \
	VPCOMPRESSB.Z zb, kb, zc; \
	VPCOMPRESSB.Z za, kc, zd; \
	KMOVQ         ka, DX; \
	POPCNTL       DX, R15; \
	POPCNTQ       DX, rn; \
	VMOVDQU64     zc, off(DI)(BX*1); \
	LEAQ          off+32(DI)(BX*1), DX; \
	VMOVDQU64     zd, (DX)(R15*1)

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
	MOVL $0x80008000, DX
	VPBROADCASTD DX, Z27

	// The last offsets at which a step fits: R9 and R12 in src for 64
	// and 128 bytes, R14, R8 and R13 in dst for 64, 128 and 256 bytes.
	LEAQ -128(R9), R12
	SUBQ $64, R9
	LEAQ -64(R8), R14
	LEAQ -256(R8), R13
	SUBQ $128, R8

l1pair:
	CMPQ AX, R12
	JG   l1single                    // fewer than 128 bytes left
	CMPQ BX, R13
	JG   l1single                    // no room for 256 bytes

	VMOVDQU64 (SI)(AX*1), Z1
	VMOVDQU64 64(SI)(AX*1), Z11
	L1BLOCK(Z1, Z2, Z3, Z4, Z5, K1, K2, K3, R10, 0)
	LEAQ      64(BX)(R10*1), BX      // the second block's output follows
	L1BLOCK(Z11, Z12, Z13, Z14, Z15, K4, K5, K6, R11, 0)
	LEAQ      64(BX)(R11*1), BX
	ADDQ      $128, AX
	ORQ       R10, R11
	JNZ       l1pair
	// 128 ASCII bytes: the text may be ASCII for a while.

l1ascii:
	CMPQ AX, R9
	JG   l1done
	CMPQ BX, R14
	JG   l1single                    // too little room for a copy; perhaps for nothing
	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KORTESTQ  K1, K1
	JNZ       l1pair                 // back to the mixed loop, this block included
	VMOVDQU64 Z1, (DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $64, BX
	JMP       l1ascii

l1single:
	CMPQ AX, R9
	JG   l1done
	CMPQ BX, R8
	JG   l1done
	VMOVDQU64 (SI)(AX*1), Z1
	L1BLOCK(Z1, Z2, Z3, Z4, Z5, K1, K2, K3, R10, 0)
	LEAQ      64(BX)(R10*1), BX
	ADDQ      $64, AX
	JMP       l1single

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
