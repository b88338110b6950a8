//go:build amd64 && gc && !purego

#include "textflag.h"
#include "avx512_ascii_tail_amd64.h"

// shiftRight1: VPERMB indices that move every byte one place up (byte i
// takes byte i-1; byte 0 keeps its own), giving each byte its predecessor.
DATA shiftRight1<>+0(SB)/8, $0x0605040302010000
DATA shiftRight1<>+8(SB)/8, $0x0E0D0C0B0A090807
DATA shiftRight1<>+16(SB)/8, $0x161514131211100F
DATA shiftRight1<>+24(SB)/8, $0x1E1D1C1B1A191817
DATA shiftRight1<>+32(SB)/8, $0x262524232221201F
DATA shiftRight1<>+40(SB)/8, $0x2E2D2C2B2A292827
DATA shiftRight1<>+48(SB)/8, $0x363534333231302F
DATA shiftRight1<>+56(SB)/8, $0x3E3D3C3B3A393837
GLOBL shiftRight1<>(SB), RODATA|NOPTR, $64

DATA interleave<>+0(SB)/8, $0x2303220221012000
DATA interleave<>+8(SB)/8, $0x2707260625052404
DATA interleave<>+16(SB)/8, $0x2B0B2A0A29092808
DATA interleave<>+24(SB)/8, $0x2F0F2E0E2D0D2C0C
DATA interleave<>+32(SB)/8, $0x3313321231113010
DATA interleave<>+40(SB)/8, $0x3717361635153414
DATA interleave<>+48(SB)/8, $0x3B1B3A1A39193818
DATA interleave<>+56(SB)/8, $0x3F1F3E1E3D1D3C1C
GLOBL interleave<>(SB), RODATA|NOPTR, $64

// aaaa: a K mask with the odd bits set.
DATA aaaa<>+0(SB)/8, $0xAAAAAAAAAAAAAAAA
GLOBL aaaa<>(SB), RODATA|NOPTR, $8

// func latin1ToUTF8AVX512(dst, src []byte) (nDst, nSrc int)
//
// 64 bytes a step: copied when ASCII. Otherwise the block is interleaved
// (VPERMB) so that word i holds byte i low and byte i+32 high, and each
// half becomes words of the two-byte form, lead first, whatever the byte:
//
//   first half:  VPSHLDW puts the byte high and C2 low; for bytes C0–FF,
//                adding C001 makes the lead C3 and the byte 40 less;
//   second half: the high byte kept, XOR 00C2 (or 40C3 for C0–FF).
//
// For a byte 80–BF the form is C2 b, for C0–FF it is C3 b-40: the UTF-8
// of U+0080–U+00FF. For ASCII the lead is dropped: the compress masks
// keep every high byte and the low byte of the non-ASCII words. Both
// masks come from the sign bits of the interleaved block (VPMOVB2M: bit
// 2i is byte i, bit 2i+1 byte i+32), with the odd bits set. (The
// interleave-and-shift idea is simdutf's.)
//
// Each block ends in two 64-byte stores that mostly straddle two cache
// lines. A store that straddles lines missing from L1 holds up the
// stores behind it, so the loop prefetches the output 512 bytes ahead
// (PREFETCHT0; a hint, which never faults, even past dst): in L2-sized
// buffers this alone takes the kernel from about 17 to about 21 GB/s.
// An ASCII block (a single 64-byte store) goes without: on an ASCII
// file the prefetch cost about 1%.
//
// The block loop counts down CX, the blocks that both src and dst can
// take: a block writes at most 128 bytes, so with R bytes of room at
// least (R-128)/128 + 1 blocks fit. When the count runs out the room is
// measured again, until fewer than 128 bytes or 64 source bytes remain.
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst,
// AX nSrc, R12 the block's non-ASCII bytes. Constants: Z20 the
// interleave, Z21 C2C2, Z22 C001, Z23 40C3, Z24 00C2, Z25 FF00 (words),
// Z26 C0 (bytes), K7 AAAA….
TEXT ·latin1ToUTF8AVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX

	VMOVDQU64 interleave<>(SB), Z20
	MOVL $0xC2C2C2C2, DX
	VPBROADCASTD DX, Z21
	MOVL $0xC001C001, DX
	VPBROADCASTD DX, Z22
	MOVL $0x40C340C3, DX
	VPBROADCASTD DX, Z23
	MOVL $0x00C200C2, DX
	VPBROADCASTD DX, Z24
	MOVL $0xFF00FF00, DX
	VPBROADCASTD DX, Z25
	MOVL $0xC0C0C0C0, DX
	VPBROADCASTD DX, Z26
	KMOVQ aaaa<>(SB), K7

l1count:
	MOVQ R9, CX
	SUBQ AX, CX
	SHRQ $6, CX                      // CX: whole blocks left in src
	MOVQ R8, DX
	SUBQ BX, DX
	SUBQ $128, DX                    // room beyond the first block's 128 bytes
	JL   l1tail
	SHRQ $7, DX
	INCQ DX                          // DX: blocks dst takes at 128 bytes each
	CMPQ DX, CX
	CMOVQLT DX, CX
	TESTQ CX, CX
	JZ   l1tail

l1loop:
	VMOVDQU64  (SI)(AX*1), Z1
	VPMOVB2M   Z1, K1
	KMOVQ      K1, R12               // R12: non-ASCII bytes
	TESTQ      R12, R12
	JZ         l1ascii
	PREFETCHT0 512(DI)(BX*1)

	VPCMPUB    $5, Z26, Z1, K2       // K2: bytes C0–FF
	VPERMB     Z1, Z20, Z2           // word i: byte i, byte i+32
	VPMOVB2M   Z2, K4                // K4: bit 2i byte i non-ASCII, bit 2i+1 byte i+32
	KORQ       K7, K4, K5            // K5: the bytes of the first half to keep
	KSHIFTRQ   $1, K4, K6
	KORQ       K7, K6, K6            // K6: the bytes of the second half to keep
	VPSHLDW    $8, Z21, Z2, Z3       // first half: C2, byte
	VPADDW     Z22, Z3, K2, Z3       // C3, byte-40 for C0–FF
	KSHIFTRQ   $32, K2, K3
	VPBLENDMW  Z23, Z24, K3, Z4      // second half: 00C2, or 40C3 for C0–FF
	VPTERNLOGD $0x6C, Z25, Z4, Z2    // (words & FF00) ^ Z4
	VPCOMPRESSB.Z Z3, K5, Z5
	VPCOMPRESSB.Z Z2, K6, Z6
	POPCNTL    R12, R10              // non-ASCII bytes in the first half
	POPCNTQ    R12, R11              // and in the block
	VMOVDQU64  Z5, (DI)(BX*1)
	LEAQ       32(BX)(R10*1), R14
	VMOVDQU64  Z6, (DI)(R14*1)
	LEAQ       64(BX)(R11*1), BX
	ADDQ       $64, AX
	DECQ       CX
	JNZ        l1loop
	JMP        l1count

l1ascii:
	VMOVDQU64 Z1, (DI)(BX*1)         // ASCII: copied as is
	ADDQ      $64, AX
	ADDQ      $64, BX
	DECQ      CX
	JNZ       l1loop
	JMP       l1count

l1tail:
	// Fewer than 64 bytes left in src: copied with a masked load and a
	// masked store when they are ASCII and dst has room for them
	// (nothing outside src or dst is touched).
	MOVQ  R9, DX
	SUBQ  AX, DX                     // DX: the bytes left
	JZ    l1done
	CMPQ  DX, $64
	JAE   l1done                     // stopped by the room in dst
	MOVQ  R8, R13
	SUBQ  BX, R13
	CMPQ  R13, DX
	JB    l1done
	ASCII_MASKED64(l1done)             // not ASCII: the scalar code
	VMOVDQU8 Z1, K1, (DI)(BX*1)
	ADDQ  DX, AX
	ADDQ  DX, BX

l1done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET

// func utf8ToLatin1AVX512(dst, src []byte) (nDst, nSrc int)
//
// A block converts when its non-ASCII bytes are C2 or C3 leads, each
// followed by one continuation byte, and continuation bytes that follow
// such a lead. C2 xx stands for xx itself and C3 xx for xx+40, so the
// output is the block with 40 added after each C3 and the leads
// compressed away. A lead in the block's last byte waits for the next
// block. Any other block ends the vector loop; the scalar code takes over
// there.
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc.
TEXT ·utf8ToLatin1AVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	XORQ AX, AX
	XORQ BX, BX

	MOVL $0xC0C0C0C0, DX
	VPBROADCASTD DX, Z20
	MOVL $0xC3C3C3C3, DX
	VPBROADCASTD DX, Z21
	MOVL $0x40404040, DX
	VPBROADCASTD DX, Z22
	MOVL $0xFEFEFEFE, DX
	VPBROADCASTD DX, Z23
	MOVL $0xC2C2C2C2, DX
	VPBROADCASTD DX, Z24
	VMOVDQU64 shiftRight1<>(SB), Z25

u1loop:
	MOVQ R9, DX
	SUBQ AX, DX
	CMPQ DX, $64
	JB   u1tail
	MOVQ R8, DX
	SUBQ BX, DX
	CMPQ DX, $64
	JB   u1done

	VMOVDQU64 (SI)(AX*1), Z1
	VPMOVB2M  Z1, K1
	KMOVQ     K1, R10                // R10: non-ASCII bytes
	TESTQ     R10, R10
	JNZ       u1mixed
	VMOVDQU64 Z1, (DI)(BX*1)
	ADDQ      $64, AX
	ADDQ      $64, BX
	JMP       u1loop

u1mixed:
	VPCMPUB  $5, Z20, Z1, K2         // K2: bytes >= C0, the leads
	VPANDQ   Z23, Z1, Z2
	VPCMPEQB Z24, Z2, K4             // K4: C2 and C3
	KMOVQ    K2, R11
	KMOVQ    K4, R12
	CMPQ     R11, R12
	JNE      u1done                  // a lead other than C2, C3

	MOVQ R11, R15
	NOTQ R15                         // R15: the bytes to keep
	MOVQ R15, R12
	ANDQ R10, R12                    // R12: the continuation bytes
	MOVQ $64, R14
	BTRQ $63, R11                    // a lead in the last byte?
	JCC  u1pairs
	MOVQ $63, R14                    // it waits for the next block

u1pairs:
	MOVQ R11, R13
	SHLQ $1, R13
	CMPQ R12, R13
	JNE  u1done                      // a lead without its continuation, or a stray continuation

	VPERMB    Z1, Z25, Z2            // each byte's predecessor
	VPCMPEQB  Z21, Z2, K5            // after C3
	VPADDB    Z22, Z1, K5, Z1        // add 40 there
	KMOVQ     R15, K6
	VPCOMPRESSB.Z Z1, K6, Z3
	VMOVDQU64 Z3, (DI)(BX*1)
	POPCNTQ   R15, R15
	ADDQ      R15, BX
	ADDQ      R14, AX
	JMP       u1loop

u1tail:
	// The last DX bytes (fewer than 64): copied with a masked load and a
	// masked store when they are ASCII and dst has room for them. The
	// block before ended at a character boundary.
	TESTQ DX, DX
	JZ    u1done
	MOVQ  R8, R13
	SUBQ  BX, R13
	CMPQ  R13, DX
	JB    u1done
	ASCII_MASKED64(u1done)             // not ASCII: the scalar code
	VMOVDQU8 Z1, K1, (DI)(BX*1)
	ADDQ  DX, AX
	ADDQ  DX, BX

u1done:
	MOVQ BX, nDst+48(FP)
	MOVQ AX, nSrc+56(FP)
	VZEROUPPER
	RET
