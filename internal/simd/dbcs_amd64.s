//go:build amd64 && gc && !purego

#include "textflag.h"

// The kernel of dbcs_amd64.go: double-byte codes to UTF-8 through a
// table of 65536 dwords indexed by lead<<8 | trail (see DecodePairs).

// dbcsIndex: the VPERMI2B indices that make the table indices of
// characters 0–15 of a block, one dword each, from the characters' first
// bytes (second table, indices 64–127) and second bytes (first table,
// indices 0–63): byte 0 of dword i is second byte i (the index's low
// byte), byte 1 is first byte i. Bytes 2 and 3 are zeroed by a mask.
// Adding 16 to every byte gives the indices of the next sixteen.
DATA dbcsIndex<>+0(SB)/8, $0x0000410100004000
DATA dbcsIndex<>+8(SB)/8, $0x0000430300004202
DATA dbcsIndex<>+16(SB)/8, $0x0000450500004404
DATA dbcsIndex<>+24(SB)/8, $0x0000470700004606
DATA dbcsIndex<>+32(SB)/8, $0x0000490900004808
DATA dbcsIndex<>+40(SB)/8, $0x00004B0B00004A0A
DATA dbcsIndex<>+48(SB)/8, $0x00004D0D00004C0C
DATA dbcsIndex<>+56(SB)/8, $0x00004F0F00004E0E
GLOBL dbcsIndex<>(SB), RODATA|NOPTR, $64

// func decodePairsAVX512(dst, src []byte, t *[65536]uint32) (nDst, nSrc int, bad bool)
//
// Each 64-byte block is classified by its bytes 80–FF (mask H):
//
//   - No such byte: the block is ASCII and is copied as it is.
//   - Otherwise the leads L are, within each run of bytes of H, the bytes
//     at an even distance from the run's start (the block starts at a
//     character boundary, and so does every run: the byte before it is
//     ASCII, a character or a trail). Adding the run starts at even
//     places to H carries through the runs that start there and clears
//     them, while the runs that start at odd places stay set: the
//     carry trick that finds runs of odd length. A lead in byte 63 has
//     its trail in the next block: the block is then 63 bytes and the
//     lead starts the next one. The characters start at the leads and at
//     the ASCII bytes that are not trails (bytes after a lead).
//   - The first bytes of the characters (the block under the mask of
//     character starts) and their second bytes (the block loaded one
//     byte later, under the same mask) are packed with VPCOMPRESSB: the
//     character i has bytes Z2[i] and Z3[i]. For ASCII characters the
//     second byte is the next character's, which the table ignores.
//   - Sixteen characters at a time: VPERMI2B makes the sixteen table
//     indices, VPGATHERDD looks them up. An entry 0 stops the kernel
//     before its character, after the characters before it are written.
//     The entries' UTF-8 bytes (byte 0 always, bytes 1 and 2 when not 0,
//     which a UTF-8 byte after the first never is) are packed with
//     VPCOMPRESSB into a register and stored with one 64-byte store.
//
// The output of a block is at most 96 bytes (32 three-byte characters),
// and the last store writes 64 bytes from where the previous ones ended:
// dst needs room for 160 bytes per block. src needs 65 bytes (the second
// byte load reads byte 64).
//
// Registers: DI dst, R8 len(dst)-160, SI src, R9 len(src)-65, DX t,
// BX nDst, AX nSrc; in a mixed block R13 the character starts, R12 the
// block's length, R14 the characters left to look up, CX the index of the
// first of the current sixteen; Z20 dbcsIndex, Z21 sixteens, Z4 the
// current indices; K5 bytes 1 and 2 of each dword, K6 byte 0, K7 bytes 0
// and 1.
TEXT ·decodePairsAVX512(SB), NOSPLIT, $0-73
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	MOVQ t+48(FP), DX
	XORQ AX, AX
	XORQ BX, BX
	SUBQ $160, R8
	SUBQ $65, R9

	VMOVDQU64    dbcsIndex<>(SB), Z20
	MOVL         $0x10101010, R10
	VPBROADCASTD R10, Z21
	MOVQ         $0x6666666666666666, R10
	KMOVQ        R10, K5
	MOVQ         $0x1111111111111111, R10
	KMOVQ        R10, K6
	MOVQ         $0x3333333333333333, R10
	KMOVQ        R10, K7

loop:
	CMPQ AX, R9
	JG   done
	CMPQ BX, R8
	JG   done

	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M  Z0, K1
	KMOVQ     K1, R10                // R10: H, the bytes 80–FF
	TESTQ     R10, R10
	JNZ       mixed
	VMOVDQU64 Z0, (DI)(BX*1)         // ASCII: copied as is
	ADDQ      $64, AX
	ADDQ      $64, BX
	JMP       loop

mixed:
	// The leads. S = H &^ (H<<1), the run starts; X = H + (S & even
	// places); the runs that start at even places are H &^ X, their leads
	// at even places; the others are H & X, leads at odd places.
	MOVQ R10, R11
	SHLQ $1, R11
	NOTQ R11
	ANDQ R10, R11                    // R11: S
	MOVQ $0x5555555555555555, R12
	ANDQ R12, R11
	ADDQ R10, R11                    // R11: X
	MOVQ R11, R13
	NOTQ R13
	ANDQ R10, R13                    // R13: runs from even places
	ANDQ R10, R11                    // R11: runs from odd places
	ANDQ R12, R13
	NOTQ R12                         // R12: odd places
	ANDQ R12, R11
	ORQ  R11, R13                    // R13: L, the leads

	// The character starts: leads and ASCII bytes that are not trails.
	MOVQ R13, R11
	SHLQ $1, R11                     // R11: trails
	NOTQ R10
	ORQ  R13, R10                    // R10: L | ASCII
	NOTQ R11
	ANDQ R11, R10                    // R10: character starts

	// A lead in byte 63 waits for the next block: the block is 63 bytes.
	SHRQ $63, R13                    // R13: 1 for a lead in byte 63
	MOVQ $64, R12
	SUBQ R13, R12                    // R12: the block's length
	SHLQ $63, R13
	XORQ R10, R13                    // R13: the character starts kept

	KMOVQ         R13, K2
	VMOVDQU64     1(SI)(AX*1), Z1
	VPCOMPRESSB.Z Z0, K2, Z2         // Z2: first bytes
	VPCOMPRESSB.Z Z1, K2, Z3         // Z3: second bytes
	POPCNTQ       R13, R14           // R14: characters
	VMOVDQA64     Z20, Z4
	XORL          CX, CX

group:
	// K1: the lanes of the (up to) sixteen characters.
	MOVL       $0xFFFF, R10
	BZHIQ      R14, R10, R10
	KMOVW      R10, K1
	KMOVW      R10, K3
	VMOVDQA64  Z4, Z5
	VPERMI2B.Z Z2, Z3, K7, Z5        // Z5: the table indices
	VPXORD     Z6, Z6, Z6
	VPGATHERDD (DX)(Z5*4), K3, Z6    // Z6: the entries
	VPTESTNMD  Z6, Z6, K1, K3        // K3: entries 0
	KORTESTW   K3, K3
	JNZ        bad

	// Keep byte 0 of each entry, bytes 1 and 2 when not 0, of the
	// characters there are (4 bytes per lane).
	LEAQ          (R14*4), R11
	MOVQ          $-1, R10
	BZHIQ         R11, R10, R10
	KMOVQ         R10, K4
	VPTESTMB      Z6, Z6, K5, K3
	KORQ          K6, K3, K3
	KANDQ         K4, K3, K3
	VPCOMPRESSB.Z Z6, K3, Z7
	VMOVDQU64     Z7, (DI)(BX*1)
	KMOVQ         K3, R10
	POPCNTQ       R10, R10
	ADDQ          R10, BX

	VPADDB Z21, Z4, Z4               // the next sixteen
	ADDQ   $16, CX
	SUBQ   $16, R14
	JG     group

	ADDQ R12, AX
	JMP  loop

bad:
	// An entry 0 in lane k: write the characters of the lanes before it
	// and stop at its first byte, the (CX+k)th character start.
	KMOVW         K3, R10
	TZCNTL        R10, R10           // R10: k
	ADDQ          R10, CX            // CX: the character's number
	SHLQ          $2, R10
	MOVQ          $-1, R11
	BZHIQ         R10, R11, R11
	KMOVQ         R11, K4
	VPTESTMB      Z6, Z6, K5, K3
	KORQ          K6, K3, K3
	KANDQ         K4, K3, K3
	VPCOMPRESSB.Z Z6, K3, Z7
	VMOVDQU64     Z7, (DI)(BX*1)
	KMOVQ         K3, R10
	POPCNTQ       R10, R10
	ADDQ          R10, BX
	MOVQ          $1, R10
	SHLQ          CX, R10
	PDEPQ         R13, R10, R10      // R10: the character's start
	TZCNTQ        R10, R10
	ADDQ          R10, AX
	MOVQ          BX, nDst+56(FP)
	MOVQ          AX, nSrc+64(FP)
	MOVB          $1, bad+72(FP)
	VZEROUPPER
	RET

done:
	MOVQ BX, nDst+56(FP)
	MOVQ AX, nSrc+64(FP)
	MOVB $0, bad+72(FP)
	VZEROUPPER
	RET
