//go:build amd64 && gc && !purego

#include "textflag.h"

// The kernel of iso2022kr_amd64.go: ISO-2022-KR to EUC-KR form, 64 bytes
// at a time. The bit logic is iso2022krMasks (iso2022kr.go), line for
// line; the shifts are dropped with VPCOMPRESSB into a register and the
// whole register is stored (the compress to memory is slow on some CPUs),
// which is why dst needs 64 bytes of room.

// func iso2022krToEUCAVX512(dst, src []byte, so uint64) (nDst, nSrc int, soOut, parity uint64)
TEXT ·iso2022krToEUCAVX512(SB), NOSPLIT, $0-88
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), DX
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ so+48(FP), BX               // BX: state (0 or 1)
	XORQ R15, R15                    // R15: parity (0 or 1)
	MOVQ DI, R13                     // R13: dst start
	MOVQ SI, R14                     // R14: src start
	ADDQ DI, DX                      // DX: dst end
	ADDQ SI, CX                      // CX: src end

	MOVL $0x1B1B1B1B, AX
	VPBROADCASTD AX, Z20             // ESC
	MOVL $0x0E0E0E0E, AX
	VPBROADCASTD AX, Z21             // SO
	MOVL $0x0F0F0F0F, AX
	VPBROADCASTD AX, Z22             // SI
	MOVL $0x21212121, AX
	VPBROADCASTD AX, Z23             // 21
	MOVL $0x5E5E5E5E, AX
	VPBROADCASTD AX, Z24             // 5E: 7E-21+1
	MOVL $0x80808080, AX
	VPBROADCASTD AX, Z25             // 80

loop:
	LEAQ 64(SI), AX
	CMPQ AX, CX
	JHI  done
	LEAQ 64(DI), AX
	CMPQ AX, DX
	JHI  done

	VMOVDQU64 (SI), Z0
	VPMOVB2M  Z0, K1
	KMOVQ     K1, R8                 // R8: bytes 80–FF
	VPCMPEQB  Z20, Z0, K2
	KMOVQ     K2, AX
	ORQ       AX, R8                 // R8: stop
	VPCMPEQB  Z21, Z0, K3
	KMOVQ     K3, R9                 // R9: s
	VPCMPEQB  Z22, Z0, K4
	KMOVQ     K4, R10                // R10: i
	VPSUBB    Z23, Z0, Z1
	VPCMPUB   $5, Z24, Z1, K5        // c-21 >= 5E: outside 21–7E
	KMOVQ     K5, R11                // R11: out

	MOVQ R9, R12
	ORQ  R10, R12
	NOTQ R12                         // R12: keep
	MOVQ R9, AX
	ORQ  R12, AX                     // AX: s | keep
	BTQ  $0, BX                      // CF: state
	ADCQ R9, AX                      // AX: sum, CF: state after
	SETCS R9B                        // R9 (low byte): state after (s is no longer needed)
	ANDNQ R12, AX, AX                // AX: st = ^sum & keep

	ANDQ AX, R11
	ORQ  R11, R8                     // stop |= st & out

	MOVQ AX, R11                     // R11: px, the prefix xor of st
	MOVQ R11, R10
	SHLQ $1, R10
	XORQ R10, R11
	MOVQ R11, R10
	SHLQ $2, R10
	XORQ R10, R11
	MOVQ R11, R10
	SHLQ $4, R10
	XORQ R10, R11
	MOVQ R11, R10
	SHLQ $8, R10
	XORQ R10, R11
	MOVQ R11, R10
	SHLQ $16, R10
	XORQ R10, R11
	MOVQ R11, R10
	SHLQ $32, R10
	XORQ R10, R11
	MOVQ R15, R10
	NEGQ R10
	XORQ R10, R11                    // px ^= -parity

	MOVQ AX, R10
	SHRQ $1, R10
	ANDNQ AX, R10, R10               // ends = st &^ (st>>1)
	BTRQ $63, R10
	ANDQ R11, R10
	ORQ  R10, R8                     // stop |= px & ends

	MOVQ AX, R10
	NOTQ R10
	ANDQ R15, R10                    // parity &^ st & 1
	ORQ  R10, R8
	TESTQ R8, R8
	JNZ  done

	KMOVQ       AX, K6
	VPORQ       Z25, Z0, Z2
	VMOVDQU8    Z2, K6, Z0           // 80 added to the shifted-out bytes
	KMOVQ       R12, K7
	VPCOMPRESSB Z0, K7, Z3
	VMOVDQU64   Z3, (DI)
	POPCNTQ     R12, R12
	ADDQ        R12, DI
	ADDQ        $64, SI
	MOVBQZX     R9B, BX
	SHRQ        $63, R11
	MOVQ        R11, R15
	JMP         loop

done:
	SUBQ R13, DI
	SUBQ R14, SI
	MOVQ DI, nDst+56(FP)
	MOVQ SI, nSrc+64(FP)
	MOVQ BX, soOut+72(FP)
	MOVQ R15, parity+80(FP)
	VZEROUPPER
	RET

// The reverse, 32 bytes of EUC-KR form at a time: with h the bytes 80–FF
// and T = h ^ (h<<1 | state) the bytes a shift goes before, each byte
// takes one place of the output and each byte of T one more, before it.
// In 64 places, two per byte (the shift's, the byte's), the places taken
// are sel = pdep(T, 5555…) | AAAA…, and the bytes' places among them are
// data = pext(AAAA…, sel); VPEXPANDB puts the bytes there and the other
// places of the output get SO before a byte 80–FF (pdep(h, data) >> 1)
// and SI before ASCII.

// func iso2022krFromEUCAVX512(dst, src []byte, shifted uint64) (nDst, nSrc int, shiftedOut uint64)
TEXT ·iso2022krFromEUCAVX512(SB), NOSPLIT, $0-80
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), DX
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ shifted+48(FP), BX          // BX: state (0 or 1)
	MOVQ DI, R13                     // R13: dst start
	MOVQ SI, R12                     // R12: src start
	ADDQ DI, DX
	ADDQ SI, CX

	MOVL $0x1B1B1B1B, AX
	VPBROADCASTD AX, Y20             // ESC
	MOVL $0x0E0E0E0E, AX
	VPBROADCASTD AX, Z21             // SO
	MOVL $0x0F0F0F0F, AX
	VPBROADCASTD AX, Z22             // SI
	MOVL $0x7F7F7F7F, AX
	VPBROADCASTD AX, Y23             // 7F
	MOVQ $0x5555555555555555, R14
	MOVQ $0xAAAAAAAAAAAAAAAA, R15

eloop:
	LEAQ 32(SI), AX
	CMPQ AX, CX
	JHI  edone
	LEAQ 64(DI), AX
	CMPQ AX, DX
	JHI  edone

	VMOVDQU   (SI), Y0
	VPCMPEQB  Y20, Y0, K1
	VPCMPEQB  Y21, Y0, K2
	VPCMPEQB  Y22, Y0, K3
	KORD      K1, K2, K1
	KORD      K1, K3, K1
	KORTESTD  K1, K1
	JNZ       edone

	VPMOVB2M  Y0, K4
	KMOVD     K4, R8                 // R8: h
	MOVQ      R8, R9
	SHLQ      $1, R9
	ORQ       BX, R9
	XORQ      R8, R9
	ANDL      $0xFFFFFFFF, R9        // R9: T
	PDEPQ     R14, R9, R10
	ORQ       R15, R10               // R10: sel
	PEXTQ     R10, R15, R11          // R11: data
	POPCNTQ   R9, AX
	ADDQ      $32, AX                // AX: bytes out
	MOVQ      $-1, R10
	BZHIQ     AX, R10, R10           // R10: the places of the output
	ANDNQ     R10, R11, R10          // R10: the shifts' places
	PDEPQ     R11, R8, R9            // R9: the places of bytes 80–FF
	SHRQ      $1, R9
	ANDQ      R10, R9                // R9: SO places
	ANDNQ     R10, R9, R10           // R10: SI places

	VPANDD      Y23, Y0, Y1
	KMOVQ       R11, K5
	VPEXPANDB.Z Z1, K5, Z2
	KMOVQ       R9, K6
	VMOVDQU8    Z21, K6, Z2
	KMOVQ       R10, K7
	VMOVDQU8    Z22, K7, Z2
	VMOVDQU64   Z2, (DI)

	ADDQ AX, DI
	ADDQ $32, SI
	SHRQ $31, R8
	MOVQ R8, BX
	JMP  eloop

edone:
	SUBQ R13, DI
	SUBQ R12, SI
	MOVQ DI, nDst+56(FP)
	MOVQ SI, nSrc+64(FP)
	MOVQ BX, shiftedOut+72(FP)
	VZEROUPPER
	RET
