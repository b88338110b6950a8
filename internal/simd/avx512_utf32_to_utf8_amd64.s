//go:build amd64 && gc && !purego

#include "textflag.h"

// func utf32LEToUTF8AVX512(dst, src []byte) (nDst, nSrc int)
//
// UTF-32LE to UTF-8, AVX-512 (BW, VBMI2). Each step takes 16 units (64
// bytes), or 32 units (128 bytes) while all are below 800 (ASCII
// narrowed, other units as two-byte forms in words, compressed with
// VPCOMPRESSB). A unit above 10FFFF or in D800–DFFF ends the vector loop
// (the scalar code stops there). All ASCII: narrow (VPMOVDB). Otherwise each
// 32-bit lane receives the whole UTF-8 form of its unit c, low byte
// first, and a lane of keep bytes (80 per byte of the form) for
// VPCOMPRESSB:
//
//   c < 80:    c
//   c < 800:   80C0     | c>>6  | (c<<8 & 3F00)
//   c < 10000: 8080E0   | c>>12 | (c<<2 & 3F00)  | (c<<16 & 3F0000)
//   otherwise: 808080F0 | c>>18 | (c>>4 & 3F00)  | (c<<10 & 3F0000) | (c<<24 & 3F000000)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc.
// Constants (dwords): Z20 3F00, Z21 3F0000, Z22 3F000000, Z23 80C0,
// Z24 8080E0, Z25 808080F0, Z26 80, Z27 800, Z28 10000, Z29 110000,
// Z30 FFFFF800, Z31 D800, Z16 8080, Z17 808080, Z18 80808080,
// Z19 FFFFFF80, Z8 FFFFF800; (words) Z10 3F00, Z11 80C0, Z12 FF80; K7
// 5555555555555555.
#define NAME ·utf32LEToUTF8AVX512
#define CHECKED
#include "avx512_utf32_to_utf8_amd64.h"
#undef NAME
#undef CHECKED
