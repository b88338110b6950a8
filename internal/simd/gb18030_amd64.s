//go:build amd64 && gc && !purego

#include "textflag.h"

// The kernel of gb18030_amd64.go: runs of four-byte GB18030 codes of
// supplementary characters to UTF-8 (see GB18030Supplementary).

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

// func gb18030SupplementaryAVX512(dst, src []byte) (n int)
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
TEXT ·gb18030SupplementaryAVX512(SB), NOSPLIT, $0-56
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
