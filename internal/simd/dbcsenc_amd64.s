//go:build amd64 && gc && !purego

#include "textflag.h"

// The kernel of dbcsenc_amd64.go: UTF-8 to a double-byte code through a
// table of 65536 words indexed by code point (see EncodePairs).

// encIndex: the VPERMI2B indices that make the code points of characters
// 0–15 of a block, one dword each, from the low bytes of the code points
// (first table, indices 0–63) and their high bytes (second table, indices
// 64–127): byte 0 of dword i is low byte i, byte 1 is high byte i. Bytes
// 2 and 3 are zeroed by a mask. Adding 16 to every byte gives the indices
// of the next sixteen.
DATA encIndex<>+0(SB)/8, $0x0000410100004000
DATA encIndex<>+8(SB)/8, $0x0000430300004202
DATA encIndex<>+16(SB)/8, $0x0000450500004404
DATA encIndex<>+24(SB)/8, $0x0000470700004606
DATA encIndex<>+32(SB)/8, $0x0000490900004808
DATA encIndex<>+40(SB)/8, $0x00004B0B00004A0A
DATA encIndex<>+48(SB)/8, $0x00004D0D00004C0C
DATA encIndex<>+56(SB)/8, $0x00004F0F00004E0E
GLOBL encIndex<>(SB), RODATA|NOPTR, $64

// ENC_PUT packs the bytes of the characters in Z7 (one dword each: byte
// 3 the ASCII byte or the code's lead, byte 2 the code's trail) that the
// byte mask K4 keeps, of the first `lanes` characters (a register,
// 0–16; it is overwritten), and writes them at dst+BX with one 64-byte
// store, adding their number to BX. (VPCOMPRESSB into a register and one
// store: VPCOMPRESSB to memory is slow.) It uses K5, Z11 and R15.
#define ENC_PUT(lanes) \
	SHLQ          $2, lanes; \
	MOVQ          $-1, R15; \
	BZHIQ         lanes, R15, R15; \
	KMOVQ         R15, K5; \
	KANDQ         K5, K4, K4; \
	VPCOMPRESSB.Z Z7, K4, Z11; \
	VMOVDQU64     Z11, (DI)(BX*1); \
	KMOVQ         K4, R15; \
	POPCNTQ       R15, R15; \
	ADDQ          R15, BX

// func encodePairsAVX512(dst, src []byte, enc *[65536]uint16, skip uint16) (nDst, nSrc int, bad bool)
//
// The kernel works on blocks of 64 bytes of src. Each block, with its
// bytes 80–FF H:
//
//   - No such byte: the block is ASCII and is copied.
//   - Otherwise the block is also loaded one and two bytes later (Z1,
//     Z2: byte i of them is the second and third byte of a character
//     that starts at i). The leads L are the bytes E0–EF; a lead is
//     whole when Z1 and Z2 hold continuations (80–BF) at its place. The
//     code point of a character that starts at i is computed at place i
//     from Z0, Z1, Z2 with byte shifts: high byte (b0&0F)<<4 | (b1&3C)>>2,
//     low byte (b1&03)<<6 | b2&3F; an ASCII character's low byte is its
//     byte. A lead whose code point is below U+0800 (overlong) or is the
//     skip character is bad.
//   - The stop candidates: bytes 80–FF that are neither leads nor the
//     two bytes after a lead (E = L<<1 | L<<2), leads that are not whole,
//     bad leads. Every character before the first candidate is whole
//     (a candidate lead comes before the bytes it would claim, so E
//     cannot hide one), and the candidate is where a character starts or
//     a stray byte: the kernel converts the characters before it and
//     stops there. Without a candidate the block ends after its last
//     character: at byte 64, or 65 or 66 when a lead in byte 62 or 63
//     takes its continuations from the next bytes.
//   - The character starts S (ASCII bytes and leads before the stop) pack
//     the high and low bytes of the code points with VPCOMPRESSB.
//     Sixteen characters at a time, VPERMI2B makes the code points,
//     VPGATHERDD reads the codes of the leads (the dword at enc-2+2*cp,
//     whose high word is enc[cp]: it never reads outside the table, as
//     cp >= 0x800), and an ASCII lane keeps its byte. An entry 0 stops
//     the kernel before its character, after the characters before it
//     are written. The bytes of the characters (one for ASCII, lead and
//     trail for a code) are packed with VPCOMPRESSB into a register and
//     stored with one 64-byte store.
//
// A block gives at most 65 bytes (63 ASCII bytes and a code) and the
// last store writes 64 bytes from where the previous ones ended: dst
// needs room for 128 bytes per block. src needs 66 bytes (Z2 reads byte
// 65).
//
// Registers: DI dst, R8 len(dst)-128, SI src, R9 len(src)-66, DX enc,
// BX nDst, AX nSrc (the block); in a mixed block R13 the character
// starts, R12 the leads among the characters (bit i for character i),
// R11 the block's length, or the stop candidate plus 256, CX the first
// character of the sixteen, R14 the characters left. Z8 and Z9 the
// packed high and low bytes of the code points, Z10 the VPERMI2B indices
// of the sixteen.
TEXT ·encodePairsAVX512(SB), NOSPLIT, $0-81
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	MOVQ enc+48(FP), DX
	XORQ AX, AX
	XORQ BX, BX
	SUBQ $128, R8
	SUBQ $66, R9

	// Constants.
	MOVL         $0xC0, R10
	VPBROADCASTB R10, Z16            // Z16: C0 (below it, signed: continuations; and a bit mask)
	MOVL         $0x20, R10
	VPBROADCASTB R10, Z17            // Z17: 20 (E0–EF + 20 = 00–0F)
	MOVL         $0x10, R10
	VPBROADCASTB R10, Z18            // Z18: 10
	MOVL         $0xF0, R10
	VPBROADCASTB R10, Z19            // Z19: F0
	MOVL         $0x08, R10
	VPBROADCASTB R10, Z20            // Z20: 08 (a high byte below it: overlong)
	MOVWLZX      skip+56(FP), R10
	MOVL         R10, R11
	SHRL         $8, R11
	VPBROADCASTB R11, Z21            // Z21: the high byte of skip
	VPBROADCASTB R10, Z22            // Z22: its low byte
	VMOVDQU64    encIndex<>(SB), Z23 // Z23: the VPERMI2B indices of characters 0–15
	MOVL         $0x10101010, R10
	VPBROADCASTD R10, Z24            // Z24: sixteens
	MOVL         $0xFFFF0000, R10
	VPBROADCASTD R10, Z25            // Z25: the high word of each dword
	MOVQ         $0x8888888888888888, R10
	KMOVQ        R10, K6             // K6: byte 3 of each dword
	MOVQ         $0x3333333333333333, R10
	KMOVQ        R10, K7             // K7: bytes 0 and 1 of each dword

loop:
	CMPQ AX, R9
	JG   done
	CMPQ BX, R8
	JG   done

	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M  Z0, K1
	KORTESTQ  K1, K1
	JNZ       mixed
	VMOVDQU64 Z0, (DI)(BX*1)         // ASCII: copied as is
	ADDQ      $64, AX
	ADDQ      $64, BX
	JMP       loop

mixed:
	// Classify: K2 the leads, K3 the whole leads.
	VMOVDQU64 1(SI)(AX*1), Z1        // Z1: the bytes after each byte
	VMOVDQU64 2(SI)(AX*1), Z2        // Z2: the bytes two places later
	VPADDB    Z17, Z0, Z3
	VPCMPUB   $1, Z18, Z3, K2        // K2: L, the bytes E0–EF
	VPCMPB    $1, Z16, Z1, K2, K3    // a continuation after the lead
	VPCMPB    $1, Z16, Z2, K3, K3    // K3: and a second one

	// The code points at each place: Z4 the high bytes, Z5 the low ones
	// (for an ASCII byte, the byte).
	VPSLLW     $4, Z0, Z4
	VPSRLW     $2, Z1, Z5
	VPTERNLOGD $0xE4, Z19, Z5, Z4    // Z4: (b0<<4)&F0 | (b1>>2)&0F
	VPSLLW     $6, Z1, Z5
	VPTERNLOGD $0xE4, Z16, Z2, Z5    // Z5: (b1<<6)&C0 | b2&3F
	KNOTQ      K1, K4                // K4: the ASCII bytes
	VMOVDQU8   Z0, K4, Z5

	// Bad leads: overlong (high byte below 08) or the skip character.
	VPCMPUB  $1, Z20, Z4, K2, K4
	VPCMPEQB Z21, Z4, K2, K5
	VPCMPEQB Z22, Z5, K5, K5
	KORQ     K4, K5, K5              // K5: bad leads

	// The stop candidates (see above) and the character starts.
	KMOVQ  K1, R10                   // R10: H
	KMOVQ  K2, R11                   // R11: L
	KMOVQ  K3, R12                   // R12: whole leads
	KMOVQ  K5, R13                   // R13: bad leads
	LEAQ   (R11)(R11*1), CX
	LEAQ   (R11*4), R14
	ORQ    R14, CX
	ORQ    R11, CX                   // CX: L | E
	ANDNQ  R10, CX, CX               // CX: bytes 80–FF outside the characters
	ANDNQ  R11, R12, R12             // R12: leads not whole
	ORQ    R12, CX
	ORQ    R13, CX                   // CX: the stop candidates
	MOVQ   R10, R13
	NOTQ   R13
	ORQ    R11, R13                  // R13: S, the character starts
	MOVQ    R11, R12
	SHRQ    $62, R12
	LEAQ    64(R12), R14             // R14: the block's length without a stop
	TZCNTQ  CX, CX                   // CX: the first candidate (64: none)
	BZHIQ   CX, R13, R13             // S: the starts before it
	LEAQ    256(CX), R10
	CMPQ    CX, $64
	CMOVQEQ R14, R10
	PEXTQ   R13, R11, R12            // R12: the leads among the characters
	MOVQ    R10, R11                 // R11: the length, or the candidate + 256
	POPCNTQ R13, R14                 // R14: the characters

	// Pack the high and low bytes of the characters' code points.
	KMOVQ         R13, K1
	VPCOMPRESSB.Z Z4, K1, Z8
	VPCOMPRESSB.Z Z5, K1, Z9
	VMOVDQA64     Z23, Z10
	XORL          CX, CX
	TESTQ         R14, R14
	JZ            blockEnd

group:
	// Characters CX to CX+15 (those of them below R14).
	VMOVDQA64   Z10, Z6
	VPERMI2B.Z  Z8, Z9, K7, Z6       // Z6: the code points
	VPSLLD      $16, Z6, Z7          // Z7: ASCII lanes: the byte in byte 2
	SHRXQ       CX, R12, R15         // R15: the leads, bit 0 for character CX
	KMOVW       R15, K1
	KMOVW       R15, K2
	MOVQ        $0x4444444444444444, R10
	PDEPQ       R10, R15, R10
	KMOVQ       R10, K4
	KORQ        K6, K4, K4           // K4: byte 3 of each lane, byte 2 of the leads'
	VPGATHERDD  -2(DX)(Z6*2), K1, Z7 // the leads' lanes: enc[cp] in the high word
	VPTESTNMD   Z25, Z7, K2, K3      // K3: entries 0
	VPSHLDW     $8, Z7, Z7, Z7       // swap the bytes of each word: lead, trail
	KORTESTW    K3, K3
	JNZ         zero
	MOVL        $16, R10
	CMPQ        R14, R10
	CMOVQLT     R14, R10             // R10: the lanes, at most 16
	ENC_PUT(R10)
	VPADDB      Z24, Z10, Z10
	ADDQ        $16, CX
	SUBQ        $16, R14
	JG          group

blockEnd:
	BTQ  $8, R11
	JCS  stopAt
	ADDQ R11, AX
	JMP  loop

stopAt:
	// A stop candidate at byte R11-256 of the block.
	ANDQ $0xFF, R11
	ADDQ R11, AX
	JMP  bad

zero:
	// An entry 0 in lane k of characters CX to CX+15: write the lanes
	// before it and stop at the character.
	KMOVW  K3, R10
	TZCNTL R10, R10                  // R10: k
	ADDQ   R10, CX                   // CX: the character
	ENC_PUT(R10)
	MOVL   $1, R10
	SHLXQ  CX, R10, R10
	PDEPQ  R13, R10, R10
	TZCNTQ R10, R10
	ADDQ   R10, AX

bad:
	MOVQ BX, nDst+64(FP)
	MOVQ AX, nSrc+72(FP)
	MOVB $1, bad+80(FP)
	VZEROUPPER
	RET

done:
	MOVQ BX, nDst+64(FP)
	MOVQ AX, nSrc+72(FP)
	MOVB $0, bad+80(FP)
	VZEROUPPER
	RET
