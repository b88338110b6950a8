//go:build amd64 && gc && !purego

#include "textflag.h"

// The kernel of dbcsenc_amd64.go: UTF-8 to a double-byte code through a
// table of 65536 words indexed by code point (see EncodePairs).

// encIndex: the VPERMI2B indices that make the code points of leads 0–15
// of a block, one dword each, from the low bytes of the code points
// (first table, indices 0–63) and their high bytes (second table, indices
// 64–127): byte 0 of dword i is low byte i, byte 1 is high byte i. Bytes
// 2 and 3 are zeroed by a mask. Adding 16 to every byte gives the indices
// of leads 16–31.
DATA encIndex<>+0(SB)/8, $0x0000410100004000
DATA encIndex<>+8(SB)/8, $0x0000430300004202
DATA encIndex<>+16(SB)/8, $0x0000450500004404
DATA encIndex<>+24(SB)/8, $0x0000470700004606
DATA encIndex<>+32(SB)/8, $0x0000490900004808
DATA encIndex<>+40(SB)/8, $0x00004B0B00004A0A
DATA encIndex<>+48(SB)/8, $0x00004D0D00004C0C
DATA encIndex<>+56(SB)/8, $0x00004F0F00004E0E
GLOBL encIndex<>(SB), RODATA|NOPTR, $64

// encPairs: the VPERMI2B indices that take the codes of leads 0–31 from
// the results of two gathers (leads 0–15 in the first table, 16–31 in the
// second; the code in the high word of each dword, trail byte first): byte
// 2i is the lead byte of code i (byte 3 of its dword), byte 2i+1 its trail
// byte (byte 2).
DATA encPairs<>+0(SB)/8, $0x0E0F0A0B06070203
DATA encPairs<>+8(SB)/8, $0x1E1F1A1B16171213
DATA encPairs<>+16(SB)/8, $0x2E2F2A2B26272223
DATA encPairs<>+24(SB)/8, $0x3E3F3A3B36373233
DATA encPairs<>+32(SB)/8, $0x4E4F4A4B46474243
DATA encPairs<>+40(SB)/8, $0x5E5F5A5B56575253
DATA encPairs<>+48(SB)/8, $0x6E6F6A6B66676263
DATA encPairs<>+56(SB)/8, $0x7E7F7A7B76777273
GLOBL encPairs<>(SB), RODATA|NOPTR, $64

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
//     low byte (b1&03)<<6 | b2&3F. A lead whose code point is below
//     U+0800 (overlong) or is the skip character is bad.
//   - A lead in byte 63 is left to the next block, which starts there:
//     the block's length is 63, or 65 when a lead in byte 62 takes byte
//     64, or 64. It is read from bytes 62 and 63 with a scalar load, so
//     that the next block's address waits for a few scalar operations
//     rather than for the vector classification (and a stop is a
//     branch, not a CMOV, for the same reason): with the length from the
//     vector masks the kernel ran 25–30% slower.
//   - The stop candidates: bytes 80–FF that are neither leads nor the
//     two bytes after a lead (E = L<<1 | L<<2), leads that are not whole,
//     bad leads. Every character before the first candidate is whole (a
//     candidate lead comes before the bytes it would claim, so E cannot
//     hide one), and the candidate is where a character starts or a
//     stray byte: the kernel converts the characters before it and stops
//     there.
//   - The high and low bytes of the code points of the leads before the
//     stop (at most 22) are packed with VPCOMPRESSB; for each sixteen
//     VPERMI2B makes the code points and VPGATHERDD reads their codes
//     (the dword at enc-2+2*cp, whose high word is enc[cp]: it never
//     reads outside the table, as cp >= 0x800). An entry 0 moves the
//     stop to its lead.
//   - The output is assembled at the places of the block: VPERMI2B packs
//     the codes' lead and trail bytes in pairs, VPEXPANDB puts each
//     pair at its lead's place and the next, the ASCII bytes are merged
//     in, and one VPCOMPRESSB (into a register: VPCOMPRESSB to memory is
//     slow) keeps the ASCII bytes and the pairs, for one 64-byte store.
//
// A block gives at most 64 bytes: dst needs room for 64 bytes per block.
// src needs 66 bytes (Z2 reads byte 65).
//
// Registers: DI dst, R8 len(dst)-64, SI src, R9 len(src)-66, DX enc, BX
// nDst, AX nSrc (the block); in a mixed block R11 the leads, R10 the
// ASCII bytes (of the characters before the stop), R12 the bytes kept
// for the output, R13 the number of leads, R14 the block's length, or
// the stop plus 256.
TEXT ·encodePairsAVX512(SB), NOSPLIT, $0-81
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	MOVQ enc+48(FP), DX
	XORQ AX, AX
	XORQ BX, BX
	SUBQ $64, R8
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
	VMOVDQU64    encIndex<>(SB), Z23 // Z23: the VPERMI2B indices of leads 0–15
	MOVL         $0x10101010, R10
	VPBROADCASTD R10, Z24
	VPADDB       Z24, Z23, Z24       // Z24: of leads 16–31
	MOVL         $0xFFFF0000, R10
	VPBROADCASTD R10, Z25            // Z25: the high word of each dword
	VMOVDQU64    encPairs<>(SB), Z26 // Z26: the VPERMI2B indices of the pairs
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
	// The block's length without a stop, from bytes 62 and 63 (a short
	// chain from this block's address to the next one's): 64, 65 with a
	// lead in byte 62, 63 with one in byte 63.
	MOVWLZX 62(SI)(AX*1), R14
	ANDL    $0xF0F0, R14
	XORL    $0xE0E0, R14             // a zero byte: a lead
	XORL    R12, R12
	XORL    R13, R13
	TESTL   $0x00FF, R14
	SETEQ   R12B
	TESTL   $0xFF00, R14
	SETEQ   R13B
	LEAQ    64(R12), R14
	SUBQ    R13, R14                 // R14: the block's length without a stop

	// Classify: K2 the leads, K3 the whole leads.
	VMOVDQU64 1(SI)(AX*1), Z1        // Z1: the bytes after each byte
	VMOVDQU64 2(SI)(AX*1), Z2        // Z2: the bytes two places later
	VPADDB    Z17, Z0, Z3
	VPCMPUB   $1, Z18, Z3, K2        // K2: L, the bytes E0–EF
	VPCMPB    $1, Z16, Z1, K2, K3    // a continuation after the lead
	VPCMPB    $1, Z16, Z2, K3, K3    // K3: and a second one

	// The code points at each place: Z4 the high bytes, Z5 the low ones.
	VPSLLW     $4, Z0, Z4
	VPSRLW     $2, Z1, Z5
	VPTERNLOGD $0xE4, Z19, Z5, Z4    // Z4: (b0<<4)&F0 | (b1>>2)&0F
	VPSLLW     $6, Z1, Z5
	VPTERNLOGD $0xE4, Z16, Z2, Z5    // Z5: (b1<<6)&C0 | b2&3F

	// Bad leads: overlong (high byte below 08) or the skip character.
	VPCMPUB  $1, Z20, Z4, K2, K4
	VPCMPEQB Z21, Z4, K2, K5
	VPCMPEQB Z22, Z5, K5, K5
	KORQ     K4, K5, K5              // K5: bad leads

	// The stop candidates (see above).
	KMOVQ K1, R10                    // R10: H
	KMOVQ K2, R11                    // R11: L
	KMOVQ K3, R12                    // R12: whole leads
	KMOVQ K5, R13                    // R13: bad leads
	LEAQ  (R11)(R11*1), CX
	LEAQ  (R11*4), R15
	ORQ   R15, CX
	ORQ   R11, CX                    // CX: L | E
	ANDNQ R10, CX, CX                // CX: bytes 80–FF outside the characters
	ANDNQ R11, R12, R12              // R12: leads not whole
	ORQ   R12, CX
	ORQ   R13, CX                    // CX: the stop candidates

	// A lead in byte 63 is the next block's: it is no candidate and no
	// lead here.
	MOVQ  $0x8000000000000000, R15
	ANDQ  R11, R15                   // R15: a lead in byte 63
	ANDNQ CX, R15, CX
	ANDNQ R11, R15, R11

	// The characters before the first candidate f. (A branch, not a
	// CMOV: the next block's address then waits for bytes 62 and 63
	// alone, not for the candidates.)
	TZCNTQ  CX, CX                   // CX: f (64: none)
	CMPQ    CX, $64
	JNE     cut
	NOTQ    R10                      // R10: the ASCII bytes

kept:
	LEAQ    (R11)(R11*1), R12
	ORQ     R11, R12
	ORQ     R10, R12                 // R12: the bytes kept: ASCII, lead places, the next places
	POPCNTQ R11, R13                 // R13: the number of leads
	JZ      assemble

	// The codes of the leads, sixteen at a time.
	KMOVQ         R11, K1
	VPCOMPRESSB.Z Z4, K1, Z8         // Z8: the leads' high bytes
	VPCOMPRESSB.Z Z5, K1, Z9         // Z9: their low bytes
	MOVL          $0xFFFF, R15
	BZHIQ         R13, R15, CX
	KMOVW         CX, K1             // K1: the lanes of leads 0–15
	KMOVW         K1, K2
	VMOVDQA64     Z23, Z6
	VPERMI2B.Z    Z8, Z9, K7, Z6     // Z6: the code points of leads 0–15
	VPGATHERDD    -2(DX)(Z6*2), K1, Z7 // Z7: enc[cp] in the high words
	VPTESTNMD     Z25, Z7, K2, K3    // K3: entries 0
	CMPQ          R13, $16
	JLE           one
	LEAQ          -16(R13), CX
	BZHIQ         CX, R15, CX
	KMOVW         CX, K1             // K1: the lanes of leads 16–31
	KMOVW         K1, K2
	VMOVDQA64     Z24, Z6
	VPERMI2B.Z    Z8, Z9, K7, Z6     // Z6: the code points of leads 16–31
	VPGATHERDD    -2(DX)(Z6*2), K1, Z12 // Z12: their entries
	VPTESTNMD     Z25, Z12, K2, K4
	KUNPCKWD      K3, K4, K3         // K3: entries 0 of leads 0–31
	KORTESTD      K3, K3
	JNZ           zero
	JMP           assemble

one:
	KORTESTW K3, K3
	JNZ      zero

assemble:
	// Each code's lead and trail byte at its lead's place and the next,
	// the ASCII bytes at theirs; keep the bytes of R12 and store them.
	VMOVDQA64     Z26, Z11
	VPERMI2B      Z12, Z7, Z11       // Z11: the codes, lead and trail byte, in pairs
	MOVQ          R12, R15
	XORQ          R10, R15
	KMOVQ         R15, K1            // K1: the lead places and the next
	VPEXPANDB.Z   Z11, K1, Z11
	KMOVQ         R10, K2
	VMOVDQU8      Z0, K2, Z11        // the ASCII bytes
	KMOVQ         R12, K3
	VPCOMPRESSB.Z Z11, K3, Z11
	VMOVDQU64     Z11, (DI)(BX*1)
	POPCNTQ       R12, R15
	ADDQ          R15, BX
	BTQ           $8, R14
	JCS           stop
	ADDQ          R14, AX
	JMP           loop

cut:
	// A stop candidate at f: the characters before it.
	LEAQ    256(CX), R14             // R14: f + 256
	MOVQ    $-1, R12
	BZHIQ   CX, R12, R12             // R12: the bytes before f
	ANDQ    R12, R11                 // R11: the leads before f
	ANDNQ   R12, R10, R10            // R10: the ASCII bytes before f
	JMP     kept

zero:
	// An entry 0 for lead j: the stop moves to its place q.
	KMOVD  K3, R15
	TZCNTL R15, R15                  // R15: j
	MOVL   $1, CX
	SHLXQ  R15, CX, CX
	PDEPQ  R11, CX, CX
	TZCNTQ CX, CX                    // CX: q
	LEAQ   256(CX), R14
	BZHIQ  CX, R12, R12              // the bytes kept, before q
	BZHIQ  CX, R10, R10              // the ASCII bytes before q
	JMP    assemble

stop:
	// Stop at byte R14-256 of the block.
	ANDQ $0xFF, R14
	ADDQ R14, AX
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
