package simd

import (
	"bytes"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// pairsCode is a double-byte code shaped like one of the codes whose
// decoders call DecodePairs: leads and trails in the same ranges, with
// some codes without a character and some beyond the BMP (entries 0).
type pairsCode struct {
	name         string
	leads        [][2]byte // ranges of lead bytes
	trails       [][2]byte // ranges of trail bytes
	t            *[65536]uint32
	nLead, nPair int
}

// newPairsCode builds the table of a code whose pointer p (lead number *
// trail count + trail number) is the character base+p, except every
// hole-th pointer, which has none, and every far-th, beyond the BMP.
func newPairsCode(name string, leads, trails [][2]byte, base rune, hole, far int) *pairsCode {
	c := &pairsCode{name: name, leads: leads, trails: trails, t: new([65536]uint32)}
	for b := 0; b < 0x80; b++ {
		for x := 0; x < 0x100; x++ {
			c.t[b<<8|x] = uint32(b) | 1<<24
		}
	}
	var trailNum [256]int
	nt := 0
	for x := 0; x < 0x100; x++ {
		trailNum[x] = -1
		if inRanges(byte(x), trails) {
			trailNum[x] = nt
			nt++
		}
	}
	nl := 0
	for b := 0x80; b < 0x100; b++ {
		if !inRanges(byte(b), leads) {
			continue
		}
		for x := 0; x < 0x100; x++ {
			if trailNum[x] < 0 {
				continue
			}
			p := nl*nt + trailNum[x]
			r := base + rune(p)
			if p%hole == 0 || p%far == 0 || r > 0xFFFF || (r >= 0xD800 && r < 0xE000) {
				continue
			}
			var u [4]byte
			n := utf8.EncodeRune(u[:], r)
			c.t[b<<8|x] = uint32(u[0]) | uint32(u[1])<<8 | uint32(u[2])<<16 | uint32(n)<<24
		}
		nl++
	}
	c.nLead, c.nPair = nl, nt
	return c
}

func inRanges(b byte, rs [][2]byte) bool {
	for _, r := range rs {
		if b >= r[0] && b <= r[1] {
			return true
		}
	}
	return false
}

// pairsCodes: GBK (ASCII trails 40–7E), Big5 (ASCII trails 40–7E, leads
// 81–FE), EUC-KR (trails A1–FE), Shift_JIS (ASCII trails, single-byte
// katakana A1–DF, which are not leads: entries 0), EUC-JP (trails A1–FE,
// 8E and 8F not leads), and a code with two-byte characters (U+0080 on).
var pairsCodes = []*pairsCode{
	newPairsCode("GBK", [][2]byte{{0x81, 0xFE}}, [][2]byte{{0x40, 0x7E}, {0x80, 0xFE}}, 0x4E00, 97, 1009),
	newPairsCode("Big5", [][2]byte{{0x81, 0xFE}}, [][2]byte{{0x40, 0x7E}, {0xA1, 0xFE}}, 0x3000, 53, 2003),
	newPairsCode("EUC-KR", [][2]byte{{0x81, 0xFE}}, [][2]byte{{0x41, 0x5A}, {0x61, 0x7A}, {0x81, 0xFE}}, 0xAC00, 89, 1013),
	newPairsCode("Shift_JIS", [][2]byte{{0x81, 0x9F}, {0xE0, 0xFC}}, [][2]byte{{0x40, 0x7E}, {0x80, 0xFC}}, 0x4E00, 71, 997),
	newPairsCode("EUC-JP", [][2]byte{{0xA1, 0xFE}}, [][2]byte{{0xA1, 0xFE}}, 0x4E00, 61, 3001),
	newPairsCode("two-byte", [][2]byte{{0x81, 0xFE}}, [][2]byte{{0x40, 0x7E}, {0x80, 0xFE}}, 0x80, 1000003, 1000003),
}

// refDecodePairs is DecodePairs in plain Go, one character at a time, in
// the kernel's 64-byte blocks (a lead in a block's last byte goes with
// its block): it must give the kernel's results exactly.
func refDecodePairs(dst, src []byte, t *[65536]uint32) (nDst, nSrc int, bad bool) {
	block := 0 // the start of the block; nSrc is block or block+1
	for len(src)-block >= PairsMinSrc && len(dst)-nDst >= PairsMinDst {
		for end := block + 64; nSrc < end; {
			c := src[nSrc]
			if c < 0x80 {
				dst[nDst] = c
				nDst++
				nSrc++
				continue
			}
			v := t[int(c)<<8|int(src[nSrc+1])]
			if v == 0 {
				return nDst, nSrc, true
			}
			for k := 0; k < int(v>>24); k++ {
				dst[nDst+k] = byte(v >> (8 * k))
			}
			nDst += int(v >> 24)
			nSrc += 2
		}
		block += 64
	}
	return nDst, nSrc, false
}

// randPairs appends n bytes of text in code c to b: pairs (some without a
// character), ASCII (runs and single bytes), and bytes of any value, in
// shares chosen by mix.
func (c *pairsCode) randPairs(r *rand.Rand, b []byte, n int, mix int) []byte {
	pick := func(rs [][2]byte) byte {
		x := rs[r.IntN(len(rs))]
		return x[0] + byte(r.IntN(int(x[1]-x[0])+1))
	}
	for end := len(b) + n; len(b) < end; {
		k := r.IntN(100)
		switch {
		case k < mix:
			b = append(b, byte(' '+r.IntN(0x5F)))
		case k < 97:
			b = append(b, pick(c.leads), pick(c.trails))
		case k < 98:
			b = append(b, byte(r.IntN(0x80)), pick(c.trails))
		default:
			b = append(b, byte(r.IntN(256)))
		}
	}
	return b
}

// checkPairs runs DecodePairs on src with a dst of the given size (with a
// canary beyond its end) and compares it with refDecodePairs.
func checkPairs(t *testing.T, c *pairsCode, src []byte, size int) {
	t.Helper()
	checkPairsKernel(t, "DecodePairs", pairsStep, c.name, src, size,
		func(dst []byte) (int, int, bool) { return DecodePairs(dst, src, c.t) },
		func(dst []byte) (int, int, bool) { return refDecodePairs(dst, src, c.t) })
}

// checkPairsKernel runs a pairs kernel (run) on a dst of the given size,
// with a canary beyond its end, and compares its result and output with
// its reference (ref) on the kernels with a vector step (step), and with
// nothing done on the others.
func checkPairsKernel(t *testing.T, op string, step func(kernel string) bool, name string, src []byte, size int, run, ref func(dst []byte) (int, int, bool)) {
	t.Helper()
	buf := make([]byte, size+64)
	for i := range buf {
		buf[i] = 0xA5
	}
	dst := buf[:size:size]
	nDst, nSrc, bad := run(dst)
	if !bytes.Equal(buf[size:], bytes.Repeat([]byte{0xA5}, 64)) {
		t.Fatalf("%s: %+q: %s wrote beyond dst", name, src, op)
	}
	want := make([]byte, size)
	wDst, wSrc, wBad := ref(want)
	if !step(Kernel()) {
		wDst, wSrc, wBad = 0, 0, false
	}
	if nDst != wDst || nSrc != wSrc || bad != wBad || !bytes.Equal(dst[:nDst], want[:wDst]) {
		t.Fatalf("%s: %+q (%d bytes), dst %d bytes: %s = %d, %d, %v, % x; want %d, %d, %v, % x",
			name, src, len(src), size, op, nDst, nSrc, bad, dst[:nDst], wDst, wSrc, wBad, want[:wDst])
	}
}

func TestDecodePairsRandom(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		if !pairsStep(kernel) {
			t.Skip("no vector step (see TestDecodePairsKernels)")
		}
		r := rand.New(rand.NewPCG(1, 2))
		for _, c := range pairsCodes {
			for n := 0; n <= 600; n++ {
				for _, mix := range []int{0, 5, 30, 90} {
					src := c.randPairs(r, nil, n, mix)
					for _, size := range []int{n / 2, PairsMinDst, n + 100, 2*n + 200} {
						checkPairs(t, c, src, size)
					}
				}
			}
		}
	})
}

// TestDecodePairsPlaces puts a lead at every place of a block, after ASCII
// runs of every length, and runs of leads of every length, with good and
// bad pairs, 80 and FF, ASCII trails and a lead cut by the end.
func TestDecodePairsPlaces(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		if !pairsStep(kernel) {
			t.Skip("no vector step (see TestDecodePairsKernels)")
		}
		for _, c := range pairsCodes {
			good := []byte{c.leads[0][0], c.trails[len(c.trails)-1][0] + 1}
			if c.t[int(good[0])<<8|int(good[1])] == 0 {
				good[1]++
			}
			asciiTrail := []byte{c.leads[0][0] + 1, c.trails[0][0] + 1}
			tails := [][]byte{
				good, asciiTrail, {0x80, 0x41}, {0xFF, 0xA1}, {good[0], 0x0A},
				{good[0]}, {0xA1}, {0xA1, 0xA1, 0xA1}, {0xFE, 0xFE},
			}
			for pre := 0; pre <= 130; pre++ {
				for run := 0; run <= 70; run += 1 + run/8 {
					for _, tail := range tails {
						src := bytes.Repeat([]byte{'a'}, pre)
						for k := 0; k < run; k++ {
							src = append(src, good...)
						}
						src = append(src, tail...)
						src = append(src, bytes.Repeat([]byte("xy"), 40)...)
						for cut := max(0, len(src)-82); cut <= len(src); cut += 27 {
							for _, size := range []int{PairsMinDst, 3 * cut} {
								checkPairs(t, c, src[:cut], size)
							}
						}
					}
				}
			}
		}
	})
}

// TestDecodePairsLengths decodes valid text of every length 0–257 whose
// characters sit at every offset, and checks that whole blocks are done.
func TestDecodePairsLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, c := range pairsCodes {
			for n := 0; n <= 257; n++ {
				for off := 0; off < 2; off++ {
					var src []byte
					for len(src) < n {
						if r.IntN(4) == 0 {
							src = append(src, 'k')
							continue
						}
						src = c.validPair(r, src)
					}
					src = src[:n]
					checkPairs(t, c, src, 2*n+PairsMinDst)
					dst := make([]byte, 2*n+PairsMinDst)
					_, nSrc, bad := DecodePairs(dst, src, c.t)
					if pairsStep(kernel) && (bad || len(src)-nSrc >= PairsMinSrc) {
						t.Fatalf("%s: % x: DecodePairs stopped at %d (bad %v)", c.name, src, nSrc, bad)
					}
				}
			}
		}
	})
}

// hole returns the first pair (lead 80–FF) whose entry is 0, or nil.
func (c *pairsCode) hole() []byte {
	for l := 0x80; l < 0x100; l++ {
		for x := 0; x < 0x100; x++ {
			if c.t[l<<8|x] == 0 {
				return []byte{byte(l), byte(x)}
			}
		}
	}
	return nil
}

// validPair appends a pair that has a character.
func (c *pairsCode) validPair(r *rand.Rand, b []byte) []byte {
	for {
		l, x := byte(0x80+r.IntN(0x80)), byte(r.IntN(0x100))
		if l >= 0x80 && c.t[int(l)<<8|int(x)] != 0 {
			return append(b, l, x)
		}
	}
}

// pairsStep says whether kernel has a vector step for DecodePairs.
func pairsStep(kernel string) bool { return kernel == "avx512" || kernel == "avx2" }

// TestDecodePairsKernels: the avx512 and avx2 kernels have a step, the
// scalar kernel none.
func TestDecodePairsKernels(t *testing.T) {
	c := pairsCodes[0]
	src := bytes.Repeat([]byte("\xB0\xA1 abc"), 100)
	eachKernel(t, func(t *testing.T, kernel string) {
		dst := make([]byte, 3*len(src))
		nDst, nSrc, bad := DecodePairs(dst, src, c.t)
		if !pairsStep(kernel) {
			if nDst != 0 || nSrc != 0 || bad {
				t.Fatalf("DecodePairs = %d, %d, %v; want nothing from kernel %s", nDst, nSrc, bad, kernel)
			}
			return
		}
		if nSrc < len(src)-64 {
			t.Fatalf("DecodePairs stopped at %d of %d", nSrc, len(src))
		}
		if a := testing.AllocsPerRun(10, func() { DecodePairs(dst, src, c.t) }); a != 0 {
			t.Errorf("DecodePairs allocates %v times", a)
		}
	})
}

// pairLeads is the kernel's lead finding in Go: the leads of a 64-byte
// block whose bytes 80–FF are h.
func pairLeads(h uint64) uint64 {
	const even = 0x5555555555555555
	s := h &^ (h << 1)
	x := h + s&even
	return (h&^x)&even | (h&x)&^even
}

// TestPairLeads checks the carry trick against a walk through the block,
// for every pattern of 16 bits and random 64-bit ones.
func TestPairLeads(t *testing.T) {
	walk := func(h uint64) (l uint64) {
		for i := 0; i < 64; i++ {
			if h>>i&1 != 0 {
				l |= 1 << i
				i++
			}
		}
		return l
	}
	check := func(h uint64) {
		if got, want := pairLeads(h), walk(h); got != want {
			t.Fatalf("leads of %064b = %064b, want %064b", h, got, want)
		}
	}
	for h := uint64(0); h < 1<<16; h++ {
		check(h)
		check(h << 48)
		check(h<<48 | h)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 100000; i++ {
		h := r.Uint64()
		check(h)
		check(h | r.Uint64())
		check(h & r.Uint64())
		check(^uint64(0) << (r.IntN(64)))
		check(bits.RotateLeft64(h|^uint64(0xFF), r.IntN(64)))
	}
}

func BenchmarkDecodePairs(b *testing.B) {
	for _, c := range pairsCodes[:3] {
		for _, mix := range []int{0, 20} {
			r := rand.New(rand.NewPCG(7, 8))
			var src []byte
			for len(src) < 64<<10 {
				if r.IntN(100) < mix {
					src = append(src, ' ')
				} else {
					src = c.validPair(r, src)
				}
			}
			dst := make([]byte, 2*len(src)+PairsMinDst)
			b.Run(fmt.Sprintf("%s/ascii%d", c.name, mix), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					DecodePairs(dst, src, c.t)
				}
			})
		}
	}
}

// TestDecodePairsBlockEdges puts one fault at every byte place of three
// blocks (and so at both ends of every 32-byte half, which the avx2
// kernel loads apart) in text of valid pairs: a pair without a character,
// a lead cut by an ASCII byte, a single ASCII byte (which moves the leads
// after it by one place) and a lead as the last byte; then cuts the text
// at every length around the fault and the block ends.
func TestDecodePairsBlockEdges(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		if !pairsStep(kernel) {
			t.Skip("no vector step (see TestDecodePairsKernels)")
		}
		for _, c := range pairsCodes {
			r := rand.New(rand.NewPCG(13, 14))
			hole := c.hole() // a pair whose entry is 0
			lead := c.validPair(r, nil)[0]
			faults := [][]byte{hole, {lead, 'q'}, {'q'}, {lead}}
			for p := 0; p <= 3*64+2; p++ {
				for fi, f := range faults {
					var src []byte
					if p%2 == 1 {
						src = append(src, 'a')
					}
					for len(src) < p {
						src = c.validPair(r, src)
					}
					src = append(src, f...)
					if fi == len(faults)-1 {
						// The lead last: at every length up to it.
						for cut := max(0, len(src)-70); cut <= len(src); cut++ {
							checkPairs(t, c, src[:cut], 3*cut+PairsMinDst)
						}
						continue
					}
					for len(src) < p+140 {
						src = c.validPair(r, src)
					}
					for _, cut := range []int{len(src), p + 1, p + 2, p + 65, p + 66, p + 67, 128, 129, 130, 192, 193, 194} {
						if cut > len(src) {
							continue
						}
						checkPairs(t, c, src[:cut], 3*cut+PairsMinDst)
						checkPairs(t, c, src[:cut], PairsMinDst)
					}
				}
			}
		}
	})
}

// TestDecodePairsBlockKinds runs the vector steps over every sequence of
// four blocks of four kinds: ASCII, pairs that cross into the next block
// (a lead in byte 63), pairs that end with the block, and pairs with an
// entry 0 among them. It reaches the ways from an ASCII block to a mixed
// one and back, which the AVX-512 step takes by different paths (a block
// is found out while the one before it is converted, and a run of ASCII
// blocks has a loop of its own), with dst cut at each block and between.
func TestDecodePairsBlockKinds(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		if !pairsStep(kernel) {
			t.Skip("no vector step (see TestDecodePairsKernels)")
		}
		for _, c := range pairsCodes {
			r := rand.New(rand.NewPCG(15, 16))
			hole := c.hole() // a pair whose entry is 0
			for pat := 0; pat < 4*4*4*4; pat++ {
				var src []byte
				for b, p := 1, pat; b <= 4; b, p = b+1, p/4 {
					end := 64 * b
					switch p % 4 {
					case 0: // ASCII
						for len(src) < end {
							src = append(src, byte('a'+len(src)%26))
						}
					case 1: // pairs, the last of them across the end
						if (end-len(src))%2 == 0 {
							src = append(src, '.')
						}
						for len(src) < end {
							src = c.validPair(r, src)
						}
					case 2: // pairs that end with the block
						for len(src) < end-1 {
							src = c.validPair(r, src)
						}
						if len(src) < end {
							src = append(src, '.')
						}
					case 3: // pairs with an entry 0 among them
						at := end - 64 + r.IntN(60)
						for len(src) < at {
							src = c.validPair(r, src)
						}
						src = append(src, hole...)
						for len(src) < end {
							src = c.validPair(r, src)
						}
					}
				}
				for len(src) < 4*64+PairsMinSrc {
					src = c.validPair(r, src)
				}
				for size := PairsMinDst; size < PairsMinDst+320; size += 32 {
					checkPairs(t, c, src, size)
				}
				checkPairs(t, c, src, 3*len(src)+PairsMinDst)
				for _, cut := range []int{PairsMinSrc + 63, PairsMinSrc + 64, PairsMinSrc + 128, 3*64 + PairsMinSrc - 1} {
					checkPairs(t, c, src[:cut], 3*cut+PairsMinDst)
				}
			}
		}
	})
}

// TestDecodePairsCounts gives the vector steps blocks of every number of
// characters, 32 to 64 (a block of n ASCII bytes and (64-n)/2 pairs), the
// ASCII bytes first, last or spread, with an entry 0 at each character
// of the block in turn: the vector steps convert the characters after
// the 32nd by another path than the first 32.
func TestDecodePairsCounts(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		if !pairsStep(kernel) {
			t.Skip("no vector step (see TestDecodePairsKernels)")
		}
		for _, c := range pairsCodes {
			r := rand.New(rand.NewPCG(17, 18))
			hole := c.hole() // a pair whose entry is 0
			for n := 32; n <= 64; n++ {
				nASCII := 2*n - 64
				for _, spread := range []int{0, 1, 2} {
					for bad := -1; bad < n; bad++ {
						var src []byte
						for i := 0; i < n; i++ {
							ascii := false
							switch spread {
							case 0:
								ascii = i < nASCII
							case 1:
								ascii = i >= n-nASCII
							case 2:
								ascii = nASCII > 0 && i*nASCII/n != (i+1)*nASCII/n
							}
							switch {
							case i == bad:
								src = append(src, hole...)
							case ascii:
								src = append(src, byte('a'+i%26))
							default:
								src = c.validPair(r, src)
							}
						}
						for len(src) < 64+PairsMinSrc {
							src = c.validPair(r, src)
						}
						checkPairs(t, c, src, 3*len(src)+PairsMinDst)
						checkPairs(t, c, src, PairsMinDst+96)
					}
				}
			}
		}
	})
}
