//go:build amd64 && gc && !purego

#include "textflag.h"
#include "dbcs_leads_amd64.h"

// The kernel of dbcs_amd64.go: double-byte codes to UTF-8 through a
// table of 65536 dwords indexed by lead<<8 | trail (see DecodePairs).

// dbcsWords: the VPERMI2B indices that make the table indices of
// characters 0–31 of a block, one word each, from the characters' first
// bytes (second table, indices 64–127) and second bytes (first table,
// indices 0–63): byte 0 of word i is second byte i (the index's low
// byte), byte 1 is first byte i. Adding 32 to every byte gives the
// indices of characters 32–63.
DATA dbcsWords<>+0(SB)/8, $0x4303420241014000
DATA dbcsWords<>+8(SB)/8, $0x4707460645054404
DATA dbcsWords<>+16(SB)/8, $0x4B0B4A0A49094808
DATA dbcsWords<>+24(SB)/8, $0x4F0F4E0E4D0D4C0C
DATA dbcsWords<>+32(SB)/8, $0x5313521251115010
DATA dbcsWords<>+40(SB)/8, $0x5717561655155414
DATA dbcsWords<>+48(SB)/8, $0x5B1B5A1A59195818
DATA dbcsWords<>+56(SB)/8, $0x5F1F5E1E5D1D5C1C
GLOBL dbcsWords<>(SB), RODATA|NOPTR, $64

// DBCS_CHAR converts the character whose table index is the word at
// off(SP): it looks up its entry, stops at label bad when it is 0, and
// otherwise stores the entry's four bytes at dst+BX and adds its length
// to BX. It uses R10 and R11.
#define DBCS_CHAR(off) \
	MOVWLZX off(SP), R10; \
	MOVL    (DX)(R10*4), R11; \
	TESTL   R11, R11; \
	JZ      bad; \
	MOVL    R11, (DI)(BX*1); \
	SHRL    $24, R11; \
	ADDQ    R11, BX

// DBCS_PAIR converts the character whose table index is the word at
// off(SP), storing its entry's four bytes at dst+BX+at, and ANDs the
// entry into CX. It uses R10 and R11.
#define DBCS_PAIR(off, at) \
	MOVWLZX off(SP), R10; \
	MOVL    (DX)(R10*4), R11; \
	MOVL    R11, at(DI)(BX*1); \
	ANDL    R11, CX

// func decodePairsAVX512(dst, src []byte, t *[65536]uint32) (nDst, nSrc int, bad bool)
//
// The kernel works on 64-byte blocks. A lead in a block's last byte has
// its trail in the next block's first byte: the lead is converted with
// its block (the second bytes are loaded one byte later, so byte 64 is
// there), and the carry says that the next block's byte 0 is a trail.
//
// Each block is found out one step before it is converted, so that the
// long chain of that step (a load, the bit arithmetic of the leads,
// VPCOMPRESSB, VPERMI2B) overlaps the conversion of the block before:
//
//   - A block with no byte 80–FF and no carry into it is ASCII (count 0)
//     and is copied as it is when its turn comes.
//   - Otherwise the leads L are found by DBCS_LEADS, from the bytes
//     80–FF H without byte 0 when the carry makes it a trail: in every
//     code here a byte 80–FF that starts a character is a lead, so the
//     leads of a run of such bytes that starts at a character boundary
//     are the bytes at an even distance from its start, and every run
//     starts at a boundary (the byte before it is ASCII, a character or a
//     trail). The characters start at the leads and at the ASCII bytes
//     that are not trails (nor byte 0 after a carry); a block holds 32 to
//     64 of them.
//   - The first bytes of the characters (the block under the mask of
//     character starts) and their second bytes (the block loaded one
//     byte later, under the mask of bytes 80–FF) are packed with
//     VPCOMPRESSB, and two VPERMI2B make the table index of each
//     character, a word: first byte<<8 | second byte. For an ASCII
//     character the second byte is 0, which the table ignores.
//
// The indices wait in registers while the block before is converted,
// then in the frame: 64 words at 0(SP), the character starts at 128(SP)
// and their number at 136(SP). A block is converted one character after
// another, with scalar loads from the table (on AMD Zen 4 a VPGATHERDD of
// sixteen dwords costs more than sixteen loads): an unaligned four-byte
// store per character, the next one at the end of its UTF-8 bytes. An
// entry 0 stops the kernel before its character, after the characters
// before it are written. A block of 32 pairs (no ASCII character, found
// out ahead: 0x100 in the number) is first converted without the chain
// of lengths, each entry stored 3 bytes after the one before, and kept
// when all its entries are of three bytes (the common case of Chinese,
// Japanese and Korean text); otherwise it is walked again.
//
// A block gives at most 96 bytes (32 three-byte characters) and its last
// store writes one byte beyond them: dst needs less than the 160 bytes
// per block of DecodePairs's contract. src needs 65 bytes (the second
// byte load reads byte 64).
//
// Registers: DI dst, R8 len(dst)-160, SI src, R9 len(src)-65, DX t,
// BX nDst, AX nSrc (the block being converted), R14 the carry into it
// and R15 the carry out of it; while it is converted, Z4 and Z5 the
// indices of the next block, R13 its character starts, R12 their number
// and R15 its carry out. Z20 dbcsWords (characters 0–31 of a block),
// Z21 the same plus 32 (characters 32–63).
TEXT ·decodePairsAVX512(SB), NOSPLIT, $144-73
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	MOVQ t+48(FP), DX
	XORQ AX, AX
	XORQ BX, BX
	XORQ R14, R14
	XORQ R15, R15
	SUBQ $160, R8
	SUBQ $65, R9
	CMPQ AX, R9
	JG   done

	VMOVDQU64    dbcsWords<>(SB), Z20
	MOVL         $0x20202020, R10
	VPBROADCASTD R10, Z21
	VPADDB       Z21, Z20, Z21

	// Find out block 0 (CX = AX: no block before it to convert).
	XORL CX, CX
	JMP  prep

loop:
	CMPQ AX, R9
	JG   done
	CMPQ BX, R8
	JG   done
	LEAQ 64(AX), CX                  // CX: the next block
	CMPQ CX, R9
	JG   last

prep:
	// Find out the block at CX, whose carry in is R15.
	VMOVDQU64 (SI)(CX*1), Z0
	VPMOVB2M  Z0, K1
	KMOVQ     K1, R10                // R10: H, the bytes 80–FF
	MOVQ      R10, R11
	ORQ       R15, R11
	JZ        prepASCII
	ANDNQ     R10, R15, R14          // R14: H without a trail in byte 0
	DBCS_LEADS(R14, R13)             // R13: L
	LEAQ      (R15)(R13*2), R11      // R11: trails
	ANDNQ     R10, R13, R10
	NOTQ      R10                    // R10: L | ASCII
	MOVQ      R15, R14               // R14: the carry into the next block
	MOVQ      R13, R15
	SHRQ      $63, R15               // R15: the carry out of it
	ANDNQ     R10, R11, R10          // R10: its character starts
	ANDNQ     R10, R13, R11          // R11: those that are ASCII
	MOVQ      R10, R13               // R13: its character starts
	POPCNTQ   R13, R12               // R12: their number, 32 or more
	LEAQ      0x100(R12), R10
	TESTQ     R11, R11
	CMOVQEQ   R10, R12               // and 0x100 when all are pairs

	KMOVQ         R13, K2
	VMOVDQU8.Z    1(SI)(CX*1), K1, Z1 // Z1: second bytes of the leads, 0 after ASCII
	VPCOMPRESSB.Z Z0, K2, Z2         // Z2: first bytes
	VPCOMPRESSB.Z Z1, K2, Z3         // Z3: second bytes
	VMOVDQA64     Z20, Z4
	VPERMI2B      Z2, Z3, Z4         // Z4: the indices of characters 0–31
	VMOVDQA64     Z21, Z5
	VPERMI2B      Z2, Z3, Z5         // Z5: of characters 32–63
	CMPQ          CX, AX
	JE            first              // no block before it to convert

convert:
	// Convert the block at AX.
	MOVQ 136(SP), R10
	TESTQ R10, R10
	JZ   ascii
	BTL  $8, R10
	JCS  pairs

walk:
	DBCS_CHAR(0)
	DBCS_CHAR(2)
	DBCS_CHAR(4)
	DBCS_CHAR(6)
	DBCS_CHAR(8)
	DBCS_CHAR(10)
	DBCS_CHAR(12)
	DBCS_CHAR(14)
	DBCS_CHAR(16)
	DBCS_CHAR(18)
	DBCS_CHAR(20)
	DBCS_CHAR(22)
	DBCS_CHAR(24)
	DBCS_CHAR(26)
	DBCS_CHAR(28)
	DBCS_CHAR(30)
	DBCS_CHAR(32)
	DBCS_CHAR(34)
	DBCS_CHAR(36)
	DBCS_CHAR(38)
	DBCS_CHAR(40)
	DBCS_CHAR(42)
	DBCS_CHAR(44)
	DBCS_CHAR(46)
	DBCS_CHAR(48)
	DBCS_CHAR(50)
	DBCS_CHAR(52)
	DBCS_CHAR(54)
	DBCS_CHAR(56)
	DBCS_CHAR(58)
	DBCS_CHAR(60)
	DBCS_CHAR(62)
	CMPB 136(SP), $32                // (the low byte: the number)
	JA   more

next:
	// The next block's turn.
	ADDQ      $64, AX
first:
	VMOVDQU64 Z4, 0(SP)
	VMOVDQU64 Z5, 64(SP)
	MOVQ      R13, 128(SP)
	MOVQ      R12, 136(SP)
	JMP       loop

prepASCII:
	// The block at CX is ASCII.
	MOVQ  R15, R14
	XORL  R12, R12
	XORL  R13, R13
	CMPQ  CX, AX
	JNE   convert
	JMP   first

last:
	// No next block: the loop ends after this one.
	MOVQ R15, R14
	JMP  convert

ascii:
	VMOVDQU64 (SI)(AX*1), Z0
	VMOVDQU64 Z0, (DI)(BX*1)         // ASCII: copied as is
	ADDQ      $64, BX
	TESTQ     R12, R12
	JNZ       next

	// The next block is ASCII too (or there is none): a run of ASCII
	// blocks is copied without finding out the next one ahead. The
	// carries R14 and R15 are 0.
asciiRun:
	ADDQ      $64, AX
	CMPQ      AX, R9
	JG        done
	CMPQ      BX, R8
	JG        done
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M  Z0, K1
	KORTESTQ  K1, K1
	JNZ       asciiEnd
	VMOVDQU64 Z0, (DI)(BX*1)
	ADDQ      $64, BX
	JMP       asciiRun

asciiEnd:
	// Find out the block at AX, with no block before it to convert.
	MOVQ AX, CX
	JMP  prep

pairs:
	// 32 pairs: while their entries are all of three bytes, they need
	// no adds, each at 3 bytes from the one before. CX gathers the AND of
	// the entries: its top byte is 3 when all were 3 (lengths are 1, 2,
	// 3, or 0 for no entry); otherwise the block is walked again.
	MOVL $-1, CX
	DBCS_PAIR(0, 0)
	DBCS_PAIR(2, 3)
	DBCS_PAIR(4, 6)
	DBCS_PAIR(6, 9)
	DBCS_PAIR(8, 12)
	DBCS_PAIR(10, 15)
	DBCS_PAIR(12, 18)
	DBCS_PAIR(14, 21)
	DBCS_PAIR(16, 24)
	DBCS_PAIR(18, 27)
	DBCS_PAIR(20, 30)
	DBCS_PAIR(22, 33)
	DBCS_PAIR(24, 36)
	DBCS_PAIR(26, 39)
	DBCS_PAIR(28, 42)
	DBCS_PAIR(30, 45)
	DBCS_PAIR(32, 48)
	DBCS_PAIR(34, 51)
	DBCS_PAIR(36, 54)
	DBCS_PAIR(38, 57)
	DBCS_PAIR(40, 60)
	DBCS_PAIR(42, 63)
	DBCS_PAIR(44, 66)
	DBCS_PAIR(46, 69)
	DBCS_PAIR(48, 72)
	DBCS_PAIR(50, 75)
	DBCS_PAIR(52, 78)
	DBCS_PAIR(54, 81)
	DBCS_PAIR(56, 84)
	DBCS_PAIR(58, 87)
	DBCS_PAIR(60, 90)
	DBCS_PAIR(62, 93)
	SHRL $24, CX
	CMPL CX, $3
	JNE  walk
	ADDQ $96, BX
	JMP  next

more:
	// Characters 32 and on.
	MOVL $32, CX
more1:
	MOVWLZX (SP)(CX*2), R10
	MOVL    (DX)(R10*4), R11
	TESTL   R11, R11
	JZ      bad
	MOVL    R11, (DI)(BX*1)
	SHRL    $24, R11
	ADDQ    R11, BX
	INCQ    CX
	CMPQ    CX, 136(SP)
	JB      more1
	JMP     next

bad:
	// An entry 0: its character is the first with one.
	XORL CX, CX
bad1:
	MOVWLZX (SP)(CX*2), R10
	MOVL    (DX)(R10*4), R11
	TESTL   R11, R11
	JZ      stop
	INCQ    CX
	JMP     bad1

stop:
	// Stop at the start of character CX of the block.
	MOVQ     $1, R10
	SHLQ     CX, R10
	PDEPQ    128(SP), R10, R10
	TZCNTQ   R10, R10
	ADDQ     R10, AX
	MOVQ     BX, nDst+56(FP)
	MOVQ     AX, nSrc+64(FP)
	MOVB     $1, bad+72(FP)
	VZEROUPPER
	RET

done:
	// A lead in the last block's byte 63 was converted with its trail.
	ADDQ R14, AX
	MOVQ BX, nDst+56(FP)
	MOVQ AX, nSrc+64(FP)
	MOVB $0, bad+72(FP)
	VZEROUPPER
	RET
