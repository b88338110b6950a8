//go:build amd64 && gc && !purego

#include "textflag.h"
#include "avx512_ascii_tail_amd64.h"
#include "utf8conv_amd64.h"

// The assume-valid converters: UTF-8 to UTF-16LE and to UTF-32LE
// (AVX-512 with BW and VBMI2, and AVX2), UTF-32LE to UTF-8 (both), UTF-8
// to Latin-1 (AVX-512).
//
// Each is its validating twin (utf8_amd64.s, avx512_utf32_to_utf8_amd64.s,
// avx2_utf16_to_utf8_amd64.s, avx2_utf32_to_utf8_amd64.s,
// avx512_latin1_amd64.s) with the checks taken out; for UTF-8
// that is the Keiser–Lemire check: no prev1–3 loads, no table lookups,
// no error exit, and none of the check's constants. The windows, the
// formulas and the stores are the same, so on well-formed input the
// output is the same byte for byte. The UTF-8 and UTF-32 converters share
// one body with their twins (utf8to16*, utf8to32*, utf32to8*_amd64.h:
// CHECKED keeps the checks); UTF-8 to Latin-1 is written out here.
//
// On ill-formed input the output is garbage but stays in bounds. The
// AVX-512 UTF-8 steps run only while 67 bytes of src are left (a window
// reads the 64 bytes from its start and the two after each of them, three
// in GATHERCHARS: at most 67 in all) and while dst has room for the
// largest output of a window (128 bytes for UTF-16, 256 for UTF-32);
// every store of a window ends within that room, whatever the masks say,
// because each half adds at most 32 units (or each gathered group 16 code
// points). A step advances 61 to 64 bytes, so the loop always ends. The
// other kernels are bounded the same way (see each).
//
// The conversion macros and constants are those of the validating
// converters, in utf8conv_amd64.h.

// func utf8ToUTF16LEValidAVX512(dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc;
// Z27 003F words, Z28 07C0 words, Z29 C0, Z30 E0, Z31 F0 bytes; Z11–Z14
// the constants of U8TO16HALFP.
#define NAME ·utf8ToUTF16LEValidAVX512
#include "avx512_utf8_to_utf16_amd64.h"
#undef NAME

// func utf8ToUTF32LEValidAVX512(dst, src []byte) (nDst, nSrc int)
//
// The windows of utf8ToUTF16LEValidAVX512; every non-ASCII window goes by
// code point as in utf8ToUTF32LEAVX512: 32 positions at a time in 16-bit
// lanes when it has no four-byte character (U8TO32HALF), else gathered
// into the buffer on the stack and converted 16 characters at a time
// (GATHERCHARS, U8CP). Registers as in utf8ToUTF16LEValidAVX512, with
// Z11–Z19 the constants of U8CP; the output of a window is at most 256
// bytes.
#define NAME ·utf8ToUTF32LEValidAVX512
#include "avx512_utf8_to_utf32_amd64.h"
#undef NAME

// The AVX2 forms: utf8ToUTF16LEAVX2 and utf8ToUTF32LEAVX2 without the
// check, on 32-byte windows. The bounds: a window reads 34 bytes of src
// (each of its positions and the two bytes after it) and is converted
// only while 34 are left; for UTF-16, each half stores 16 bytes, moves
// BX by at most 16, stores 16 more and moves by at most 16 again, so a
// window writes at most 64 bytes (80 of room are asked, as in the
// validating form); for UTF-32 at most 128 (160 asked). The macros are
// copies of those of utf8_amd64.s, where they are explained.

// XCONSTS loads the constants of U8UNITS16: Y9 003F, Y10 07C0, Y11 00DF,
// Y12 007F (words); CX wordShuf.
#define XCONSTS \
	MOVL $0x003F003F, DX; \
	VMOVQ DX, X9; \
	VPBROADCASTD X9, Y9; \
	MOVL $0x07C007C0, DX; \
	VMOVQ DX, X10; \
	VPBROADCASTD X10, Y10; \
	MOVL $0x00DF00DF, DX; \
	VMOVQ DX, X11; \
	VPBROADCASTD X11, Y11; \
	MOVL $0x007F007F, DX; \
	VMOVQ DX, X12; \
	VPBROADCASTD X12, Y12; \
	LEAQ ·wordShuf(SB), CX

// XMASKS sets, for the 32-byte window in Y1 whose non-ASCII bytes are in
// R10, R11 to its leads, R12 to its leads of three or four bytes, R13 to
// its leads of four bytes (no check: the input is taken to be well
// formed).
#define XMASKS \
	VPCMPGTB  cBF32<>(SB), Y1, Y2; \
	VPMOVMSKB Y2, R11; \
	ANDL      R10, R11; \
	VPCMPGTB  cDF32<>(SB), Y1, Y2; \
	VPMOVMSKB Y2, R12; \
	ANDL      R10, R12; \
	VPCMPGTB  cEF32<>(SB), Y1, Y2; \
	VPMOVMSKB Y2, R13; \
	ANDL      R10, R13

// XEND sets R14 to the end of the last character that ends in the window
// (a lead among its last three bytes starts one that does not); uses l2,
// l3 as labels.
#define XEND(l2, l3, done) \
	MOVQ $32, R14; \
	BTL  $31, R11; \
	JCC  l2; \
	MOVQ $31, R14; \
	JMP  done; \
l2: \
	BTL  $30, R12; \
	JCC  l3; \
	MOVQ $30, R14; \
	JMP  done; \
l3: \
	BTL  $29, R13; \
	JCC  done; \
	MOVQ $29, R14

// func utf8ToUTF16LEValidAVX2(dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc,
// CX wordShuf; Y9–Y12 the constants of U8UNITS16.
#define NAME ·utf8ToUTF16LEValidAVX2
#include "avx2_utf8_to_utf16_amd64.h"
#undef NAME

// func utf8ToUTF32LEValidAVX2(dst, src []byte) (nDst, nSrc int)
//
// As utf8ToUTF16LEValidAVX2, the units widened to dwords (STORE32). Like
// the validating form it stops before a window with a four-byte
// character that is not one of eight; the caller converts a chunk with
// the scalar code and calls again.
#define NAME ·utf8ToUTF32LEValidAVX2
#include "avx2_utf8_to_utf32_amd64.h"
#undef NAME

// func utf32LEToUTF8ValidAVX512(dst, src []byte) (nDst, nSrc int)
//
// utf32LEToUTF8AVX512 (avx512_utf32_to_utf8_amd64.s) without its check for units above
// 10FFFF or in D800–DFFF: 16 units a step while 64 bytes of src are left
// and dst has room for 64. On such a unit the lane gets the formula's
// bytes for it; the store is still the one 64-byte store of the block.
//
// Each 32-bit lane receives the whole UTF-8 form of its unit c, low byte
// first, and a lane of keep bytes (80 per byte of the form) whose sign
// bits select the bytes VPCOMPRESSB packs:
//
//   c < 80:    c
//   c < 800:   80C0     | c>>6  | (c<<8 & 3F00)
//   c < 10000: 8080E0   | c>>12 | (c<<2 & 3F00)  | (c<<16 & 3F0000)
//   otherwise: 808080F0 | c>>18 | (c>>4 & 3F00)  | (c<<10 & 3F0000) | (c<<24 & 3F000000)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc.
// Constants (dwords): Z20 3F00, Z21 3F0000, Z22 3F000000, Z23 80C0,
// Z24 8080E0, Z25 808080F0, Z26 80, Z27 800, Z28 10000, Z16 8080,
// Z17 808080, Z18 80808080, Z19 FFFFFF80.
#define NAME ·utf32LEToUTF8ValidAVX512
#include "avx512_utf32_to_utf8_amd64.h"
#undef NAME

// func utf32LEToUTF8ValidAVX2(dst, src []byte) (nDst, nSrc int)
//
// utf32LEToUTF8AVX2 (avx2_utf32_to_utf8_amd64.s) without its checks for units above
// 10FFFF or in D800–DFFF: 16 units a step while 64 bytes of src are left
// and dst has room for 64 (every store of such a step ends within 64
// bytes of where the step's output starts, whatever the masks say), and
// 8 units a step while 32 bytes are left and dst has room for 48 (two
// 16-byte stores, the first followed by an advance of at most 16),
// whatever the units hold.

// dffffff80: the bits above 7F; d3f00: 3F00 (dwords).
DATA dffffff80<>+0(SB)/8, $0xFFFFFF80FFFFFF80
DATA dffffff80<>+8(SB)/8, $0xFFFFFF80FFFFFF80
DATA dffffff80<>+16(SB)/8, $0xFFFFFF80FFFFFF80
DATA dffffff80<>+24(SB)/8, $0xFFFFFF80FFFFFF80
GLOBL dffffff80<>(SB), RODATA|NOPTR, $32
DATA d3f00<>+0(SB)/8, $0x00003F0000003F00
DATA d3f00<>+8(SB)/8, $0x00003F0000003F00
DATA d3f00<>+16(SB)/8, $0x00003F0000003F00
DATA d3f00<>+24(SB)/8, $0x00003F0000003F00
GLOBL d3f00<>(SB), RODATA|NOPTR, $32

// Registers and constants as in utf32LEToUTF8AVX2 (avx2_utf32_to_utf8_amd64.h).
#define NAME ·utf32LEToUTF8ValidAVX2
#include "avx2_utf32_to_utf8_amd64.h"
#undef NAME

// func utf8ToLatin1ValidAVX512(dst, src []byte) (nDst, nSrc int)
//
// utf8ToLatin1AVX512 (avx512_latin1_amd64.s) without its checks (that the leads
// are C2 or C3 and that leads and continuation bytes pair up): src is
// taken to hold only characters U+0000–U+00FF. The bytes below C0 are
// kept, with 40 added to those after a C3; a lead in the block's last
// byte waits for the next block. 64 bytes a step while 64 are left and
// dst has room for 64 (the one store of a block is 64 bytes).
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc;
// Z20 C0, Z21 C3, Z22 40 (bytes), Z25 shiftRight1.
DATA shiftRight1<>+0(SB)/8, $0x0605040302010000
DATA shiftRight1<>+8(SB)/8, $0x0E0D0C0B0A090807
DATA shiftRight1<>+16(SB)/8, $0x161514131211100F
DATA shiftRight1<>+24(SB)/8, $0x1E1D1C1B1A191817
DATA shiftRight1<>+32(SB)/8, $0x262524232221201F
DATA shiftRight1<>+40(SB)/8, $0x2E2D2C2B2A292827
DATA shiftRight1<>+48(SB)/8, $0x363534333231302F
DATA shiftRight1<>+56(SB)/8, $0x3E3D3C3B3A393837
GLOBL shiftRight1<>(SB), RODATA|NOPTR, $64
TEXT ·utf8ToLatin1ValidAVX512(SB), NOSPLIT, $0-64
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
	VMOVDQU64 shiftRight1<>(SB), Z25

vl1loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $64
	JB   vl1done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $64
	JB   vl1done

	// An ASCII block: copied as is.
	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KORTESTQ  K1, K1
	JNZ       vl1mixed
	VMOVDQU64 Z1, (DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $64, BX
	JMP       vl1loop

vl1mixed:
	// The leads (bytes >= C0) are dropped; a lead in the last byte
	// waits for the next block.
	VPCMPUB $5, Z20, Z1, K2
	KMOVQ   K2, R11                  // R11: the leads
	MOVQ    R11, R15
	NOTQ    R15                      // R15: the bytes to keep
	MOVQ    $64, R14
	BTQ     $63, R11
	JCC     vl1conv
	MOVQ    $63, R14

vl1conv:
	// 40 added after each C3, the kept bytes compressed and stored.
	VPERMB    Z1, Z25, Z2            // each byte's predecessor
	VPCMPEQB  Z21, Z2, K5            // after C3
	VPADDB    Z22, Z1, K5, Z1
	KMOVQ     R15, K6
	VPCOMPRESSB.Z Z1, K6, Z3
	VMOVDQU64 Z3, (DI)(BX*1)
	POPCNTQ   R15, R15
	ADDQ      R15, BX
	ADDQ      R14, AX
	JMP       vl1loop

vl1done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
