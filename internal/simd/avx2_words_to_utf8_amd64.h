// WORDS16TOUTF8 (16 words of mixed lengths) and THREE16TOUTF8 (16 words
// of three bytes each), shared by the AVX2 UTF-16LE and UTF-32LE to UTF-8
// converters (avx2_utf16_to_utf8_amd64.s, avx2_utf32_to_utf8_amd64.h).

#ifndef AVX2_WORDS_TO_UTF8_H
#define AVX2_WORDS_TO_UTF8_H

DATA w16dupLow<>+0(SB)/8, $0x0606040402020000
DATA w16dupLow<>+8(SB)/8, $0x0E0E0C0C0A0A0808
DATA w16dupLow<>+16(SB)/8, $0x0606040402020000
DATA w16dupLow<>+24(SB)/8, $0x0E0E0C0C0A0A0808
GLOBL w16dupLow<>(SB), RODATA|NOPTR, $32
DATA w16c3f7f<>+0(SB)/8, $0x3F7F3F7F3F7F3F7F
DATA w16c3f7f<>+8(SB)/8, $0x3F7F3F7F3F7F3F7F
DATA w16c3f7f<>+16(SB)/8, $0x3F7F3F7F3F7F3F7F
DATA w16c3f7f<>+24(SB)/8, $0x3F7F3F7F3F7F3F7F
GLOBL w16c3f7f<>(SB), RODATA|NOPTR, $32
DATA w16c8000<>+0(SB)/8, $0x8000800080008000
DATA w16c8000<>+8(SB)/8, $0x8000800080008000
DATA w16c8000<>+16(SB)/8, $0x8000800080008000
DATA w16c8000<>+24(SB)/8, $0x8000800080008000
GLOBL w16c8000<>(SB), RODATA|NOPTR, $32
DATA w16c0ffc<>+0(SB)/8, $0x0FFC0FFC0FFC0FFC
DATA w16c0ffc<>+8(SB)/8, $0x0FFC0FFC0FFC0FFC
DATA w16c0ffc<>+16(SB)/8, $0x0FFC0FFC0FFC0FFC
DATA w16c0ffc<>+24(SB)/8, $0x0FFC0FFC0FFC0FFC
GLOBL w16c0ffc<>(SB), RODATA|NOPTR, $32
DATA w16c0140<>+0(SB)/8, $0x0140014001400140
DATA w16c0140<>+8(SB)/8, $0x0140014001400140
DATA w16c0140<>+16(SB)/8, $0x0140014001400140
DATA w16c0140<>+24(SB)/8, $0x0140014001400140
GLOBL w16c0140<>(SB), RODATA|NOPTR, $32
DATA w16cc0e0<>+0(SB)/8, $0xC0E0C0E0C0E0C0E0
DATA w16cc0e0<>+8(SB)/8, $0xC0E0C0E0C0E0C0E0
DATA w16cc0e0<>+16(SB)/8, $0xC0E0C0E0C0E0C0E0
DATA w16cc0e0<>+24(SB)/8, $0xC0E0C0E0C0E0C0E0
GLOBL w16cc0e0<>(SB), RODATA|NOPTR, $32
DATA w16c4000<>+0(SB)/8, $0x4000400040004000
DATA w16c4000<>+8(SB)/8, $0x4000400040004000
DATA w16c4000<>+16(SB)/8, $0x4000400040004000
DATA w16c4000<>+24(SB)/8, $0x4000400040004000
GLOBL w16c4000<>(SB), RODATA|NOPTR, $32
DATA w16cff00<>+0(SB)/8, $0xFF00FF00FF00FF00
DATA w16cff00<>+8(SB)/8, $0xFF00FF00FF00FF00
DATA w16cff00<>+16(SB)/8, $0xFF00FF00FF00FF00
DATA w16cff00<>+24(SB)/8, $0xFF00FF00FF00FF00
GLOBL w16cff00<>(SB), RODATA|NOPTR, $32

// WORDS16TOUTF8 appends the UTF-8 forms of the 16 words in Y4 (in order,
// none a surrogate), given the byte masks Y5 of the words below 800 and
// Y6 of the words below 80, and advances BX (nDst) by their length; it
// writes up to 52 bytes. Each word w becomes a dword of the bytes (low
// first) w&7F, 80|w&3F, E0|w>>12 and C0|w>>6 (below 800) or 80|w>>6&3F:
//   - the low word: w's low byte copied to both bytes (VPSHUFB), masked
//     with 3F7F, then 8000 set;
//   - the high word: w>>4 masked with 0FFC holds w>>6&3F in bits 2–7 and
//     w>>12 in bits 8–11; VPMADDUBSW by 40 (low byte) and 01 (high byte)
//     moves them to the high and low bytes; C0E0 is set, and 4000 cleared
//     again (by XOR) in the words not below 800.
// wordFormShuf packs four dwords at a time, keyed by two bits a word (1
// for two bytes, 2 for three), and gives the length in its byte 15. The
// keys come from one VPMOVMSKB of the words 00FF (two bytes), FF00 (three)
// or 0000 (one): (Y5 XOR FF00) AND NOT Y6.
// Uses Y1–Y3, Y7, R10–R12 and DX; R13 holds wordFormShuf inside and
// twoByteShuf again at the end.
#define WORDS16TOUTF8 \
	VPSHUFB    w16dupLow<>(SB), Y4, Y1; \
	VPAND      w16c3f7f<>(SB), Y1, Y1; \
	VPOR       w16c8000<>(SB), Y1, Y1; \
	VPSRLW     $4, Y4, Y2; \
	VPAND      w16c0ffc<>(SB), Y2, Y2; \
	VPMADDUBSW w16c0140<>(SB), Y2, Y2; \
	VPOR       w16cc0e0<>(SB), Y2, Y2; \
	VPANDN     w16c4000<>(SB), Y5, Y3; \
	VPXOR      Y3, Y2, Y2; \
	VPUNPCKLWD Y2, Y1, Y3; \
	VPUNPCKHWD Y2, Y1, Y2; \
	VPXOR      w16cff00<>(SB), Y5, Y7; \
	VPANDN     Y7, Y6, Y7; \
	VPMOVMSKB  Y7, R10; \
	MOVBLZX    R10, R11; \
	SHLL       $4, R11; \
	MOVL       R10, R12; \
	SHRL       $4, R12; \
	ANDL       $0xFF0, R12; \
	MOVL       R10, DX; \
	SHRL       $12, DX; \
	ANDL       $0xFF0, DX; \
	SHRL       $20, R10; \
	ANDL       $0xFF0, R10; \
	LEAQ       ·wordFormShuf(SB), R13; \
	VMOVDQU    (R13)(R11*1), X7; \
	VINSERTI128 $1, (R13)(DX*1), Y7, Y7; \
	VPSHUFB    Y7, Y3, Y3; \
	VMOVDQU    (R13)(R12*1), X7; \
	VINSERTI128 $1, (R13)(R10*1), Y7, Y7; \
	VPSHUFB    Y7, Y2, Y2; \
	MOVBLZX    15(R13)(R11*1), R11; \
	MOVBLZX    15(R13)(R12*1), R12; \
	MOVBLZX    15(R13)(DX*1), DX; \
	MOVBLZX    15(R13)(R10*1), R10; \
	VMOVDQU    X3, (DI)(BX*1); \
	ADDQ       R11, BX; \
	VMOVDQU    X2, (DI)(BX*1); \
	ADDQ       R12, BX; \
	VEXTRACTI128 $1, Y3, (DI)(BX*1); \
	ADDQ       DX, BX; \
	VEXTRACTI128 $1, Y2, (DI)(BX*1); \
	ADDQ       R10, BX; \
	LEAQ       ·twoByteShuf(SB), R13

// THREE16TOUTF8(w) appends the 48 bytes of the 16 words in w, all in
// 0800–FFFF and none a surrogate, and advances BX by 48. Words A =
// E0|w>>12, 80|w>>6&3F and bytes B = 80|w&3F are interleaved (A, A, B for
// each word) by four fixed shuffles a lane: 24 bytes a lane, as 16 and 8.
// Needs Y10 = 3F00 (words); uses Y2, Y3, Y5–Y7.
DATA w16threeA0<>+0(SB)/8, $0x0504800302800100
DATA w16threeA0<>+8(SB)/8, $0x0A80090880070680
DATA w16threeA0<>+16(SB)/8, $0x0504800302800100
DATA w16threeA0<>+24(SB)/8, $0x0A80090880070680
GLOBL w16threeA0<>(SB), RODATA|NOPTR, $32
DATA w16threeB0<>+0(SB)/8, $0x8080018080008080
DATA w16threeB0<>+8(SB)/8, $0x8004808003808002
DATA w16threeB0<>+16(SB)/8, $0x8080018080008080
DATA w16threeB0<>+24(SB)/8, $0x8004808003808002
GLOBL w16threeB0<>(SB), RODATA|NOPTR, $32
DATA w16threeA1<>+0(SB)/8, $0x800F0E800D0C800B
DATA w16threeA1<>+8(SB)/8, $0x8080808080808080
DATA w16threeA1<>+16(SB)/8, $0x800F0E800D0C800B
DATA w16threeA1<>+24(SB)/8, $0x8080808080808080
GLOBL w16threeA1<>(SB), RODATA|NOPTR, $32
DATA w16threeB1<>+0(SB)/8, $0x0780800680800580
DATA w16threeB1<>+8(SB)/8, $0x8080808080808080
DATA w16threeB1<>+16(SB)/8, $0x0780800680800580
DATA w16threeB1<>+24(SB)/8, $0x8080808080808080
GLOBL w16threeB1<>(SB), RODATA|NOPTR, $32
DATA w16c80e0<>+0(SB)/8, $0x80E080E080E080E0
DATA w16c80e0<>+8(SB)/8, $0x80E080E080E080E0
DATA w16c80e0<>+16(SB)/8, $0x80E080E080E080E0
DATA w16c80e0<>+24(SB)/8, $0x80E080E080E080E0
GLOBL w16c80e0<>(SB), RODATA|NOPTR, $32
DATA w16c003f<>+0(SB)/8, $0x003F003F003F003F
DATA w16c003f<>+8(SB)/8, $0x003F003F003F003F
DATA w16c003f<>+16(SB)/8, $0x003F003F003F003F
DATA w16c003f<>+24(SB)/8, $0x003F003F003F003F
GLOBL w16c003f<>(SB), RODATA|NOPTR, $32
DATA w16c0080<>+0(SB)/8, $0x0080008000800080
DATA w16c0080<>+8(SB)/8, $0x0080008000800080
DATA w16c0080<>+16(SB)/8, $0x0080008000800080
DATA w16c0080<>+24(SB)/8, $0x0080008000800080
GLOBL w16c0080<>(SB), RODATA|NOPTR, $32

#define THREE16TOUTF8(w) \
	VPSRLW    $12, w, Y2; \
	VPSLLW    $2, w, Y3; \
	VPAND     Y10, Y3, Y3; \
	VPOR      Y3, Y2, Y2; \
	VPOR      w16c80e0<>(SB), Y2, Y2; \
	VPAND     w16c003f<>(SB), w, Y3; \
	VPOR      w16c0080<>(SB), Y3, Y3; \
	VPACKUSWB Y3, Y3, Y3; \
	VPSHUFB   w16threeA0<>(SB), Y2, Y5; \
	VPSHUFB   w16threeB0<>(SB), Y3, Y6; \
	VPOR      Y6, Y5, Y5; \
	VPSHUFB   w16threeA1<>(SB), Y2, Y6; \
	VPSHUFB   w16threeB1<>(SB), Y3, Y7; \
	VPOR      Y7, Y6, Y6; \
	VMOVDQU   X5, (DI)(BX*1); \
	VMOVQ     X6, 16(DI)(BX*1); \
	VEXTRACTI128 $1, Y5, X5; \
	VEXTRACTI128 $1, Y6, X6; \
	VMOVDQU   X5, 24(DI)(BX*1); \
	VMOVQ     X6, 40(DI)(BX*1); \
	ADDQ      $48, BX

#endif
