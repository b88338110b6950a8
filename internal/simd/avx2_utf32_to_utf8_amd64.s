//go:build amd64 && gc && !purego

#include "textflag.h"

// The AVX2 UTF-32LE to UTF-8 converter: its constants and the validating
// form of the body in avx2_utf32_to_utf8_amd64.h.

DATA surrD800<>+0(SB)/8, $0x0000D8000000D800
DATA surrD800<>+8(SB)/8, $0x0000D8000000D800
DATA surrD800<>+16(SB)/8, $0x0000D8000000D800
DATA surrD800<>+24(SB)/8, $0x0000D8000000D800
GLOBL surrD800<>(SB), RODATA|NOPTR, $32
DATA d110000<>+0(SB)/8, $0x0011000000110000
DATA d110000<>+8(SB)/8, $0x0011000000110000
DATA d110000<>+16(SB)/8, $0x0011000000110000
DATA d110000<>+24(SB)/8, $0x0011000000110000
GLOBL d110000<>(SB), RODATA|NOPTR, $32
DATA dfffff800<>+0(SB)/8, $0xFFFFF800FFFFF800
DATA dfffff800<>+8(SB)/8, $0xFFFFF800FFFFF800
DATA dfffff800<>+16(SB)/8, $0xFFFFF800FFFFF800
DATA dfffff800<>+24(SB)/8, $0xFFFFF800FFFFF800
GLOBL dfffff800<>(SB), RODATA|NOPTR, $32
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

// func utf32LEToUTF8AVX2(dst, src []byte) (nDst, nSrc int)
//
// UTF-32LE to UTF-8, AVX2: 16 units (64 bytes) a step while dst has room
// for 64 bytes, as words when none is above FFFF (the paths of
// utf16LEToUTF8AVX2) and as whole forms when all are four bytes long;
// otherwise, and at the end, 8 units a step, each unit's whole UTF-8 form
// in its dword (the forms of utf32LEToUTF8AVX512) packed by
// threeByteShuf. A block holding a unit that is not a scalar value ends
// the loop. avx2_utf32_to_utf8_amd64.h has the body and the registers.
#define NAME ·utf32LEToUTF8AVX2
#define CHECKED
#include "avx2_utf32_to_utf8_amd64.h"
#undef NAME
#undef CHECKED
