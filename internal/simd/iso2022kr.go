package simd

// ISO2022KRMinSrc and ISO2022KRMinDst are the sizes of src and dst below
// which ISO2022KRToEUC converts nothing: a vector block reads 64 bytes of
// src and writes 64 bytes of dst.
const (
	ISO2022KRMinSrc = 64
	ISO2022KRMinDst = 64
)

// HasISO2022KR reports whether the kernel in use has a vector step for
// ISO2022KRToEUC; without one it converts nothing.
func HasISO2022KR() bool { return hasISO2022KR(cur()) }

// ISO2022KRToEUC rewrites ISO-2022-KR text into EUC-KR form: the shifts
// SO (0E) and SI (0F) are dropped and the bytes between an SO and the next
// SI get their high bit set, so that a KS X 1001 pair 21–7E 21–7E becomes
// its EUC-KR code A1–FE A1–FE. so is the shift state before src (true:
// shifted out) and soOut the state after nSrc bytes.
//
// It converts whole 64-byte blocks while len(src)-nSrc >= ISO2022KRMinSrc
// and len(dst)-nDst >= ISO2022KRMinDst, and stops before the first block
// that holds anything else: ESC, a byte 80–FF, a byte outside 21–7E while
// shifted out, or a run of such bytes between shifts of odd length. It
// stops at a character boundary: after a whole pair, never within one.
// What it wrote decodes as EUC-KR to the same text as src[:nSrc] does as
// ISO-2022-KR. It does not allocate.
func ISO2022KRToEUC(dst, src []byte, so bool) (nDst, nSrc int, soOut bool) {
	if len(src) < ISO2022KRMinSrc || len(dst) < ISO2022KRMinDst {
		return 0, 0, so
	}
	return iso2022krToEUC(cur(), dst, src, so)
}

// iso2022krBlocks is the reference twin of the vector step, in Go, block
// for block the same: the tests hold the kernels to it.
func iso2022krBlocks(dst, src []byte, so bool) (nDst, nSrc int, soOut bool) {
	state := uint64(0)
	if so {
		state = 1
	}
	parity := uint64(0)
	for len(src)-nSrc >= 64 && len(dst)-nDst >= 64 {
		var hi, esc, s, i, out uint64
		for k, c := range src[nSrc : nSrc+64] {
			b := uint64(1) << k
			switch {
			case c >= 0x80:
				hi |= b
			case c == 0x1B:
				esc |= b
			case c == 0x0E:
				s |= b
			case c == 0x0F:
				i |= b
			}
			if c < 0x21 || c > 0x7E {
				out |= b
			}
		}
		st, so2, par2, bad := iso2022krMasks(hi|esc, s, i, out, state, parity)
		if bad {
			break
		}
		keep := ^(s | i)
		for k, c := range src[nSrc : nSrc+64] {
			if keep>>k&1 != 0 {
				dst[nDst] = c | byte(st>>k&1)<<7
				nDst++
			}
		}
		nSrc += 64
		state, parity = so2, par2
	}
	if parity != 0 { // a lead ends the last block: leave it for later
		nSrc--
		nDst--
	}
	return nDst, nSrc, state != 0
}

// iso2022krMasks is the bit logic of one block of 64 bytes, bit k for
// byte k: stop are the bytes that stop the conversion in any state, s and
// i the shifts, out the bytes outside 21–7E; state and parity are the
// shift state before the block and whether an odd number of shifted-out
// bytes ends the block before it. It returns the bytes to which 80 is
// added (the shifted-out bytes other than shifts) and the state and
// parity after the block, or bad.
//
// The shift state of a byte is a carry: an addition of a = s | keep and
// b = s generates a carry at each SO, propagates it through the other
// bytes and stops it at each SI, so the carry into byte k is set when the
// last shift before k is SO. The runs of shifted-out bytes must be of
// even length: at the last byte of each run, the running parity of all
// shifted-out bytes (a prefix xor) must be even.
func iso2022krMasks(stop, s, i, out, state, parity uint64) (st, stateOut, parityOut uint64, bad bool) {
	keep := ^(s | i)
	sum, carry := add64(s|keep, s, state)
	st = ^sum & keep
	px := st
	px ^= px << 1
	px ^= px << 2
	px ^= px << 4
	px ^= px << 8
	px ^= px << 16
	px ^= px << 32
	px ^= -parity
	ends := st &^ (st >> 1) &^ (1 << 63)
	b := stop | st&out | px&ends | parity&^st&1
	return st, carry, px >> 63, b != 0
}

func add64(x, y, carry uint64) (sum, carryOut uint64) {
	sum = x + y + carry
	carryOut = ((x & y) | ((x | y) &^ sum)) >> 63
	return
}

// ISO2022KRFromEUC is ISO2022KRToEUC in reverse: it writes text in EUC-KR
// form that holds ASCII and two-byte codes A1–FE A1–FE alone as
// ISO-2022-KR, an SO (0E) before each run of codes and an SI (0F) before
// each run of ASCII after one, the codes less 8080. shifted is the shift
// state before src, shiftedOut the state after nSrc bytes.
//
// It converts whole 32-byte blocks while len(src)-nSrc >= 32 and
// len(dst)-nDst >= 64, and stops before the first block that holds SO, SI
// or ESC (which the caller reports). It does not allocate.
func ISO2022KRFromEUC(dst, src []byte, shifted bool) (nDst, nSrc int, shiftedOut bool) {
	if len(src) < 32 || len(dst) < 64 {
		return 0, 0, shifted
	}
	return iso2022krFromEUC(cur(), dst, src, shifted)
}

// iso2022krFromEUCBlocks is the reference twin of the vector step.
func iso2022krFromEUCBlocks(dst, src []byte, shifted bool) (nDst, nSrc int, shiftedOut bool) {
	var prev byte
	if shifted {
		prev = 1
	}
	for len(src)-nSrc >= 32 && len(dst)-nDst >= 64 {
		blk := src[nSrc : nSrc+32]
		for _, c := range blk {
			if c == 0x0E || c == 0x0F || c == 0x1B {
				return nDst, nSrc, prev != 0
			}
		}
		for _, c := range blk {
			if h := c >> 7; h != prev {
				dst[nDst] = 0x0F - h
				nDst++
				prev = h
			}
			dst[nDst] = c & 0x7F
			nDst++
		}
		nSrc += 32
	}
	return nDst, nSrc, prev != 0
}
