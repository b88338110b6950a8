//go:build amd64 && gc && !purego

#include "textflag.h"
#include "avx512_ascii_tail_amd64.h"
#include "utf8check_amd64.h"
#include "utf8conv_amd64.h"

// UTF-8 validation by the lookup algorithm of Keiser and Lemire
// ("Validating UTF-8 In Less Than One Instruction Per Byte", 2021).
//
// Every error of Unicode Table 3-7 shows in a pair of bytes (prev1, cur):
// three 16-entry tables, indexed by the high nibble of prev1, the low
// nibble of prev1 and the high nibble of cur, give a bit set each; the
// AND of the three is non-zero exactly where the pair is wrong. The one
// error a pair cannot see, a missing third or fourth byte, comes from
// prev2 >= E0 and prev3 >= F0: such a byte must be a continuation, which
// the tables mark with bit 7 (TWO_CONTS), so XOR-ing the "must be a
// continuation" bit in cancels the bit when all is well and raises it
// when not.
//
// The bits (shared by the three tables):
//   TOO_SHORT  1<<0  lead followed by a non-continuation
//   TOO_LONG   1<<1  ASCII followed by a continuation
//   OVERLONG_3 1<<2  E0 80–9F
//   TOO_LARGE  1<<3  F4 90–BF, F5–FF leads
//   SURROGATE  1<<4  ED A0–BF
//   OVERLONG_2 1<<5  C0, C1 leads
//   TOO_LARGE_1000 / OVERLONG_4  1<<6  F5+ 80–8F / F0 80–8F
//   TWO_CONTS  1<<7  continuation after continuation

// byte1High: by the high nibble of prev1.
DATA byte1High<>+0(SB)/8, $0x0202020202020202  // 0–7: ASCII: TOO_LONG
DATA byte1High<>+8(SB)/8, $0x4915012180808080  // 8–B: TWO_CONTS; C: TOO_SHORT|OVERLONG_2; D: TOO_SHORT; E: TOO_SHORT|OVERLONG_3|SURROGATE; F: TOO_SHORT|TOO_LARGE|TOO_LARGE_1000|OVERLONG_4
GLOBL byte1High<>(SB), RODATA|NOPTR, $16

// byte1Low: by the low nibble of prev1. CARRY = TOO_SHORT|TOO_LONG|TWO_CONTS.
DATA byte1Low<>+0(SB)/8, $0xCBCBCB8B8383A3E7  // 0: CARRY|OVERLONG_3|OVERLONG_2|OVERLONG_4; 1: CARRY|OVERLONG_2; 2, 3: CARRY; 4: CARRY|TOO_LARGE; 5–7: CARRY|TOO_LARGE|TOO_LARGE_1000
DATA byte1Low<>+8(SB)/8, $0xCBCBDBCBCBCBCBCB  // 8–C: CARRY|TOO_LARGE|TOO_LARGE_1000; D: ...|SURROGATE; E, F: CARRY|TOO_LARGE|TOO_LARGE_1000
GLOBL byte1Low<>(SB), RODATA|NOPTR, $16

// byte2High: by the high nibble of the current byte.
DATA byte2High<>+0(SB)/8, $0x0101010101010101  // 0–7: ASCII: TOO_SHORT
DATA byte2High<>+8(SB)/8, $0x01010101BABAAEE6  // 8: TOO_LONG|OVERLONG_2|TWO_CONTS|OVERLONG_3|TOO_LARGE_1000|OVERLONG_4; 9: TOO_LONG|OVERLONG_2|TWO_CONTS|OVERLONG_3|TOO_LARGE; A, B: TOO_LONG|OVERLONG_2|TWO_CONTS|SURROGATE|TOO_LARGE; C–F: TOO_SHORT
GLOBL byte2High<>(SB), RODATA|NOPTR, $16

// incompleteMax64: a block whose last bytes exceed these ends inside a
// sequence (a lead in the last byte, a 3- or 4-byte lead in the one
// before, a 4-byte lead in the one before that).
DATA incompleteMax64<>+0(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+8(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+16(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+24(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+32(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+40(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+48(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA incompleteMax64<>+56(SB)/8, $0xBFDFEFFFFFFFFFFF
GLOBL incompleteMax64<>(SB), RODATA|NOPTR, $64

// lf32: 32 line feeds, for the counting form of the AVX2 validator.
DATA lf32<>+0(SB)/8, $0x0A0A0A0A0A0A0A0A
DATA lf32<>+8(SB)/8, $0x0A0A0A0A0A0A0A0A
DATA lf32<>+16(SB)/8, $0x0A0A0A0A0A0A0A0A
DATA lf32<>+24(SB)/8, $0x0A0A0A0A0A0A0A0A
GLOBL lf32<>(SB), RODATA|NOPTR, $32

// The AVX2 form: the last 32 bytes of the same table.
#define incompleteMax32 incompleteMax64<>+32(SB)

// CHECK64 loads the 64 bytes at off(SI)(AX*1) into Z1, with prev1–3 from
// the bytes before them, and leaves the errors in Z6 (UTF8LOOKUP512).
// Registers as in utf8PrefixAVX512; uses Z3–Z10.
#define CHECK64(off) \
	VMOVDQU64 off(SI)(AX*1), Z1; \
	VMOVDQU64 (off-1)(SI)(AX*1), Z3; \
	VMOVDQU64 (off-2)(SI)(AX*1), Z4; \
	VMOVDQU64 (off-3)(SI)(AX*1), Z5; \
	UTF8LOOKUP512

// func utf8PrefixAVX512(src []byte) int
//
// The body, and its registers, are in utf8prefix512_amd64.h.
TEXT ·utf8PrefixAVX512(SB), NOSPLIT, $0-32
#define LINES_INIT
#define LINES_COUNT(z, k)
#define LINES_MARK(z, k)
#define LINES_ADD(k)
#include "utf8prefix512_amd64.h"
#undef LINES_INIT
#undef LINES_COUNT
#undef LINES_MARK
#undef LINES_ADD

done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func utf8PrefixLinesAVX512(src []byte) (n, lines int)
//
// utf8PrefixAVX512 that also counts the line feeds of src[:n].
TEXT ·utf8PrefixLinesAVX512(SB), NOSPLIT, $0-40
#define LINES_INIT XORQ R13, R13; MOVL $0x0A0A0A0A, DX; VPBROADCASTD DX, Z31
#define LINES_COUNT(z, k) VPCMPEQB Z31, z, k; KMOVQ k, R11; POPCNTQ R11, R11; ADDQ R11, R13
#define LINES_MARK(z, k) VPCMPEQB Z31, z, k
#define LINES_ADD(k) KMOVQ k, R11; POPCNTQ R11, R11; ADDQ R11, R13
#include "utf8prefix512_amd64.h"
#undef LINES_INIT
#undef LINES_COUNT
#undef LINES_MARK
#undef LINES_ADD

done:
	MOVQ AX, n+24(FP)
	MOVQ R13, lines+32(FP)
	VZEROUPPER
	RET

// CHECK32 checks the 32 bytes in Y1, at off(SI)(AX*1), loading prev1–3
// from the bytes before them, and leaves the errors in Y6. Registers as in
// utf8PrefixAVX2; uses Y2–Y6.
#define CHECK32(off) \
	VMOVDQU  (off-1)(SI)(AX*1), Y3; \
	VMOVDQU  (off-2)(SI)(AX*1), Y4; \
	VMOVDQU  (off-3)(SI)(AX*1), Y5; \
	VPSRLW   $4, Y3, Y6; \
	VPAND    Y9, Y6, Y6; \
	VPSHUFB  Y6, Y14, Y6; \
	VPAND    Y9, Y3, Y3; \
	VPSHUFB  Y3, Y15, Y3; \
	VPSRLW   $4, Y1, Y2; \
	VPAND    Y9, Y2, Y2; \
	VPSHUFB  Y2, Y10, Y2; \
	VPAND    Y3, Y6, Y6; \
	VPAND    Y2, Y6, Y6; \
	VPSUBUSB Y8, Y4, Y4; \
	VPSUBUSB Y7, Y5, Y5; \
	VPOR     Y4, Y5, Y4; \
	VPAND    Y11, Y4, Y4; \
	VPXOR    Y4, Y6, Y6

// func utf8PrefixAVX2(src []byte) int
//
// The same algorithm on 32-byte blocks; the last partial block is left to
// the caller. Registers as in the AVX-512 form, with Y in place of Z, and
// Y11 (the 0x80 bytes) and Y12 (incompleteMax32) in place of Z26 and Z27,
// Y13 in place of Z28.
TEXT ·utf8PrefixAVX2(SB), NOSPLIT, $0-32
#define LINES2_INIT
#define LINES2_COUNT(y)
#define LINES2_START
#define LINES2_MARK(y)
#define LINES2_TAKE
#include "utf8prefix2_amd64.h"
#undef LINES2_INIT
#undef LINES2_COUNT
#undef LINES2_START
#undef LINES2_MARK
#undef LINES2_TAKE

done2:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func utf8PrefixLinesAVX2(src []byte) (n, lines int)
//
// utf8PrefixAVX2 that also counts the line feeds of src[:n].
TEXT ·utf8PrefixLinesAVX2(SB), NOSPLIT, $0-40
#define LINES2
#define LINES2_INIT XORQ R10, R10
#define LINES2_COUNT(y) VPCMPEQB lf32<>(SB), y, Y2; VPMOVMSKB Y2, R9; POPCNTL R9, R9; ADDQ R9, R10
#define LINES2_START XORQ R11, R11
#define LINES2_MARK(y) VPCMPEQB lf32<>(SB), y, Y2; VPMOVMSKB Y2, R9; POPCNTL R9, R9; ADDQ R9, R11
#define LINES2_TAKE ADDQ R11, R10
#include "utf8prefix2_amd64.h"
#undef LINES2_INIT
#undef LINES2_COUNT
#undef LINES2_START
#undef LINES2_MARK
#undef LINES2_TAKE
#undef LINES2

done2:
	MOVQ AX, n+24(FP)
	MOVQ R10, lines+32(FP)
	VZEROUPPER
	RET

// func asciiPrefixAVX512(src []byte) int
TEXT ·asciiPrefixAVX512(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	XORQ AX, AX

aloop4:
	MOVQ CX, DX
	SUBQ AX, DX
	CMPQ DX, $256
	JB   aloop1
	VMOVDQU64 (SI)(AX*1), Z1
	VMOVDQU64 64(SI)(AX*1), Z2
	VMOVDQU64 128(SI)(AX*1), Z3
	VMOVDQU64 192(SI)(AX*1), Z4
	VPTERNLOGD $0xFE, Z1, Z2, Z3
	VPORQ      Z3, Z4, Z5
	VPMOVB2M   Z5, K1
	KORTESTQ   K1, K1
	JNZ        aloop1
	ADDQ       $256, AX
	JMP        aloop4

aloop1:
	MOVQ CX, DX
	SUBQ AX, DX
	JZ   adone
	CMPQ DX, $64
	JB   atail
	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KMOVQ     K1, R8
	TESTQ     R8, R8
	JNZ       afound
	ADDQ      $64, AX
	JMP       aloop1

atail:
	MOVQ  $-1, R10
	BZHIQ DX, R10, R10
	KMOVQ R10, K3
	VMOVDQU8.Z (SI)(AX*1), K3, Z1
	VPMOVB2M Z1, K1
	KMOVQ    K1, R8
	TESTQ    R8, R8
	JNZ      afound
	MOVQ     CX, AX
	JMP      adone

afound:
	TZCNTQ R8, R8
	ADDQ   R8, AX

adone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func asciiPrefixAVX2(src []byte) int
TEXT ·asciiPrefixAVX2(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	XORQ AX, AX

bloop4:
	MOVQ CX, DX
	SUBQ AX, DX
	CMPQ DX, $256
	JB   bloop1
	ASCII256
	TESTL   R8, R8
	JNZ     bloop1
	ADDQ    $256, AX
	JMP     bloop4

bloop1:
	MOVQ CX, DX
	SUBQ AX, DX
	CMPQ DX, $32
	JB   bdone
	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R8
	TESTL     R8, R8
	JNZ       bfound
	ADDQ      $32, AX
	JMP       bloop1

bfound:
	TZCNTL R8, R8
	ADDQ   R8, AX

bdone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// UTF-8 to UTF-16LE, AVX-512 (BW, VBMI2).
//
// Each step looks at a 64-byte window that starts at a character
// boundary, checks it with UTF8CHECK512 (as if preceded by ASCII, which is
// exact because the window starts a character), and converts the
// characters that end inside it; a character cut by the window's end
// waits for the next step, which starts at its lead. For every byte
// position a 16-bit lane computes the unit that position would give as a
// lead, from the byte and the two after it:
//
//   b0 < 80: b0
//   b0 < E0: (b0<<6 & 7C0) | b1&3F
//   else:    b0<<12 | (b1&3F)<<6 | b2&3F     (the shift drops b0's top bits)
//
// and VPCOMPRESSW keeps the lanes of the character starts (see
// U8TO16HALFP for four-byte characters). A window with an error ends the
// vector loop.

// func utf8ToUTF16LEAVX512(dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc;
// Z0 zero (what precedes a window); Z20–Z26 the check's constants;
// Z27 003F words, Z28 07C0 words, Z29 C0, Z30 E0, Z31 F0 bytes.
#define NAME ·utf8ToUTF16LEAVX512
#define CHECKED
#include "avx512_utf8_to_utf16_amd64.h"
#undef NAME
#undef CHECKED

// func utf8ToUTF32LEAVX512(dst, src []byte) (nDst, nSrc int)
//
// UTF-8 to UTF-32LE, AVX-512: the windows of utf8ToUTF16LEAVX512; every
// non-ASCII window goes by code point (U8CP), 16 positions at a time,
// and VPCOMPRESSD keeps the lanes of the character starts. Registers as
// in utf8ToUTF16LEAVX512; the output of a window is at most 256 bytes.
#define NAME ·utf8ToUTF32LEAVX512
#define CHECKED
#include "avx512_utf8_to_utf32_amd64.h"
#undef NAME
#undef CHECKED

// UTF-8 to UTF-16LE and to UTF-32LE, AVX2: the windows of the AVX-512
// forms on 32 bytes, checked by UTF8CHECK256 (the Keiser–Lemire check, as
// in utf8PrefixAVX2, with nothing before the window). For each of 16
// positions a 16-bit lane computes the unit that position would start
// (U8TO16HALF's formulas), and wordShuf packs the lanes of the character
// starts, 8 words per 128-bit lane. A window with an error or a four-byte
// character ends the vector loop.

DATA c0F32<>+0(SB)/8, $0x0F0F0F0F0F0F0F0F
DATA c0F32<>+8(SB)/8, $0x0F0F0F0F0F0F0F0F
DATA c0F32<>+16(SB)/8, $0x0F0F0F0F0F0F0F0F
DATA c0F32<>+24(SB)/8, $0x0F0F0F0F0F0F0F0F
GLOBL c0F32<>(SB), RODATA|NOPTR, $32
DATA c6032<>+0(SB)/8, $0x6060606060606060
DATA c6032<>+8(SB)/8, $0x6060606060606060
DATA c6032<>+16(SB)/8, $0x6060606060606060
DATA c6032<>+24(SB)/8, $0x6060606060606060
GLOBL c6032<>(SB), RODATA|NOPTR, $32
DATA c7032<>+0(SB)/8, $0x7070707070707070
DATA c7032<>+8(SB)/8, $0x7070707070707070
DATA c7032<>+16(SB)/8, $0x7070707070707070
DATA c7032<>+24(SB)/8, $0x7070707070707070
GLOBL c7032<>(SB), RODATA|NOPTR, $32
DATA c8032<>+0(SB)/8, $0x8080808080808080
DATA c8032<>+8(SB)/8, $0x8080808080808080
DATA c8032<>+16(SB)/8, $0x8080808080808080
DATA c8032<>+24(SB)/8, $0x8080808080808080
GLOBL c8032<>(SB), RODATA|NOPTR, $32

// UTF8CHECK256 checks the 32 bytes in Y1 (Y0 zero: nothing before them)
// and leaves a non-zero byte in Y6 wherever an error shows. Tables in
// Y13–Y15; uses Y2–Y6.
#define UTF8CHECK256 \
	UTF8PREVS256; \
	UTF8LOOKUP256

// UTF8PREVS256 computes prev1–3 of UTF8CHECK256 (Y3–Y5) by shuffles.
#define UTF8PREVS256 \
	VPERM2I128 $0x21, Y1, Y0, Y2; \
	VPALIGNR   $15, Y2, Y1, Y3; \
	VPALIGNR   $14, Y2, Y1, Y4; \
	VPALIGNR   $13, Y2, Y1, Y5

// UTF8PREVSMEM256 loads prev1–3 of UTF8CHECK256 (Y3–Y5) from the bytes
// before the window at (SI)(AX*1), which must be inside the input.
#define UTF8PREVSMEM256 \
	VMOVDQU    -1(SI)(AX*1), Y3; \
	VMOVDQU    -2(SI)(AX*1), Y4; \
	VMOVDQU    -3(SI)(AX*1), Y5

// UTF8LOOKUP256 is the rest of UTF8CHECK256, given prev1–3 in Y3–Y5.
#define UTF8LOOKUP256 \
	VPSRLW     $4, Y3, Y6; \
	VPAND      c0F32<>(SB), Y6, Y6; \
	VPSHUFB    Y6, Y13, Y6; \
	VPAND      c0F32<>(SB), Y3, Y3; \
	VPSHUFB    Y3, Y14, Y3; \
	VPSRLW     $4, Y1, Y2; \
	VPAND      c0F32<>(SB), Y2, Y2; \
	VPSHUFB    Y2, Y15, Y2; \
	VPAND      Y3, Y6, Y6; \
	VPAND      Y2, Y6, Y6; \
	VPSUBUSB   c6032<>(SB), Y4, Y4; \
	VPSUBUSB   c7032<>(SB), Y5, Y5; \
	VPOR       Y4, Y5, Y4; \
	VPAND      c8032<>(SB), Y4, Y4; \
	VPXOR      Y4, Y6, Y6

// func utf8ToUTF16LEAVX2(dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc,
// CX wordShuf.
#define NAME ·utf8ToUTF16LEAVX2
#define CHECKED
#include "avx2_utf8_to_utf16_amd64.h"
#undef NAME
#undef CHECKED

// func utf8ToUTF32LEAVX2(dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc,
// CX wordShuf.
#define NAME ·utf8ToUTF32LEAVX2
#define CHECKED
#include "avx2_utf8_to_utf32_amd64.h"
#undef NAME
#undef CHECKED
