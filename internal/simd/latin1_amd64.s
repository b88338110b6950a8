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

// EXPAND32 converts the 32 Latin-1 bytes at src into UTF-8 at dst+BX
// (up to 64 bytes; the caller guarantees room for 64) and adds the
// length written to BX. R11 holds the mask of the bytes above 7F (which
// is also the mask of the words above 7F).
//
// Each byte widens to a 16-bit word w. A non-ASCII w becomes the pair
// C0|w>>6, 80|w&3F, stored low byte first; an ASCII w stays as it is, and
// its zero high byte is dropped by the compress. The keep mask has every
// even byte and the odd byte of each non-ASCII word.
#define EXPAND32(src) \
	VPMOVZXBW  src, Z2; \
	VPSRLW     $6, Z2, Z3; \
	VPSLLW     $8, Z2, Z4; \
	VPTERNLOGD $0xF8, Z20, Z4, Z3; \
	VPORQ      Z21, Z3, Z3; \
	KMOVD      R11, K2; \
	VMOVDQU16  Z3, K2, Z2; \
	PDEPQ      R14, R11, R10; \
	ORQ        R13, R10; \
	KMOVQ      R10, K3; \
	VPCOMPRESSB.Z Z2, K3, Z5; \
	VMOVDQU64  Z5, (DI)(BX*1); \
	POPCNTQ    R10, R10; \
	ADDQ       R10, BX

// func latin1ToUTF8AVX512(dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc.
TEXT ·latin1ToUTF8AVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX

	MOVL $0x3F003F00, DX
	VPBROADCASTD DX, Z20
	MOVL $0x80C080C0, DX
	VPBROADCASTD DX, Z21
	MOVQ $0x5555555555555555, R13
	MOVQ $0xAAAAAAAAAAAAAAAA, R14

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
	KMOVQ K1, R12                    // R12: bytes above 7F
	MOVL  R12, R11
	TESTL R11, R11
	JNZ   l1lo
	VMOVDQU Y1, (DI)(BX*1)           // the first half is ASCII
	ADDQ  $32, BX
	JMP   l1hi

l1lo:
	EXPAND32((SI)(AX*1))

l1hi:
	SHRQ  $32, R12
	MOVL  R12, R11
	TESTL R11, R11
	JNZ   l1hiexp
	VEXTRACTI64X4 $1, Z1, Y2         // the second half is ASCII
	VMOVDQU Y2, (DI)(BX*1)
	ADDQ  $32, BX
	ADDQ  $64, AX
	JMP   l1loop

l1hiexp:
	EXPAND32(32(SI)(AX*1))
	ADDQ $64, AX
	JMP  l1loop

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
