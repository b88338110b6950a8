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

// DBCS_LEADS sets L to the leads among the bytes 80–FF of H, a block
// that starts at a character boundary: within each run of bytes of H,
// the bytes at an even distance from the run's start. S = H &^ (H<<1)
// are the run starts; adding the starts at even places to H carries
// through the runs that start there and clears them (X = H + S&even),
// while the runs that start at odd places stay set: the leads are
// (H &^ X) & even | (H & X) & odd. It uses R11 and R12.
#define DBCS_LEADS(H, L) \
	MOVQ H, R11; \
	SHLQ $1, R11; \
	ANDNQ H, R11, R11; \
	MOVQ $0x5555555555555555, R12; \
	ANDQ R12, R11; \
	ADDQ H, R11; \
	ANDNQ H, R11, L; \
	ANDQ H, R11; \
	ANDQ R12, L; \
	ANDNQ R11, R12, R11; \
	ORQ  R11, L

// DBCS_PUT packs the UTF-8 bytes of the sixteen entries in entries, of
// the lanes whose bytes K4 selects, and writes them at dst+BX with one
// 64-byte store, adding their length to BX. The bytes kept are byte 0
// and the bytes 80–FF: every byte of a character of two or three UTF-8
// bytes is 80–FF, while the bytes after them (0, then the length 1–3)
// are not; an ASCII entry keeps byte 0 alone. (VPMOVB2M runs on port 0,
// beside the VPCOMPRESSB and VPERMI2B of port 5.) It uses K3, Z7 and
// R10.
#define DBCS_PUT(entries) \
	VPMOVB2M      entries, K3; \
	KORQ          K6, K3, K3; \
	KANDQ         K4, K3, K3; \
	VPCOMPRESSB.Z entries, K3, Z7; \
	VMOVDQU64     Z7, (DI)(BX*1); \
	KMOVQ         K3, R10; \
	POPCNTQ       R10, R10; \
	ADDQ          R10, BX

// func decodePairsAVX512(dst, src []byte, t *[65536]uint32) (nDst, nSrc int, bad bool)
//
// The kernel works on 64-byte blocks. A lead in a block's last byte has
// its trail in the next block's first byte: the lead is converted with
// its block (the second bytes are loaded one byte later, so byte 64 is
// there), and the carry R15 = 1 says that the next block's byte 0 is a
// trail. Each block, with its bytes 80–FF H:
//
//   - No such byte and no carry: the block is ASCII and is copied.
//   - Otherwise the leads L are found by DBCS_LEADS, from H without byte
//     0 when the carry makes it a trail: in every code here a byte 80–FF
//     that starts a character is a lead, so the leads of a run of such
//     bytes that starts at a character boundary are the bytes at an even
//     distance from its start, and every run starts at a boundary (the
//     byte before it is ASCII, a character or a trail). (Computing the
//     leads with and without the carry and picking one with CMOV, which
//     shortens the chain from block to block, measured no faster.) The
//     characters start at the leads and at the ASCII bytes that are not
//     trails (nor byte 0 after a carry).
//   - The first bytes of the characters (the block under the mask of
//     character starts) and their second bytes (the block loaded one
//     byte later, under the same mask) are packed with VPCOMPRESSB:
//     character i has bytes Z2[i] and Z3[i]. For an ASCII character the
//     second byte is the next character's, which the table ignores.
//   - Sixteen characters at a time, VPERMI2B makes the table indices and
//     VPGATHERDD looks them up. A block holds at least 32 characters (63
//     bytes or more, of at most two bytes each), so the first two
//     gathers are always full; a third and a fourth follow when there are
//     more characters. An entry 0 stops the kernel before its character,
//     after the characters before it are written. The UTF-8 bytes of the
//     entries are packed with VPCOMPRESSB into a register (VPCOMPRESSB
//     to memory is slow) and stored with one 64-byte store.
//
// A block gives at most 96 bytes (32 three-byte characters) and the last
// store writes 64 bytes from where the previous ones ended: dst needs
// room for 160 bytes per block. src needs 65 bytes (the second byte load
// reads byte 64).
//
// Registers: DI dst, R8 len(dst)-160, SI src, R9 len(src)-65, DX t,
// BX nDst, AX nSrc (the block), R15 the carry; in a mixed block R13 the
// character starts and R14 their number; Z20 dbcsIndex (characters
// 0–15 of a block), Z21 sixteens; K6 byte 0 of each dword, K7 bytes 0
// and 1.
TEXT ·decodePairsAVX512(SB), NOSPLIT, $0-73
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	MOVQ t+48(FP), DX
	XORQ AX, AX
	XORQ BX, BX
	XORQ R15, R15
	SUBQ $160, R8
	SUBQ $65, R9

	VMOVDQU64    dbcsIndex<>(SB), Z20
	MOVL         $0x10101010, R10
	VPBROADCASTD R10, Z21
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
	MOVQ      R10, R11
	ORQ       R15, R11
	JNZ       mixed
	VMOVDQU64 Z0, (DI)(BX*1)         // ASCII: copied as is
	ADDQ      $64, AX
	ADDQ      $64, BX
	JMP       loop

mixed:
	// The leads, of H without byte 0 when the carry makes it a trail.
	ANDNQ     R10, R15, CX           // CX: H without a trail in byte 0
	DBCS_LEADS(CX, R13)              // R13: L

	// The character starts: leads, and ASCII bytes that are not trails
	// (nor byte 0 after a carry).
	LEAQ      (R15)(R13*2), R11      // R11: trails
	ANDNQ     R10, R13, R10
	NOTQ      R10                    // R10: L | ASCII
	MOVQ      R13, R15
	SHRQ      $63, R15               // R15: the carry into the next block
	ANDNQ     R10, R11, R13          // R13: character starts
	POPCNTQ   R13, R14               // R14: characters, 32 or more

	KMOVQ         R13, K2
	VMOVDQU8.Z    1(SI)(AX*1), K1, Z1 // Z1: second bytes of the leads, 0 after ASCII
	VPCOMPRESSB.Z Z0, K2, Z2         // Z2: first bytes
	VPCOMPRESSB.Z Z1, K2, Z3         // Z3: second bytes
	VMOVDQA64     Z20, Z4
	VPERMI2B.Z    Z2, Z3, K7, Z4     // Z4: the indices of characters 0–15
	VPADDB        Z21, Z20, Z5
	VPADDB        Z21, Z5, Z9        // Z9: the VPERMI2B indices of characters 32–47
	VPERMI2B.Z    Z2, Z3, K7, Z5     // Z5: the indices of characters 16–31
	KXNORW        K0, K0, K1
	KXNORW        K0, K0, K2
	VPXORD        Z6, Z6, Z6
	VPXORD        Z8, Z8, Z8
	VPGATHERDD    (DX)(Z4*4), K1, Z6 // Z6: the entries of characters 0–15
	VPGATHERDD    (DX)(Z5*4), K2, Z8 // Z8: of characters 16–31
	VPTESTNMD     Z6, Z6, K1
	VPTESTNMD     Z8, Z8, K2
	KORTESTW      K1, K2
	JNZ           bad                // an entry 0
	KXNORQ        K0, K0, K4
	DBCS_PUT(Z6)
	DBCS_PUT(Z8)

	MOVL $32, CX                     // CX: the first of the next sixteen
	SUBQ CX, R14
	JG   more
	ADDQ $64, AX
	JMP  loop

more:
	// Characters 32–47 and 48–63, as many as there are (R14 left).
	MOVL       $0xFFFF, R10
	BZHIQ      R14, R10, R10
	KMOVW      R10, K1               // K1: the lanes of the characters
	KMOVW      R10, K2
	VMOVDQA64  Z9, Z4
	VPERMI2B.Z Z2, Z3, K7, Z4
	VPXORD     Z6, Z6, Z6
	VPGATHERDD (DX)(Z4*4), K2, Z6
	VPTESTNMD  Z6, Z6, K1, K2        // K2: entries 0
	KORTESTW   K2, K2
	JNZ        bad16
	LEAQ       (R14*4), R11
	MOVQ       $-1, R10
	BZHIQ      R11, R10, R10
	KMOVQ      R10, K4
	DBCS_PUT(Z6)
	VPADDB     Z21, Z9, Z9
	ADDQ       $16, CX
	SUBQ       $16, R14
	JG         more
	ADDQ       $64, AX
	JMP        loop

bad16:
	// An entry 0 in lane k of characters CX to CX+15.
	KMOVW    K2, R11
	TZCNTL   R11, R11                // R11: k
	ADDQ     R11, CX                 // CX: the character
	SHLQ     $2, R11
	MOVQ     $-1, R10
	BZHIQ    R11, R10, R10
	KMOVQ    R10, K4
	DBCS_PUT(Z6)
	JMP      stop

bad:
	// An entry 0 for character f of 0–31: write the characters before it
	// and stop at its first byte. K4 keeps the bytes of the lanes before
	// it, in each half.
	KUNPCKWD K1, K2, K1              // K1: the entries 0, characters 0–31
	KMOVD    K1, CX
	TZCNTL   CX, CX                  // CX: f
	LEAQ     (CX*4), R11
	MOVQ     $-1, R10
	BZHIQ    R11, R10, R10
	KMOVQ    R10, K4                 // K4: bytes 0 to 4f of the first half
	DBCS_PUT(Z6)
	LEAQ     -64(CX*4), R11
	XORQ     R10, R10
	CMPQ     R11, $0
	CMOVQGT  R11, R10
	MOVQ     $-1, R11
	BZHIQ    R10, R11, R11
	KMOVQ    R11, K4                 // K4: bytes 0 to 4(f-16) of the second half
	DBCS_PUT(Z8)

stop:
	// Stop at the start of character CX of the block.
	MOVQ     $1, R10
	SHLQ     CX, R10
	PDEPQ    R13, R10, R10
	TZCNTQ   R10, R10
	ADDQ     R10, AX
	MOVQ     BX, nDst+56(FP)
	MOVQ     AX, nSrc+64(FP)
	MOVB     $1, bad+72(FP)
	VZEROUPPER
	RET

done:
	// A lead in the last block's byte 63 was converted with its trail.
	ADDQ R15, AX
	MOVQ BX, nDst+56(FP)
	MOVQ AX, nSrc+64(FP)
	MOVB $0, bad+72(FP)
	VZEROUPPER
	RET
