// The conversion macros and constants that the validating UTF-8
// converters (utf8_amd64.s) and their assume-valid twins (valid_amd64.s)
// share. The constants are file-local (<>): each file that includes this
// one gets its own copy.

// U8TO16HALF converts the 32 positions at p0 (with p1, p2 the addresses one
// and two bytes further); K1 marks the ASCII positions, K2 those below
// E0, K3 the character starts. It writes 64 bytes at (DI)(BX*1) and adds
// the length of the output to BX.
#define U8TO16HALF(p0, p1, p2) \
	VPMOVZXBW  p0, Z2; \
	VPMOVZXBW  p1, Z3; \
	VPMOVZXBW  p2, Z4; \
	VPANDD     Z27, Z3, Z3; \
	VPANDD     Z27, Z4, Z4; \
	VPSLLW     $12, Z2, Z5; \
	VPSLLW     $6, Z3, Z7; \
	VPTERNLOGD $0xFE, Z4, Z7, Z5; \
	VPSLLW     $6, Z2, Z8; \
	VPTERNLOGD $0xF8, Z28, Z8, Z3; \
	VMOVDQU16  Z3, K2, Z5; \
	VMOVDQU16  Z2, K1, Z5; \
	VPCOMPRESSW.Z Z5, K3, Z6; \
	VMOVDQU64  Z6, (DI)(BX*1); \
	KMOVD      K3, DX; \
	POPCNTL    DX, DX; \
	LEAQ       (BX)(DX*2), BX

// U8TO16HALF2 is U8TO16HALF for a window with no lead of three or four
// bytes: only the forms of one and two bytes are computed, from the bytes
// at p0 and p1. K1 marks the ASCII positions, K3 the character starts.
#define U8TO16HALF2(p0, p1) \
	VPMOVZXBW  p0, Z2; \
	VPMOVZXBW  p1, Z3; \
	VPANDD     Z27, Z3, Z3; \
	VPSLLW     $6, Z2, Z8; \
	VPTERNLOGD $0xF8, Z28, Z8, Z3; \
	VMOVDQU16  Z2, K1, Z3; \
	VPCOMPRESSW.Z Z3, K3, Z6; \
	VMOVDQU64  Z6, (DI)(BX*1); \
	KMOVD      K3, DX; \
	POPCNTL    DX, DX; \
	LEAQ       (BX)(DX*2), BX

// U8CP computes, in Z5, the code point each of 16 byte positions would
// start (garbage where no character starts), from the bytes at p0 and the
// three after it (p1, p2, p3), widened to dwords. K1 marks the ASCII
// positions, K2 those below E0, K4 those below F0. With xi = bi&3F and
// t = x1<<12 | x2<<6 | x3:
//
//   one byte:   b0
//   two bytes:  (b0<<6 & 7C0)    | t>>12
//   three:      (b0<<12 & F000)  | t>>6
//   four:       (b0<<18 & 1C0000) | t
//
// Constants: Z11 3F, Z12 7C0, Z13 F000, Z14 1C0000 (dwords). Uses Z2–Z10.
#define U8CP(p0, p1, p2, p3) \
	VPMOVZXBD  p0, Z2; \
	VPMOVZXBD  p1, Z3; \
	VPMOVZXBD  p2, Z4; \
	VPMOVZXBD  p3, Z5; \
	VPANDD     Z11, Z3, Z3; \
	VPANDD     Z11, Z4, Z4; \
	VPANDD     Z11, Z5, Z5; \
	VPSLLD     $12, Z3, Z3; \
	VPSLLD     $6, Z4, Z4; \
	VPTERNLOGD $0xFE, Z3, Z4, Z5; \
	VPSRLD     $6, Z5, Z7; \
	VPSRLD     $12, Z5, Z8; \
	VPSLLD     $18, Z2, Z6; \
	VPTERNLOGD $0xF8, Z14, Z6, Z5; \
	VPSLLD     $12, Z2, Z6; \
	VPTERNLOGD $0xF8, Z13, Z6, Z7; \
	VMOVDQA32  Z7, K4, Z5; \
	VPSLLD     $6, Z2, Z6; \
	VPTERNLOGD $0xF8, Z12, Z6, Z8; \
	VMOVDQA32  Z8, K2, Z5; \
	VMOVDQA32  Z2, K1, Z5

// GATHERCHARS packs the characters of a window whose starts are in R15:
// their first bytes (from Z1, the window) and the bytes one, two and
// three places further go, compressed, to the buffer at CX (0, 64, 128
// and 192 bytes on); the masks R10, R12, R13 are packed the same way (PEXT), and
// R15 becomes the number of characters.
#define GATHERCHARS \
	KMOVQ     R15, K6; \
	VPCOMPRESSB.Z Z1, K6, Z2; \
	VMOVDQU64 Z2, (CX); \
	VMOVDQU64 1(SI)(AX*1), Z2; \
	VPCOMPRESSB.Z Z2, K6, Z2; \
	VMOVDQU64 Z2, 64(CX); \
	VMOVDQU64 2(SI)(AX*1), Z2; \
	VPCOMPRESSB.Z Z2, K6, Z2; \
	VMOVDQU64 Z2, 128(CX); \
	VMOVDQU64 3(SI)(AX*1), Z2; \
	VPCOMPRESSB.Z Z2, K6, Z2; \
	VMOVDQU64 Z2, 192(CX); \
	PEXTQ     R15, R10, R10; \
	PEXTQ     R15, R12, R12; \
	PEXTQ     R15, R13, R13; \
	POPCNTQ   R15, R15

// CHARMASKS sets the masks of U8CP for the next 16 gathered characters
// (K3: the lanes that hold one, min(16, R15) of them) and shifts R10,
// R12, R13.
#define CHARMASKS \
	MOVL  $-1, DX; \
	BZHIL R15, DX, DX; \
	KMOVW DX, K3; \
	KMOVW R10, K1; \
	KMOVW R12, K2; \
	KMOVW R13, K4; \
	SHRQ  $16, R10; \
	SHRQ  $16, R12; \
	SHRQ  $16, R13

// U8QCONSTS loads the constants of U8CP (uses DX).
#define U8QCONSTS \
	MOVL $0x3F, DX; \
	VPBROADCASTD DX, Z11; \
	MOVL $0x7C0, DX; \
	VPBROADCASTD DX, Z12; \
	MOVL $0xF000, DX; \
	VPBROADCASTD DX, Z13; \
	MOVL $0x1C0000, DX; \
	VPBROADCASTD DX, Z14; \
	MOVL $0x10000, DX; \
	VPBROADCASTD DX, Z15; \
	MOVL $0x3FF, DX; \
	VPBROADCASTD DX, Z16; \
	MOVL $0xDC00D800, DX; \
	VPBROADCASTD DX, Z17; \
	MOVL $0x8080, DX; \
	VPBROADCASTD DX, Z18; \
	MOVL $0x80808080, DX; \
	VPBROADCASTD DX, Z19

// U8TO16HALFP is U8TO16HALF for windows with four-byte characters: K4
// marks their leads and K6 their first continuation bytes. A lead lane
// gets the first unit of the surrogate pair, the next lane the second,
// both from the bytes the lanes have (b0, x1 = b1&3F, x2 = b2&3F):
//
//   lead:      D7C0 + ((b0&7)<<8 | x1<<2 | x2>>4)
//   next lane: DC00 | (x1&F)<<6 | x2
//
// Constants: Z11 0007, Z12 D7C0, Z13 000F, Z14 DC00 (words), Z27, Z28 as
// for U8TO16HALF.
#define U8TO16HALFP(p0, p1, p2) \
	VPMOVZXBW  p0, Z2; \
	VPMOVZXBW  p1, Z3; \
	VPMOVZXBW  p2, Z4; \
	VPANDD     Z27, Z3, Z3; \
	VPANDD     Z27, Z4, Z4; \
	VPSLLW     $12, Z2, Z5; \
	VPSLLW     $6, Z3, Z7; \
	VPTERNLOGD $0xFE, Z4, Z7, Z5; \
	VPSLLW     $6, Z2, Z8; \
	VPANDD     Z28, Z8, Z8; \
	VPORD      Z3, Z8, Z8; \
	VMOVDQU16  Z8, K2, Z5; \
	VMOVDQU16  Z2, K1, Z5; \
	VPANDD     Z11, Z2, Z6; \
	VPSLLW     $8, Z6, Z6; \
	VPSLLW     $2, Z3, Z7; \
	VPSRLW     $4, Z4, Z8; \
	VPTERNLOGD $0xFE, Z7, Z8, Z6; \
	VPADDW     Z12, Z6, K4, Z5; \
	VPANDD     Z13, Z3, Z6; \
	VPSLLW     $6, Z6, Z6; \
	VPTERNLOGD $0xFE, Z14, Z4, Z6; \
	VMOVDQU16  Z6, K6, Z5; \
	VPCOMPRESSW.Z Z5, K3, Z6; \
	VMOVDQU64  Z6, (DI)(BX*1); \
	KMOVD      K3, DX; \
	POPCNTL    DX, DX; \
	LEAQ       (BX)(DX*2), BX

DATA q7<>+0(SB)/8, $0x0000000700000007
DATA q7<>+8(SB)/8, $0x0000000700000007
DATA q7<>+16(SB)/8, $0x0000000700000007
DATA q7<>+24(SB)/8, $0x0000000700000007
DATA q7<>+32(SB)/8, $0x0000000700000007
DATA q7<>+40(SB)/8, $0x0000000700000007
DATA q7<>+48(SB)/8, $0x0000000700000007
DATA q7<>+56(SB)/8, $0x0000000700000007
GLOBL q7<>(SB), RODATA|NOPTR, $64

DATA q3f00<>+0(SB)/8, $0x00003F0000003F00
DATA q3f00<>+8(SB)/8, $0x00003F0000003F00
DATA q3f00<>+16(SB)/8, $0x00003F0000003F00
DATA q3f00<>+24(SB)/8, $0x00003F0000003F00
DATA q3f00<>+32(SB)/8, $0x00003F0000003F00
DATA q3f00<>+40(SB)/8, $0x00003F0000003F00
DATA q3f00<>+48(SB)/8, $0x00003F0000003F00
DATA q3f00<>+56(SB)/8, $0x00003F0000003F00
GLOBL q3f00<>(SB), RODATA|NOPTR, $64

DATA q3f0000<>+0(SB)/8, $0x003F0000003F0000
DATA q3f0000<>+8(SB)/8, $0x003F0000003F0000
DATA q3f0000<>+16(SB)/8, $0x003F0000003F0000
DATA q3f0000<>+24(SB)/8, $0x003F0000003F0000
DATA q3f0000<>+32(SB)/8, $0x003F0000003F0000
DATA q3f0000<>+40(SB)/8, $0x003F0000003F0000
DATA q3f0000<>+48(SB)/8, $0x003F0000003F0000
DATA q3f0000<>+56(SB)/8, $0x003F0000003F0000
GLOBL q3f0000<>(SB), RODATA|NOPTR, $64

DATA q3f000000<>+0(SB)/8, $0x3F0000003F000000
DATA q3f000000<>+8(SB)/8, $0x3F0000003F000000
DATA q3f000000<>+16(SB)/8, $0x3F0000003F000000
DATA q3f000000<>+24(SB)/8, $0x3F0000003F000000
DATA q3f000000<>+32(SB)/8, $0x3F0000003F000000
DATA q3f000000<>+40(SB)/8, $0x3F0000003F000000
DATA q3f000000<>+48(SB)/8, $0x3F0000003F000000
DATA q3f000000<>+56(SB)/8, $0x3F0000003F000000
GLOBL q3f000000<>(SB), RODATA|NOPTR, $64

DATA q3ff<>+0(SB)/8, $0x000003FF000003FF
DATA q3ff<>+8(SB)/8, $0x000003FF000003FF
DATA q3ff<>+16(SB)/8, $0x000003FF000003FF
DATA q3ff<>+24(SB)/8, $0x000003FF000003FF
DATA q3ff<>+32(SB)/8, $0x000003FF000003FF
DATA q3ff<>+40(SB)/8, $0x000003FF000003FF
DATA q3ff<>+48(SB)/8, $0x000003FF000003FF
DATA q3ff<>+56(SB)/8, $0x000003FF000003FF
GLOBL q3ff<>(SB), RODATA|NOPTR, $64

DATA qd7c0<>+0(SB)/8, $0x0000D7C00000D7C0
DATA qd7c0<>+8(SB)/8, $0x0000D7C00000D7C0
DATA qd7c0<>+16(SB)/8, $0x0000D7C00000D7C0
DATA qd7c0<>+24(SB)/8, $0x0000D7C00000D7C0
DATA qd7c0<>+32(SB)/8, $0x0000D7C00000D7C0
DATA qd7c0<>+40(SB)/8, $0x0000D7C00000D7C0
DATA qd7c0<>+48(SB)/8, $0x0000D7C00000D7C0
DATA qd7c0<>+56(SB)/8, $0x0000D7C00000D7C0
GLOBL qd7c0<>(SB), RODATA|NOPTR, $64

DATA qdc00<>+0(SB)/8, $0x0000DC000000DC00
DATA qdc00<>+8(SB)/8, $0x0000DC000000DC00
DATA qdc00<>+16(SB)/8, $0x0000DC000000DC00
DATA qdc00<>+24(SB)/8, $0x0000DC000000DC00
DATA qdc00<>+32(SB)/8, $0x0000DC000000DC00
DATA qdc00<>+40(SB)/8, $0x0000DC000000DC00
DATA qdc00<>+48(SB)/8, $0x0000DC000000DC00
DATA qdc00<>+56(SB)/8, $0x0000DC000000DC00
GLOBL qdc00<>(SB), RODATA|NOPTR, $64

// QUADCP512 turns 16 dwords in Z1, each a four-byte UTF-8 sequence (low
// byte first), into their code points in Z2:
//   c = (d&7)<<18 | (d&3F00)<<4 | (d&3F0000)>>10 | (d&3F000000)>>24
// Uses Z3, Z4.
#define QUADCP512 \
	VPANDD     q7<>(SB), Z1, Z2; \
	VPSLLD     $18, Z2, Z2; \
	VPANDD     q3f00<>(SB), Z1, Z3; \
	VPSLLD     $4, Z3, Z3; \
	VPANDD     q3f0000<>(SB), Z1, Z4; \
	VPSRLD     $10, Z4, Z4; \
	VPTERNLOGD $0xFE, Z3, Z4, Z2; \
	VPANDD     q3f000000<>(SB), Z1, Z3; \
	VPSRLD     $24, Z3, Z3; \
	VPORD      Z3, Z2, Z2

// QUADCP256 is QUADCP512 for 8 dwords in Y1 (result in Y2; uses Y3, Y4).
#define QUADCP256 \
	VPAND      q7<>(SB), Y1, Y2; \
	VPSLLD     $18, Y2, Y2; \
	VPAND      q3f00<>(SB), Y1, Y3; \
	VPSLLD     $4, Y3, Y3; \
	VPOR       Y3, Y2, Y2; \
	VPAND      q3f0000<>(SB), Y1, Y4; \
	VPSRLD     $10, Y4, Y4; \
	VPOR       Y4, Y2, Y2; \
	VPAND      q3f000000<>(SB), Y1, Y3; \
	VPSRLD     $24, Y3, Y3; \
	VPOR       Y3, Y2, Y2

#define U8TO32HALF(p0, p1, p2) \
	VPMOVZXBW  p0, Z2; \
	VPMOVZXBW  p1, Z3; \
	VPMOVZXBW  p2, Z4; \
	VPANDD     Z27, Z3, Z3; \
	VPANDD     Z27, Z4, Z4; \
	VPSLLW     $12, Z2, Z5; \
	VPSLLW     $6, Z3, Z7; \
	VPTERNLOGD $0xFE, Z4, Z7, Z5; \
	VPSLLW     $6, Z2, Z8; \
	VPTERNLOGD $0xF8, Z28, Z8, Z3; \
	VMOVDQU16  Z3, K2, Z5; \
	VMOVDQU16  Z2, K1, Z5; \
	VPCOMPRESSW.Z Z5, K3, Z6; \
	VPMOVZXWD  Y6, Z7; \
	VEXTRACTI64X4 $1, Z6, Y8; \
	VPMOVZXWD  Y8, Z9; \
	VMOVDQU64  Z7, (DI)(BX*1); \
	VMOVDQU64  Z9, 64(DI)(BX*1); \
	KMOVD      K3, DX; \
	POPCNTL    DX, DX; \
	LEAQ       (BX)(DX*4), BX

DATA cBF32<>+0(SB)/8, $0xBFBFBFBFBFBFBFBF
DATA cBF32<>+8(SB)/8, $0xBFBFBFBFBFBFBFBF
DATA cBF32<>+16(SB)/8, $0xBFBFBFBFBFBFBFBF
DATA cBF32<>+24(SB)/8, $0xBFBFBFBFBFBFBFBF
GLOBL cBF32<>(SB), RODATA|NOPTR, $32

DATA cDF32<>+0(SB)/8, $0xDFDFDFDFDFDFDFDF
DATA cDF32<>+8(SB)/8, $0xDFDFDFDFDFDFDFDF
DATA cDF32<>+16(SB)/8, $0xDFDFDFDFDFDFDFDF
DATA cDF32<>+24(SB)/8, $0xDFDFDFDFDFDFDFDF
GLOBL cDF32<>(SB), RODATA|NOPTR, $32

DATA cEF32<>+0(SB)/8, $0xEFEFEFEFEFEFEFEF
DATA cEF32<>+8(SB)/8, $0xEFEFEFEFEFEFEFEF
DATA cEF32<>+16(SB)/8, $0xEFEFEFEFEFEFEFEF
DATA cEF32<>+24(SB)/8, $0xEFEFEFEFEFEFEFEF
GLOBL cEF32<>(SB), RODATA|NOPTR, $32

// THREE30 converts the 30 bytes at p0, ten three-byte characters (the
// caller has seen their leads at 0, 3, ... 27), to ten units in Y5:
// lane 0 gets bytes 0–15 (p0) and lane 1 bytes 15–30 (p15), whose first
// five characters VPSHUFB spreads to words b0<<8|b1 (Y3) and b2 (Y4);
// the unit is (b0&F)<<12 | (b1&3F)<<6 | b2&3F. Each lane's five units
// are in its bytes 0–9. Constant: Y9 003F (words). Uses Y2–Y4.
#define THREE30(p0, p15) \
	VMOVDQU     p0, X2; \
	VINSERTI128 $1, p15, Y2, Y2; \
	VPSHUFB     three01<>(SB), Y2, Y3; \
	VPSHUFB     three2<>(SB), Y2, Y4; \
	VPSLLW      $4, Y3, Y5; \
	VPAND       wF000<>(SB), Y5, Y5; \
	VPAND       Y9, Y3, Y3; \
	VPSLLW      $6, Y3, Y3; \
	VPOR        Y3, Y5, Y5; \
	VPAND       Y9, Y4, Y4; \
	VPOR        Y4, Y5, Y5

// IFTHREE30 jumps to l when the first 30 bytes of the window are ten
// three-byte characters: leads of three or four bytes (R12) at 0, 3, ...
// 27 only, and none of four bytes (R13) among them. In well-formed
// UTF-8 the bytes between are then continuation bytes (a lead there would
// cut the character before it short). Uses DX.
#define IFTHREE30(l) \
	MOVL  R12, DX; \
	XORL  $0x09249249, DX; \
	ORL   R13, DX; \
	TESTL $0x3FFFFFFF, DX; \
	JZ    l

DATA three01<>+0(SB)/8, $0x090A060703040001
DATA three01<>+8(SB)/8, $0x8080808080800C0D
DATA three01<>+16(SB)/8, $0x090A060703040001
DATA three01<>+24(SB)/8, $0x8080808080800C0D
GLOBL three01<>(SB), RODATA|NOPTR, $32
DATA three2<>+0(SB)/8, $0x800B800880058002
DATA three2<>+8(SB)/8, $0x808080808080800E
DATA three2<>+16(SB)/8, $0x800B800880058002
DATA three2<>+24(SB)/8, $0x808080808080800E
GLOBL three2<>(SB), RODATA|NOPTR, $32
DATA wF000<>+0(SB)/8, $0xF000F000F000F000
DATA wF000<>+8(SB)/8, $0xF000F000F000F000
DATA wF000<>+16(SB)/8, $0xF000F000F000F000
DATA wF000<>+24(SB)/8, $0xF000F000F000F000
GLOBL wF000<>(SB), RODATA|NOPTR, $32

// U8UNITS16 computes in Y5 the units of the 16 positions at p0 (p1, p2:
// one and two bytes further). Constants: Y9 003F, Y10 07C0, Y11 00DF,
// Y12 007F (words). Uses Y2–Y8.
#define U8UNITS16(p0, p1, p2) \
	VPMOVZXBW  p0, Y2; \
	VPMOVZXBW  p1, Y3; \
	VPMOVZXBW  p2, Y4; \
	VPAND      Y9, Y3, Y3; \
	VPAND      Y9, Y4, Y4; \
	VPSLLW     $12, Y2, Y5; \
	VPSLLW     $6, Y3, Y7; \
	VPOR       Y7, Y5, Y5; \
	VPOR       Y4, Y5, Y5; \
	VPSLLW     $6, Y2, Y7; \
	VPAND      Y10, Y7, Y7; \
	VPOR       Y3, Y7, Y7; \
	VPCMPGTW   Y11, Y2, Y8; \
	VPBLENDVB  Y8, Y5, Y7, Y5; \
	VPCMPGTW   Y12, Y2, Y8; \
	VPBLENDVB  Y8, Y5, Y2, Y5

// PACK16 packs the units in Y5 of the starts in the low 16 bits of R15
// (wordShuf at CX); R11 and R12 receive the lanes' start masks.
#define PACK16 \
	MOVL       R15, R11; \
	ANDL       $0xFF, R11; \
	MOVL       R11, DX; \
	SHLL       $4, DX; \
	VMOVDQU    (CX)(DX*1), X6; \
	MOVL       R15, R12; \
	SHRL       $8, R12; \
	ANDL       $0xFF, R12; \
	MOVL       R12, DX; \
	SHLL       $4, DX; \
	VINSERTI128 $1, (CX)(DX*1), Y6, Y6; \
	VPSHUFB    Y6, Y5, Y5; \
	POPCNTL    R11, R11; \
	POPCNTL    R12, R12

#define STORE16 \
	VMOVDQU    X5, (DI)(BX*1); \
	LEAQ       (BX)(R11*2), BX; \
	VEXTRACTI128 $1, Y5, X7; \
	VMOVDQU    X7, (DI)(BX*1); \
	LEAQ       (BX)(R12*2), BX

#define STORE32 \
	VPMOVZXWD  X5, Y7; \
	VMOVDQU    Y7, (DI)(BX*1); \
	LEAQ       (BX)(R11*4), BX; \
	VEXTRACTI128 $1, Y5, X5; \
	VPMOVZXWD  X5, Y7; \
	VMOVDQU    Y7, (DI)(BX*1); \
	LEAQ       (BX)(R12*4), BX

DATA w0007<>+0(SB)/8, $0x0007000700070007
DATA w0007<>+8(SB)/8, $0x0007000700070007
DATA w0007<>+16(SB)/8, $0x0007000700070007
DATA w0007<>+24(SB)/8, $0x0007000700070007
GLOBL w0007<>(SB), RODATA|NOPTR, $32

DATA wD7C0<>+0(SB)/8, $0xD7C0D7C0D7C0D7C0
DATA wD7C0<>+8(SB)/8, $0xD7C0D7C0D7C0D7C0
DATA wD7C0<>+16(SB)/8, $0xD7C0D7C0D7C0D7C0
DATA wD7C0<>+24(SB)/8, $0xD7C0D7C0D7C0D7C0
GLOBL wD7C0<>(SB), RODATA|NOPTR, $32

DATA w000F<>+0(SB)/8, $0x000F000F000F000F
DATA w000F<>+8(SB)/8, $0x000F000F000F000F
DATA w000F<>+16(SB)/8, $0x000F000F000F000F
DATA w000F<>+24(SB)/8, $0x000F000F000F000F
GLOBL w000F<>(SB), RODATA|NOPTR, $32

DATA wDC00<>+0(SB)/8, $0xDC00DC00DC00DC00
DATA wDC00<>+8(SB)/8, $0xDC00DC00DC00DC00
DATA wDC00<>+16(SB)/8, $0xDC00DC00DC00DC00
DATA wDC00<>+24(SB)/8, $0xDC00DC00DC00DC00
GLOBL wDC00<>(SB), RODATA|NOPTR, $32

DATA w00EF<>+0(SB)/8, $0x00EF00EF00EF00EF
DATA w00EF<>+8(SB)/8, $0x00EF00EF00EF00EF
DATA w00EF<>+16(SB)/8, $0x00EF00EF00EF00EF
DATA w00EF<>+24(SB)/8, $0x00EF00EF00EF00EF
GLOBL w00EF<>(SB), RODATA|NOPTR, $32

DATA wBits<>+0(SB)/8, $0x0008000400020001
DATA wBits<>+8(SB)/8, $0x0080004000200010
DATA wBits<>+16(SB)/8, $0x0800040002000100
DATA wBits<>+24(SB)/8, $0x8000400020001000
GLOBL wBits<>(SB), RODATA|NOPTR, $32

// PAIRS16 puts the surrogate pairs of four-byte characters into the units
// U8UNITS16 left in Y5 (b0 in Y2, x1 in Y3, x2 in Y4); R13's low 16 bits
// mark the lanes of first continuation bytes. Uses Y6–Y8, DX.
#define PAIRS16 \
	VPCMPGTW   w00EF<>(SB), Y2, Y8; \
	VPAND      w0007<>(SB), Y2, Y6; \
	VPSLLW     $8, Y6, Y6; \
	VPSLLW     $2, Y3, Y7; \
	VPOR       Y7, Y6, Y6; \
	VPSRLW     $4, Y4, Y7; \
	VPOR       Y7, Y6, Y6; \
	VPADDW     wD7C0<>(SB), Y6, Y6; \
	VPBLENDVB  Y8, Y6, Y5, Y5; \
	VPAND      w000F<>(SB), Y3, Y6; \
	VPSLLW     $6, Y6, Y6; \
	VPOR       Y4, Y6, Y6; \
	VPOR       wDC00<>(SB), Y6, Y6; \
	MOVL       R13, DX; \
	VMOVD      DX, X7; \
	VPBROADCASTW X7, Y7; \
	VPAND      wBits<>(SB), Y7, Y7; \
	VPCMPEQW   wBits<>(SB), Y7, Y7; \
	VPBLENDVB  Y7, Y6, Y5, Y5
