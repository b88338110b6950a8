//go:build amd64 && gc && !purego

#include "textflag.h"

// The kernels of sbcs_amd64.go. t points to an SBCS, whose first field
// is its sbcsVec: dec at 0 (three 128-byte tables), slot at 384, rev at
// 448 (256 bytes), slot3 at 704, lead3 at 768.

// sbcsPerm: the VPERMQ indices that put the qwords of a block in the
// order 0 4 1 5 2 6 3 7, so that VPUNPCKLBW and VPUNPCKHBW, which
// interleave within 128-bit lanes, give the bytes of the block's first
// and second halves in order.
DATA sbcsPerm<>+0(SB)/8, $0x0000000000000000
DATA sbcsPerm<>+8(SB)/8, $0x0000000000000004
DATA sbcsPerm<>+16(SB)/8, $0x0000000000000001
DATA sbcsPerm<>+24(SB)/8, $0x0000000000000005
DATA sbcsPerm<>+32(SB)/8, $0x0000000000000002
DATA sbcsPerm<>+40(SB)/8, $0x0000000000000006
DATA sbcsPerm<>+48(SB)/8, $0x0000000000000003
DATA sbcsPerm<>+56(SB)/8, $0x0000000000000007
GLOBL sbcsPerm<>(SB), RODATA|NOPTR, $64

// sbcsQuarter: for quarter q of a block permuted by sbcsPerm, the
// VPERMI2B indices that give the sixteen source bytes q*16+i a dword
// each: byte 0 from the first table (index p(q*16+i), the byte's place
// after the permutation), bytes 1–3 from the second (64+p(q*16+i)).
// VPERMB, which reads only the low six bits, takes byte 2 from the third
// table with the same indices.
DATA sbcsQuarter<>+0(SB)/8, $0x4141410140404000
DATA sbcsQuarter<>+8(SB)/8, $0x4343430342424202
DATA sbcsQuarter<>+16(SB)/8, $0x4545450544444404
DATA sbcsQuarter<>+24(SB)/8, $0x4747470746464606
DATA sbcsQuarter<>+32(SB)/8, $0x5151511150505010
DATA sbcsQuarter<>+40(SB)/8, $0x5353531352525212
DATA sbcsQuarter<>+48(SB)/8, $0x5555551554545414
DATA sbcsQuarter<>+56(SB)/8, $0x5757571756565616
DATA sbcsQuarter<>+64(SB)/8, $0x6161612160606020
DATA sbcsQuarter<>+72(SB)/8, $0x6363632362626222
DATA sbcsQuarter<>+80(SB)/8, $0x6565652564646424
DATA sbcsQuarter<>+88(SB)/8, $0x6767672766666626
DATA sbcsQuarter<>+96(SB)/8, $0x7171713170707030
DATA sbcsQuarter<>+104(SB)/8, $0x7373733372727232
DATA sbcsQuarter<>+112(SB)/8, $0x7575753574747434
DATA sbcsQuarter<>+120(SB)/8, $0x7777773776767636
DATA sbcsQuarter<>+128(SB)/8, $0x4949490948484808
DATA sbcsQuarter<>+136(SB)/8, $0x4B4B4B0B4A4A4A0A
DATA sbcsQuarter<>+144(SB)/8, $0x4D4D4D0D4C4C4C0C
DATA sbcsQuarter<>+152(SB)/8, $0x4F4F4F0F4E4E4E0E
DATA sbcsQuarter<>+160(SB)/8, $0x5959591958585818
DATA sbcsQuarter<>+168(SB)/8, $0x5B5B5B1B5A5A5A1A
DATA sbcsQuarter<>+176(SB)/8, $0x5D5D5D1D5C5C5C1C
DATA sbcsQuarter<>+184(SB)/8, $0x5F5F5F1F5E5E5E1E
DATA sbcsQuarter<>+192(SB)/8, $0x6969692968686828
DATA sbcsQuarter<>+200(SB)/8, $0x6B6B6B2B6A6A6A2A
DATA sbcsQuarter<>+208(SB)/8, $0x6D6D6D2D6C6C6C2C
DATA sbcsQuarter<>+216(SB)/8, $0x6F6F6F2F6E6E6E2E
DATA sbcsQuarter<>+224(SB)/8, $0x7979793978787838
DATA sbcsQuarter<>+232(SB)/8, $0x7B7B7B3B7A7A7A3A
DATA sbcsQuarter<>+240(SB)/8, $0x7D7D7D3D7C7C7C3C
DATA sbcsQuarter<>+248(SB)/8, $0x7F7F7F3F7E7E7E3E
GLOBL sbcsQuarter<>(SB), RODATA|NOPTR, $256

// sbcsShift1: VPERMB indices that give every byte its predecessor (byte
// 0 gets itself).
DATA sbcsShift1<>+0(SB)/8, $0x0605040302010000
DATA sbcsShift1<>+8(SB)/8, $0x0E0D0C0B0A090807
DATA sbcsShift1<>+16(SB)/8, $0x161514131211100F
DATA sbcsShift1<>+24(SB)/8, $0x1E1D1C1B1A191817
DATA sbcsShift1<>+32(SB)/8, $0x262524232221201F
DATA sbcsShift1<>+40(SB)/8, $0x2E2D2C2B2A292827
DATA sbcsShift1<>+48(SB)/8, $0x363534333231302F
DATA sbcsShift1<>+56(SB)/8, $0x3E3D3C3B3A393837
GLOBL sbcsShift1<>(SB), RODATA|NOPTR, $64

// SBCS_QUARTER interleaves the UTF-8 bytes of sixteen source bytes (Z2:
// first bytes, Z3: second, Z4: third, zero where the form is shorter),
// packs them and writes them at dst+BX, adding their length to BX. The
// kept bytes are each dword's first byte (ASCII 00 too) and its second
// and third bytes when not zero (a UTF-8 byte after the first never is).
// K4 selects the third byte of each dword, K5 the second and third, K6
// the first.
#define SBCS_QUARTER(idx) \
	VMOVDQA64     idx, Z5; \
	VPERMI2B      Z3, Z2, Z5; \
	VPERMB        Z4, idx, K4, Z5; \
	VPTESTMB      Z5, Z5, K5, K3; \
	KORQ          K6, K3, K3; \
	VPCOMPRESSB.Z Z5, K3, Z6; \
	VMOVDQU64     Z6, (DI)(BX*1); \
	KMOVQ         K3, R10; \
	POPCNTQ       R10, R10; \
	ADDQ          R10, BX

// SBCS_HALF packs the words of op (UTF-8 first bytes in even bytes,
// second bytes or zero in odd bytes) and writes them at dst+BX, adding
// their length to BX. K7 selects the odd bytes.
#define SBCS_HALF(op) \
	op            Z3, Z2, Z5; \
	VPTESTNMB     Z5, Z5, K7, K3; \
	KNOTQ         K3, K3; \
	VPCOMPRESSB.Z Z5, K3, Z6; \
	VMOVDQU64     Z6, (DI)(BX*1); \
	KMOVQ         K3, R10; \
	POPCNTQ       R10, R10; \
	ADDQ          R10, BX

// func sbcsToUTF8AVX512(t *SBCS, dst, src []byte) (nDst, nSrc int)
//
// A block that is not all ASCII is permuted by sbcsPerm (the lookups
// work byte by byte, so they do not mind) and looked up in the first and
// second byte tables. When no character needs three bytes, the two are
// interleaved by VPUNPCKLBW/VPUNPCKHBW into words and packed; otherwise
// the third table is looked up too and the bytes are interleaved into
// dwords, a quarter block at a time.
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc;
// Z10–Z15 the tables (first, second, third UTF-8 bytes, two halves each),
// Z16–Z19 the quarter indices, Z20 sbcsPerm, Z21 E0s.
TEXT ·sbcsToUTF8AVX512(SB), NOSPLIT, $0-72
	MOVQ t+0(FP), DX
	MOVQ dst_base+8(FP), DI
	MOVQ dst_len+16(FP), R8
	MOVQ src_base+32(FP), SI
	MOVQ src_len+40(FP), R9
	XORQ AX, AX
	XORQ BX, BX

	VMOVDQU64    0(DX), Z10
	VMOVDQU64    64(DX), Z11
	VMOVDQU64    128(DX), Z12
	VMOVDQU64    192(DX), Z13
	VMOVDQU64    256(DX), Z14
	VMOVDQU64    320(DX), Z15
	VMOVDQU64    sbcsQuarter<>+0(SB), Z16
	VMOVDQU64    sbcsQuarter<>+64(SB), Z17
	VMOVDQU64    sbcsQuarter<>+128(SB), Z18
	VMOVDQU64    sbcsQuarter<>+192(SB), Z19
	VMOVDQU64    sbcsPerm<>(SB), Z20
	MOVL         $0xE0E0E0E0, R10
	VPBROADCASTD R10, Z21
	MOVQ         $0x4444444444444444, R10
	KMOVQ        R10, K4
	MOVQ         $0x6666666666666666, R10
	KMOVQ        R10, K5
	MOVQ         $0x1111111111111111, R10
	KMOVQ        R10, K6
	MOVQ         $0xAAAAAAAAAAAAAAAA, R10
	KMOVQ        R10, K7

dloop:
	MOVQ R9, CX
	SUBQ AX, CX                      // CX: bytes left to read
	MOVQ R8, R11
	SUBQ BX, R11                     // R11: room left in dst
	CMPQ CX, $128
	JB   done128
	CMPQ R11, $128
	JB   done128

	// Two blocks at a time while they are ASCII.
	VMOVDQU64 (SI)(AX*1), Z1
	VMOVDQU64 64(SI)(AX*1), Z7
	VPORQ     Z1, Z7, Z8
	VPMOVB2M  Z8, K1
	KORTESTQ  K1, K1
	JNZ       dblock
	VMOVDQU64 Z1, (DI)(BX*1)
	VMOVDQU64 Z7, 64(DI)(BX*1)
	ADDQ      $128, AX
	ADDQ      $128, BX
	JMP       dloop

done128:
	CMPQ      CX, $64
	JB        ddone
	CMPQ      R11, $64
	JB        ddone
	VMOVDQU64 (SI)(AX*1), Z1

dblock:
	VPMOVB2M  Z1, K1                 // K1: the bytes 80–FF
	KORTESTQ  K1, K1
	JNZ       dconvert
	VMOVDQU64 Z1, (DI)(BX*1)         // ASCII: copied as is
	ADDQ      $64, AX
	ADDQ      $64, BX
	JMP       dloop

dconvert:
	CMPQ R11, $256
	JB   ddone                       // perhaps no room for the output

	VPERMQ     Z1, Z20, Z1           // Z1: the block, permuted
	VPMOVB2M   Z1, K1
	VMOVDQA64  Z1, Z2
	VPERMI2B   Z11, Z10, K1, Z2      // Z2: first UTF-8 bytes (ASCII kept)
	VPTESTNMB  Z2, Z2, K1, K2        // K2: bytes without a character
	KORTESTQ   K2, K2
	JNZ        ddone
	VMOVDQA64  Z1, Z3
	VPERMI2B.Z Z13, Z12, K1, Z3      // Z3: second bytes (0 for ASCII)
	VPCMPUB    $5, Z21, Z2, K2       // K2: characters of three bytes
	KORTESTQ   K2, K2
	JNZ        dthree

	SBCS_HALF(VPUNPCKLBW)
	SBCS_HALF(VPUNPCKHBW)
	ADDQ $64, AX
	JMP  dloop

dthree:
	VMOVDQA64  Z1, Z4
	VPERMI2B.Z Z15, Z14, K1, Z4      // Z4: third bytes (0 for ASCII)
	SBCS_QUARTER(Z16)
	SBCS_QUARTER(Z17)
	SBCS_QUARTER(Z18)
	SBCS_QUARTER(Z19)
	ADDQ $64, AX
	JMP  dloop

ddone:
	MOVQ BX, nDst+56(FP)
	MOVQ AX, nSrc+64(FP)
	VZEROUPPER
	RET

// func sbcsFromUTF8AVX512(t *SBCS, dst, src []byte) (nDst, nSrc int)
//
// A block converts when its non-ASCII bytes are two-byte leads C2–DF and
// the page's three-byte lead t.vec.lead3, each followed by as many
// continuation bytes as it needs, and those continuation bytes (a
// character cut by the block's end waits for the next block). The byte
// of a character is looked up at its last byte: index slot*64 + (last
// byte & 3F) into rev (256 bytes, two VPERMI2B halves), where the slot
// comes from the byte before the last, through slot (a two-byte lead) or
// slot3 (the second byte of a three-byte character). Leads and middle
// bytes are then compressed away.
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc;
// Z20 slot, Z21–Z24 rev, Z31 slot3, Z9 lead3, Z25 sbcsShift1, Z26–Z30
// constants; in a mixed block R14 is the block's length and R15 the
// bytes it keeps.
TEXT ·sbcsFromUTF8AVX512(SB), NOSPLIT, $0-72
	MOVQ t+0(FP), DX
	MOVQ dst_base+8(FP), DI
	MOVQ dst_len+16(FP), R8
	MOVQ src_base+32(FP), SI
	MOVQ src_len+40(FP), R9
	XORQ AX, AX
	XORQ BX, BX

	VMOVDQU64    384(DX), Z20
	VMOVDQU64    448(DX), Z21
	VMOVDQU64    512(DX), Z22
	VMOVDQU64    576(DX), Z23
	VMOVDQU64    640(DX), Z24
	VMOVDQU64    704(DX), Z31
	VPBROADCASTB 768(DX), Z9
	VMOVDQU64    sbcsShift1<>(SB), Z25
	MOVL         $0xC2C2C2C2, R10
	VPBROADCASTD R10, Z26
	MOVL         $0x1E1E1E1E, R10
	VPBROADCASTD R10, Z27
	MOVL         $0xC0C0C0C0, R10
	VPBROADCASTD R10, Z28
	MOVL         $0x3F3F3F3F, R10
	VPBROADCASTD R10, Z29
	MOVL         $0x01010101, R10
	VPBROADCASTD R10, Z30

eloop:
	MOVQ R9, CX
	SUBQ AX, CX                      // CX: bytes left to read
	MOVQ R8, R11
	SUBQ BX, R11                     // R11: room left in dst
	CMPQ CX, $128
	JB   edone128
	CMPQ R11, $128
	JB   edone128

	// Two blocks at a time while they are ASCII.
	VMOVDQU64 (SI)(AX*1), Z1
	VMOVDQU64 64(SI)(AX*1), Z7
	VPORQ     Z1, Z7, Z8
	VPMOVB2M  Z8, K1
	KORTESTQ  K1, K1
	JNZ       eblock
	VMOVDQU64 Z1, (DI)(BX*1)
	VMOVDQU64 Z7, 64(DI)(BX*1)
	ADDQ      $128, AX
	ADDQ      $128, BX
	JMP       eloop

edone128:
	CMPQ      CX, $64
	JB        edone
	CMPQ      R11, $64
	JB        edone
	VMOVDQU64 (SI)(AX*1), Z1

eblock:
	VPMOVB2M  Z1, K1                 // K1: the bytes 80–FF
	KORTESTQ  K1, K1
	JNZ       emixed
	VMOVDQU64 Z1, (DI)(BX*1)         // ASCII: copied as is
	ADDQ      $64, AX
	ADDQ      $64, BX
	JMP       eloop

emixed:
	VPSUBB   Z26, Z1, Z2
	VPCMPUB  $1, Z27, Z2, K2         // K2: two-byte leads C2–DF
	VPCMPB   $1, Z28, Z1, K3         // K3: continuation bytes 80–BF
	VPCMPEQB Z9, Z1, K4              // K4: the three-byte lead
	KORQ     K2, K3, K5
	KORQ     K4, K5, K5
	KXORQ    K1, K5, K5
	KORTESTQ K5, K5
	JNZ      edone                   // a byte that is none of these

	// The continuation bytes must be the middle bytes of the three-byte
	// characters and the last bytes of all (as far as they are in the
	// block: a character cut by its end has continuation bytes only
	// there).
	KSHIFTLQ $1, K4, K5              // K5: middle bytes
	KSHIFTLQ $1, K2, K6
	KSHIFTLQ $2, K4, K7
	KORQ     K6, K7, K6              // K6: last bytes
	KORQ     K5, K6, K7
	KXORQ    K3, K7, K7
	KORTESTQ K7, K7
	JNZ      edone                   // a lead without its continuation bytes, or a stray one

	// The block's length, and the bytes to keep: a character cut by the
	// block's end (a lead in its last byte, a three-byte lead in the one
	// before) waits for the next block. The length comes from the two
	// bytes themselves, so that the next block's address does not wait
	// for the mask arithmetic.
	MOVQ    $64, R14
	MOVQ    $63, R10
	MOVBLZX 63(SI)(AX*1), DX
	CMPB    DX, $0xC0
	CMOVQCC R10, R14
	MOVQ    $62, R10
	MOVBLZX 62(SI)(AX*1), DX
	CMPB    DX, $0xE0
	CMOVQCC R10, R14                 // R14: the block's length
	MOVQ    $64, CX
	SUBQ    R14, CX
	MOVQ    $-1, R15
	SHRQ    CX, R15                  // R15: its bytes
	KMOVQ   K2, R11
	KMOVQ   K4, R13
	ORQ     R13, R11
	SHLQ    $1, R13
	ORQ     R13, R11
	NOTQ    R11
	ANDQ    R11, R15                 // R15: the bytes to keep (ASCII and last bytes)

	VPERMB    Z20, Z1, Z2            // Z2: each byte's slot base, as a two-byte lead
	VPERMB    Z31, Z1, K5, Z2        // and as the middle byte of a three-byte character
	VPERMB    Z2, Z25, Z3            // Z3: the slot base of each byte's predecessor
	VPTESTMB  Z30, Z3, K6, K7        // K7: characters without a slot
	VPANDQ    Z29, Z1, Z4
	VPORQ     Z3, Z4, Z4             // Z4: indices into rev
	VMOVDQA64 Z4, Z5
	VPERMI2B  Z22, Z21, Z5           // Z5: rev[0:128] at the indices' low seven bits
	VPMOVB2M  Z4, K1                 // K1: indices 128–255
	VPERMI2B  Z24, Z23, Z4           // Z4: rev[128:256] likewise
	VMOVDQU8  Z4, K1, Z5             // Z5: rev at the indices
	VPTESTNMB Z5, Z5, K6, K1         // K1: characters without a byte
	KORQ      K1, K7, K7             // K7: characters the step cannot convert
	KORTESTQ  K7, K7
	JNZ       epartial

estore:
	VMOVDQU8      Z5, K6, Z1         // the bytes, at the last bytes
	KMOVQ         R15, K7
	VPCOMPRESSB.Z Z1, K7, Z2
	VMOVDQU64     Z2, (DI)(BX*1)
	POPCNTQ       R15, R15
	ADDQ          R15, BX
	ADDQ          R14, AX
	JMP           eloop

	// The block converts up to the first character it cannot; the step
	// then stops there (after the store, estore goes back to eloop, which
	// finds the character again at the start of a block and stops).
epartial:
	KMOVQ  K7, CX
	TZCNTQ CX, CX                    // CX: the last byte of the first such character
	KMOVQ  K2, R10
	LEAQ   -1(CX), R14
	BTQ    R14, R10
	JCS    estart                    // a two-byte character
	DECQ   R14                       // a three-byte character
estart:
	TESTQ  R14, R14
	JZ     edone                     // it is the block's first
	MOVQ   R14, CX
	MOVQ   $1, R10
	SHLQ   CX, R10
	DECQ   R10
	ANDQ   R10, R15                  // R15: the bytes to keep before it
	JMP    estore

edone:
	MOVQ BX, nDst+56(FP)
	MOVQ AX, nSrc+64(FP)
	VZEROUPPER
	RET

// SBCS_EXPAND packs the eight words of xreg (UTF-8 first and second
// bytes of eight source bytes; R10 >> shift has a bit for each second
// byte that is not zero)
// with their sbcsExpand pattern and writes them at dst+BX, adding their
// length to BX.
#define SBCS_EXPAND(xreg, shift) \
	MOVL      R10, CX; \
	SHRL      $shift, CX; \
	ANDL      $0xFF, CX; \
	MOVQ      CX, R11; \
	SHLQ      $4, R11; \
	VMOVDQU   (R12)(R11*1), X6; \
	VPSHUFB   X6, xreg, X6; \
	VMOVDQU   X6, (DI)(BX*1); \
	POPCNTL   CX, CX; \
	ADDQ      $8, BX; \
	ADDQ      CX, BX

// func sbcsToUTF8AVX2(t *SBCS, dst, src []byte) (nDst, nSrc int)
//
// A 32-byte block that is not all ASCII is looked up in t.vec.shuf: the
// indices x&7F - 16k (k = 0–7) are negative, so VPSHUFB gives 0, for the
// bytes below row k, and the lookups of rows 0 to k XOR to row k. ASCII
// bytes keep themselves as first byte and get no second byte.
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc,
// DX t, R12 sbcsExpand; Y2–Y9 the indices, Y10 first bytes, Y11 second
// bytes, Y13–Y15 constants.
TEXT ·sbcsToUTF8AVX2(SB), NOSPLIT, $0-72
	MOVQ t+0(FP), DX
	MOVQ dst_base+8(FP), DI
	MOVQ dst_len+16(FP), R8
	MOVQ src_base+32(FP), SI
	MOVQ src_len+40(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	LEAQ ·sbcsExpand(SB), R12

	MOVL         $0x7F7F7F7F, R10
	VMOVD        R10, X13
	VPBROADCASTD X13, Y13
	MOVL         $0x10101010, R10
	VMOVD        R10, X14
	VPBROADCASTD X14, Y14
	MOVL         $0xE0E0E0E0, R10
	VMOVD        R10, X15
	VPBROADCASTD X15, Y15

aloop:
	MOVQ R9, CX
	SUBQ AX, CX
	CMPQ CX, $32
	JB   adone                       // fewer than 32 bytes left to read
	MOVQ R8, R11
	SUBQ BX, R11
	CMPQ R11, $64
	JB   adone                       // perhaps no room for the output

	VMOVDQU   (SI)(AX*1), Y0
	VPMOVMSKB Y0, R10                // R10: the bytes 80–FF
	TESTL     R10, R10
	JNZ       aconvert
	VMOVDQU   Y0, (DI)(BX*1)         // ASCII: copied as is
	ADDQ      $32, AX
	ADDQ      $32, BX
	JMP       aloop

aconvert:
	VPAND  Y13, Y0, Y2               // Y2: x & 7F, the index into row 0
	VPSUBB Y14, Y2, Y3
	VPSUBB Y14, Y3, Y4
	VPSUBB Y14, Y4, Y5
	VPSUBB Y14, Y5, Y6
	VPSUBB Y14, Y6, Y7
	VPSUBB Y14, Y7, Y8
	VPSUBB Y14, Y8, Y9               // Y9: the index into row 7
	VMOVDQU   800(DX), Y10
	VPSHUFB   Y2, Y10, Y10
	VMOVDQU   832(DX), Y12
	VPSHUFB   Y3, Y12, Y12
	VPXOR     Y12, Y10, Y10
	VMOVDQU   864(DX), Y12
	VPSHUFB   Y4, Y12, Y12
	VPXOR     Y12, Y10, Y10
	VMOVDQU   896(DX), Y12
	VPSHUFB   Y5, Y12, Y12
	VPXOR     Y12, Y10, Y10
	VMOVDQU   928(DX), Y12
	VPSHUFB   Y6, Y12, Y12
	VPXOR     Y12, Y10, Y10
	VMOVDQU   960(DX), Y12
	VPSHUFB   Y7, Y12, Y12
	VPXOR     Y12, Y10, Y10
	VMOVDQU   992(DX), Y12
	VPSHUFB   Y8, Y12, Y12
	VPXOR     Y12, Y10, Y10
	VMOVDQU   1024(DX), Y12
	VPSHUFB   Y9, Y12, Y12
	VPXOR     Y12, Y10, Y10
	VMOVDQU   1056(DX), Y11
	VPSHUFB   Y2, Y11, Y11
	VMOVDQU   1088(DX), Y12
	VPSHUFB   Y3, Y12, Y12
	VPXOR     Y12, Y11, Y11
	VMOVDQU   1120(DX), Y12
	VPSHUFB   Y4, Y12, Y12
	VPXOR     Y12, Y11, Y11
	VMOVDQU   1152(DX), Y12
	VPSHUFB   Y5, Y12, Y12
	VPXOR     Y12, Y11, Y11
	VMOVDQU   1184(DX), Y12
	VPSHUFB   Y6, Y12, Y12
	VPXOR     Y12, Y11, Y11
	VMOVDQU   1216(DX), Y12
	VPSHUFB   Y7, Y12, Y12
	VPXOR     Y12, Y11, Y11
	VMOVDQU   1248(DX), Y12
	VPSHUFB   Y8, Y12, Y12
	VPXOR     Y12, Y11, Y11
	VMOVDQU   1280(DX), Y12
	VPSHUFB   Y9, Y12, Y12
	VPXOR     Y12, Y11, Y11
	VPXOR     Y1, Y1, Y1
	VPBLENDVB Y0, Y10, Y0, Y10       // Y10: first UTF-8 bytes (ASCII kept)
	VPBLENDVB Y0, Y11, Y1, Y11       // Y11: second bytes (0 for ASCII)
	VPCMPEQB  Y1, Y10, Y12
	VPAND     Y0, Y12, Y12
	VPMOVMSKB Y12, CX                // CX: bytes without a character
	TESTL     CX, CX
	JNZ       adone
	VPAND     Y15, Y10, Y12
	VPCMPEQB  Y15, Y12, Y12
	VPMOVMSKB Y12, CX                // CX: characters of three bytes
	TESTL     CX, CX
	JNZ       adone

	VPCMPEQB     Y1, Y11, Y12
	VPMOVMSKB    Y12, R10
	NOTL         R10                 // R10: the bytes with a second UTF-8 byte
	VPUNPCKLBW   Y11, Y10, Y2        // words of bytes 0–7 and 16–23
	VPUNPCKHBW   Y11, Y10, Y3        // words of bytes 8–15 and 24–31
	VEXTRACTI128 $1, Y2, X4
	VEXTRACTI128 $1, Y3, X5
	SBCS_EXPAND(X2, 0)
	SBCS_EXPAND(X3, 8)
	SBCS_EXPAND(X4, 16)
	SBCS_EXPAND(X5, 24)
	ADDQ $32, AX
	JMP  aloop

adone:
	MOVQ BX, nDst+56(FP)
	MOVQ AX, nSrc+64(FP)
	VZEROUPPER
	RET

// sbcsAVX2Const: 32 copies each of 1F (0), 10 (32), 3F (64), 01 (96), C0
// (128), C2 (160), 1D (192), 7F (224).
DATA sbcsAVX2Const<>+0(SB)/8, $0x1F1F1F1F1F1F1F1F
DATA sbcsAVX2Const<>+8(SB)/8, $0x1F1F1F1F1F1F1F1F
DATA sbcsAVX2Const<>+16(SB)/8, $0x1F1F1F1F1F1F1F1F
DATA sbcsAVX2Const<>+24(SB)/8, $0x1F1F1F1F1F1F1F1F
DATA sbcsAVX2Const<>+32(SB)/8, $0x1010101010101010
DATA sbcsAVX2Const<>+40(SB)/8, $0x1010101010101010
DATA sbcsAVX2Const<>+48(SB)/8, $0x1010101010101010
DATA sbcsAVX2Const<>+56(SB)/8, $0x1010101010101010
DATA sbcsAVX2Const<>+64(SB)/8, $0x3F3F3F3F3F3F3F3F
DATA sbcsAVX2Const<>+72(SB)/8, $0x3F3F3F3F3F3F3F3F
DATA sbcsAVX2Const<>+80(SB)/8, $0x3F3F3F3F3F3F3F3F
DATA sbcsAVX2Const<>+88(SB)/8, $0x3F3F3F3F3F3F3F3F
DATA sbcsAVX2Const<>+96(SB)/8, $0x0101010101010101
DATA sbcsAVX2Const<>+104(SB)/8, $0x0101010101010101
DATA sbcsAVX2Const<>+112(SB)/8, $0x0101010101010101
DATA sbcsAVX2Const<>+120(SB)/8, $0x0101010101010101
DATA sbcsAVX2Const<>+128(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA sbcsAVX2Const<>+136(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA sbcsAVX2Const<>+144(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA sbcsAVX2Const<>+152(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA sbcsAVX2Const<>+160(SB)/8, $0xC2C2C2C2C2C2C2C2
DATA sbcsAVX2Const<>+168(SB)/8, $0xC2C2C2C2C2C2C2C2
DATA sbcsAVX2Const<>+176(SB)/8, $0xC2C2C2C2C2C2C2C2
DATA sbcsAVX2Const<>+184(SB)/8, $0xC2C2C2C2C2C2C2C2
DATA sbcsAVX2Const<>+192(SB)/8, $0x1D1D1D1D1D1D1D1D
DATA sbcsAVX2Const<>+200(SB)/8, $0x1D1D1D1D1D1D1D1D
DATA sbcsAVX2Const<>+208(SB)/8, $0x1D1D1D1D1D1D1D1D
DATA sbcsAVX2Const<>+216(SB)/8, $0x1D1D1D1D1D1D1D1D
DATA sbcsAVX2Const<>+224(SB)/8, $0x7F7F7F7F7F7F7F7F
DATA sbcsAVX2Const<>+232(SB)/8, $0x7F7F7F7F7F7F7F7F
DATA sbcsAVX2Const<>+240(SB)/8, $0x7F7F7F7F7F7F7F7F
DATA sbcsAVX2Const<>+248(SB)/8, $0x7F7F7F7F7F7F7F7F
GLOBL sbcsAVX2Const<>(SB), RODATA|NOPTR, $256

// SBCS_PACK8 packs the bytes of the low eight of xreg that R15 >> shift
// keeps and writes them at dst+BX (eight bytes), adding their number to
// BX.
#define SBCS_PACK8(xreg, shift) \
	MOVL      R15, CX; \
	SHRL      $shift, CX; \
	ANDL      $0xFF, CX; \
	MOVQ      CX, R11; \
	SHLQ      $4, R11; \
	VMOVDQU   (R12)(R11*1), X6; \
	VPSHUFB   X6, xreg, X6; \
	VMOVQ     X6, (DI)(BX*1); \
	POPCNTL   CX, CX; \
	ADDQ      CX, BX

// func sbcsFromUTF8AVX2(t *SBCS, dst, src []byte) (nDst, nSrc int)
//
// Registers: DI dst, R8 len(dst), SI src, R9 len(src), BX nDst, AX nSrc,
// DX t, R12 sbcsPack, R13 sbcsAVX2Const; in a mixed block R14 the block's
// length and R15 the bytes it keeps.
TEXT ·sbcsFromUTF8AVX2(SB), NOSPLIT, $0-72
	MOVQ t+0(FP), DX
	MOVQ dst_base+8(FP), DI
	MOVQ dst_len+16(FP), R8
	MOVQ src_base+32(FP), SI
	MOVQ src_len+40(FP), R9
	XORQ AX, AX
	XORQ BX, BX
	LEAQ ·sbcsPack(SB), R12
	LEAQ sbcsAVX2Const<>(SB), R13

bloop:
	MOVQ R9, CX
	SUBQ AX, CX
	CMPQ CX, $32
	JB   bdone                       // fewer than 32 bytes left to read
	MOVQ R8, R11
	SUBQ BX, R11
	CMPQ R11, $32
	JB   bdone                       // perhaps no room for the output

	VMOVDQU   (SI)(AX*1), Y0
	VPMOVMSKB Y0, R10                // R10: the bytes 80–FF
	TESTL     R10, R10
	JNZ       bmixed
	VMOVDQU   Y0, (DI)(BX*1)         // ASCII: copied as is
	ADDQ      $32, AX
	ADDQ      $32, BX
	JMP       bloop

bmixed:
	VPSUBB    160(R13), Y0, Y1
	VPMINUB   192(R13), Y1, Y2
	VPCMPEQB  Y1, Y2, Y2             // Y2: leads C2–DF
	VPMOVMSKB Y2, R11
	VMOVDQU   128(R13), Y9
	VPCMPGTB  Y0, Y9, Y9             // Y9: continuation bytes 80–BF
	VPMOVMSKB Y9, CX
	MOVL      R11, R14
	ORL       CX, R14
	CMPL      R14, R10
	JNE       bdone                  // a byte that is neither

	MOVL  R11, R15
	NOTL  R15                        // R15: the bytes to keep (all but leads)
	MOVQ  $32, R14
	BTRL  $31, R11                   // a lead in the last byte?
	JCC   bpairs
	MOVQ  $31, R14                   // it waits for the next block
bpairs:
	SHLL $1, R11
	CMPL R11, CX
	JNE  bdone                       // a lead without its continuation, or a stray continuation

	// Each byte's predecessor, and its slot base as a lead.
	VPERM2I128 $0x08, Y0, Y0, Y1
	VPALIGNR   $15, Y1, Y0, Y2       // Y2: predecessors (0 before byte 0)
	VPAND      0(R13), Y2, Y2        // Y2: their low five bits
	VMOVDQU    1312(DX), Y3
	VPSHUFB    Y2, Y3, Y3
	VPSUBB     32(R13), Y2, Y2
	VMOVDQU    1344(DX), Y1
	VPSHUFB    Y2, Y1, Y1
	VPXOR      Y1, Y3, Y3            // Y3: the predecessors' slot bases
	VPAND      96(R13), Y3, Y1
	VPCMPEQB   96(R13), Y1, Y1       // Y1: slot bases with the low bit, sbcsNoSlot
	VPAND      Y9, Y1, Y1
	VPMOVMSKB  Y1, R10               // R10: characters without a slot
	TESTL      R10, R10
	JNZ        bdone

	// The byte at each continuation byte: rev[slot base + (byte & 3F)].
	VPAND   64(R13), Y0, Y4
	VPOR    Y3, Y4, Y4               // Y4: indices into rev
	VPAND   224(R13), Y4, Y5         // Y5: their low seven bits
	VMOVDQU 1376(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VMOVDQA Y8, Y6
	VMOVDQU 1632(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VMOVDQA Y8, Y7
	VPSUBB  32(R13), Y5, Y5
	VMOVDQU 1408(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y6, Y6
	VMOVDQU 1664(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y7, Y7
	VPSUBB  32(R13), Y5, Y5
	VMOVDQU 1440(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y6, Y6
	VMOVDQU 1696(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y7, Y7
	VPSUBB  32(R13), Y5, Y5
	VMOVDQU 1472(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y6, Y6
	VMOVDQU 1728(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y7, Y7
	VPSUBB  32(R13), Y5, Y5
	VMOVDQU 1504(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y6, Y6
	VMOVDQU 1760(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y7, Y7
	VPSUBB  32(R13), Y5, Y5
	VMOVDQU 1536(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y6, Y6
	VMOVDQU 1792(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y7, Y7
	VPSUBB  32(R13), Y5, Y5
	VMOVDQU 1568(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y6, Y6
	VMOVDQU 1824(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y7, Y7
	VPSUBB  32(R13), Y5, Y5
	VMOVDQU 1600(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y6, Y6
	VMOVDQU 1856(DX), Y8
	VPSHUFB Y5, Y8, Y8
	VPXOR   Y8, Y7, Y7
	VPBLENDVB Y4, Y7, Y6, Y6         // Y6: rev at the indices (rows 8–15 for indices 128–255)
	VPXOR     Y1, Y1, Y1
	VPCMPEQB  Y1, Y6, Y1
	VPAND     Y9, Y1, Y1
	VPMOVMSKB Y1, R10                // R10: characters without a byte
	TESTL     R10, R10
	JNZ       bdone

	VPBLENDVB    Y9, Y6, Y0, Y0      // the bytes, at the continuation bytes
	VPSRLDQ      $8, X0, X1
	VEXTRACTI128 $1, Y0, X2
	VPSRLDQ      $8, X2, X3
	SBCS_PACK8(X0, 0)
	SBCS_PACK8(X1, 8)
	SBCS_PACK8(X2, 16)
	SBCS_PACK8(X3, 24)
	ADDQ R14, AX
	JMP  bloop

bdone:
	MOVQ BX, nDst+56(FP)
	MOVQ AX, nSrc+64(FP)
	VZEROUPPER
	RET
