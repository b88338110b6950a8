// The body of utf32LEToUTF8AVX2 (avx2_utf32_to_utf8_amd64.s) and of its assume-valid twin
// utf32LEToUTF8ValidAVX2 (valid_amd64.s). The including file defines NAME,
// the function, and for the validating form CHECKED, which keeps the
// checks between #ifdef CHECKED and #endif.
//
// The main step takes 16 units (64 bytes) while dst has room for 64
// bytes. When none is above FFFF they are packed to words (VPACKUSDW)
// and take the paths of UTF-16: narrowed when ASCII; when all are below
// 800, expanded as words (C0|w>>6, 80|w&3F, low byte first) and packed
// by twoByteShuf, keyed by a byte of words above 7F per lane; when all
// are three bytes long, interleaved by fixed shuffles; otherwise by
// WORDS16TOUTF8 (avx2_words_to_utf8_amd64.h). The validating form stops before
// 16 units with a surrogate among them. A step of 16 units all in
// 10000–10FFFF gives 64 bytes, each dword its whole form in place; any
// other step with a unit above FFFF takes its first 8 units by the 8-unit
// step (below), which handles all lengths; so does the end of src (fewer
// than 64 bytes) or of dst.
//
// The 8-unit step: each unit's whole form in its dword (the forms of
// utf32LEToUTF8AVX512) packed by threeByteShuf, keyed by two bits a
// dword (its length less one); it runs while 32 bytes of src are left and
// dst has room for 48 (two 16-byte stores, the first followed by an
// advance of at most 16). The validating form stops before 8 units with
// one above 10FFFF or in D800–DFFF.
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc;
// CX len(src)-64; R13 twoByteShuf, R14 threeByteShuf, R15 threeByteLen.
// Constants: Y8 3F0000, Y9 8080E0, Y10 3F00 (words), Y11 80C0 (words),
// Y12 7F, Y13 7FF, Y14 FFFF, Y15 808080F0 (dwords); Y0 3F000000.

#include "avx2_words_to_utf8_amd64.h"

DATA t2ffff0000<>+0(SB)/8, $0xFFFF0000FFFF0000
DATA t2ffff0000<>+8(SB)/8, $0xFFFF0000FFFF0000
DATA t2ffff0000<>+16(SB)/8, $0xFFFF0000FFFF0000
DATA t2ffff0000<>+24(SB)/8, $0xFFFF0000FFFF0000
GLOBL t2ffff0000<>(SB), RODATA|NOPTR, $32
DATA t2ff80w<>+0(SB)/8, $0xFF80FF80FF80FF80
DATA t2ff80w<>+8(SB)/8, $0xFF80FF80FF80FF80
DATA t2ff80w<>+16(SB)/8, $0xFF80FF80FF80FF80
DATA t2ff80w<>+24(SB)/8, $0xFF80FF80FF80FF80
GLOBL t2ff80w<>(SB), RODATA|NOPTR, $32
DATA t2f800w<>+0(SB)/8, $0xF800F800F800F800
DATA t2f800w<>+8(SB)/8, $0xF800F800F800F800
DATA t2f800w<>+16(SB)/8, $0xF800F800F800F800
DATA t2f800w<>+24(SB)/8, $0xF800F800F800F800
GLOBL t2f800w<>(SB), RODATA|NOPTR, $32
DATA t2d800w<>+0(SB)/8, $0xD800D800D800D800
DATA t2d800w<>+8(SB)/8, $0xD800D800D800D800
DATA t2d800w<>+16(SB)/8, $0xD800D800D800D800
DATA t2d800w<>+24(SB)/8, $0xD800D800D800D800
GLOBL t2d800w<>(SB), RODATA|NOPTR, $32
DATA t2007fw<>+0(SB)/8, $0x007F007F007F007F
DATA t2007fw<>+8(SB)/8, $0x007F007F007F007F
DATA t2007fw<>+16(SB)/8, $0x007F007F007F007F
DATA t2007fw<>+24(SB)/8, $0x007F007F007F007F
GLOBL t2007fw<>(SB), RODATA|NOPTR, $32


// T2FOUR puts in out the four-byte forms of the dwords of in, low byte
// first: F0|c>>18, 80|c>>12&3F, 80|c>>6&3F, 80|c&3F. Uses Y7.
#define T2FOUR(in, out) \
	VPSRLD    $18, in, out; \
	VPSRLD    $4, in, Y7; \
	VPAND     d3f00<>(SB), Y7, Y7; \
	VPOR      Y7, out, out; \
	VPSLLD    $10, in, Y7; \
	VPAND     Y8, Y7, Y7; \
	VPOR      Y7, out, out; \
	VPSLLD    $24, in, Y7; \
	VPAND     Y0, Y7, Y7; \
	VPOR      Y7, out, out; \
	VPOR      Y15, out, out

TEXT NAME(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	MOVL $0x3F0000, DX
	VMOVQ DX, X8
	VPBROADCASTD X8, Y8
	MOVL $0x8080E0, DX
	VMOVQ DX, X9
	VPBROADCASTD X9, Y9
	MOVL $0x3F003F00, DX
	VMOVQ DX, X10
	VPBROADCASTD X10, Y10
	MOVL $0x80C080C0, DX
	VMOVQ DX, X11
	VPBROADCASTD X11, Y11
	MOVL $0x7F, DX
	VMOVQ DX, X12
	VPBROADCASTD X12, Y12
	MOVL $0x7FF, DX
	VMOVQ DX, X13
	VPBROADCASTD X13, Y13
	MOVL $0xFFFF, DX
	VMOVQ DX, X14
	VPBROADCASTD X14, Y14
	MOVL $0x808080F0, DX
	VMOVQ DX, X15
	VPBROADCASTD X15, Y15
	MOVL $0x3F000000, DX
	VMOVQ DX, X0
	VPBROADCASTD X0, Y0
	LEAQ ·twoByteShuf(SB), R13
	LEAQ ·threeByteShuf(SB), R14
	LEAQ ·threeByteLen(SB), R15
	LEAQ -64(R9), CX                 // CX: the last start of a 16-unit step

t2loop16:
	CMPQ AX, CX
	JGT  t2loop8                     // fewer than 64 bytes of src left
	LEAQ 64(BX), DX
	CMPQ DX, R8
	JA   t2loop8                     // no room for 64 bytes

	VMOVDQU   (SI)(AX*1), Y1
	VMOVDQU   32(SI)(AX*1), Y2
	VPOR      Y1, Y2, Y5
	VPTEST    dffffff80<>(SB), Y5
	JNZ       t2wide16
	VPACKUSDW Y2, Y1, Y4             // ASCII: narrow
	VPERMQ    $0xD8, Y4, Y4
	VEXTRACTI128 $1, Y4, X5
	VPACKUSWB X5, X4, X4
	VMOVDQU   X4, (DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $16, BX
	JMP       t2loop16

t2wide16:
	VPTEST    t2ffff0000<>(SB), Y5
	JNZ       t2first8               // a unit above FFFF
	VPACKUSDW Y2, Y1, Y4
	VPERMQ    $0xD8, Y4, Y4          // Y4: the 16 units as words, in order
	VPAND     t2f800w<>(SB), Y4, Y3  // Y3: their bits F800
#ifdef CHECKED
	VPCMPEQW  t2d800w<>(SB), Y3, Y5  // surrogates
	VPTEST    Y5, Y5
	JNZ       t2done
#endif
	VPTEST    Y3, Y3
	JNZ       t2three16
	// All below 800: two bytes for each word above 7F.
	VPCMPGTW  t2007fw<>(SB), Y4, Y5  // words above 7F
	VPSRLW    $6, Y4, Y6
	VPSLLW    $8, Y4, Y7
	VPAND     Y10, Y7, Y7
	VPOR      Y7, Y6, Y6
	VPOR      Y11, Y6, Y6
	VPBLENDVB Y5, Y6, Y4, Y4
	VPACKSSWB Y5, Y5, Y5
	VPMOVMSKB Y5, R10                // bits 0–7: lane 0's words; 16–23: lane 1's
	MOVBLZX   R10, R11
	SHRL      $16, R10
	MOVBLZX   R10, R10
	MOVL      R11, DX
	SHLL      $4, DX
	VMOVDQU   (R13)(DX*1), X6
	MOVL      R10, DX
	SHLL      $4, DX
	VINSERTI128 $1, (R13)(DX*1), Y6, Y6
	VPSHUFB   Y6, Y4, Y4
	VMOVDQU   X4, (DI)(BX*1)
	POPCNTL   R11, R11
	LEAQ      8(BX)(R11*1), BX
	VEXTRACTI128 $1, Y4, X4
	VMOVDQU   X4, (DI)(BX*1)
	POPCNTL   R10, R10
	LEAQ      8(BX)(R10*1), BX
	ADDQ      $64, AX
	JMP       t2loop16

t2three16:
	VPXOR     Y7, Y7, Y7
	VPCMPEQW  Y7, Y3, Y5             // Y5: words below 800
	VPTEST    Y5, Y5
	JZ        t2allthree
	VPAND     t2ff80w<>(SB), Y4, Y6
	VPCMPEQW  Y7, Y6, Y6             // Y6: words below 80
	WORDS16TOUTF8
	ADDQ      $64, AX
	JMP       t2loop16

t2allthree:
	THREE16TOUTF8(Y4)
	ADDQ      $64, AX
	JMP       t2loop16

t2first8:
	// All 16 four bytes long: each dword becomes its whole form, in place.
	VPMINUD   Y1, Y2, Y6
	VPCMPGTD  Y14, Y6, Y6            // above FFFF (and, as signed, below 80000000)
	VPMOVMSKB Y6, DX
	CMPL      DX, $-1
	JNE       t2mixed8
#ifdef CHECKED
	VPMAXUD   Y1, Y2, Y6
	VPMINUD   d110000<>(SB), Y6, Y6
	VPCMPEQD  d110000<>(SB), Y6, Y6  // units above 10FFFF: the 8-unit step stops
	VPTEST    Y6, Y6
	JNZ       t2mixed8
#endif
	T2FOUR(Y1, Y4)
	T2FOUR(Y2, Y5)
	VMOVDQU   Y4, (DI)(BX*1)
	VMOVDQU   Y5, 32(DI)(BX*1)
	ADDQ      $64, BX
	ADDQ      $64, AX
	JMP       t2loop16

t2mixed8:
	VMOVDQA   Y1, Y3
	JMP       t2step8

t2loop8:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $32
	JB   t2done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $48
	JB   t2done

	VMOVDQU  (SI)(AX*1), Y3

t2step8:
#ifdef CHECKED
	VPMINUD  d110000<>(SB), Y3, Y1
	VPCMPEQD d110000<>(SB), Y1, Y1   // units above 10FFFF
	VPAND    dfffff800<>(SB), Y3, Y2
	VPCMPEQD surrD800<>(SB), Y2, Y2  // surrogates
	VPOR     Y2, Y1, Y1
	VPTEST   Y1, Y1
	JNZ      t2done
#endif
	VPTEST   dffffff80<>(SB), Y3
	JNZ      t2wide
	VPACKUSDW Y3, Y3, Y3             // ASCII: narrow (lane by lane)
	VPACKUSWB Y3, Y3, Y3
	VMOVD    X3, (DI)(BX*1)
	VEXTRACTI128 $1, Y3, X4
	VMOVD    X4, 4(DI)(BX*1)
	ADDQ     $32, AX
	ADDQ     $8, BX
	JMP      t2loop16

t2wide:
	VPSRLD   $18, Y3, Y4             // four bytes
	VPSRLD   $4, Y3, Y5
	VPAND    d3f00<>(SB), Y5, Y5
	VPOR     Y5, Y4, Y4
	VPSLLD   $10, Y3, Y5
	VPAND    Y8, Y5, Y5
	VPOR     Y5, Y4, Y4
	VPSLLD   $24, Y3, Y5
	VPAND    Y0, Y5, Y5
	VPOR     Y5, Y4, Y4
	VPOR     Y15, Y4, Y4
	VPSRLD   $12, Y3, Y5             // three bytes
	VPSLLD   $2, Y3, Y6
	VPAND    Y10, Y6, Y6
	VPOR     Y6, Y5, Y5
	VPSLLD   $16, Y3, Y6
	VPAND    Y8, Y6, Y6
	VPOR     Y6, Y5, Y5
	VPOR     Y9, Y5, Y5
	VPCMPGTD Y14, Y3, Y7             // above FFFF
	VMOVMSKPS Y7, R10
	VPBLENDVB Y7, Y4, Y5, Y4
	VPSRLD   $6, Y3, Y5              // two bytes
	VPSLLD   $8, Y3, Y6
	VPAND    Y10, Y6, Y6
	VPOR     Y6, Y5, Y5
	VPOR     Y11, Y5, Y5
	VPCMPGTD Y13, Y3, Y7             // above 7FF
	VMOVMSKPS Y7, R12
	VPBLENDVB Y7, Y4, Y5, Y4
	VPCMPGTD Y12, Y3, Y7             // above 7F
	VMOVMSKPS Y7, R11
	VPBLENDVB Y7, Y4, Y3, Y4
	// Keys: bit 0 of a dword's code is set for lengths 2 and 4, bit 1
	// for lengths 3 and 4.
	ANDNL    R11, R12, R11           // R11: exactly two bytes
	ORL      R10, R11                // ... or four
	MOVL     $0x5555, DX
	PDEPL    DX, R11, R11
	MOVL     $0xAAAA, DX
	PDEPL    DX, R12, R12
	ORL      R12, R11
	MOVL     R11, R12
	ANDL     $0xFF, R12
	MOVL     R12, DX
	SHLL     $4, DX
	VMOVDQU  (R14)(DX*1), X6
	SHRL     $8, R11
	MOVL     R11, DX
	SHLL     $4, DX
	VINSERTI128 $1, (R14)(DX*1), Y6, Y6
	VPSHUFB  Y6, Y4, Y4
	VMOVDQU  X4, (DI)(BX*1)
	MOVBLZX  (R15)(R12*1), DX
	ADDQ     DX, BX
	VEXTRACTI128 $1, Y4, X7
	VMOVDQU  X7, (DI)(BX*1)
	MOVBLZX  (R15)(R11*1), DX
	ADDQ     DX, BX
	ADDQ     $32, AX
	JMP      t2loop16

t2done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
