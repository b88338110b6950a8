//go:build amd64 && gc && !purego

#include "textflag.h"

// UTF-16LE to UTF-8, AVX-512 (BW, VBMI2).
//
// Each step takes 32 code units (64 bytes). All ASCII: narrow the units
// to bytes (VPMOVWB). Otherwise, 16 units at a time, each unit widens to a
// 32-bit lane that receives its whole UTF-8 form, low byte first:
//
//   w < 80:    w
//   w < 800:   C0|w>>6, 80|w&3F                  (t2)
//   otherwise: E0|w>>12, 80|w>>6&3F, 80|w&3F     (t3)
//
// and a lane of "keep" bytes (80 for each byte of the form) whose sign
// bits (VPMOVB2M) say which bytes VPCOMPRESSB gathers. A step whose units
// include surrogates takes the pair path (w16surr); an unpaired surrogate
// ends the vector loop, and the caller's scalar code explains it.

// U16HALF converts the 16 units at src (widened to dwords in Z3) and
// appends their UTF-8 form at (DI)(BX*1), writing 64 bytes there.
#define U16HALF(src) \
	VPMOVZXWD  src, Z3; \
	VPCMPUD    $1, Z24, Z3, K3; \
	VPCMPUD    $1, Z25, Z3, K4; \
	VPSRLD     $12, Z3, Z4; \
	VPSLLD     $2, Z3, Z5; \
	VPTERNLOGD $0xF8, Z20, Z5, Z4; \
	VPSLLD     $16, Z3, Z5; \
	VPTERNLOGD $0xF8, Z21, Z5, Z4; \
	VPORD      Z22, Z4, Z4; \
	VPSRLD     $6, Z3, Z5; \
	VPSLLD     $8, Z3, Z6; \
	VPTERNLOGD $0xF8, Z20, Z6, Z5; \
	VPORD      Z23, Z5, K4, Z4; \
	VMOVDQA32  Z3, K3, Z4; \
	VMOVDQA32  Z27, Z7; \
	VMOVDQA32  Z26, K4, Z7; \
	VMOVDQA32  Z24, K3, Z7; \
	VPMOVB2M   Z7, K5; \
	KMOVQ      K5, R10; \
	VPCOMPRESSB.Z Z4, K5, Z6; \
	VMOVDQU64  Z6, (DI)(BX*1); \
	POPCNTQ    R10, R10; \
	ADDQ       R10, BX

// U16HALFSURR is U16HALF for units that include surrogates. next is the
// address of the units one place further (each lane's successor), kh the
// lanes that hold the first unit of a pair (they get the four-byte form)
// and ks the lanes that give no output (the second unit of a pair, or a
// first unit left for the next step). With c = (w<<10) + next - 35FDC00,
// the code point of the pair:
//
//   t4 = F0|c>>18, 80|c>>12&3F, 80|c>>6&3F, 80|c&3F
#define U16HALFSURR(src, next, kh, ks) \
	VPMOVZXWD  src, Z3; \
	VPMOVZXWD  next, Z8; \
	VPCMPUD    $1, Z24, Z3, K3; \
	VPCMPUD    $1, Z25, Z3, K4; \
	VPSRLD     $12, Z3, Z4; \
	VPSLLD     $2, Z3, Z5; \
	VPTERNLOGD $0xF8, Z20, Z5, Z4; \
	VPSLLD     $16, Z3, Z5; \
	VPTERNLOGD $0xF8, Z21, Z5, Z4; \
	VPORD      Z22, Z4, Z4; \
	VPSRLD     $6, Z3, Z5; \
	VPSLLD     $8, Z3, Z6; \
	VPTERNLOGD $0xF8, Z20, Z6, Z5; \
	VPORD      Z23, Z5, K4, Z4; \
	VMOVDQA32  Z3, K3, Z4; \
	VPSLLD     $10, Z3, Z9; \
	VPADDD     Z8, Z9, Z9; \
	VPSUBD     Z14, Z9, Z9; \
	VPSRLD     $18, Z9, Z10; \
	VPSRLD     $4, Z9, Z11; \
	VPTERNLOGD $0xF8, Z20, Z11, Z10; \
	VPSLLD     $10, Z9, Z11; \
	VPTERNLOGD $0xF8, Z21, Z11, Z10; \
	VPSLLD     $24, Z9, Z11; \
	VPTERNLOGD $0xF8, Z17, Z11, Z10; \
	VPORD      Z16, Z10, kh, Z4; \
	VMOVDQA32  Z27, Z7; \
	VMOVDQA32  Z26, K4, Z7; \
	VMOVDQA32  Z24, K3, Z7; \
	VMOVDQA32  Z15, kh, Z7; \
	VPXORD     Z7, Z7, ks, Z7; \
	VPMOVB2M   Z7, K5; \
	KMOVQ      K5, R10; \
	VPCOMPRESSB.Z Z4, K5, Z6; \
	VMOVDQU64  Z6, (DI)(BX*1); \
	POPCNTQ    R10, R10; \
	ADDQ       R10, BX

// func utf16LEToUTF8AVX512(dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc.
// Constants (dwords unless said): Z20 3F00, Z21 3F0000, Z22 8080E0,
// Z23 80C0, Z24 80, Z25 800, Z26 8080, Z27 808080, Z28 FF80 (words),
// Z29 F800 (words), Z30 D800 (words).
//
// The VPORD into Z4 under K4 replaces the three-byte form by the
// two-byte one (Z5 | 80C0) where w < 800; the move under K3 then puts the
// ASCII units in place.
TEXT ·utf16LEToUTF8AVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX

	MOVL $0x3F00, DX
	VPBROADCASTD DX, Z20
	MOVL $0x3F0000, DX
	VPBROADCASTD DX, Z21
	MOVL $0x8080E0, DX
	VPBROADCASTD DX, Z22
	MOVL $0x80C0, DX
	VPBROADCASTD DX, Z23
	MOVL $0x80, DX
	VPBROADCASTD DX, Z24
	MOVL $0x800, DX
	VPBROADCASTD DX, Z25
	MOVL $0x8080, DX
	VPBROADCASTD DX, Z26
	MOVL $0x808080, DX
	VPBROADCASTD DX, Z27
	MOVL $0xFF80FF80, DX
	VPBROADCASTD DX, Z28
	MOVL $0xF800F800, DX
	VPBROADCASTD DX, Z29
	MOVL $0xD800D800, DX
	VPBROADCASTD DX, Z30
	MOVL $0xFC00FC00, DX
	VPBROADCASTD DX, Z18
	MOVL $0xDC00DC00, DX
	VPBROADCASTD DX, Z19
	MOVL $0x3F000000, DX
	VPBROADCASTD DX, Z17
	MOVL $0x808080F0, DX
	VPBROADCASTD DX, Z16
	MOVL $0x80808080, DX
	VPBROADCASTD DX, Z15
	MOVL $0x35FDC00, DX
	VPBROADCASTD DX, Z14
	MOVL $0x3F003F00, DX
	VPBROADCASTD DX, Z13
	MOVL $0x80C080C0, DX
	VPBROADCASTD DX, Z12
	MOVL $0x08000800, DX
	VPBROADCASTD DX, Z31

w16loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $64
	JB   w16done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $128
	JB   w16done

	VMOVDQU64 (SI)(AX*1), Z1
	VPTESTMW  Z28, Z1, K1            // K1: units above 7F
	KORTESTD  K1, K1
	JNZ       w16wide
	VPMOVWB   Z1, Y2                 // ASCII: one byte per unit
	VMOVDQU   Y2, (DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $32, BX
	JMP       w16loop

w16wide:
	VPANDD   Z29, Z1, Z2
	VPCMPEQW Z30, Z2, K2             // K2: surrogates
	KORTESTD K2, K2
	JNZ      w16surr
	VPCMPUW  $1, Z31, Z1, K3         // K3: units below 800
	KMOVD    K3, R10
	CMPL     R10, $-1
	JEQ      w16two

	U16HALF((SI)(AX*1))
	U16HALF(32(SI)(AX*1))
	ADDQ $64, AX
	JMP  w16loop

w16two:
	// Every unit below 800: one or two bytes each, done on the 32 units
	// at once as in Latin-1 to UTF-8: a unit above 7F becomes the word
	// C0|w>>6, 80|w&3F; the keep mask has every even byte and the odd
	// byte of each such unit.
	VPSRLW     $6, Z1, Z3
	VPSLLW     $8, Z1, Z4
	VPTERNLOGD $0xF8, Z13, Z4, Z3    // Z3 = w>>6 | (w<<8 & 3F00)
	VPORD      Z12, Z3, Z3           // | 80C0
	VMOVDQU16  Z3, K1, Z1
	KMOVD      K1, R10
	MOVQ       $0xAAAAAAAAAAAAAAAA, R11
	PDEPQ      R11, R10, R10
	MOVQ       $0x5555555555555555, R11
	ORQ        R11, R10
	KMOVQ      R10, K5
	VPCOMPRESSB.Z Z1, K5, Z6
	VMOVDQU64  Z6, (DI)(BX*1)
	POPCNTQ    R10, R10
	ADDQ       R10, BX
	ADDQ       $64, AX
	JMP        w16loop

w16surr:
	// Surrogates: every first unit (D800–DBFF) must be followed by a
	// second (DC00–DFFF), and every second preceded by a first. A first
	// unit in the last place waits for the next step. The step reads the
	// two bytes after the block (each lane's successor).
	VPANDD   Z18, Z1, Z2
	VPCMPEQW Z30, Z2, K6
	VPCMPEQW Z19, Z2, K7
	KMOVD    K6, R11                 // R11: first units
	KMOVD    K7, R12                 // R12: second units
	CMPL     R11, $0x55555555
	JNE      w16mix
	CMPL     R12, $0xAAAAAAAA
	JEQ      w16allpairs

w16mix:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $66
	JB   w16done
	MOVQ     $64, R13                // bytes this step reads
	MOVL     R12, R15                // R15: lanes without output
	BTRL     $31, R11
	JCC      w16pairs
	MOVQ     $62, R13
	BTSL     $31, R15

w16pairs:
	MOVL R11, R14
	SHLL $1, R14
	CMPL R12, R14
	JNE  w16done                     // an unpaired surrogate: the scalar code stops there
	KMOVD R11, K6
	KMOVD R15, K7
	U16HALFSURR((SI)(AX*1), 2(SI)(AX*1), K6, K7)
	SHRL  $16, R11
	SHRL  $16, R15
	KMOVD R11, K6
	KMOVD R15, K7
	U16HALFSURR(32(SI)(AX*1), 34(SI)(AX*1), K6, K7)
	ADDQ R13, AX
	JMP  w16loop

w16allpairs:
	// Sixteen surrogate pairs: each dword is a pair (first unit low) and
	// becomes the four bytes of its code point c (t4 of U16HALFSURR).
	VPSLLD     $16, Z1, Z9
	VPSRLD     $6, Z9, Z9            // first<<10
	VPSRLD     $16, Z1, Z8           // second
	VPADDD     Z8, Z9, Z9
	VPSUBD     Z14, Z9, Z9           // c
	VPSRLD     $18, Z9, Z10
	VPSRLD     $4, Z9, Z11
	VPTERNLOGD $0xF8, Z20, Z11, Z10
	VPSLLD     $10, Z9, Z11
	VPTERNLOGD $0xF8, Z21, Z11, Z10
	VPSLLD     $24, Z9, Z11
	VPTERNLOGD $0xF8, Z17, Z11, Z10
	VPORD      Z16, Z10, Z10
	VMOVDQU64  Z10, (DI)(BX*1)
	ADDQ       $64, BX
	ADDQ       $64, AX
	JMP        w16loop

w16done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
