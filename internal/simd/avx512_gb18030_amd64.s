//go:build amd64 && gc && !purego

#include "textflag.h"

// The kernel of gb18030_amd64.go: runs of four-byte GB18030 codes of
// supplementary characters to UTF-8 (see GB18030SupplementaryToUTF8).

// gbBias: subtracted from the bytes b0 b1 b2 b3 of each dword (a code,
// little-endian: b0 is the low byte) to give b0-0x81, b1-0x30, b2-0x81,
// b3-0x30.
DATA gbBias<>+0(SB)/4, $0x30813081
GLOBL gbBias<>(SB), RODATA|NOPTR, $4

// gbLimit: the largest of those differences in a code: 0x7D (FE-81) for
// b0 and b2, 9 for b1 and b3.
DATA gbLimit<>+0(SB)/4, $0x097D097D
GLOBL gbLimit<>(SB), RODATA|NOPTR, $4

// gbTens: the VPMADDUBSW weights 10, 1, 10, 1: word 0 of each dword
// becomes b0'*10 + b1', word 1 b2'*10 + b3' (each at most 1259).
DATA gbTens<>+0(SB)/4, $0x010A010A
GLOBL gbTens<>(SB), RODATA|NOPTR, $4

// gb1260: the VPMADDWD weights 1260, 1: the pointer
// (b0'*10 + b1')*1260 + b2'*10 + b3'.
DATA gb1260<>+0(SB)/4, $0x000104EC
GLOBL gb1260<>(SB), RODATA|NOPTR, $4

// gbFirst: the pointer of U+10000, 189000.
DATA gbFirst<>+0(SB)/4, $189000
GLOBL gbFirst<>(SB), RODATA|NOPTR, $4

// gbOut: the bits of a dword that a pointer minus 189000 of a
// supplementary character (0–0xFFFFF) leaves clear.
DATA gbOut<>+0(SB)/4, $0xFFF00000
GLOBL gbOut<>(SB), RODATA|NOPTR, $4

// gbPlane1: 0x10000, added to pointer - 189000 to give the code point.
DATA gbPlane1<>+0(SB)/4, $0x00010000
GLOBL gbPlane1<>(SB), RODATA|NOPTR, $4

// gbShifts: the VPMULTISHIFTQB bit offsets that put the bits of the code
// point c of each dword of a qword into its four UTF-8 bytes: c>>18,
// c>>12, c>>6 and c (low byte first), for the dword at bit 0 and the one
// at bit 32.
DATA gbShifts<>+0(SB)/8, $0x20262C3200060C12
GLOBL gbShifts<>(SB), RODATA|NOPTR, $8

// gbKeep and gbMark: the UTF-8 bytes are (bits & gbKeep) | gbMark: the
// lead byte F0 | c>>18 (c>>18 is at most 4) and three continuation bytes
// 80 | six bits.
DATA gbKeep<>+0(SB)/4, $0x3F3F3F07
GLOBL gbKeep<>(SB), RODATA|NOPTR, $4
DATA gbMark<>+0(SB)/4, $0x808080F0
GLOBL gbMark<>(SB), RODATA|NOPTR, $4

// func gb18030SupplementaryToUTF8AVX512(dst, src []byte) (n int)
//
// The kernel works on 64-byte blocks of sixteen codes, one per dword. The
// output of a block is as long as the block (a supplementary character is
// four UTF-8 bytes) and goes at the same offset of dst. Each block:
//
//   - The bytes minus gbBias, compared (unsigned) with gbLimit, give the
//     bytes out of range (K1).
//   - VPMADDUBSW and VPMADDWD make the pointer of each dword; minus 189000
//     it must be 0–0xFFFFF: the other dwords are codes of BMP characters
//     (or of nothing) (K2). The pointer of a dword with a byte out of
//     range means nothing, but that dword is stopped at by K1 anyway.
//   - Plus 0x10000 the code point; VPMULTISHIFTQB and VPTERNLOGD make its
//     UTF-8 bytes, little-endian in the dword.
//   - No bit in K1 or K2: the block is stored whole. Otherwise the codes
//     before the first bad one are stored under a mask and the kernel
//     stops there.
//
// The rest of src or dst shorter than a block is loaded under a byte mask
// (a masked-off byte is not read, so it cannot fault, and reads as 0,
// which is out of range for every byte of a code): such a block always
// stops, at its first code that is bad or not whole.
//
// Registers: DI dst, SI src, CX min(len(dst), len(src)), AX n (the
// block); Z16–Z25 the constants above, broadcast.
TEXT ·gb18030SupplementaryToUTF8AVX512(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R8
	CMPQ R8, CX
	CMOVQLT R8, CX                   // CX: min(len(dst), len(src))
	XORQ AX, AX

	VPBROADCASTD gbBias<>(SB), Z16
	VPBROADCASTD gbLimit<>(SB), Z17
	VPBROADCASTD gbTens<>(SB), Z18
	VPBROADCASTD gb1260<>(SB), Z19
	VPBROADCASTD gbFirst<>(SB), Z20
	VPBROADCASTD gbOut<>(SB), Z21
	VPBROADCASTD gbPlane1<>(SB), Z22
	VPBROADCASTQ gbShifts<>(SB), Z23
	VPBROADCASTD gbKeep<>(SB), Z24
	VPBROADCASTD gbMark<>(SB), Z25

loop:
	MOVQ CX, R10
	SUBQ AX, R10                     // R10: bytes left
	CMPQ R10, $64
	JLT  tail
	VMOVDQU64 (SI)(AX*1), Z0

block:
	VPSUBB         Z16, Z0, Z1       // Z1: b0' b1' b2' b3'
	VPCMPUB        $6, Z17, Z1, K1   // K1: the bytes out of range (b' > limit)
	VPMADDUBSW     Z18, Z1, Z2       // Z2: words b0'*10+b1', b2'*10+b3'
	VPMADDWD       Z19, Z2, Z2       // Z2: the pointers
	VPSUBD         Z20, Z2, Z2       // Z2: pointer - 189000
	VPTESTMD       Z21, Z2, K2       // K2: the codes outside 0–0xFFFFF
	VPADDD         Z22, Z2, Z2       // Z2: the code points
	VPMULTISHIFTQB Z2, Z23, Z3       // Z3: c>>18, c>>12, c>>6, c in each dword
	VPTERNLOGD     $0xEA, Z25, Z24, Z3 // Z3: (Z3 & gbKeep) | gbMark, the UTF-8
	KORTESTQ       K1, K1
	JNZ            bad
	KORTESTW       K2, K2
	JNZ            bad
	VMOVDQU64      Z3, (DI)(AX*1)
	ADDQ           $64, AX
	JMP            loop

tail:
	// Fewer than 64 bytes left: a block of R10 bytes, the rest zero.
	CMPQ       R10, $4
	JLT        done
	MOVQ       $-1, R11
	BZHIQ      R10, R11, R11
	KMOVQ      R11, K3
	VMOVDQU8.Z (SI)(AX*1), K3, Z0
	JMP        block

bad:
	// Stop at the first code with a byte out of range or a pointer out of
	// the supplementary range: code min(tz(K1)/4, tz(K2)) (tz of 0 is the
	// register's width, beyond every code).
	KMOVQ   K1, R11
	TZCNTQ  R11, R11
	SHRQ    $2, R11                  // R11: the first code with a bad byte, 16 if none
	KMOVW   K2, R12
	TZCNTL  R12, R12                 // R12: the first code out of the range, 32 if none
	CMPQ    R12, R11
	CMOVQLT R12, R11                 // R11: the first bad code
	SHLQ    $2, R11                  // R11: its offset in the block
	MOVQ    $-1, R12
	BZHIQ   R11, R12, R12
	KMOVQ   R12, K4                  // K4: the bytes of the codes before it
	VMOVDQU8 Z3, K4, (DI)(AX*1)
	ADDQ    R11, AX

done:
	MOVQ AX, n+48(FP)
	VZEROUPPER
	RET

// The constants of the encoder, each broadcast to every dword.
//
// utfMask and utfWant: the bits of b0 b1 b2 b3 that a four-byte UTF-8
// character fixes (11110xxx 10xxxxxx 10xxxxxx 10xxxxxx), and their values.
DATA utfMask<>+0(SB)/4, $0xC0C0C0F8
GLOBL utfMask<>(SB), RODATA|NOPTR, $4
DATA utfWant<>+0(SB)/4, $0x808080F0
GLOBL utfWant<>(SB), RODATA|NOPTR, $4

// utf64: the VPMADDUBSW weights 64, 1, 64, 1: words b0*64 + b1 and
// b2*64 + b3 (at most 0xF7*64 + 0xBF = 15999, no saturation).
DATA utf64<>+0(SB)/4, $0x01400140
GLOBL utf64<>(SB), RODATA|NOPTR, $4

// utf4096: the VPMADDWD weights 4096, 1: (b0*64 + b1)*4096 + b2*64 + b3,
// which is the code point plus the marker bits' share, 0xF0<<18 +
// 0x80<<12 + 0x80<<6 + 0x80 = 63447168.
DATA utf4096<>+0(SB)/4, $0x00011000
GLOBL utf4096<>(SB), RODATA|NOPTR, $4

// utfBase: 63447168 + 0x10000: subtracted, it leaves the code point minus
// 0x10000, 0–0xFFFFF for a supplementary character.
DATA utfBase<>+0(SB)/4, $63512704
GLOBL utfBase<>(SB), RODATA|NOPTR, $4

// Single-precision constants: 189000.5 (the pointer of U+10000, and a
// half that keeps every quotient below away from an integer), 1/12600,
// 12600, 1/1260, 1260, 1/10, 10 and 256.
DATA utfHalf<>+0(SB)/4, $0x48389220
GLOBL utfHalf<>(SB), RODATA|NOPTR, $4
DATA utfInv12600<>+0(SB)/4, $0x38a670cd
GLOBL utfInv12600<>(SB), RODATA|NOPTR, $4
DATA utf12600<>+0(SB)/4, $0x4644e000
GLOBL utf12600<>(SB), RODATA|NOPTR, $4
DATA utfInv1260<>+0(SB)/4, $0x3a500d01
GLOBL utfInv1260<>(SB), RODATA|NOPTR, $4
DATA utf1260<>+0(SB)/4, $0x449d8000
GLOBL utf1260<>(SB), RODATA|NOPTR, $4
DATA utfInv10<>+0(SB)/4, $0x3dcccccd
GLOBL utfInv10<>(SB), RODATA|NOPTR, $4
DATA utf10<>+0(SB)/4, $0x41200000
GLOBL utf10<>(SB), RODATA|NOPTR, $4
DATA utf256<>+0(SB)/4, $0x43800000
GLOBL utf256<>(SB), RODATA|NOPTR, $4

// utfDigits: added to d0 + d1<<8 + (d2 + 128 + d3<<8)<<16 it gives the
// bytes d0+81, d1+30, d2+81, d3+30 (the 128 is the half left in the last
// remainder, times 256).
DATA utfDigits<>+0(SB)/4, $0x30013081
GLOBL utfDigits<>(SB), RODATA|NOPTR, $4

// func utf8ToGB18030SupplementaryAVX512(dst, src []byte) (n int)
//
// The kernel works on 64-byte blocks of sixteen characters of four UTF-8
// bytes, one per dword; the output of a block is as long as the block and
// goes at the same offset of dst. Each block:
//
//   - The bytes under utfMask must equal utfWant (K1: the bytes that do
//     not).
//   - VPMADDUBSW and VPMADDWD put the bytes together; minus utfBase it
//     must be 0–0xFFFFF (K2: the others, overlong or beyond U+10FFFF).
//     Where K1 has a byte the value means nothing, and the kernel stops
//     there anyway.
//   - Converted to single precision and plus 189000.5, it is the pointer
//     p plus a half. d0 = trunc(p' * (1/12600)), p' - d0*12600 (by FMA),
//     d1 = trunc(that * (1/1260)), and so on give the digits d0, d1, d2,
//     and d3 + 0.5 as the last remainder. All the values are exact: they
//     are below 2^24, and the truncated products are exact quotients
//     (checked for every supplementary character by the tests).
//   - d0 + 256*d1 and d2 + 256*(d3 + 0.5) (exact too) are converted to
//     integers, the second shifted into the high word, and utfDigits is
//     added: the four bytes of the code.
//   - No bit in K1 or K2: the block is stored whole. Otherwise the codes
//     before the first bad character are stored under a mask and the
//     kernel stops there.
//
// The rest of src or dst shorter than a block is loaded under a byte mask,
// as in the decoder: a masked-off byte is not read and reads as 0, which
// is not a byte of a four-byte UTF-8 character.
//
// Registers: DI dst, SI src, CX min(len(dst), len(src)), AX n (the
// block); Z16–Z30 the constants, broadcast.
TEXT ·utf8ToGB18030SupplementaryAVX512(SB), NOSPLIT, $0-56
	MOVQ    dst_base+0(FP), DI
	MOVQ    dst_len+8(FP), CX
	MOVQ    src_base+24(FP), SI
	MOVQ    src_len+32(FP), R8
	CMPQ    R8, CX
	CMOVQLT R8, CX                   // CX: min(len(dst), len(src))
	XORQ    AX, AX

	VPBROADCASTD utfMask<>(SB), Z16
	VPBROADCASTD utfWant<>(SB), Z17
	VPBROADCASTD utf64<>(SB), Z18
	VPBROADCASTD utf4096<>(SB), Z19
	VPBROADCASTD utfBase<>(SB), Z20
	VPBROADCASTD gbOut<>(SB), Z21
	VPBROADCASTD utfHalf<>(SB), Z22
	VPBROADCASTD utfInv12600<>(SB), Z23
	VPBROADCASTD utf12600<>(SB), Z24
	VPBROADCASTD utfInv1260<>(SB), Z25
	VPBROADCASTD utf1260<>(SB), Z26
	VPBROADCASTD utfInv10<>(SB), Z27
	VPBROADCASTD utf10<>(SB), Z28
	VPBROADCASTD utf256<>(SB), Z29
	VPBROADCASTD utfDigits<>(SB), Z30

eloop:
	MOVQ CX, R10
	SUBQ AX, R10                     // R10: bytes left
	CMPQ R10, $64
	JLT  etail
	VMOVDQU64 (SI)(AX*1), Z0

eblock:
	VPANDD       Z16, Z0, Z1
	VPCMPB       $4, Z17, Z1, K1     // K1: the bytes off the UTF-8 pattern
	VPMADDUBSW   Z18, Z0, Z2         // Z2: words b0*64+b1, b2*64+b3
	VPMADDWD     Z19, Z2, Z2
	VPSUBD       Z20, Z2, Z2         // Z2: code point - 0x10000
	VPTESTMD     Z21, Z2, K2         // K2: the characters outside 0–0xFFFFF
	VCVTDQ2PS    Z2, Z4
	VADDPS       Z22, Z4, Z4         // Z4: p + 0.5
	VMULPS       Z23, Z4, Z5
	VRNDSCALEPS  $0x0B, Z5, Z5       // Z5: d0 (0x0B: truncate, no precision exception)
	VFNMADD231PS Z24, Z5, Z4         // Z4: p + 0.5 - d0*12600
	VMULPS       Z25, Z4, Z6
	VRNDSCALEPS  $0x0B, Z6, Z6       // Z6: d1
	VFNMADD231PS Z26, Z6, Z4         // Z4: the rest - d1*1260
	VMULPS       Z27, Z4, Z7
	VRNDSCALEPS  $0x0B, Z7, Z7       // Z7: d2
	VFNMADD231PS Z28, Z7, Z4         // Z4: d3 + 0.5
	VFMADD231PS  Z29, Z6, Z5         // Z5: d0 + 256*d1
	VFMADD231PS  Z29, Z4, Z7         // Z7: d2 + 256*d3 + 128
	VCVTTPS2DQ   Z5, Z5
	VCVTTPS2DQ   Z7, Z7
	VPSLLD       $16, Z7, Z7
	VPADDD       Z7, Z5, Z3
	VPADDD       Z30, Z3, Z3         // Z3: the codes
	KORTESTQ     K1, K1
	JNZ          ebad
	KORTESTW     K2, K2
	JNZ          ebad
	VMOVDQU64    Z3, (DI)(AX*1)
	ADDQ         $64, AX
	JMP          eloop

etail:
	// Fewer than 64 bytes left: a block of R10 bytes, the rest zero.
	CMPQ       R10, $4
	JLT        edone
	MOVQ       $-1, R11
	BZHIQ      R10, R11, R11
	KMOVQ      R11, K3
	VMOVDQU8.Z (SI)(AX*1), K3, Z0
	JMP        eblock

ebad:
	// Stop at the first bad character, as in the decoder.
	KMOVQ    K1, R11
	TZCNTQ   R11, R11
	SHRQ     $2, R11                 // R11: the first character off the pattern, 16 if none
	KMOVW    K2, R12
	TZCNTL   R12, R12                // R12: the first out of the range, 32 if none
	CMPQ     R12, R11
	CMOVQLT  R12, R11                // R11: the first bad character
	SHLQ     $2, R11                 // R11: its offset in the block
	MOVQ     $-1, R12
	BZHIQ    R11, R12, R12
	KMOVQ    R12, K4                 // K4: the bytes of the characters before it
	VMOVDQU8 Z3, K4, (DI)(AX*1)
	ADDQ     R11, AX

edone:
	MOVQ AX, n+48(FP)
	VZEROUPPER
	RET
