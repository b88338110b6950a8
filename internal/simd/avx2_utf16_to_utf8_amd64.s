//go:build amd64 && gc && !purego

#include "textflag.h"
#include "avx2_words_to_utf8_amd64.h"
#include "avx2_expand16_amd64.h"

// The AVX2 converters. AVX2 has no compress instruction, so the bytes to
// keep are gathered by VPSHUFB with shuffles looked up in tables built at
// start-up (tables_amd64.go), one per 128-bit lane, keyed by a mask of the
// lane's contents; or, for UTF-8 to Latin-1, by PEXT on 64-bit groups.

DATA d800w<>+0(SB)/8, $0xD800D800D800D800
DATA d800w<>+8(SB)/8, $0xD800D800D800D800
DATA d800w<>+16(SB)/8, $0xD800D800D800D800
DATA d800w<>+24(SB)/8, $0xD800D800D800D800
GLOBL d800w<>(SB), RODATA|NOPTR, $32

DATA fc00w<>+0(SB)/8, $0xFC00FC00FC00FC00
DATA fc00w<>+8(SB)/8, $0xFC00FC00FC00FC00
DATA fc00w<>+16(SB)/8, $0xFC00FC00FC00FC00
DATA fc00w<>+24(SB)/8, $0xFC00FC00FC00FC00
GLOBL fc00w<>(SB), RODATA|NOPTR, $32
DATA dc00w<>+0(SB)/8, $0xDC00DC00DC00DC00
DATA dc00w<>+8(SB)/8, $0xDC00DC00DC00DC00
DATA dc00w<>+16(SB)/8, $0xDC00DC00DC00DC00
DATA dc00w<>+24(SB)/8, $0xDC00DC00DC00DC00
GLOBL dc00w<>(SB), RODATA|NOPTR, $32
DATA fc00d<>+0(SB)/8, $0x0000FC000000FC00
DATA fc00d<>+8(SB)/8, $0x0000FC000000FC00
DATA fc00d<>+16(SB)/8, $0x0000FC000000FC00
DATA fc00d<>+24(SB)/8, $0x0000FC000000FC00
GLOBL fc00d<>(SB), RODATA|NOPTR, $32
DATA d800d<>+0(SB)/8, $0x0000D8000000D800
DATA d800d<>+8(SB)/8, $0x0000D8000000D800
DATA d800d<>+16(SB)/8, $0x0000D8000000D800
DATA d800d<>+24(SB)/8, $0x0000D8000000D800
GLOBL d800d<>(SB), RODATA|NOPTR, $32
DATA dc00d<>+0(SB)/8, $0x0000DC000000DC00
DATA dc00d<>+8(SB)/8, $0x0000DC000000DC00
DATA dc00d<>+16(SB)/8, $0x0000DC000000DC00
DATA dc00d<>+24(SB)/8, $0x0000DC000000DC00
GLOBL dc00d<>(SB), RODATA|NOPTR, $32
DATA pairOff<>+0(SB)/8, $0x035FDC00035FDC00
DATA pairOff<>+8(SB)/8, $0x035FDC00035FDC00
DATA pairOff<>+16(SB)/8, $0x035FDC00035FDC00
DATA pairOff<>+24(SB)/8, $0x035FDC00035FDC00
GLOBL pairOff<>(SB), RODATA|NOPTR, $32
DATA c80f0d<>+0(SB)/8, $0x000080F0000080F0
DATA c80f0d<>+8(SB)/8, $0x000080F0000080F0
DATA c80f0d<>+16(SB)/8, $0x000080F0000080F0
DATA c80f0d<>+24(SB)/8, $0x000080F0000080F0
GLOBL c80f0d<>(SB), RODATA|NOPTR, $32
DATA c8080d<>+0(SB)/8, $0x0000808000008080
DATA c8080d<>+8(SB)/8, $0x0000808000008080
DATA c8080d<>+16(SB)/8, $0x0000808000008080
DATA c8080d<>+24(SB)/8, $0x0000808000008080
GLOBL c8080d<>(SB), RODATA|NOPTR, $32
DATA c3fd<>+0(SB)/8, $0x0000003F0000003F
DATA c3fd<>+8(SB)/8, $0x0000003F0000003F
DATA c3fd<>+16(SB)/8, $0x0000003F0000003F
DATA c3fd<>+24(SB)/8, $0x0000003F0000003F
GLOBL c3fd<>(SB), RODATA|NOPTR, $32
DATA f800w<>+0(SB)/8, $0xF800F800F800F800
DATA f800w<>+8(SB)/8, $0xF800F800F800F800
DATA f800w<>+16(SB)/8, $0xF800F800F800F800
DATA f800w<>+24(SB)/8, $0xF800F800F800F800
GLOBL f800w<>(SB), RODATA|NOPTR, $32

DATA c3f000000d<>+0(SB)/8, $0x3F0000003F000000
DATA c3f000000d<>+8(SB)/8, $0x3F0000003F000000
DATA c3f000000d<>+16(SB)/8, $0x3F0000003F000000
DATA c3f000000d<>+24(SB)/8, $0x3F0000003F000000
GLOBL c3f000000d<>(SB), RODATA|NOPTR, $32
DATA c808080f0d<>+0(SB)/8, $0x808080F0808080F0
DATA c808080f0d<>+8(SB)/8, $0x808080F0808080F0
DATA c808080f0d<>+16(SB)/8, $0x808080F0808080F0
DATA c808080f0d<>+24(SB)/8, $0x808080F0808080F0
GLOBL c808080f0d<>(SB), RODATA|NOPTR, $32

// PACK3 packs the dwords of Y4 given R11 (lanes above 7F) and R12 (lanes
// of three bytes) and appends them (threeByteShuf at R14, threeByteLen
// at R15).
#define PACK3 \
	ANDNL      R11, R12, R11; \
	MOVL       $0x5555, DX; \
	PDEPL      DX, R11, R11; \
	MOVL       $0xAAAA, DX; \
	PDEPL      DX, R12, R12; \
	ORL        R12, R11; \
	MOVL       R11, R12; \
	ANDL       $0xFF, R12; \
	MOVL       R12, DX; \
	SHLL       $4, DX; \
	VMOVDQU    (R14)(DX*1), X6; \
	SHRL       $8, R11; \
	MOVL       R11, DX; \
	SHLL       $4, DX; \
	VINSERTI128 $1, (R14)(DX*1), Y6, Y6; \
	VPSHUFB    Y6, Y4, Y4; \
	VMOVDQU    X4, (DI)(BX*1); \
	MOVBLZX    (R15)(R12*1), DX; \
	ADDQ       DX, BX; \
	VEXTRACTI128 $1, Y4, X7; \
	VMOVDQU    X7, (DI)(BX*1); \
	MOVBLZX    (R15)(R11*1), DX; \
	ADDQ       DX, BX

// EXPAND8S appends the UTF-8 form of the 8 units at src, widened to
// dwords, for units that include surrogate pairs (already checked to be
// paired). Each lane gets its whole form, low byte first (the forms of
// utf16LEToUTF8AVX512), and threeByteShuf[k] packs a lane's 4 dwords, k
// holding two bits per dword: its length less one. Constants: Y8 3F0000,
// Y9 8080E0, Y12 7F, Y14 7FF (dwords); Y10 3F00, Y11 80C0 (words; their
// upper words only touch bytes that are dropped). R14 holds the address
// of threeByteShuf, R15 of threeByteLen. A pair's two lanes each give
// two bytes of the four-byte form of c = (first<<10) + second - 35FDC00:
// the first lane F0|c>>18, 80|c>>12&3F, the second 80|c>>6&3F, 80|c&3F;
// so every lane keeps its place in threeByteShuf's scheme. next is the address of the
// units one place further; Y15 must hold each lane's predecessor.
// Uses Y1–Y7.
#define EXPAND8S(src, next) \
	VPMOVZXWD  src, Y3; \
	VPSRLD     $12, Y3, Y4; \
	VPSLLD     $2, Y3, Y5; \
	VPAND      Y10, Y5, Y5; \
	VPOR       Y5, Y4, Y4; \
	VPSLLD     $16, Y3, Y5; \
	VPAND      Y8, Y5, Y5; \
	VPOR       Y5, Y4, Y4; \
	VPOR       Y9, Y4, Y4; \
	VPSRLD     $6, Y3, Y5; \
	VPSLLD     $8, Y3, Y6; \
	VPAND      Y10, Y6, Y6; \
	VPOR       Y6, Y5, Y5; \
	VPOR       Y11, Y5, Y5; \
	VPCMPGTD   Y14, Y3, Y7; \
	VPBLENDVB  Y7, Y4, Y5, Y4; \
	VMOVMSKPS  Y7, R12; \
	VPCMPGTD   Y12, Y3, Y6; \
	VPBLENDVB  Y6, Y4, Y3, Y4; \
	VMOVMSKPS  Y6, R11; \
	VPAND      fc00d<>(SB), Y3, Y1; \
	VPCMPEQD   d800d<>(SB), Y1, Y2; \
	VPCMPEQD   dc00d<>(SB), Y1, Y1; \
	VPOR       Y1, Y2, Y5; \
	VMOVMSKPS  Y5, DX; \
	ANDNL      R12, DX, R12; \
	VPMOVZXWD  next, Y5; \
	VPSLLD     $10, Y3, Y6; \
	VPADDD     Y5, Y6, Y6; \
	VPSUBD     pairOff<>(SB), Y6, Y6; \
	VPSRLD     $18, Y6, Y5; \
	VPSRLD     $4, Y6, Y6; \
	VPAND      Y10, Y6, Y6; \
	VPOR       Y6, Y5, Y5; \
	VPOR       c80f0d<>(SB), Y5, Y5; \
	VPBLENDVB  Y2, Y5, Y4, Y4; \
	VPSLLD     $10, Y15, Y5; \
	VPADDD     Y3, Y5, Y5; \
	VPSUBD     pairOff<>(SB), Y5, Y5; \
	VPSRLD     $6, Y5, Y6; \
	VPAND      c3fd<>(SB), Y6, Y6; \
	VPSLLD     $8, Y5, Y5; \
	VPAND      Y10, Y5, Y5; \
	VPOR       Y6, Y5, Y5; \
	VPOR       c8080d<>(SB), Y5, Y5; \
	VPBLENDVB  Y1, Y5, Y4, Y4; \
	PACK3



// func utf16LEToUTF8AVX2(dst, src []byte) (nDst, nSrc int)
//
// 16 units (32 bytes) a step: narrowed when ASCII; expanded as words
// (EXPAND16) when all are below 800; interleaved by fixed shuffles when
// all are three bytes long; else by WORDS16TOUTF8 (v2three).
// A step with surrogates takes the pair path (v2surr); an unpaired one
// ends the loop (the scalar code explains it).
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc,
// CX len(src)-32; Y0 FF80 words, Y15 F800 words.
TEXT ·utf16LEToUTF8AVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	EXPANDCONSTS
	MOVL $0xFF80FF80, DX
	VMOVQ DX, X0
	VPBROADCASTD X0, Y0
	MOVL $0xF800F800, DX
	VMOVQ DX, X15
	VPBROADCASTD X15, Y15
	MOVL $0x3F0000, DX
	VMOVQ DX, X8
	VPBROADCASTD X8, Y8
	MOVL $0x8080E0, DX
	VMOVQ DX, X9
	VPBROADCASTD X9, Y9
	MOVL $0x7F, DX
	VMOVQ DX, X12
	VPBROADCASTD X12, Y12
	MOVL $0x7FF, DX
	VMOVQ DX, X14
	VPBROADCASTD X14, Y14
	LEAQ ·threeByteShuf(SB), R14
	LEAQ ·threeByteLen(SB), R15

	LEAQ -32(R9), CX                 // CX: the last start of a step
	PCALIGN $64                      // its speed depended on where the linker put it

v2loop:
	CMPQ AX, CX
	JGT  v2done                      // fewer than 32 bytes of src left
	LEAQ 64(BX), DX
	CMPQ DX, R8
	JA   v2done                      // no room for 64 bytes

	VMOVDQU (SI)(AX*1), Y1
	VPTEST  Y0, Y1
	JNZ     v2wide
	// ASCII: 32 units a step while they are ASCII, 64 bytes of src are
	// left and dst has room for 32 bytes; then 16.
	LEAQ    32(AX), DX
	CMPQ    DX, CX
	JGT     v2ascii16                // fewer than 64 bytes of src left
	VMOVDQU 32(SI)(AX*1), Y2
	VPTEST  Y0, Y2
	JNZ     v2ascii16
	VPACKUSWB Y2, Y1, Y1             // lanes: units 0–7, 16–23 | 8–15, 24–31
	VPERMQ  $0xD8, Y1, Y1
	VMOVDQU Y1, (DI)(BX*1)
	ADDQ    $64, AX
	ADDQ    $32, BX
	JMP     v2loop

v2ascii16:
	VPACKUSWB Y1, Y1, Y2             // narrow (lane by lane)
	VPERMQ  $0x08, Y2, Y2
	VMOVDQU X2, (DI)(BX*1)
	ADDQ    $32, AX
	ADDQ    $16, BX
	JMP     v2loop

v2wide:
	VPAND    Y15, Y1, Y4             // Y4: the bits F800
	VPCMPEQW d800w<>(SB), Y4, Y2
	VPTEST   Y2, Y2
	JNZ      v2surr                  // a surrogate
	VPTEST   Y4, Y4
	JZ       v2two
	VPXOR    Y3, Y3, Y3
	VPCMPEQW Y3, Y4, Y5              // units below 800
	VPTEST   Y5, Y5
	JNZ      v2three                 // a mix
	THREE16TOUTF8(Y1)                // all three bytes long
	ADDQ     $32, AX
	JMP      v2loop

v2two:
	VPCMPGTW  Y13, Y1, Y2            // all below 800: by words
	VPMOVMSKB Y2, R11
	MOVL      $0x55555555, DX
	PEXTL     DX, R11, R11           // R11: one bit per word above 7F
	VMOVDQA   Y1, Y2
	EXPAND16
	ADDQ      $32, AX
	JMP       v2loop

v2surr:
	// Surrogates: every first unit (D800–DBFF) must be followed by a
	// second (DC00–DFFF) and every second preceded by a first; a first
	// unit in the last place waits for the next step (its lane's two
	// bytes are dropped from the output). Reads two bytes past the step.
	VPAND     fc00w<>(SB), Y1, Y2
	VPCMPEQW  d800w<>(SB), Y2, Y3
	VPCMPEQW  dc00w<>(SB), Y2, Y2
	VPMOVMSKB Y3, R11
	VPMOVMSKB Y2, R12
	MOVL      $0x55555555, DX
	PEXTL     DX, R11, R11           // R11: first units
	PEXTL     DX, R12, R12           // R12: second units
	CMPL      R11, $0x5555
	JNE       v2surrmix
	CMPL      R12, $0xAAAA
	JEQ       v2allpairs

v2surrmix:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $34
	JB   v2done
	MOVQ      $32, R10
	BTRL      $15, R11
	JCC       v2pairs
	MOVQ      $30, R10

v2pairs:
	SHLL $1, R11
	CMPL R11, R12
	JNE  v2done                      // an unpaired surrogate
	VPMOVZXWD (SI)(AX*1), Y3
	MOVQ      $0x0605040302010000, DX
	VMOVQ     DX, X15
	VPMOVZXBD X15, Y15
	VPERMD    Y3, Y15, Y15           // lane i: unit i-1 (lane 0: itself, never a second unit here)
	EXPAND8S((SI)(AX*1), 2(SI)(AX*1))
	VPMOVZXWD 14(SI)(AX*1), Y15      // predecessors of units 8–15
	EXPAND8S(16(SI)(AX*1), 18(SI)(AX*1))
	VMOVDQU   f800w<>(SB), Y15
	CMPQ      R10, $32
	JEQ       v2surrnext
	SUBQ      $2, BX                 // the waiting first unit's bytes

v2surrnext:
	ADDQ R10, AX
	JMP  v2loop

v2allpairs:
	// Eight surrogate pairs: each dword is a pair (first unit low), and
	// becomes the four bytes of c = (first<<10) + second - 35FDC00:
	// F0|c>>18, 80|c>>12&3F, 80|c>>6&3F, 80|c&3F.
	VPSLLD   $16, Y1, Y2
	VPSRLD   $6, Y2, Y2              // first<<10
	VPSRLD   $16, Y1, Y3             // second
	VPADDD   Y3, Y2, Y2
	VPSUBD   pairOff<>(SB), Y2, Y2   // c
	VPSRLD   $18, Y2, Y3
	VPSRLD   $4, Y2, Y4
	VPAND    Y10, Y4, Y4
	VPOR     Y4, Y3, Y3
	VPSLLD   $10, Y2, Y4
	VPAND    Y8, Y4, Y4
	VPOR     Y4, Y3, Y3
	VPSLLD   $24, Y2, Y4
	VPAND    c3f000000d<>(SB), Y4, Y4
	VPOR     Y4, Y3, Y3
	VPOR     c808080f0d<>(SB), Y3, Y3
	VMOVDQU  Y3, (DI)(BX*1)
	ADDQ     $32, BX
	ADDQ     $32, AX
	JMP      v2loop

v2three:
	// A mix of lengths (Y5: the words below 800, Y3: zero).
	VMOVDQA   Y1, Y4
	VPAND     Y0, Y1, Y6
	VPCMPEQW  Y3, Y6, Y6             // Y6: words below 80
	WORDS16TOUTF8
	ADDQ      $32, AX
	JMP       v2loop

v2done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
