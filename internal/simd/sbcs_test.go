package simd

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// sbcsCase is a single-byte table for the tests, with the plain maps the
// oracle converts with.
type sbcsCase struct {
	name  string
	high  [128]uint16
	t     *SBCS
	dec   map[byte]rune // bytes 80–FF with a character
	enc   map[rune]byte // the lowest byte of each code point of high
	runes []rune        // the code points of high
}

func newSBCSCase(name string, high [128]uint16) *sbcsCase {
	c := &sbcsCase{name: name, high: high, dec: map[byte]rune{}, enc: map[rune]byte{}}
	c.t = NewSBCS(&c.high)
	for i, r := range high {
		if r == 0 {
			continue
		}
		c.dec[byte(0x80+i)] = rune(r)
		if _, ok := c.enc[rune(r)]; !ok {
			c.enc[rune(r)] = byte(0x80 + i)
		}
		c.runes = append(c.runes, rune(r))
	}
	return c
}

// sbcsCases are tables shaped like the real code pages (Cyrillic with
// three-byte punctuation and holes, Greek with holes, Latin across four
// leads, private-use, none) and random ones (any BMP code point,
// duplicates, code points below 80, many holes).
var sbcsCases = func() []*sbcsCase {
	var cs []*sbcsCase
	var t [128]uint16
	// Like windows-1251: punctuation at 80–BF, Cyrillic at C0–FF.
	punct := []uint16{0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021, 0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
		0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
		0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7, 0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
		0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7, 0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457}
	copy(t[:], punct)
	for i := 0; i < 64; i++ {
		t[64+i] = uint16(0x0410 + i)
	}
	cs = append(cs, newSBCSCase("cyrillic", t))
	// Like windows-1253: Greek with holes.
	t = [128]uint16{}
	for i := range t {
		t[i] = uint16(0x0370 + i)
	}
	t[0x2A], t[0x52], t[0x7F] = 0, 0, 0
	cs = append(cs, newSBCSCase("greek", t))
	// Latin-1 shifted across C2–C5 and beyond (more than four leads).
	t = [128]uint16{}
	for i := range t {
		t[i] = uint16(0x00A0 + 3*i)
	}
	cs = append(cs, newSBCSCase("latin", t))
	// x-user-defined: all three-byte.
	t = [128]uint16{}
	for i := range t {
		t[i] = uint16(0xF780 + i)
	}
	cs = append(cs, newSBCSCase("private", t))
	cs = append(cs, newSBCSCase("ascii", [128]uint16{}))
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 6; k++ {
		t = [128]uint16{}
		for i := range t {
			switch r.IntN(6) {
			case 0: // hole
			case 1:
				t[i] = uint16(r.IntN(0x80))
			case 2:
				t[i] = uint16(0x80 + r.IntN(0x780))
			case 3:
				t[i] = t[r.IntN(128)] // a duplicate, perhaps
			default:
				t[i] = uint16(0x0400 + r.IntN(0x100))
			}
			if t[i] >= 0xD800 && t[i] < 0xE000 {
				t[i] = 0
			}
		}
		cs = append(cs, newSBCSCase("random", t))
	}
	return cs
}()

// oracleDecode decodes byte by byte as ToUTF8 should.
func (c *sbcsCase) oracleDecode(dst, src []byte) (nDst, nSrc int) {
	for _, b := range src {
		r := rune(b)
		if b >= 0x80 {
			var ok bool
			if r, ok = c.dec[b]; !ok {
				break
			}
		}
		if nDst+utf8.RuneLen(r) > len(dst) {
			break
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc++
	}
	return nDst, nSrc
}

// oracleEncode encodes character by character as FromUTF8 should.
func (c *sbcsCase) oracleEncode(dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		r, n := utf8.DecodeRune(src[nSrc:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		b := byte(r)
		if r >= 0x80 {
			var ok bool
			if b, ok = c.enc[r]; !ok {
				break
			}
		}
		if nDst >= len(dst) {
			break
		}
		dst[nDst] = b
		nDst++
		nSrc += n
	}
	return nDst, nSrc
}

// genSBCS makes about n bytes of the table's encoding: runs of ASCII and
// of mapped bytes, and now and then any byte at all.
func (c *sbcsCase) genSBCS(r *rand.Rand, n int, clean bool) []byte {
	var high []byte
	for b := range c.dec {
		high = append(high, b)
	}
	out := make([]byte, 0, n)
	for len(out) < n {
		run := 1 + r.IntN(80)
		switch k := r.IntN(10); {
		case k < 4 || len(high) == 0:
			for i := 0; i < run; i++ {
				out = append(out, byte(0x20+r.IntN(0x5F)))
			}
		case k < 9:
			for i := 0; i < run; i++ {
				if r.IntN(5) == 0 {
					out = append(out, ' ')
				} else {
					out = append(out, high[r.IntN(len(high))])
				}
			}
		default:
			if !clean {
				out = append(out, byte(r.IntN(256)))
			}
		}
	}
	return out[:min(n, len(out))]
}

// genUTF8 makes about n bytes of UTF-8 text, mostly of the table's
// characters; unless clean, with other characters and ill-formed bytes
// now and then.
func (c *sbcsCase) genUTF8(r *rand.Rand, n int, clean bool) []byte {
	out := make([]byte, 0, n+4)
	for len(out) < n {
		run := 1 + r.IntN(80)
		switch k := r.IntN(12); {
		case k < 4 || len(c.runes) == 0:
			for i := 0; i < run; i++ {
				out = append(out, byte(0x20+r.IntN(0x5F)))
			}
		case k < 10:
			for i := 0; i < run; i++ {
				out = utf8.AppendRune(out, c.runes[r.IntN(len(c.runes))])
			}
		case k < 11:
			if !clean {
				out = utf8.AppendRune(out, rune(0x80+r.IntN(0x3000)))
			}
		default:
			if !clean {
				bad := [][]byte{{0x80}, {0xC0, 0x80}, {0xC3}, {0xE2, 0x82}, {0xED, 0xA0, 0x80}, {0xFF}, {0xD0, 0x41}}
				out = append(out, bad[r.IntN(len(bad))]...)
			}
		}
	}
	return out
}

func checkSBCS(t *testing.T, c *sbcsCase, kernel string, enc bool, src []byte, size int) {
	t.Helper()
	want := make([]byte, size)
	got := make([]byte, size)
	var wd, ws, gd, gs, sd, ss int
	sref := make([]byte, size)
	if enc {
		wd, ws = c.oracleEncode(want, src)
		gd, gs = c.t.FromUTF8(got, src)
		sd, ss, _ = sbcsFromUTF8Scalar(c.t, sref, src, len(src))
	} else {
		wd, ws = c.oracleDecode(want, src)
		gd, gs = c.t.ToUTF8(got, src)
		sd, ss = sbcsToUTF8Scalar(c.t, sref, src)
	}
	dir := "decode"
	if enc {
		dir = "encode"
	}
	if gd != wd || gs != ws || !bytes.Equal(got[:gd], want[:wd]) {
		t.Fatalf("%s %s %s, len %d, dst %d: got (%d, %d), want (%d, %d)\nsrc %x\ngot  %x\nwant %x",
			kernel, c.name, dir, len(src), size, gd, gs, wd, ws, src, got[:gd], want[:wd])
	}
	if sd != wd || ss != ws || !bytes.Equal(sref[:sd], want[:wd]) {
		t.Fatalf("scalar %s %s, len %d, dst %d: got (%d, %d), want (%d, %d)", c.name, dir, len(src), size, sd, ss, wd, ws)
	}
}

// TestSBCS converts random text of every length 0–300, and longer, with
// every kernel and every test table, into destinations of every kind of
// size, and compares with the oracle byte for byte.
func TestSBCS(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(3, 4))
		for _, c := range sbcsCases {
			for n := 0; n <= 300; n++ {
				for _, clean := range []bool{true, false} {
					src := c.genSBCS(r, n, clean)
					for _, size := range []int{3 * len(src), 3*len(src) + 300, len(src), r.IntN(3*len(src) + 1)} {
						checkSBCS(t, c, kernel, false, src, size)
					}
					src = c.genUTF8(r, n, clean)
					for _, size := range []int{len(src), len(src) + 100, len(src) / 2, r.IntN(len(src) + 1)} {
						checkSBCS(t, c, kernel, true, src, size)
					}
				}
			}
			for _, n := range []int{1000, 4096, 10000} {
				for _, clean := range []bool{true, false} {
					src := c.genSBCS(r, n, clean)
					checkSBCS(t, c, kernel, false, src, 3*len(src))
					src = c.genUTF8(r, n, clean)
					checkSBCS(t, c, kernel, true, src, len(src))
				}
			}
		}
	})
}

// TestSBCSPositions plants a byte without a character, and a character
// the table lacks, at every position of a few 64-byte blocks, after ASCII
// and after mapped text.
func TestSBCSPositions(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(5, 6))
		for _, c := range sbcsCases {
			base := c.genSBCS(r, 200, true)
			ubase := c.genUTF8(r, 400, true)
			for _, fill := range [][]byte{bytes.Repeat([]byte("a"), 200), base} {
				for p := 0; p < 200; p++ {
					for b := 0x80; b < 0x100; b += 0x11 {
						src := append([]byte(nil), fill...)
						src[p] = byte(b)
						checkSBCS(t, c, kernel, false, src, 3*len(src))
					}
				}
			}
			bad := [][]byte{{0x80}, {0xC1, 0xBF}, {0xD0}, {0xE2, 0x80, 0x94}, {0xC2, 0xA0}, {0xDF, 0xBF}, {0xEF, 0x9E, 0x80}}
			for _, fill := range [][]byte{bytes.Repeat([]byte("a"), 200), ubase} {
				for p := 0; p < 200; p++ {
					for _, x := range bad {
						src := append(append(append([]byte(nil), fill[:p]...), x...), fill[p:]...)
						checkSBCS(t, c, kernel, true, src, len(src))
					}
				}
			}
		}
	})
}

// TestSBCSTables checks the lookups NewSBCS builds against the oracle's
// maps, for every byte and every code point up to U+FFFF.
func TestSBCSTables(t *testing.T) {
	for _, c := range sbcsCases {
		for b := 0; b < 256; b++ {
			r, ok := c.t.DecodeByte(byte(b))
			wr, wok := c.dec[byte(b)]
			if b < 0x80 {
				wr, wok = rune(b), true
			}
			if r != wr || ok != wok {
				t.Errorf("%s: DecodeByte(%02X) = %U, %v; want %U, %v", c.name, b, r, ok, wr, wok)
			}
		}
		for r := rune(0); r <= 0x10000; r++ {
			b, ok := c.t.EncodeRune(r)
			wb, wok := c.enc[r]
			if r < 0x80 {
				wb, wok = byte(r), true
			}
			if b != wb || ok != wok {
				t.Errorf("%s: EncodeRune(%U) = %02X, %v; want %02X, %v", c.name, r, b, ok, wb, wok)
			}
		}
	}
}

// FuzzSBCS decodes and encodes the input with every kernel and one of the
// test tables, at a position of a block after ASCII or mapped text, into
// a destination of any size, and compares with the oracle.
func FuzzSBCS(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint16(100), []byte("hello, world"))
	f.Add(uint8(0), uint8(61), uint16(300), []byte("\xc0\xd0\xe0\xf0\x98\x80\xff"))
	f.Add(uint8(1), uint8(63), uint16(7), []byte("\xce\xb1\xce\xb2 \xce\x92\xe2\x80\x94\xd0"))
	f.Add(uint8(2), uint8(62), uint16(1000), []byte("caf\xc3\xa9 \xc3\x28 \xc4\x80\xc5\xbf"))
	f.Fuzz(func(t *testing.T, table, pos uint8, size uint16, data []byte) {
		c := sbcsCases[int(table)%len(sbcsCases)]
		r := rand.New(rand.NewPCG(uint64(pos), uint64(size)))
		p := int(pos) % 130
		inputs := [][]byte{data,
			append(bytes.Repeat([]byte("x"), p), data...),
			append(c.genSBCS(r, p, true), data...),
			append(c.genUTF8(r, p, true), data...)}
		for _, k := range Kernels() {
			withKernel(k, func() {
				for _, in := range inputs {
					n := int(size) % (3*len(in) + 1)
					checkSBCS(t, c, k, false, in, n)
					checkSBCS(t, c, k, true, in, n)
					checkSBCS(t, c, k, false, in, 3*len(in))
					checkSBCS(t, c, k, true, in, len(in))
				}
			})
		}
	})
}

// TestSBCSVectorReach checks that the vector steps do the bulk of the
// work on text they are made for (ASCII, and characters of the blocks of
// 64 code points the table has most of: here Cyrillic letters, Latin-1
// punctuation and General Punctuation), so that the other tests exercise
// them.
func TestSBCSVectorReach(t *testing.T) {
	c := sbcsCases[0] // cyrillic
	var runes []rune
	for _, r := range c.runes {
		if r >= 0x0400 && r < 0x0480 || r >= 0x80 && r < 0xC0 || r >= 0x2000 && r < 0x2040 {
			runes = append(runes, r)
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	var text []byte
	for len(text) < 5000 {
		if r.IntN(4) == 0 {
			text = append(text, "lorem ipsum "[:1+r.IntN(12)]...)
		}
		text = utf8.AppendRune(text, runes[r.IntN(len(runes))])
	}
	text = text[:utf8ValidLenForTest(text)]
	// The decoding text has the two-byte characters only (the avx2 step
	// leaves blocks with three-byte characters to the scalar code).
	var two []byte
	for _, r := range string(text) {
		if r < 0x800 {
			two = utf8.AppendRune(two, r)
		}
	}
	legacy := make([]byte, len(two))
	nl, _ := c.oracleEncode(legacy, two)
	legacy = legacy[:nl]
	for _, k := range Kernels() {
		kern := choose(k)
		if step := kern.sbcsToUTF8; step != nil {
			dst := make([]byte, 3*len(legacy)+256)
			if _, n := step(c.t, dst, legacy); n < len(legacy)-64 {
				t.Errorf("%s: the decoding step converted %d of %d bytes", k, n, len(legacy))
			}
		}
		if step := kern.sbcsFromUTF8; step != nil {
			// Three-byte characters only for avx512.
			for _, in := range [][]byte{two, text} {
				dst := make([]byte, len(in)+64)
				if _, n := step(c.t, dst, in); n < len(in)-64 {
					t.Errorf("%s: the encoding step converted %d of %d bytes", k, n, len(in))
				}
				if k != "avx512" {
					break
				}
			}
		}
	}
}

// TestSBCSLayout checks the offsets the assembly reads the tables at.
func TestSBCSLayout(t *testing.T) {
	var s SBCS
	for _, f := range []struct {
		name      string
		got, want uintptr
	}{
		{"vec", unsafe.Offsetof(s.vec), 0},
		{"dec", unsafe.Offsetof(s.vec.dec), 0},
		{"slot", unsafe.Offsetof(s.vec.slot), 384},
		{"rev", unsafe.Offsetof(s.vec.rev), 448},
		{"slot3", unsafe.Offsetof(s.vec.slot3), 704},
		{"lead3", unsafe.Offsetof(s.vec.lead3), 768},
		{"shuf", unsafe.Offsetof(s.vec.shuf), 800},
		{"slotShuf", unsafe.Offsetof(s.vec.slotShuf), 1312},
		{"revShuf", unsafe.Offsetof(s.vec.revShuf), 1376},
	} {
		if f.got != f.want {
			t.Errorf("%s is at offset %d, the assembly reads it at %d", f.name, f.got, f.want)
		}
	}
}

func utf8ValidLenForTest(s []byte) int {
	n := len(s)
	for n > 0 && !utf8.Valid(s[:n]) {
		n--
	}
	return n
}
