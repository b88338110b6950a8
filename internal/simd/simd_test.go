package simd

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
)

// eachKernel runs f once per kernel this CPU can run, with that kernel
// forced.
func eachKernel(t *testing.T, f func(t *testing.T, kernel string)) {
	t.Helper()
	for _, k := range Kernels() {
		t.Run(k, func(t *testing.T) {
			restore, ok := ForceKernel(k)
			if !ok {
				t.Fatalf("cannot force kernel %s", k)
			}
			defer restore()
			f(t, k)
		})
	}
}

// withKernel runs f with kernel k forced.
func withKernel(k string, f func()) {
	restore, ok := ForceKernel(k)
	if !ok {
		panic("no kernel " + k)
	}
	defer restore()
	f()
}

// convOp describes one validating converter for the table-driven tests.
type convOp struct {
	name  string
	fn    func(dst, src []byte) (int, int)
	valid func(dst, src []byte) int
	// ratio bounds the output bytes per input byte.
	ratio int
	// oracle converts the longest valid prefix of src with the standard
	// library, returning the output and the input length it used.
	oracle func(src []byte) (out []byte, nSrc int)
	// gen makes random input of about n bytes of the op's source form,
	// valid or sprinkled with errors.
	gen func(r *rand.Rand, n int) []byte
}

// stdUTF8Prefix decodes the longest well-formed prefix of s with
// unicode/utf8.
func stdUTF8Prefix(s []byte) (runes []rune, n int) {
	for n < len(s) {
		r, size := utf8.DecodeRune(s[n:])
		if r == utf8.RuneError && size <= 1 {
			return runes, n
		}
		runes = append(runes, r)
		n += size
	}
	return runes, n
}

// stdUTF8Len is the length of the longest well-formed prefix of s by
// unicode/utf8.
func stdUTF8Len(s []byte) int {
	n := 0
	for n < len(s) {
		if s[n] < utf8.RuneSelf {
			n++
			continue
		}
		r, size := utf8.DecodeRune(s[n:])
		if r == utf8.RuneError && size <= 1 {
			return n
		}
		n += size
	}
	return n
}

func utf16Bytes(units []uint16, be bool) []byte {
	out := make([]byte, 2*len(units))
	for i, u := range units {
		if be {
			binary.BigEndian.PutUint16(out[2*i:], u)
		} else {
			binary.LittleEndian.PutUint16(out[2*i:], u)
		}
	}
	return out
}

// stdUTF16Prefix decodes the longest well-formed prefix of UTF-16 s.
func stdUTF16Prefix(s []byte, be bool) (runes []rune, n int) {
	for n+2 <= len(s) {
		u := rune(get16(s[n:], be))
		if !utf16.IsSurrogate(u) {
			runes = append(runes, u)
			n += 2
			continue
		}
		if n+4 > len(s) {
			return runes, n
		}
		r := utf16.DecodeRune(u, rune(get16(s[n+2:], be)))
		if r == utf8.RuneError {
			return runes, n
		}
		runes = append(runes, r)
		n += 4
	}
	return runes, n
}

func encodeUTF8(runes []rune) []byte {
	var out []byte
	for _, r := range runes {
		out = utf8.AppendRune(out, r)
	}
	return out
}

var convOps = []convOp{
	{
		name: "utf8-to-utf16le", fn: UTF8ToUTF16LE, valid: UTF8ToUTF16LEValid, ratio: 2,
		oracle: func(s []byte) ([]byte, int) {
			r, n := stdUTF8Prefix(s)
			return utf16Bytes(utf16.Encode(r), false), n
		},
		gen: genUTF8,
	},
	{
		name: "utf8-to-utf16be", fn: UTF8ToUTF16BE, valid: UTF8ToUTF16BEValid, ratio: 2,
		oracle: func(s []byte) ([]byte, int) {
			r, n := stdUTF8Prefix(s)
			return utf16Bytes(utf16.Encode(r), true), n
		},
		gen: genUTF8,
	},
	{
		name: "utf16le-to-utf8", fn: UTF16LEToUTF8, valid: UTF16LEToUTF8Valid, ratio: 2,
		oracle: func(s []byte) ([]byte, int) {
			r, n := stdUTF16Prefix(s, false)
			return encodeUTF8(r), n
		},
		gen: func(r *rand.Rand, n int) []byte { return genUTF16(r, n, false) },
	},
	{
		name: "utf16be-to-utf8", fn: UTF16BEToUTF8, valid: UTF16BEToUTF8Valid, ratio: 2,
		oracle: func(s []byte) ([]byte, int) {
			r, n := stdUTF16Prefix(s, true)
			return encodeUTF8(r), n
		},
		gen: func(r *rand.Rand, n int) []byte { return genUTF16(r, n, true) },
	},
	{
		name: "utf8-to-utf32le", fn: UTF8ToUTF32LE, valid: UTF8ToUTF32LEValid, ratio: 4,
		oracle: func(s []byte) ([]byte, int) {
			r, n := stdUTF8Prefix(s)
			out := make([]byte, 4*len(r))
			for i, c := range r {
				binary.LittleEndian.PutUint32(out[4*i:], uint32(c))
			}
			return out, n
		},
		gen: genUTF8,
	},
	{
		name: "utf32le-to-utf8", fn: UTF32LEToUTF8, valid: UTF32LEToUTF8Valid, ratio: 1,
		oracle: func(s []byte) ([]byte, int) {
			var runes []rune
			n := 0
			for ; n+4 <= len(s); n += 4 {
				u := binary.LittleEndian.Uint32(s[n:])
				if u > utf8.MaxRune || !utf8.ValidRune(rune(u)) {
					break
				}
				runes = append(runes, rune(u))
			}
			return encodeUTF8(runes), n
		},
		gen: genUTF32,
	},
	{
		name: "latin1-to-utf8", fn: Latin1ToUTF8, valid: latin1ToUTF8All, ratio: 2,
		oracle: func(s []byte) ([]byte, int) {
			var out []byte
			for _, c := range s {
				out = utf8.AppendRune(out, rune(c))
			}
			return out, len(s)
		},
		gen: genLatin1,
	},
	{
		name: "utf8-to-latin1", fn: UTF8ToLatin1, valid: UTF8ToLatin1Valid, ratio: 1,
		oracle: func(s []byte) ([]byte, int) {
			var out []byte
			n := 0
			for n < len(s) {
				r, size := utf8.DecodeRune(s[n:])
				if (r == utf8.RuneError && size <= 1) || r > 0xFF {
					break
				}
				out = append(out, byte(r))
				n += size
			}
			return out, n
		},
		gen: genUTF8Latin1,
	},
}

// Random inputs: mostly valid text in several scripts, with some errors.

var sampleRunes = []rune{'a', 'Z', '0', ' ', '\n', 0, 0x7F, 0x80, 0xE9, 0xFF, 0x100, 0x3B1, 0x7FF,
	0x800, 0x4E2D, 0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF}

func genRunes(r *rand.Rand, n int, maxRune rune) []rune {
	var out []rune
	size := 0
	mode := r.IntN(4) // 0: ASCII heavy, 1: two-byte, 2: three-byte, 3: mixed
	for size < n {
		var c rune
		switch {
		case mode == 0 && r.IntN(8) != 0:
			c = rune(r.IntN(0x80))
		case mode == 1 && r.IntN(4) != 0:
			c = 0x80 + rune(r.IntN(0x780))
		case mode == 2 && r.IntN(4) != 0:
			c = 0x800 + rune(r.IntN(0xD000))
		case r.IntN(3) == 0:
			c = sampleRunes[r.IntN(len(sampleRunes))]
		default:
			c = rune(r.IntN(0x110000))
			if c >= 0xD800 && c < 0xE000 {
				c = 'x'
			}
		}
		if c > maxRune {
			c %= maxRune + 1
			if c >= 0xD800 && c < 0xE000 {
				c = 'y'
			}
		}
		out = append(out, c)
		size += utf8.RuneLen(c)
	}
	return out
}

// corrupt flips, inserts or cuts bytes at random in some of the inputs.
func corrupt(r *rand.Rand, b []byte, junk []byte) []byte {
	if len(b) == 0 || r.IntN(3) == 0 {
		return b
	}
	switch r.IntN(4) {
	case 0:
		b[r.IntN(len(b))] = junk[r.IntN(len(junk))]
	case 1:
		return b[:r.IntN(len(b))]
	case 2:
		i := r.IntN(len(b))
		return append(b[:i:i], append([]byte{junk[r.IntN(len(junk))]}, b[i:]...)...)
	default:
		b[r.IntN(len(b))] = byte(r.IntN(256))
	}
	return b
}

var utf8Junk = []byte{0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xF8, 0xFC, 0xFE, 0xFF, 0x41}

func genUTF8(r *rand.Rand, n int) []byte {
	return corrupt(r, encodeUTF8(genRunes(r, n, 0x10FFFF)), utf8Junk)
}

func genUTF8Latin1(r *rand.Rand, n int) []byte {
	max := rune(0xFF)
	if r.IntN(4) == 0 {
		max = 0x10FFFF
	}
	return corrupt(r, encodeUTF8(genRunes(r, n, max)), utf8Junk)
}

func genUTF16(r *rand.Rand, n int, be bool) []byte {
	b := utf16Bytes(utf16.Encode(genRunes(r, n, 0x10FFFF)), be)
	return corrupt(r, b, []byte{0xD8, 0xDC, 0xDF, 0x00, 0x41})
}

func genUTF32(r *rand.Rand, n int) []byte {
	runes := genRunes(r, n, 0x10FFFF)
	b := make([]byte, 4*len(runes))
	for i, c := range runes {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(c))
	}
	return corrupt(r, b, []byte{0xD8, 0x11, 0xFF, 0x00})
}

func genLatin1(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		if r.IntN(4) == 0 {
			b[i] = byte(0x80 + r.IntN(0x80))
		} else {
			b[i] = byte(r.IntN(0x80))
		}
	}
	return b
}

// checkConv compares op on src under the current kernel with the
// standard-library oracle and with the scalar kernel, for a full dst and
// for the given short dst sizes. It also checks that no byte of dst past
// its length is written.
func checkConv(t *testing.T, op convOp, src []byte, short []int) {
	t.Helper()
	want, wantN := op.oracle(src)
	sizes := append([]int{op.ratio*len(src) + 8}, short...)
	for _, size := range sizes {
		buf := make([]byte, size+16)
		for i := range buf {
			buf[i] = 0xA5
		}
		nDst, nSrc := op.fn(buf[:size], src)
		for i := size; i < len(buf); i++ {
			if buf[i] != 0xA5 {
				t.Fatalf("%s(%x) with dst of %d bytes wrote past the end at %d", op.name, src, size, i)
			}
		}
		var rDst, rSrc int
		ref := make([]byte, size)
		withKernel("scalar", func() { rDst, rSrc = op.fn(ref, src) })
		if nDst != rDst || nSrc != rSrc || !bytes.Equal(buf[:nDst], ref[:rDst]) {
			t.Fatalf("%s(%x) with dst of %d bytes = (%d, %d) % x; scalar (%d, %d) % x",
				op.name, src, size, nDst, nSrc, buf[:nDst], rDst, rSrc, ref[:rDst])
		}
		if size == sizes[0] {
			if nSrc != wantN || !bytes.Equal(buf[:nDst], want) {
				t.Fatalf("%s(%x) = (%d, %d) % x; standard library: (%d, %d) % x",
					op.name, src, nDst, nSrc, buf[:nDst], len(want), wantN, want)
			}
			if nSrc == len(src) {
				v := make([]byte, size)
				if n := op.valid(v, src); n != nDst || !bytes.Equal(v[:n], want) {
					t.Fatalf("%sValid(%x) = %d % x; want %d % x", op.name, src, n, v[:n], len(want), want)
				}
			}
		} else if !bytes.HasPrefix(want, buf[:nDst]) {
			t.Fatalf("%s(%x) with dst of %d bytes: output % x is not a prefix of % x", op.name, src, size, buf[:nDst], want)
		}
	}
}

// checkValidate compares the UTF-8 validators of the current kernel with
// unicode/utf8 and the scalar kernel.
func checkValidate(t *testing.T, src []byte) {
	t.Helper()
	n, kind, badLen := ValidateUTF8(src)
	var rn, rbad int
	var rkind encoding.Kind
	withKernel("scalar", func() { rn, rkind, rbad = ValidateUTF8(src) })
	stdN := stdUTF8Len(src)
	if n != rn || kind != rkind || badLen != rbad || n != stdN {
		t.Fatalf("ValidateUTF8(%x) = %d, %v, %d; scalar %d, %v, %d; unicode/utf8 offset %d",
			src, n, kind, badLen, rn, rkind, rbad, stdN)
	}
	ln, lkind, lbad, lines := ValidateUTF8Lines(src)
	if ln != n || lkind != kind || lbad != badLen || lines != bytes.Count(src[:n], []byte{'\n'}) {
		t.Fatalf("ValidateUTF8Lines(%x) = %d, %v, %d, %d lines; ValidateUTF8 %d, %v, %d and %d lines before it",
			src, ln, lkind, lbad, lines, n, kind, badLen, bytes.Count(src[:n], []byte{'\n'}))
	}
	if v := ValidUTF8(src); v != utf8.Valid(src) {
		t.Fatalf("ValidUTF8(%x) = %v; unicode/utf8 says %v", src, v, !v)
	}
	if (n == len(src)) != (kind == encoding.KindNone) || (kind != encoding.KindNone && (badLen < 1 || badLen > 3)) {
		t.Fatalf("ValidateUTF8(%x) = %d, %v, %d: inconsistent", src, n, kind, badLen)
	}
	if kind == encoding.Truncated && n+badLen != len(src) {
		t.Fatalf("ValidateUTF8(%x) = %d, %v, %d: truncated before the end", src, n, kind, badLen)
	}
	p := 0
	for p < len(src) && src[p] < 0x80 {
		p++
	}
	if a := ASCIIPrefix(src); a != p {
		t.Fatalf("ASCIIPrefix(%x) = %d; want %d", src, a, p)
	}
	if ValidASCII(src) != (p == len(src)) {
		t.Fatalf("ValidASCII(%x) = %v", src, !(p == len(src)))
	}
}

// refRuneCount, refUTF16Len and refUTF8LenFromUTF16LE restate the
// definitions of the length functions one byte or unit at a time: the
// scalar code (eight bytes at a time) and every kernel must agree with
// them on any input.
func refRuneCount(src []byte) int {
	n := 0
	for _, c := range src {
		if c < 0x80 || c >= 0xC0 {
			n++
		}
	}
	return n
}

func refUTF16Len(src []byte) int {
	n := refRuneCount(src)
	for _, c := range src {
		if c >= 0xF0 {
			n++
		}
	}
	return n
}

func refUTF8LenFromUTF16LE(src []byte) int {
	n := 0
	for i := 0; i+1 < len(src); i += 2 {
		switch u := rune(src[i]) | rune(src[i+1])<<8; {
		case u <= 0x7F:
			n++
		case u <= 0x7FF, 0xD800 <= u && u <= 0xDFFF:
			n += 2
		default:
			n += 3
		}
	}
	return n
}

// checkLengths checks RuneCount and UTF16LenFromUTF8 on src, whatever it
// holds, against their definitions, and on well-formed UTF-8 against the
// standard library.
func checkLengths(t *testing.T, src []byte) {
	t.Helper()
	if got, want := RuneCount(src), refRuneCount(src); got != want {
		t.Fatalf("RuneCount(%x) = %d; want %d", src, got, want)
	}
	if got, want := UTF16LenFromUTF8(src), refUTF16Len(src); got != want {
		t.Fatalf("UTF16LenFromUTF8(%x) = %d; want %d", src, got, want)
	}
	if utf8.Valid(src) {
		if got, want := RuneCount(src), utf8.RuneCount(src); got != want {
			t.Fatalf("RuneCount(%x) = %d; want %d", src, got, want)
		}
		if got, want := UTF16LenFromUTF8(src), len(utf16.Encode([]rune(string(src)))); got != want {
			t.Fatalf("UTF16LenFromUTF8(%x) = %d; want %d", src, got, want)
		}
	}
}

// checkUTF16Len checks UTF8LenFromUTF16LE on src, whatever it holds,
// against its definition, and on well-formed UTF-16LE against the length
// of the UTF-8 form.
func checkUTF16Len(t *testing.T, src []byte) {
	t.Helper()
	if got, want := UTF8LenFromUTF16LE(src), refUTF8LenFromUTF16LE(src); got != want {
		t.Fatalf("UTF8LenFromUTF16LE(%x) = %d; want %d", src, got, want)
	}
	runes, n := stdUTF16Prefix(src, false)
	if n == len(src) {
		if got, want := UTF8LenFromUTF16LE(src), len(encodeUTF8(runes)); got != want {
			t.Fatalf("UTF8LenFromUTF16LE(%x) = %d; want %d", src, got, want)
		}
	}
}

// TestLengths runs the length functions with every kernel over random
// bytes, random UTF-8 and UTF-16, and bytes drawn from the edges of each
// class (7F/80, BF/C0, EF/F0; 007F/0080, 07FF/0800, D7FF/D800, DFFF/E000),
// for every length 0–300 and at every start offset in a block, so that
// the kernels' blocks and the scalar tails meet everywhere.
func TestLengths(t *testing.T) {
	edges8 := []byte{0x00, 0x41, 0x7F, 0x80, 0x9F, 0xBF, 0xC0, 0xC3, 0xEF, 0xF0, 0xF4, 0xFF}
	edges16 := []uint16{0x0000, 0x007F, 0x0080, 0x07FF, 0x0800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF, 0x8000, 0x00FF}
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(7, 8))
		for n := 0; n <= 300; n++ {
			raw := make([]byte, n+64)
			for i := range raw {
				raw[i] = byte(r.Uint32())
			}
			edge := make([]byte, n+64)
			for i := range edge {
				edge[i] = edges8[r.IntN(len(edges8))]
			}
			units := make([]byte, 0, n+64)
			for len(units) < n+64 {
				u := edges16[r.IntN(len(edges16))]
				units = append(units, byte(u), byte(u>>8))
			}
			text := genUTF8(r, n)
			off := r.IntN(64)
			for _, src := range [][]byte{raw[off : off+n], edge[off : off+n], units[off : off+n], text} {
				checkLengths(t, src)
				checkUTF16Len(t, src)
			}
			checkUTF16Len(t, units[:n])
		}
		// Long inputs: counts that go past what a byte or word counter
		// holds, also when every byte (or unit) is of the counted kind.
		for _, long := range [][]byte{
			bytes.Repeat([]byte("\xF0\x9F\x98\x80\xC3\xA9\xE2\x82\xACa\x80"), 40000),
			bytes.Repeat([]byte{0x80}, 70000+r.IntN(64)),
			bytes.Repeat([]byte{0xF0}, 70000+r.IntN(64)),
			bytes.Repeat([]byte{0x00, 0xD8}, 70000+r.IntN(64)),
			bytes.Repeat([]byte{0x41, 0x00}, 70000+r.IntN(64)),
		} {
			checkLengths(t, long)
			checkUTF16Len(t, long)
		}
	})
}

func TestKernels(t *testing.T) {
	ks := Kernels()
	if len(ks) == 0 || ks[len(ks)-1] != "scalar" {
		t.Fatalf("Kernels() = %v; want a list ending with scalar", ks)
	}
	found := false
	for _, k := range ks {
		found = found || k == Kernel()
	}
	if !found {
		t.Fatalf("Kernel() = %q is not in Kernels() = %v", Kernel(), ks)
	}
	if _, ok := ForceKernel("nonesuch"); ok {
		t.Fatal("ForceKernel accepted an unknown kernel")
	}
	if got := choose("nonesuch").name; got != ks[0] {
		t.Fatalf("choose(unknown) = %s; want the best, %s", got, ks[0])
	}
	for _, k := range ks {
		if got := choose(k).name; got != k {
			t.Fatalf("choose(%s) = %s", k, got)
		}
	}
	t.Logf("kernels: %v; in use: %s", ks, Kernel())
}

// interesting are sequences to plant at every position of a block: valid
// characters of every length and every kind of error.
var interesting = [][]byte{
	{0xC3, 0xA9}, {0xE2, 0x82, 0xAC}, {0xF0, 0x9F, 0x98, 0x80}, {0xF4, 0x8F, 0xBF, 0xBF},
	{0xEF, 0xBF, 0xBD}, {0xED, 0x9F, 0xBF}, {0xEE, 0x80, 0x80},
	{0x80}, {0xBF}, {0xC0, 0xAF}, {0xC1, 0xBF}, {0xE0, 0x80, 0xAF}, {0xE0, 0x9F, 0xBF},
	{0xED, 0xA0, 0x80}, {0xED, 0xBF, 0xBF}, {0xF0, 0x80, 0x80, 0xAF}, {0xF0, 0x8F, 0xBF, 0xBF},
	{0xF4, 0x90, 0x80, 0x80}, {0xF5, 0x80, 0x80, 0x80}, {0xF8, 0x88, 0x80, 0x80, 0x80},
	{0xFC, 0x84, 0x80, 0x80, 0x80, 0x80}, {0xFE}, {0xFF}, {0xC3}, {0xE2, 0x82}, {0xF0, 0x9F, 0x98},
	{0xC3, 0x41}, {0xE2, 0x41}, {0xE2, 0x82, 0x41}, {0xF0, 0x9F, 0x98, 0x41}, {0xE2, 0xC3, 0xA9},
}

// fillers are the texts into which the interesting sequences are
// planted.
// fillers are the texts inputs are made of: ASCII and mixed ones with
// line feeds in them (ValidateUTF8Lines counts them).
var fillers = []string{"abc\n", "é", "€", "😀", "aé\n€😀"}

func filler(s string, n int) []byte {
	b := bytes.Repeat([]byte(s), n/len(s)+1)
	// Cut at a character boundary at or below n.
	m := n
	for m > 0 && !utf8.Valid(b[:m]) {
		m--
	}
	return b[:m]
}

// TestPlanted plants every interesting sequence at every position of
// inputs of every length 0–257 (and some longer ones) and checks every
// UTF-8 consumer with every kernel.
func TestPlanted(t *testing.T) {
	lengths := []int{}
	for n := 0; n <= 257; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 511, 512, 513, 1023, 1024, 1025)
	if testing.Short() {
		lengths = []int{0, 1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257}
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		for fi, f := range fillers {
			for _, n := range lengths {
				if fi != 0 && fi != len(fillers)-1 && n%8 != 0 && n%8 != 1 && n%8 != 7 {
					continue // every length with ASCII and mixed fillers only
				}
				base := filler(f, n)
				checkValidate(t, base)
				checkLengths(t, base)
				for _, seq := range interesting {
					for p := 0; p <= len(base); p++ {
						if !plantAt(n, p, len(base)) {
							continue
						}
						src := make([]byte, 0, len(base)+len(seq))
						src = append(src, base[:p]...)
						src = append(src, seq...)
						src = append(src, base[p:]...)
						checkValidate(t, src)
						// Ending at the very end: cut right after the sequence.
						checkValidate(t, src[:p+len(seq)])
					}
				}
			}
		}
	})
}

// plantAt says whether TestPlanted plants at position p of an n-byte
// filler (of m bytes once cut to whole characters): at every position for
// lengths around the block sizes, else near the ends and near every
// 32-byte boundary.
func plantAt(n, p, m int) bool {
	if r := n % 64; r <= 1 || r == 63 {
		return n <= 300 || p%5 == 0
	}
	if p < 4 || p > m-4 {
		return true
	}
	r := p % 32
	return r <= 3 || r >= 29
}

// TestPlantedConverters plants characters and errors at every position of
// 64- to 200-byte inputs and runs every converter with every kernel.
func TestPlantedConverters(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, op := range convOps {
			for _, f := range fillers {
				for _, n := range []int{0, 1, 15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200} {
					base := sourceForm(op.name, filler(f, n))
					checkConv(t, op, base, []int{0, 1, 3, len(base) / 2, len(base)})
					for _, seq := range sourceSeqs(op.name) {
						for p := 0; p <= len(base); p += unitOf(op.name) {
							src := append(append(append([]byte{}, base[:p]...), seq...), base[p:]...)
							checkConv(t, op, src, []int{p, p + 1, 2 * p})
						}
					}
				}
			}
		}
	})
}

// sourceForm turns UTF-8 text into the source form of the op.
func sourceForm(op string, s []byte) []byte {
	runes := []rune(string(s))
	switch op {
	case "utf16le-to-utf8":
		return utf16Bytes(utf16.Encode(runes), false)
	case "utf16be-to-utf8":
		return utf16Bytes(utf16.Encode(runes), true)
	case "utf32le-to-utf8":
		b := make([]byte, 4*len(runes))
		for i, r := range runes {
			binary.LittleEndian.PutUint32(b[4*i:], uint32(r))
		}
		return b
	case "latin1-to-utf8":
		b := make([]byte, len(runes))
		for i, r := range runes {
			b[i] = byte(r)
		}
		return b
	}
	return s
}

func unitOf(op string) int {
	switch op {
	case "utf16le-to-utf8", "utf16be-to-utf8":
		return 2
	case "utf32le-to-utf8":
		return 4
	}
	return 1
}

// sourceSeqs returns the sequences to plant for an op.
func sourceSeqs(op string) [][]byte {
	switch op {
	case "utf16le-to-utf8":
		return [][]byte{{0xE9, 0x00}, {0xAC, 0x20}, {0x3D, 0xD8, 0x00, 0xDE}, {0x00, 0xD8}, {0x00, 0xDC}, {0x00, 0xDC, 0x00, 0xD8}, {0x41}}
	case "utf16be-to-utf8":
		return [][]byte{{0x00, 0xE9}, {0x20, 0xAC}, {0xD8, 0x3D, 0xDE, 0x00}, {0xD8, 0x00}, {0xDC, 0x00}, {0x41}}
	case "utf32le-to-utf8":
		return [][]byte{{0xE9, 0, 0, 0}, {0x00, 0xF6, 0x01, 0}, {0x00, 0xD8, 0, 0}, {0, 0, 0x11, 0}, {0xFF, 0xFF, 0xFF, 0xFF}, {0x41}}
	case "latin1-to-utf8":
		return [][]byte{{0xE9}, {0xFF}, {0x80}, {0x00}}
	case "utf8-to-latin1":
		return append([][]byte{{0xC3, 0xBF}, {0xC2, 0x80}, {0xC4, 0x80}, {0xC3}, {0xC3, 0xC3}}, interesting...)
	}
	return interesting
}

func TestRandom(t *testing.T) {
	iters := 3000
	if testing.Short() {
		iters = 300
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < iters; i++ {
			n := r.IntN(600)
			if i%50 == 0 {
				n = r.IntN(5000)
			}
			src := genUTF8(r, n)
			checkValidate(t, src)
			checkLengths(t, src)
			for _, op := range convOps {
				in := op.gen(r, n)
				checkConv(t, op, in, []int{r.IntN(len(in) + 1), r.IntN(2*len(in) + 1)})
				if op.name == "utf16le-to-utf8" {
					checkUTF16Len(t, in)
				}
			}
		}
	})
}

// TestLongASCIIRuns checks the ASCII fast paths: long runs with one
// non-ASCII byte or error at every position near block edges.
func TestLongASCIIRuns(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, n := range []int{255, 256, 257, 511, 512, 1000, 1024, 4096} {
			base := bytes.Repeat([]byte("abcdefgh"), n/8+1)[:n]
			for p := 0; p < n; p++ {
				for _, seq := range [][]byte{{0xC3, 0xA9}, {0x80}, {0xE2, 0x82}, {0xF0}} {
					src := append(append(append([]byte{}, base[:p]...), seq...), base[p:]...)
					checkValidate(t, src)
					if p%61 == 0 {
						for _, op := range convOps[6:] {
							checkConv(t, op, src, []int{p, 2 * p})
						}
					}
				}
			}
		}
	})
}

func TestCorpusFiles(t *testing.T) {
	for _, name := range corpusNames(t) {
		data := corpusFile(t, name)
		t.Run(name, func(t *testing.T) {
			eachKernel(t, func(t *testing.T, kernel string) {
				checkValidate(t, data)
				checkLengths(t, data)
				for _, op := range convOps {
					in := sourceForm(op.name, data)
					if op.name == "utf8-to-latin1" {
						in = latin1Subset(data)
					}
					checkConv(t, op, in, []int{len(in) / 3})
				}
			})
		})
	}
}

// latin1Subset keeps the characters of s that are U+0000–U+00FF.
func latin1Subset(s []byte) []byte {
	var out []byte
	for _, r := range string(s) {
		if r <= 0xFF {
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

func ExampleValidateUTF8() {
	n, kind, badLen := ValidateUTF8([]byte("caf\xC3\xA9 \xE2\x82 ok"))
	fmt.Println(n, kind, badLen)
	// Output: 6 bad-continuation 2
}

// latin1ToUTF8All stands in for an assume-valid Latin-1 converter, which
// there is none of: every byte is Latin-1, so the validating converter
// has nothing to skip.
func latin1ToUTF8All(dst, src []byte) int { n, _ := Latin1ToUTF8(dst, src); return n }
