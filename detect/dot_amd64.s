//go:build amd64 && gc && !purego

#include "textflag.h"

// func dotHighAVX2(hist *[128]uint32, cost *[128]int32) int32
//
// The sum of hist[i]*cost[i] over 128 elements, in 32-bit arithmetic that
// wraps as Go's int32 does: sixteen blocks of eight lanes, multiplied
// (VPMULLD keeps the low 32 bits of each product, the same for signed and
// unsigned lanes) and added into four accumulators, which are then added
// together and across their lanes.
TEXT ·dotHighAVX2(SB), NOSPLIT, $0-20
	MOVQ hist+0(FP), SI
	MOVQ cost+8(FP), DI
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VMOVDQU 0(SI), Y4
	VPMULLD 0(DI), Y4, Y4
	VPADDD Y4, Y0, Y0
	VMOVDQU 32(SI), Y5
	VPMULLD 32(DI), Y5, Y5
	VPADDD Y5, Y1, Y1
	VMOVDQU 64(SI), Y6
	VPMULLD 64(DI), Y6, Y6
	VPADDD Y6, Y2, Y2
	VMOVDQU 96(SI), Y7
	VPMULLD 96(DI), Y7, Y7
	VPADDD Y7, Y3, Y3
	VMOVDQU 128(SI), Y4
	VPMULLD 128(DI), Y4, Y4
	VPADDD Y4, Y0, Y0
	VMOVDQU 160(SI), Y5
	VPMULLD 160(DI), Y5, Y5
	VPADDD Y5, Y1, Y1
	VMOVDQU 192(SI), Y6
	VPMULLD 192(DI), Y6, Y6
	VPADDD Y6, Y2, Y2
	VMOVDQU 224(SI), Y7
	VPMULLD 224(DI), Y7, Y7
	VPADDD Y7, Y3, Y3
	VMOVDQU 256(SI), Y4
	VPMULLD 256(DI), Y4, Y4
	VPADDD Y4, Y0, Y0
	VMOVDQU 288(SI), Y5
	VPMULLD 288(DI), Y5, Y5
	VPADDD Y5, Y1, Y1
	VMOVDQU 320(SI), Y6
	VPMULLD 320(DI), Y6, Y6
	VPADDD Y6, Y2, Y2
	VMOVDQU 352(SI), Y7
	VPMULLD 352(DI), Y7, Y7
	VPADDD Y7, Y3, Y3
	VMOVDQU 384(SI), Y4
	VPMULLD 384(DI), Y4, Y4
	VPADDD Y4, Y0, Y0
	VMOVDQU 416(SI), Y5
	VPMULLD 416(DI), Y5, Y5
	VPADDD Y5, Y1, Y1
	VMOVDQU 448(SI), Y6
	VPMULLD 448(DI), Y6, Y6
	VPADDD Y6, Y2, Y2
	VMOVDQU 480(SI), Y7
	VPMULLD 480(DI), Y7, Y7
	VPADDD Y7, Y3, Y3
	VPADDD Y1, Y0, Y0
	VPADDD Y3, Y2, Y2
	VPADDD Y2, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0x4E, X0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0xB1, X0, X1
	VPADDD X1, X0, X0
	VMOVD X0, AX
	VZEROUPPER
	MOVL AX, ret+16(FP)
	RET
