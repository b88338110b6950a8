//go:build amd64 && gc && !purego

#include "textflag.h"

// The avx2 kernels of gb18030_amd64.go: runs of four-byte GB18030 codes of
// supplementary characters to UTF-8 and back (see
// GB18030SupplementaryToUTF8 and UTF8ToGB18030Supplementary), eight codes
// (32 bytes) at a time. They follow the avx512 kernels; where AVX2 has no
// mask registers the checks are vectors of dwords (all ones: good) whose
// VMOVMSKPS is eight bits, and the partial block at the end is loaded and
// stored a whole dword at a time by VPMASKMOVD (a masked-off dword is not
// read or written, so it cannot fault, and reads as 0, which no code and
// no four-byte UTF-8 character accepts). The constants are 32 bytes each,
// used as memory operands.

// g2Window: eight dwords of all ones and then eight of zeros; the 32 bytes
// at g2Window + 4*(8-k) keep the first k dwords of a block.
DATA g2Window<>+0(SB)/8, $-1
DATA g2Window<>+8(SB)/8, $-1
DATA g2Window<>+16(SB)/8, $-1
DATA g2Window<>+24(SB)/8, $-1
DATA g2Window<>+32(SB)/8, $0
DATA g2Window<>+40(SB)/8, $0
DATA g2Window<>+48(SB)/8, $0
DATA g2Window<>+56(SB)/8, $0
GLOBL g2Window<>(SB), RODATA|NOPTR, $64

// g2Bias: subtracted from b0 b1 b2 b3 of each dword (b0 the low byte): b0-0x81, b1-0x30, b2-0x81, b3-0x30.
DATA g2Bias<>+0(SB)/8, $0x3081308130813081
DATA g2Bias<>+8(SB)/8, $0x3081308130813081
DATA g2Bias<>+16(SB)/8, $0x3081308130813081
DATA g2Bias<>+24(SB)/8, $0x3081308130813081
GLOBL g2Bias<>(SB), RODATA|NOPTR, $32

// g2Limit: the largest of those differences in a code: 0x7D for b0 and b2, 9 for b1 and b3.
DATA g2Limit<>+0(SB)/8, $0x097d097d097d097d
DATA g2Limit<>+8(SB)/8, $0x097d097d097d097d
DATA g2Limit<>+16(SB)/8, $0x097d097d097d097d
DATA g2Limit<>+24(SB)/8, $0x097d097d097d097d
GLOBL g2Limit<>(SB), RODATA|NOPTR, $32

// g2Tens: the VPMADDUBSW weights 10, 1, 10, 1: words b0'*10+b1' and b2'*10+b3'.
DATA g2Tens<>+0(SB)/8, $0x010a010a010a010a
DATA g2Tens<>+8(SB)/8, $0x010a010a010a010a
DATA g2Tens<>+16(SB)/8, $0x010a010a010a010a
DATA g2Tens<>+24(SB)/8, $0x010a010a010a010a
GLOBL g2Tens<>(SB), RODATA|NOPTR, $32

// g21260: the VPMADDWD weights 1260, 1: the pointer.
DATA g21260<>+0(SB)/8, $0x000104ec000104ec
DATA g21260<>+8(SB)/8, $0x000104ec000104ec
DATA g21260<>+16(SB)/8, $0x000104ec000104ec
DATA g21260<>+24(SB)/8, $0x000104ec000104ec
GLOBL g21260<>(SB), RODATA|NOPTR, $32

// g2First: the pointer of U+10000.
DATA g2First<>+0(SB)/8, $0x0002e2480002e248
DATA g2First<>+8(SB)/8, $0x0002e2480002e248
DATA g2First<>+16(SB)/8, $0x0002e2480002e248
DATA g2First<>+24(SB)/8, $0x0002e2480002e248
GLOBL g2First<>(SB), RODATA|NOPTR, $32

// g2Out: the bits that pointer - 189000 (or code point - 0x10000) of a supplementary character leaves clear.
DATA g2Out<>+0(SB)/8, $0xfff00000fff00000
DATA g2Out<>+8(SB)/8, $0xfff00000fff00000
DATA g2Out<>+16(SB)/8, $0xfff00000fff00000
DATA g2Out<>+24(SB)/8, $0xfff00000fff00000
GLOBL g2Out<>(SB), RODATA|NOPTR, $32

// g2Plane1: added to pointer - 189000 to give the code point c.
DATA g2Plane1<>+0(SB)/8, $0x0001000000010000
DATA g2Plane1<>+8(SB)/8, $0x0001000000010000
DATA g2Plane1<>+16(SB)/8, $0x0001000000010000
DATA g2Plane1<>+24(SB)/8, $0x0001000000010000
GLOBL g2Plane1<>(SB), RODATA|NOPTR, $32

// g2Byte1: the bits of c>>4 that are (c>>12)&3F in the second byte of a dword.
DATA g2Byte1<>+0(SB)/8, $0x00003f0000003f00
DATA g2Byte1<>+8(SB)/8, $0x00003f0000003f00
DATA g2Byte1<>+16(SB)/8, $0x00003f0000003f00
DATA g2Byte1<>+24(SB)/8, $0x00003f0000003f00
GLOBL g2Byte1<>(SB), RODATA|NOPTR, $32

// g2Byte2: the bits of c<<10 that are (c>>6)&3F in the third byte.
DATA g2Byte2<>+0(SB)/8, $0x003f0000003f0000
DATA g2Byte2<>+8(SB)/8, $0x003f0000003f0000
DATA g2Byte2<>+16(SB)/8, $0x003f0000003f0000
DATA g2Byte2<>+24(SB)/8, $0x003f0000003f0000
GLOBL g2Byte2<>(SB), RODATA|NOPTR, $32

// g2Keep: the bits of c>>18 | c<<24 that are c>>18 in the first byte (at most 4) and c&3F in the last.
DATA g2Keep<>+0(SB)/8, $0x3f0000073f000007
DATA g2Keep<>+8(SB)/8, $0x3f0000073f000007
DATA g2Keep<>+16(SB)/8, $0x3f0000073f000007
DATA g2Keep<>+24(SB)/8, $0x3f0000073f000007
GLOBL g2Keep<>(SB), RODATA|NOPTR, $32

// g2Mark: the UTF-8 marker bits of a four-byte character, F0 80 80 80.
DATA g2Mark<>+0(SB)/8, $0x808080f0808080f0
DATA g2Mark<>+8(SB)/8, $0x808080f0808080f0
DATA g2Mark<>+16(SB)/8, $0x808080f0808080f0
DATA g2Mark<>+24(SB)/8, $0x808080f0808080f0
GLOBL g2Mark<>(SB), RODATA|NOPTR, $32

// g2UMask: the bits of b0 b1 b2 b3 that a four-byte UTF-8 character fixes (11110xxx 10xxxxxx 10xxxxxx 10xxxxxx).
DATA g2UMask<>+0(SB)/8, $0xc0c0c0f8c0c0c0f8
DATA g2UMask<>+8(SB)/8, $0xc0c0c0f8c0c0c0f8
DATA g2UMask<>+16(SB)/8, $0xc0c0c0f8c0c0c0f8
DATA g2UMask<>+24(SB)/8, $0xc0c0c0f8c0c0c0f8
GLOBL g2UMask<>(SB), RODATA|NOPTR, $32

// g2U64: the VPMADDUBSW weights 64, 1, 64, 1: words b0*64+b1 and b2*64+b3 (at most 15999).
DATA g2U64<>+0(SB)/8, $0x0140014001400140
DATA g2U64<>+8(SB)/8, $0x0140014001400140
DATA g2U64<>+16(SB)/8, $0x0140014001400140
DATA g2U64<>+24(SB)/8, $0x0140014001400140
GLOBL g2U64<>(SB), RODATA|NOPTR, $32

// g2U4096: the VPMADDWD weights 4096, 1: the code point plus the marker bits' share, 63447168.
DATA g2U4096<>+0(SB)/8, $0x0001100000011000
DATA g2U4096<>+8(SB)/8, $0x0001100000011000
DATA g2U4096<>+16(SB)/8, $0x0001100000011000
DATA g2U4096<>+24(SB)/8, $0x0001100000011000
GLOBL g2U4096<>(SB), RODATA|NOPTR, $32

// g2UBase: 63447168 + 0x10000: subtracted, it leaves code point - 0x10000.
DATA g2UBase<>+0(SB)/8, $0x03c9208003c92080
DATA g2UBase<>+8(SB)/8, $0x03c9208003c92080
DATA g2UBase<>+16(SB)/8, $0x03c9208003c92080
DATA g2UBase<>+24(SB)/8, $0x03c9208003c92080
GLOBL g2UBase<>(SB), RODATA|NOPTR, $32

// g2Half: 189000.5 in single precision: the pointer of U+10000, and a half that keeps the quotients away from integers.
DATA g2Half<>+0(SB)/8, $0x4838922048389220
DATA g2Half<>+8(SB)/8, $0x4838922048389220
DATA g2Half<>+16(SB)/8, $0x4838922048389220
DATA g2Half<>+24(SB)/8, $0x4838922048389220
GLOBL g2Half<>(SB), RODATA|NOPTR, $32

// g2Inv12600: 1/12600.
DATA g2Inv12600<>+0(SB)/8, $0x38a670cd38a670cd
DATA g2Inv12600<>+8(SB)/8, $0x38a670cd38a670cd
DATA g2Inv12600<>+16(SB)/8, $0x38a670cd38a670cd
DATA g2Inv12600<>+24(SB)/8, $0x38a670cd38a670cd
GLOBL g2Inv12600<>(SB), RODATA|NOPTR, $32

// g212600: 12600.0.
DATA g212600<>+0(SB)/8, $0x4644e0004644e000
DATA g212600<>+8(SB)/8, $0x4644e0004644e000
DATA g212600<>+16(SB)/8, $0x4644e0004644e000
DATA g212600<>+24(SB)/8, $0x4644e0004644e000
GLOBL g212600<>(SB), RODATA|NOPTR, $32

// g2Inv1260: 1/1260.
DATA g2Inv1260<>+0(SB)/8, $0x3a500d013a500d01
DATA g2Inv1260<>+8(SB)/8, $0x3a500d013a500d01
DATA g2Inv1260<>+16(SB)/8, $0x3a500d013a500d01
DATA g2Inv1260<>+24(SB)/8, $0x3a500d013a500d01
GLOBL g2Inv1260<>(SB), RODATA|NOPTR, $32

// g21260f: 1260.0.
DATA g21260f<>+0(SB)/8, $0x449d8000449d8000
DATA g21260f<>+8(SB)/8, $0x449d8000449d8000
DATA g21260f<>+16(SB)/8, $0x449d8000449d8000
DATA g21260f<>+24(SB)/8, $0x449d8000449d8000
GLOBL g21260f<>(SB), RODATA|NOPTR, $32

// g2Inv10: 1/10.
DATA g2Inv10<>+0(SB)/8, $0x3dcccccd3dcccccd
DATA g2Inv10<>+8(SB)/8, $0x3dcccccd3dcccccd
DATA g2Inv10<>+16(SB)/8, $0x3dcccccd3dcccccd
DATA g2Inv10<>+24(SB)/8, $0x3dcccccd3dcccccd
GLOBL g2Inv10<>(SB), RODATA|NOPTR, $32

// g210: 10.0.
DATA g210<>+0(SB)/8, $0x4120000041200000
DATA g210<>+8(SB)/8, $0x4120000041200000
DATA g210<>+16(SB)/8, $0x4120000041200000
DATA g210<>+24(SB)/8, $0x4120000041200000
GLOBL g210<>(SB), RODATA|NOPTR, $32

// g2256: 256.0.
DATA g2256<>+0(SB)/8, $0x4380000043800000
DATA g2256<>+8(SB)/8, $0x4380000043800000
DATA g2256<>+16(SB)/8, $0x4380000043800000
DATA g2256<>+24(SB)/8, $0x4380000043800000
GLOBL g2256<>(SB), RODATA|NOPTR, $32

// g2Digits: added to d0 + d1<<8 + (d2 + 128 + d3<<8)<<16 it gives the bytes d0+81, d1+30, d2+81, d3+30.
DATA g2Digits<>+0(SB)/8, $0x3001308130013081
DATA g2Digits<>+8(SB)/8, $0x3001308130013081
DATA g2Digits<>+16(SB)/8, $0x3001308130013081
DATA g2Digits<>+24(SB)/8, $0x3001308130013081
GLOBL g2Digits<>(SB), RODATA|NOPTR, $32
// func gb18030SupplementaryToUTF8AVX2(dst, src []byte) (n int)
//
// Each 32-byte block of eight codes, one per dword (the output of a block
// is as long as the block and goes at the same offset of dst):
//
//   - The bytes minus g2Bias must be at most g2Limit (unsigned: VPMAXUB
//     leaves them as they are), all four bytes of a dword.
//   - VPMADDUBSW and VPMADDWD make the pointer; minus 189000 it must be
//     0–0xFFFFF. A dword with a byte out of range has a pointer that means
//     nothing, but the byte check stops there anyway. Y8: the good codes.
//   - Plus 0x10000 the code point c; its UTF-8 bytes, little-endian in the
//     dword, are F0|c>>18, 80|(c>>12)&3F, 80|(c>>6)&3F and 80|c&3F, from
//     four shifts.
//   - All eight codes good: the block is stored whole. Otherwise the codes
//     before the first bad one are stored by VPMASKMOVD and the kernel
//     stops there.
//
// Registers: DI dst, SI src, CX min(len(dst), len(src)), AX n (the block),
// R13 g2Window; Y6 all ones, Y7 zero, Y10–Y15 the constants of the checks
// and the pointer.
TEXT ·gb18030SupplementaryToUTF8AVX2(SB), NOSPLIT, $0-56
	MOVQ    dst_base+0(FP), DI
	MOVQ    dst_len+8(FP), CX
	MOVQ    src_base+24(FP), SI
	MOVQ    src_len+32(FP), R8
	CMPQ    R8, CX
	CMOVQLT R8, CX                   // CX: min(len(dst), len(src))
	XORQ    AX, AX
	LEAQ    g2Window<>(SB), R13

	VPCMPEQD Y6, Y6, Y6
	VPXOR    Y7, Y7, Y7
	VMOVDQU  g2Bias<>(SB), Y10
	VMOVDQU  g2Limit<>(SB), Y11
	VMOVDQU  g2Tens<>(SB), Y12
	VMOVDQU  g21260<>(SB), Y13
	VMOVDQU  g2First<>(SB), Y14
	VMOVDQU  g2Out<>(SB), Y15

loop:
	MOVQ CX, R10
	SUBQ AX, R10                     // R10: bytes left
	CMPQ R10, $32
	JLT  tail
	VMOVDQU (SI)(AX*1), Y0

block:
	VPSUBB     Y10, Y0, Y1           // Y1: b0' b1' b2' b3'
	VPMAXUB    Y11, Y1, Y2
	VPCMPEQB   Y11, Y2, Y2           // Y2: the bytes in range
	VPCMPEQD   Y6, Y2, Y8            // Y8: the codes with four bytes in range
	VPMADDUBSW Y12, Y1, Y2           // Y2: words b0'*10+b1', b2'*10+b3'
	VPMADDWD   Y13, Y2, Y2           // Y2: the pointers
	VPSUBD     Y14, Y2, Y2           // Y2: pointer - 189000
	VPAND      Y15, Y2, Y9
	VPCMPEQD   Y7, Y9, Y9            // Y9: the codes 0–0xFFFFF
	VPAND      Y9, Y8, Y8            // Y8: the good codes
	VPADDD     g2Plane1<>(SB), Y2, Y2 // Y2: the code points c
	VPSRLD     $4, Y2, Y3
	VPAND      g2Byte1<>(SB), Y3, Y3 // Y3: (c>>12)&3F in byte 1
	VPSLLD     $10, Y2, Y4
	VPAND      g2Byte2<>(SB), Y4, Y4 // Y4: (c>>6)&3F in byte 2
	VPSRLD     $18, Y2, Y5
	VPSLLD     $24, Y2, Y2
	VPOR       Y5, Y2, Y2
	VPAND      g2Keep<>(SB), Y2, Y2  // Y2: c>>18 in byte 0, c&3F in byte 3
	VPOR       Y4, Y3, Y3
	VPOR       Y2, Y3, Y3
	VPOR       g2Mark<>(SB), Y3, Y3  // Y3: the UTF-8
	VMOVMSKPS  Y8, R11
	CMPL       R11, $0xFF
	JNE        bad
	VMOVDQU    Y3, (DI)(AX*1)
	ADDQ       $32, AX
	JMP        loop

tail:
	// Fewer than 32 bytes left: the R10/4 whole dwords, the rest zero.
	CMPQ       R10, $4
	JLT        done
	MOVQ       R10, R11
	SHRQ       $2, R11
	NEGQ       R11
	VMOVDQU    32(R13)(R11*4), Y5    // Y5: the first R10/4 dwords
	VPMASKMOVD (SI)(AX*1), Y5, Y0
	JMP        block

bad:
	// Stop at the first bad code, k = tz(^R11); store the k before it.
	NOTL       R11
	BSFL       R11, R11              // R11: k, 0–7 (^R11 has a bit below 8)
	TESTL      R11, R11
	JZ         done
	MOVQ       R11, R12
	NEGQ       R12
	VMOVDQU    32(R13)(R12*4), Y5    // Y5: the first k dwords
	VPMASKMOVD Y3, Y5, (DI)(AX*1)
	SHLQ       $2, R11
	ADDQ       R11, AX

done:
	MOVQ AX, n+48(FP)
	VZEROUPPER
	RET

// func utf8ToGB18030SupplementaryAVX2(dst, src []byte) (n int)
//
// Each 32-byte block of eight characters of four UTF-8 bytes, one per
// dword (the output of a block is as long as the block and goes at the
// same offset of dst):
//
//   - The bytes under g2UMask must equal g2Mark, all four of a dword.
//   - VPMADDUBSW and VPMADDWD put the bytes together; minus g2UBase it
//     must be 0–0xFFFFF (not overlong, not beyond U+10FFFF). Y8: the good
//     characters.
//   - Converted to single precision and plus 189000.5, it is the pointer
//     p plus a half. d0 = trunc(p' * (1/12600)), p' - d0*12600, d1 =
//     trunc(that * (1/1260)), and so on give the digits d0, d1, d2, and
//     d3 + 0.5 as the last remainder. As in the avx512 kernel every value
//     is exact: the truncated products are the exact quotients (checked
//     for every supplementary character by the tests), each product of a
//     digit and a divisor is an integer below 2^24 and each remainder a
//     half-integer below 2^23, so a multiply and a subtract, rounding
//     separately, give the exact remainder an FMA gives.
//   - d0 + 256*d1 and d2 + 256*(d3 + 0.5) (exact too) are converted to
//     integers, the second shifted into the high word, and g2Digits is
//     added: the four bytes of the code.
//   - All eight good: the block is stored whole. Otherwise the codes
//     before the first bad character are stored by VPMASKMOVD and the
//     kernel stops there.
//
// Registers as in the decoder; Y10–Y15 the constants of the checks and
// the first division.
TEXT ·utf8ToGB18030SupplementaryAVX2(SB), NOSPLIT, $0-56
	MOVQ    dst_base+0(FP), DI
	MOVQ    dst_len+8(FP), CX
	MOVQ    src_base+24(FP), SI
	MOVQ    src_len+32(FP), R8
	CMPQ    R8, CX
	CMOVQLT R8, CX                   // CX: min(len(dst), len(src))
	XORQ    AX, AX
	LEAQ    g2Window<>(SB), R13

	VPCMPEQD Y6, Y6, Y6
	VPXOR    Y7, Y7, Y7
	VMOVDQU  g2UMask<>(SB), Y10
	VMOVDQU  g2Mark<>(SB), Y11
	VMOVDQU  g2U64<>(SB), Y12
	VMOVDQU  g2U4096<>(SB), Y13
	VMOVDQU  g2UBase<>(SB), Y14
	VMOVDQU  g2Out<>(SB), Y15

eloop:
	MOVQ CX, R10
	SUBQ AX, R10                     // R10: bytes left
	CMPQ R10, $32
	JLT  etail
	VMOVDQU (SI)(AX*1), Y0

eblock:
	VPAND      Y10, Y0, Y1
	VPCMPEQB   Y11, Y1, Y1           // Y1: the bytes on the UTF-8 pattern
	VPCMPEQD   Y6, Y1, Y8            // Y8: the characters with four such bytes
	VPMADDUBSW Y12, Y0, Y2           // Y2: words b0*64+b1, b2*64+b3
	VPMADDWD   Y13, Y2, Y2
	VPSUBD     Y14, Y2, Y2           // Y2: code point - 0x10000
	VPAND      Y15, Y2, Y9
	VPCMPEQD   Y7, Y9, Y9            // Y9: the characters 0–0xFFFFF
	VPAND      Y9, Y8, Y8            // Y8: the good characters
	VCVTDQ2PS  Y2, Y4
	VADDPS     g2Half<>(SB), Y4, Y4  // Y4: p + 0.5
	VMULPS     g2Inv12600<>(SB), Y4, Y5
	VROUNDPS   $0x0B, Y5, Y5         // Y5: d0 (0x0B: truncate, no precision exception)
	VMULPS     g212600<>(SB), Y5, Y1
	VSUBPS     Y1, Y4, Y4            // Y4: p + 0.5 - d0*12600
	VMULPS     g2Inv1260<>(SB), Y4, Y3
	VROUNDPS   $0x0B, Y3, Y3         // Y3: d1
	VMULPS     g21260f<>(SB), Y3, Y1
	VSUBPS     Y1, Y4, Y4            // Y4: the rest - d1*1260
	VMULPS     g2Inv10<>(SB), Y4, Y2
	VROUNDPS   $0x0B, Y2, Y2         // Y2: d2
	VMULPS     g210<>(SB), Y2, Y1
	VSUBPS     Y1, Y4, Y4            // Y4: d3 + 0.5
	VMOVDQU    g2256<>(SB), Y9
	VMULPS     Y9, Y3, Y3
	VADDPS     Y3, Y5, Y5            // Y5: d0 + 256*d1
	VMULPS     Y9, Y4, Y4
	VADDPS     Y4, Y2, Y2            // Y2: d2 + 256*d3 + 128
	VCVTTPS2DQ Y5, Y5
	VCVTTPS2DQ Y2, Y2
	VPSLLD     $16, Y2, Y2
	VPADDD     Y2, Y5, Y3
	VPADDD     g2Digits<>(SB), Y3, Y3 // Y3: the codes
	VMOVMSKPS  Y8, R11
	CMPL       R11, $0xFF
	JNE        ebad
	VMOVDQU    Y3, (DI)(AX*1)
	ADDQ       $32, AX
	JMP        eloop

etail:
	// Fewer than 32 bytes left: the R10/4 whole dwords, the rest zero.
	CMPQ       R10, $4
	JLT        edone
	MOVQ       R10, R11
	SHRQ       $2, R11
	NEGQ       R11
	VMOVDQU    32(R13)(R11*4), Y5    // Y5: the first R10/4 dwords
	VPMASKMOVD (SI)(AX*1), Y5, Y0
	JMP        eblock

ebad:
	// Stop at the first bad character, as in the decoder.
	NOTL       R11
	BSFL       R11, R11              // R11: k, 0–7
	TESTL      R11, R11
	JZ         edone
	MOVQ       R11, R12
	NEGQ       R12
	VMOVDQU    32(R13)(R12*4), Y5    // Y5: the first k dwords
	VPMASKMOVD Y3, Y5, (DI)(AX*1)
	SHLQ       $2, R11
	ADDQ       R11, AX

edone:
	MOVQ AX, n+48(FP)
	VZEROUPPER
	RET
