//go:build amd64 && gc && !purego

#include "textflag.h"
#include "dbcs_leads_amd64.h"

// The AVX2 kernel of dbcs_amd64.go: double-byte codes to UTF-8 through a
// table of 65536 dwords indexed by lead<<8 | trail (see DecodePairs).

// DBCS2_CHAR converts the character that starts at the lowest set bit of
// R13 (the character starts of the block at R12): it reads its two bytes
// (for an ASCII byte the second is the next character's, which the table
// ignores), looks up the entry, stops at label bad when it is 0, and
// otherwise stores its four bytes at dst+BX and adds its length to BX.
// It clears the bit of R13 last, so that ZF says whether any is left.
// It uses CX, R10 and R11.
#define DBCS2_CHAR \
	TZCNTQ  R13, CX; \
	MOVWLZX (R12)(CX*1), R10; \
	ROLW    $8, R10; \
	MOVL    (DX)(R10*4), R11; \
	TESTL   R11, R11; \
	JZ      bad; \
	MOVL    R11, (DI)(BX*1); \
	SHRL    $24, R11; \
	ADDQ    R11, BX; \
	BLSRQ   R13, R13

// DBCS2_PAIR converts the pair at off(R12), storing its entry's four
// bytes at dst+BX+at, and ANDs the entry into CX. It uses R10 and R11.
#define DBCS2_PAIR(off, at) \
	MOVWLZX off(R12), R10; \
	ROLW    $8, R10; \
	MOVL    (DX)(R10*4), R11; \
	MOVL    R11, at(DI)(BX*1); \
	ANDL    R11, CX

// func decodePairsAVX2(dst, src []byte, t *[65536]uint32) (nDst, nSrc int, bad bool)
//
// The blocks are the AVX-512 kernel's: 64 bytes, a lead in a block's last
// byte converted with its block and a carry saying that the next block's
// byte 0 is its trail. The bytes 80–FF of a block come from two 32-byte
// loads (VPMOVMSKB); a block of ASCII without a carry is copied with two
// 32-byte stores. Otherwise the character starts are found as in the
// AVX-512 kernel (leads by DBCS_LEADS, then the ASCII bytes that are not
// trails), and, AVX2 having no byte compression, each character is looked
// up and stored in turn (DBCS2_CHAR): an unaligned four-byte store per
// character, the next one at the end of its UTF-8 bytes. That walk has no
// branch that depends on the text but the loop's end and the check for an
// entry 0, where the kernel stops before the character, after the
// characters before it are written. As in the AVX-512 kernel, the
// character starts of each block are found while the block before it is
// converted, so that their chain of latency overlaps that work, and a
// block of 32 pairs (character starts 0x5555…, or 0xAAAA… after a carry)
// is first converted without the walk, each entry stored 3 bytes after
// the one before, and kept when all its entries are of three bytes.
//
// A block gives at most 96 bytes (32 three-byte characters) and its last
// store writes one byte beyond them: dst needs less than the 160 bytes
// per block of DecodePairs's contract, which the kernel keeps so that its
// results are the AVX-512 kernel's. src needs 65 bytes (the character
// that starts at byte 63 reads byte 64).
//
// Registers: DI dst, R8 len(dst)-160, SI src, R9 len(src)-65, DX t,
// BX nDst, AX nSrc (the block being converted), R13 its character starts
// (0 for an ASCII block) not yet converted, R12 its address, 0(SP) the
// carry into it; R14 the character starts of the next block and R15 the
// carry out of it.
TEXT ·decodePairsAVX2(SB), NOSPLIT, $8-73
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	MOVQ t+48(FP), DX
	XORQ AX, AX
	XORQ BX, BX
	XORQ R15, R15
	MOVQ R15, 0(SP)
	SUBQ $160, R8
	SUBQ $65, R9
	CMPQ AX, R9
	JG   done

	// Find out block 0 (CX = AX: no block before it to convert).
	XORL CX, CX
	JMP  prep

	PCALIGN $32
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
	VMOVDQU   (SI)(CX*1), Y0
	VMOVDQU   32(SI)(CX*1), Y1
	VPMOVMSKB Y0, R10
	VPMOVMSKB Y1, R11
	SHLQ      $32, R11
	ORQ       R11, R10               // R10: H, the bytes 80–FF
	MOVQ      R15, 0(SP)             // the carry into it
	MOVQ      R10, R11
	ORQ       R15, R11
	JZ        prepASCII
	ANDNQ     R10, R15, R14          // R14: H without a trail in byte 0
	DBCS_LEADS(R14, R15)             // R15: L
	MOVQ      0(SP), R11
	LEAQ      (R11)(R15*2), R11      // R11: trails
	ANDNQ     R10, R15, R10
	NOTQ      R10                    // R10: L | ASCII
	SHRQ      $63, R15               // R15: the carry out of it
	ANDNQ     R10, R11, R14          // R14: its character starts
	CMPQ      CX, AX
	JE        first                  // no block before it to convert

convert:
	// Convert the block at AX.
	TESTQ R13, R13
	JZ    ascii
	LEAQ  (SI)(AX*1), R12            // R12: the block
	MOVQ  $0x5555555555555555, R10
	CMPQ  R13, R10
	JEQ   pairs                      // 32 pairs from byte 0
	SHLQ  $1, R10
	CMPQ  R13, R10
	JEQ   pairs1                     // 32 pairs from byte 1

	PCALIGN $32
chars:
	DBCS2_CHAR
	JNZ chars

next:
	// The next block's turn.
	ADDQ $64, AX
first:
	MOVQ R14, R13
	JMP  loop

prepASCII:
	// The block at CX is ASCII.
	XORL R14, R14
	CMPQ CX, AX
	JNE  convert
	JMP  first

last:
	// No next block: the loop ends after this one.
	MOVQ R15, 0(SP)
	JMP  convert

pairs1:
	INCQ R12
pairs:
	// 32 pairs from R12: while their entries are all of three bytes,
	// they need no TZCNT, BLSR or adds, each at 3 bytes from the one
	// before. CX gathers the AND of the entries: its top byte is 3 when
	// all were 3 (lengths are 1, 2, 3, or 0 for no entry); otherwise the
	// block is walked again.
	MOVL $-1, CX
	DBCS2_PAIR(0, 0)
	DBCS2_PAIR(2, 3)
	DBCS2_PAIR(4, 6)
	DBCS2_PAIR(6, 9)
	DBCS2_PAIR(8, 12)
	DBCS2_PAIR(10, 15)
	DBCS2_PAIR(12, 18)
	DBCS2_PAIR(14, 21)
	DBCS2_PAIR(16, 24)
	DBCS2_PAIR(18, 27)
	DBCS2_PAIR(20, 30)
	DBCS2_PAIR(22, 33)
	DBCS2_PAIR(24, 36)
	DBCS2_PAIR(26, 39)
	DBCS2_PAIR(28, 42)
	DBCS2_PAIR(30, 45)
	DBCS2_PAIR(32, 48)
	DBCS2_PAIR(34, 51)
	DBCS2_PAIR(36, 54)
	DBCS2_PAIR(38, 57)
	DBCS2_PAIR(40, 60)
	DBCS2_PAIR(42, 63)
	DBCS2_PAIR(44, 66)
	DBCS2_PAIR(46, 69)
	DBCS2_PAIR(48, 72)
	DBCS2_PAIR(50, 75)
	DBCS2_PAIR(52, 78)
	DBCS2_PAIR(54, 81)
	DBCS2_PAIR(56, 84)
	DBCS2_PAIR(58, 87)
	DBCS2_PAIR(60, 90)
	DBCS2_PAIR(62, 93)
	SHRL $24, CX
	CMPL CX, $3
	JEQ  pairsDone
	LEAQ (SI)(AX*1), R12
	JMP  chars
pairsDone:
	ADDQ $96, BX
	JMP  next

ascii:
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y1
	VMOVDQU Y0, (DI)(BX*1)           // ASCII: copied as is
	VMOVDQU Y1, 32(DI)(BX*1)
	ADDQ    $64, BX
	TESTQ   R14, R14
	JNZ     next

	// The next block is ASCII too (or there is none): a run of ASCII
	// blocks is copied without finding out the next one ahead. The
	// carries are 0.
asciiRun:
	ADDQ      $64, AX
	CMPQ      AX, R9
	JG        done
	CMPQ      BX, R8
	JG        done
	VMOVDQU   (SI)(AX*1), Y0
	VMOVDQU   32(SI)(AX*1), Y1
	VPOR      Y0, Y1, Y2
	VPMOVMSKB Y2, R10
	TESTL     R10, R10
	JNZ       asciiEnd
	VMOVDQU   Y0, (DI)(BX*1)
	VMOVDQU   Y1, 32(DI)(BX*1)
	ADDQ      $64, BX
	JMP       asciiRun

asciiEnd:
	// Find out the block at AX, with no block before it to convert.
	MOVQ AX, CX
	JMP  prep

bad:
	// An entry 0 for the character at byte CX of the block.
	ADDQ CX, AX
	MOVQ BX, nDst+56(FP)
	MOVQ AX, nSrc+64(FP)
	MOVB $1, bad+72(FP)
	VZEROUPPER
	RET

done:
	// A lead in the last block's byte 63 was converted with its trail.
	ADDQ 0(SP), AX
	MOVQ BX, nDst+56(FP)
	MOVQ AX, nSrc+64(FP)
	MOVB $0, bad+72(FP)
	VZEROUPPER
	RET
