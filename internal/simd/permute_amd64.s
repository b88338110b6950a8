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
