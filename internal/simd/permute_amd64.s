//go:build amd64 && gc && !purego

#include "textflag.h"

// func permuteAVX512(dst, src *byte, n int, p *[256]byte)
//
// dst[i] = p[src[i]] for the n bytes (a multiple of 64): each 64-byte
// block is looked up in both halves of p with VPERMI2B (which reads the
// low seven bits of each index), and the bytes 80–FF take the second.
TEXT ·permuteAVX512(SB), NOSPLIT, $0-32
	MOVQ      dst+0(FP), DI
	MOVQ      src+8(FP), SI
	MOVQ      n+16(FP), CX
	MOVQ      p+24(FP), AX
	VMOVDQU64 0(AX), Z0
	VMOVDQU64 64(AX), Z1
	VMOVDQU64 128(AX), Z2
	VMOVDQU64 192(AX), Z3

loop:
	CMPQ      CX, $64
	JB        done
	VMOVDQU64 (SI), Z4
	VMOVDQA64 Z4, Z5
	VPERMI2B  Z1, Z0, Z5  // Z5: p[b & 7F]
	VMOVDQA64 Z4, Z6
	VPERMI2B  Z3, Z2, Z6  // Z6: p[80 + (b & 7F)]
	VPMOVB2M  Z4, K1      // K1: the bytes 80–FF
	VMOVDQU8  Z6, K1, Z5
	VMOVDQU64 Z5, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	SUBQ      $64, CX
	JMP       loop

done:
	VZEROUPPER
	RET

// PERM2 looks up the 16-entry slices of p at off and off+16 with the low
// nibbles in Y1 and keeps, byte by byte, the second where bit 4 of the
// source byte is set (Y2 holds the bytes shifted left by 3).
#define PERM2(off, dst) \
	VBROADCASTI128 off(AX), Y5; \
	VPSHUFB        Y1, Y5, Y5; \
	VBROADCASTI128 off+16(AX), Y6; \
	VPSHUFB        Y1, Y6, Y6; \
	VPBLENDVB      Y2, Y6, Y5, dst

// PERM4 is two PERM2 over 64 entries of p at off, kept by bit 5 (Y3).
#define PERM4(off, dst) \
	PERM2(off, Y7); \
	PERM2(off+32, Y8); \
	VPBLENDVB Y3, Y8, Y7, dst

// PERM8 is two PERM4 over 128 entries of p at off, kept by bit 6 (Y4).
#define PERM8(off, dst) \
	PERM4(off, Y9); \
	PERM4(off+64, Y10); \
	VPBLENDVB Y4, Y10, Y9, dst

// func permuteAVX2(dst, src *byte, n int, p *[256]byte)
//
// dst[i] = p[src[i]] for the n bytes (a multiple of 32). Each 32-byte
// block is looked up in all sixteen 16-entry slices of p with VPSHUFB on
// its low nibbles, and the four high bits of each byte choose among the
// sixteen results in a tree of byte blends: bit 4, then 5, 6 and 7, each
// shifted into the blend's bit 7.
TEXT ·permuteAVX2(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	MOVQ         p+24(FP), AX
	MOVL         $0x0f0f0f0f, DX
	VMOVD        DX, X15
	VPBROADCASTD X15, Y15

ploop:
	CMPQ      CX, $32
	JB        pdone
	VMOVDQU   (SI), Y0
	VPAND     Y15, Y0, Y1 // the low nibbles: indexes into a slice
	VPSLLW    $3, Y0, Y2  // bit 4 of each byte in bit 7
	VPSLLW    $2, Y0, Y3  // bit 5
	VPSLLW    $1, Y0, Y4  // bit 6
	PERM8(0, Y11)
	PERM8(128, Y12)
	VPBLENDVB Y0, Y12, Y11, Y11 // bit 7: the upper half of p
	VMOVDQU   Y11, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	SUBQ      $32, CX
	JMP       ploop

pdone:
	VZEROUPPER
	RET
