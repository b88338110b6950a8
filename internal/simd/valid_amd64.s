//go:build amd64 && gc && !purego

#include "textflag.h"
#include "utf8conv_amd64.h"

// The assume-valid converters: UTF-8 to UTF-16LE and to UTF-32LE
// (AVX-512 with BW and VBMI2, and AVX2), UTF-32LE to UTF-8 (both), UTF-8
// to Latin-1 (AVX-512).
//
// Each is its validating twin (utf8_amd64.s, utf32_amd64.s,
// avx2_amd64.s, latin1_amd64.s) with the checks taken out; for UTF-8
// that is the Keiser–Lemire check: no prev1–3 loads, no table lookups,
// no error exit, and none of the check's constants. The windows, the formulas and the
// stores are the same, so on well-formed input the output is the same
// byte for byte.
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
TEXT ·utf8ToUTF16LEValidAVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	MOVL $0x003F003F, DX
	VPBROADCASTD DX, Z27
	MOVL $0x07C007C0, DX
	VPBROADCASTD DX, Z28
	MOVL $0xC0C0C0C0, DX
	VPBROADCASTD DX, Z29
	MOVL $0xE0E0E0E0, DX
	VPBROADCASTD DX, Z30
	MOVL $0xF0F0F0F0, DX
	VPBROADCASTD DX, Z31
	MOVL $0x00070007, DX
	VPBROADCASTD DX, Z11
	MOVL $0xD7C0D7C0, DX
	VPBROADCASTD DX, Z12
	MOVL $0x000F000F, DX
	VPBROADCASTD DX, Z13
	MOVL $0xDC00DC00, DX
	VPBROADCASTD DX, Z14

v16loop:
	// A window needs 67 bytes of src (it reads 66) and 128 of room.
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $67
	JB   v16done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $128
	JB   v16done

	// An ASCII window: widen its 64 bytes to 64 units.
	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KMOVQ     K1, R10                // R10: non-ASCII bytes
	TESTQ     R10, R10
	JNZ       v16multi
	VPMOVZXBW (SI)(AX*1), Z2
	VPMOVZXBW 32(SI)(AX*1), Z3
	VMOVDQU64 Z2, (DI)(BX*1)
	VMOVDQU64 Z3, 64(DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $128, BX
	JMP       v16loop

v16multi:
	// The masks of the window's bytes (no check: the input is taken to
	// be well formed).
	VPCMPUB $5, Z29, Z1, K3
	VPCMPUB $5, Z30, Z1, K4
	VPCMPUB $5, Z31, Z1, K5
	KMOVQ   K3, R11                  // R11: leads
	KMOVQ   K4, R12                  // R12: leads of three or four bytes
	KMOVQ   K5, R13                  // R13: leads of four bytes
	MOVQ    $0x1111111111111111, DX
	CMPQ    R13, DX
	JEQ     v16allquad               // sixteen four-byte characters

	// R14: the end of the last character that ends in the window (a
	// lead among the last three bytes starts one that does not).
	MOVQ $64, R14
	BTQ  $63, R11
	JCC  v16end2
	MOVQ $63, R14
	JMP  v16end

v16end2:
	BTQ  $62, R12
	JCC  v16end3
	MOVQ $62, R14
	JMP  v16end

v16end3:
	BTQ  $61, R13
	JCC  v16end
	MOVQ $61, R14

v16end:
	BZHIQ R14, R13, R15
	TESTQ R15, R15
	JNZ   v16pairs                   // four-byte characters

	// Characters of one to three bytes: each half of the window by
	// U8TO16HALF, keeping the lanes of the character starts.
	MOVQ  R10, R15
	NOTQ  R15
	ORQ   R11, R15
	BZHIQ R14, R15, R15              // R15: character starts
	NOTQ  R10                        // R10: ASCII
	NOTQ  R12                        // R12: below E0
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	U8TO16HALF((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	SHRQ  $32, R10
	SHRQ  $32, R12
	SHRQ  $32, R15
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	U8TO16HALF(32(SI)(AX*1), 33(SI)(AX*1), 34(SI)(AX*1))
	ADDQ  R14, AX
	JMP   v16loop

v16pairs:
	// Four-byte characters: a lead's lane gets the first unit of its
	// surrogate pair, its first continuation byte's lane the second
	// (U8TO16HALFP); both lanes are kept.
	MOVQ  R15, CX                    // CX: four-byte leads
	MOVQ  R10, R15
	NOTQ  R15
	ORQ   R11, R15
	BZHIQ R14, R15, R15              // R15: character starts
	MOVQ  CX, R13
	SHLQ  $1, R13                    // R13: their first continuation bytes
	ORQ   R13, R15                   // R15: the lanes to keep
	NOTQ  R10                        // R10: ASCII
	NOTQ  R12                        // R12: below E0
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	KMOVD CX, K4
	KMOVD R13, K6
	U8TO16HALFP((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	SHRQ  $32, R10
	SHRQ  $32, R12
	SHRQ  $32, R15
	SHRQ  $32, CX
	SHRQ  $32, R13
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	KMOVD CX, K4
	KMOVD R13, K6
	U8TO16HALFP(32(SI)(AX*1), 33(SI)(AX*1), 34(SI)(AX*1))
	ADDQ  R14, AX
	JMP   v16loop

v16allquad:
	// Sixteen four-byte characters: code points by fixed arithmetic on
	// dwords, then c -> the pair D7C0+(c>>10), DC00|c&3FF in one dword.
	QUADCP512
	VPSRLD     $10, Z2, Z3
	VPADDD     qd7c0<>(SB), Z3, Z3
	VPANDD     q3ff<>(SB), Z2, Z4
	VPORD      qdc00<>(SB), Z4, Z4
	VPSLLD     $16, Z4, Z4
	VPORD      Z4, Z3, Z3
	VMOVDQU64  Z3, (DI)(BX*1)
	ADDQ       $64, BX
	ADDQ       $64, AX
	JMP        v16loop

v16done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

// func utf8ToUTF32LEValidAVX512(dst, src []byte) (nDst, nSrc int)
//
// The windows of utf8ToUTF16LEValidAVX512; every non-ASCII window goes by
// code point as in utf8ToUTF32LEAVX512: 32 positions at a time in 16-bit
// lanes when it has no four-byte character (U8TO32HALF), else gathered
// into the buffer on the stack and converted 16 characters at a time
// (GATHERCHARS, U8CP). Registers as in utf8ToUTF16LEValidAVX512, with
// Z11–Z19 the constants of U8CP; the output of a window is at most 256
// bytes.
TEXT ·utf8ToUTF32LEValidAVX512(SB), NOSPLIT, $256-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	MOVL $0xC0C0C0C0, DX
	VPBROADCASTD DX, Z29
	MOVL $0xE0E0E0E0, DX
	VPBROADCASTD DX, Z30
	MOVL $0xF0F0F0F0, DX
	VPBROADCASTD DX, Z31
	MOVL $0x003F003F, DX
	VPBROADCASTD DX, Z27
	MOVL $0x07C007C0, DX
	VPBROADCASTD DX, Z28
	U8QCONSTS

v32loop:
	// A window needs 67 bytes of src (it reads 67 in GATHERCHARS) and 256
	// of room.
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $67
	JB   v32done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $256
	JB   v32done

	// An ASCII window: widen its 64 bytes to 64 dwords.
	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KMOVQ     K1, R10                // R10: non-ASCII bytes
	TESTQ     R10, R10
	JNZ       v32multi
	VPMOVZXBD (SI)(AX*1), Z2
	VPMOVZXBD 16(SI)(AX*1), Z3
	VPMOVZXBD 32(SI)(AX*1), Z4
	VPMOVZXBD 48(SI)(AX*1), Z5
	VMOVDQU64 Z2, (DI)(BX*1)
	VMOVDQU64 Z3, 64(DI)(BX*1)
	VMOVDQU64 Z4, 128(DI)(BX*1)
	VMOVDQU64 Z5, 192(DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $256, BX
	JMP       v32loop

v32multi:
	// The masks of the window's bytes (no check).
	VPCMPUB $5, Z29, Z1, K3
	VPCMPUB $5, Z30, Z1, K4
	VPCMPUB $5, Z31, Z1, K5
	KMOVQ   K3, R11                  // R11: leads
	KMOVQ   K4, R12                  // R12: leads of three or four bytes
	KMOVQ   K5, R13                  // R13: leads of four bytes
	MOVQ    $0x1111111111111111, DX
	CMPQ    R13, DX
	JEQ     v32allquad               // sixteen four-byte characters

	// R14: the end of the last character that ends in the window.
	MOVQ $64, R14
	BTQ  $63, R11
	JCC  v32end2
	MOVQ $63, R14
	JMP  v32end

v32end2:
	BTQ  $62, R12
	JCC  v32end3
	MOVQ $62, R14
	JMP  v32end

v32end3:
	BTQ  $61, R13
	JCC  v32end
	MOVQ $61, R14

v32end:
	MOVQ  R10, R15
	NOTQ  R15
	ORQ   R11, R15
	BZHIQ R14, R15, R15              // R15: character starts
	NOTQ  R10                        // R10: ASCII
	NOTQ  R12                        // R12: below E0
	BZHIQ R14, R13, DX
	TESTQ DX, DX
	JNZ   v32quad                    // four-byte characters: by code point

	// Characters of one to three bytes: 32 positions at a time in 16-bit
	// lanes, as to UTF-16, the starts compressed, then widened to dwords.
	// Each half stores 128 bytes and adds at most 128 to BX.
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	U8TO32HALF((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	SHRQ  $32, R10
	SHRQ  $32, R12
	SHRQ  $32, R15
	KMOVD R10, K1
	KMOVD R12, K2
	KMOVD R15, K3
	U8TO32HALF(32(SI)(AX*1), 33(SI)(AX*1), 34(SI)(AX*1))
	ADDQ  R14, AX
	JMP   v32loop

v32quad:
	// Four-byte characters: the characters' bytes gathered into the
	// buffer, then U8CP on 16 at a time; each store is 64 bytes at most
	// 192 past the window's output start (at most 64 characters).
	NOTQ  R13                        // R13: below F0
	LEAQ  buf-256(SP), CX
	GATHERCHARS

v32q:
	CHARMASKS
	U8CP((CX), 64(CX), 128(CX), 192(CX))
	VMOVDQU64 Z5, (DI)(BX*1)
	MOVQ    $16, R11
	CMPQ    R15, R11
	CMOVQLT R15, R11
	LEAQ    (BX)(R11*4), BX
	ADDQ    $16, CX
	SUBQ    $16, R15
	JG      v32q
	ADDQ R14, AX
	JMP  v32loop

v32allquad:
	// Sixteen four-byte characters: by fixed arithmetic on dwords.
	QUADCP512
	VMOVDQU64  Z2, (DI)(BX*1)
	ADDQ       $64, BX
	ADDQ       $64, AX
	JMP        v32loop

v32done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

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
TEXT ·utf8ToUTF16LEValidAVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	XCONSTS

y16loop:
	// A window needs 34 bytes of src and 80 of room.
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $34
	JB   y16done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $80
	JB   y16done

	// An ASCII window: widen its 32 bytes to 32 units.
	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R10                // R10: non-ASCII bytes
	TESTL     R10, R10
	JNZ       y16multi
	VPMOVZXBW (SI)(AX*1), Y2
	VPMOVZXBW 16(SI)(AX*1), Y3
	VMOVDQU   Y2, (DI)(BX*1)
	VMOVDQU   Y3, 32(DI)(BX*1)
	ADDQ      $64, BX
	ADDQ      $32, AX
	JMP       y16loop

y16multi:
	XMASKS
	CMPL R13, $0x11111111
	JEQ  y16allquad                  // eight four-byte characters
	XEND(y16end2, y16end3, y16end)

y16end:
	BZHIL R14, R13, DX
	TESTL DX, DX
	JNZ   y16quad                    // four-byte characters

	// Characters of one to three bytes: the units of 16 positions at a
	// time, those of the character starts packed and stored.
	MOVL  R10, R15
	NOTL  R15
	ORL   R11, R15
	BZHIL R14, R15, R15              // R15: character starts
	U8UNITS16((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	PACK16
	STORE16
	SHRL  $16, R15
	U8UNITS16(16(SI)(AX*1), 17(SI)(AX*1), 18(SI)(AX*1))
	PACK16
	STORE16
	ADDQ  R14, AX
	JMP   y16loop

y16quad:
	// Four-byte characters: the lead's lane and its first continuation
	// byte's lane get the two units of the pair (PAIRS16) and are kept.
	MOVL  R10, R15
	NOTL  R15
	ORL   R11, R15
	BZHIL R14, R15, R15              // R15: character starts
	MOVL  DX, R13
	SHLL  $1, R13                    // R13: their first continuation bytes
	ORL   R13, R15                   // R15: the lanes to keep
	U8UNITS16((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	PAIRS16
	PACK16
	STORE16
	SHRL  $16, R15
	SHRL  $16, R13
	U8UNITS16(16(SI)(AX*1), 17(SI)(AX*1), 18(SI)(AX*1))
	PAIRS16
	PACK16
	STORE16
	ADDQ  R14, AX
	JMP   y16loop

y16allquad:
	// Eight four-byte characters: by fixed arithmetic on dwords.
	QUADCP256
	VPSRLD     $10, Y2, Y3
	VPADDD     qd7c0<>(SB), Y3, Y3
	VPAND      q3ff<>(SB), Y2, Y4
	VPOR       qdc00<>(SB), Y4, Y4
	VPSLLD     $16, Y4, Y4
	VPOR       Y4, Y3, Y3
	VMOVDQU    Y3, (DI)(BX*1)
	ADDQ       $32, BX
	ADDQ       $32, AX
	JMP        y16loop

y16done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

// func utf8ToUTF32LEValidAVX2(dst, src []byte) (nDst, nSrc int)
//
// As utf8ToUTF16LEValidAVX2, the units widened to dwords (STORE32). Like
// the validating form it stops before a window with a four-byte
// character that is not one of eight; the caller converts a chunk with
// the scalar code and calls again.
TEXT ·utf8ToUTF32LEValidAVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	XCONSTS

y32loop:
	// A window needs 34 bytes of src and 160 of room.
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $34
	JB   y32done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $160
	JB   y32done

	// An ASCII window: widen its 32 bytes to 32 dwords.
	VMOVDQU   (SI)(AX*1), Y1
	VPMOVMSKB Y1, R10                // R10: non-ASCII bytes
	TESTL     R10, R10
	JNZ       y32multi
	VPMOVZXBD (SI)(AX*1), Y2
	VPMOVZXBD 8(SI)(AX*1), Y3
	VPMOVZXBD 16(SI)(AX*1), Y4
	VPMOVZXBD 24(SI)(AX*1), Y5
	VMOVDQU   Y2, (DI)(BX*1)
	VMOVDQU   Y3, 32(DI)(BX*1)
	VMOVDQU   Y4, 64(DI)(BX*1)
	VMOVDQU   Y5, 96(DI)(BX*1)
	ADDQ      $128, BX
	ADDQ      $32, AX
	JMP       y32loop

y32multi:
	XMASKS
	CMPL R13, $0x11111111
	JEQ  y32allquad                  // eight four-byte characters
	XEND(y32end2, y32end3, y32end)

y32end:
	BZHIL R14, R13, DX
	TESTL DX, DX
	JNZ   y32done                    // a four-byte character: left to the scalar code

	// Characters of one to three bytes: the units of 16 positions at a
	// time, those of the character starts packed, widened and stored.
	MOVL  R10, R15
	NOTL  R15
	ORL   R11, R15
	BZHIL R14, R15, R15              // R15: character starts
	U8UNITS16((SI)(AX*1), 1(SI)(AX*1), 2(SI)(AX*1))
	PACK16
	STORE32
	SHRL  $16, R15
	U8UNITS16(16(SI)(AX*1), 17(SI)(AX*1), 18(SI)(AX*1))
	PACK16
	STORE32
	ADDQ  R14, AX
	JMP   y32loop

y32allquad:
	// Eight four-byte characters: by fixed arithmetic on dwords.
	QUADCP256
	VMOVDQU    Y2, (DI)(BX*1)
	ADDQ       $32, BX
	ADDQ       $32, AX
	JMP        y32loop

y32done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

// func utf32LEToUTF8ValidAVX512(dst, src []byte) (nDst, nSrc int)
//
// utf32LEToUTF8AVX512 (utf32_amd64.s) without its check for units above
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
TEXT ·utf32LEToUTF8ValidAVX512(SB), NOSPLIT, $0-64
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
	MOVL $0x3F000000, DX
	VPBROADCASTD DX, Z22
	MOVL $0x80C0, DX
	VPBROADCASTD DX, Z23
	MOVL $0x8080E0, DX
	VPBROADCASTD DX, Z24
	MOVL $0x808080F0, DX
	VPBROADCASTD DX, Z25
	MOVL $0x80, DX
	VPBROADCASTD DX, Z26
	MOVL $0x800, DX
	VPBROADCASTD DX, Z27
	MOVL $0x10000, DX
	VPBROADCASTD DX, Z28
	MOVL $0x8080, DX
	VPBROADCASTD DX, Z16
	MOVL $0x808080, DX
	VPBROADCASTD DX, Z17
	MOVL $0x80808080, DX
	VPBROADCASTD DX, Z18
	MOVL $0xFFFFFF80, DX
	VPBROADCASTD DX, Z19

v32uloop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $64
	JB   v32udone
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $64
	JB   v32udone

	VMOVDQU64 (SI)(AX*1), Z1
	VPTESTMD  Z19, Z1, K1            // K1: units above 7F
	KORTESTW  K1, K1
	JNZ       v32uwide
	VPMOVDB   Z1, X2                 // ASCII: one byte per unit
	VMOVDQU   X2, (DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $16, BX
	JMP       v32uloop

v32uwide:
	VPCMPUD $1, Z26, Z1, K3          // K3: below 80
	VPCMPUD $1, Z27, Z1, K4          // K4: below 800
	VPCMPUD $1, Z28, Z1, K5          // K5: below 10000

	VPSRLD     $18, Z1, Z4           // four bytes
	VPSRLD     $4, Z1, Z5
	VPTERNLOGD $0xF8, Z20, Z5, Z4
	VPSLLD     $10, Z1, Z5
	VPTERNLOGD $0xF8, Z21, Z5, Z4
	VPSLLD     $24, Z1, Z5
	VPTERNLOGD $0xF8, Z22, Z5, Z4
	VPORD      Z25, Z4, Z4

	VPSRLD     $12, Z1, Z6           // three bytes
	VPSLLD     $2, Z1, Z5
	VPTERNLOGD $0xF8, Z20, Z5, Z6
	VPSLLD     $16, Z1, Z5
	VPTERNLOGD $0xF8, Z21, Z5, Z6
	VPORD      Z24, Z6, K5, Z4

	VPSRLD     $6, Z1, Z6            // two bytes
	VPSLLD     $8, Z1, Z5
	VPTERNLOGD $0xF8, Z20, Z5, Z6
	VPORD      Z23, Z6, K4, Z4
	VMOVDQA32  Z1, K3, Z4            // one byte

	VMOVDQA32  Z18, Z7               // the keep bytes
	VMOVDQA32  Z17, K5, Z7
	VMOVDQA32  Z16, K4, Z7
	VMOVDQA32  Z26, K3, Z7
	VPMOVB2M   Z7, K6
	VPCOMPRESSB.Z Z4, K6, Z6
	VMOVDQU64  Z6, (DI)(BX*1)
	KMOVQ      K6, DX
	POPCNTQ    DX, DX
	ADDQ       DX, BX
	ADDQ       $64, AX
	JMP        v32uloop

v32udone:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

// func utf32LEToUTF8ValidAVX2(dst, src []byte) (nDst, nSrc int)
//
// utf32LEToUTF8AVX2 (avx2_amd64.s) without its check for units above
// 10FFFF or in D800–DFFF: 8 units a step while 32 bytes of src are left
// and dst has room for 48 (two 16-byte stores, the first followed by an
// advance of at most 16, whatever the units hold).

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

// Registers and constants as in utf32LEToUTF8AVX2: DI dst, R8 len(dst),
// SI src, R9 len(src), BX nDst, AX nSrc; R14 threeByteShuf, R15
// threeByteLen; Y8 3F0000, Y9 8080E0, Y10 3F00 (words), Y11 80C0 (words),
// Y12 7F, Y13 7FF, Y14 FFFF, Y15 808080F0 (dwords); Y0 3F000000.
TEXT ·utf32LEToUTF8ValidAVX2(SB), NOSPLIT, $0-64
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
	LEAQ ·threeByteShuf(SB), R14
	LEAQ ·threeByteLen(SB), R15

vt2loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $32
	JB   vt2done
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $48
	JB   vt2done

	VMOVDQU  (SI)(AX*1), Y3
	VPTEST   dffffff80<>(SB), Y3
	JNZ      vt2wide
	VPACKUSDW Y3, Y3, Y3             // ASCII: narrow (lane by lane)
	VPACKUSWB Y3, Y3, Y3
	VMOVD    X3, (DI)(BX*1)
	VEXTRACTI128 $1, Y3, X4
	VMOVD    X4, 4(DI)(BX*1)
	ADDQ     $32, AX
	ADDQ     $8, BX
	JMP      vt2loop

vt2wide:
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
	JMP      vt2loop

vt2done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

// func utf8ToLatin1ValidAVX512(dst, src []byte) (nDst, nSrc int)
//
// utf8ToLatin1AVX512 (latin1_amd64.s) without its checks (that the leads
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
