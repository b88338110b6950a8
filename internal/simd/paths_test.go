package simd

// Tests aimed at the vector kernels' paths: blocks built so that each path
// (ASCII, one and two bytes, three bytes, mixed lengths, four bytes) runs
// at every offset, with errors placed among them.

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// utf32Classes are the kinds of unit the UTF-32 to UTF-8 kernels tell
// apart: their ranges, as [lo, hi].
var utf32Classes = [][2]uint32{
	{0, 0x7F},              // one byte
	{0x80, 0x7FF},          // two bytes
	{0x800, 0x7FFF},        // three bytes, positive as a signed word
	{0x8000, 0xD7FF},       // three bytes, negative as a signed word
	{0xE000, 0xFFFF},       // three bytes, above the surrogates
	{0x10000, 0x10FFFF},    // four bytes
	{0xD800, 0xDFFF},       // surrogates: not scalar values
	{0x110000, 0xFFFFFFFF}, // beyond Unicode
}

// genUTF32Blocks returns n units in 16-unit blocks, each block drawn from
// a few of utf32Classes (classes 0–4 mostly, ASCII alone and four-byte units alone too, so that every word path of
// the kernels runs, with the others now and then).
func genUTF32Blocks(r *rand.Rand, n int, bad bool) []byte {
	b := make([]byte, 0, 4*n)
	for len(b) < 4*n {
		var set []int
		switch r.IntN(8) {
		case 6:
			set = []int{0}
		case 7:
			set = []int{5}
		case 0:
			set = []int{0, 1}
		case 1:
			set = []int{2, 3, 4}
		case 2:
			set = []int{0, 2, 4}
		case 3:
			set = []int{0, 1, 2, 3, 4}
		case 4:
			set = []int{0, 5}
		default:
			set = []int{1, 3}
		}
		for i := 0; i < 16 && len(b) < 4*n; i++ {
			c := utf32Classes[set[r.IntN(len(set))]]
			if bad && r.IntN(200) == 0 {
				c = utf32Classes[6+r.IntN(2)]
			}
			u := c[0] + uint32(r.Int64N(int64(c[1]-c[0])+1))
			b = binary.LittleEndian.AppendUint32(b, u)
		}
	}
	return b
}

// TestUTF32ToUTF8Blocks runs UTF32LEToUTF8 and its assume-valid twin,
// with every kernel, over 16-unit blocks of every mix of lengths, at every
// offset of a block and with short dsts; with every class of unit and
// with errors placed at random.
func TestUTF32ToUTF8Blocks(t *testing.T) {
	var op convOp
	for _, o := range convOps {
		if o.name == "utf32le-to-utf8" {
			op = o
		}
	}
	iters := 1500
	if testing.Short() {
		iters = 200
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(18, 32))
		for i := 0; i < iters; i++ {
			n := r.IntN(200)
			src := genUTF32Blocks(r, n, i%3 == 0)
			checkConv(t, op, src, []int{r.IntN(len(src) + 1), r.IntN(4*len(src) + 1)})
		}
	})
}

// TestUTF16ToUTF8Blocks runs UTF16LEToUTF8 and UTF16BEToUTF8, with every
// kernel, over 16-unit blocks of every mix of lengths (the units of
// genUTF32Blocks, as UTF-16: pairs for four-byte characters, lone
// surrogates for the surrogate class), at every offset of a block.
func TestUTF16ToUTF8Blocks(t *testing.T) {
	iters := 1500
	if testing.Short() {
		iters = 200
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(18, 16))
		for i := 0; i < iters; i++ {
			u32 := genUTF32Blocks(r, r.IntN(200), i%3 == 0)
			units := utf16Units(u32)
			for _, op := range convOps {
				switch op.name {
				case "utf16le-to-utf8", "utf16be-to-utf8":
					src := utf16Bytes(units, op.name == "utf16be-to-utf8")
					checkConv(t, op, src, []int{r.IntN(len(src) + 1), r.IntN(2*len(src) + 1)})
				}
			}
		}
	})
}

// utf16Units gives the units of UTF-32LE text as UTF-16: a surrogate pair
// for each unit above FFFF, nothing for a unit beyond 10FFFF, and a
// surrogate (a lone one) as itself.
func utf16Units(u32 []byte) []uint16 {
	var units []uint16
	for j := 0; j+4 <= len(u32); j += 4 {
		u := binary.LittleEndian.Uint32(u32[j:])
		switch {
		case u > 0x10FFFF:
		case u >= 0x10000:
			u -= 0x10000
			units = append(units, uint16(0xD800+u>>10), uint16(0xDC00+u&0x3FF))
		default:
			units = append(units, uint16(u))
		}
	}
	return units
}

// genASCIIRuns returns n units or so of UTF-32LE: runs of ASCII of every
// length up to 100 units, each followed by one unit of another class
// (two, three or four bytes, or not a scalar value when bad).
func genASCIIRuns(r *rand.Rand, n int, bad bool) []byte {
	b := make([]byte, 0, 4*n+400)
	for len(b) < 4*n {
		for k := r.IntN(101); k > 0; k-- {
			b = binary.LittleEndian.AppendUint32(b, uint32(r.IntN(0x80)))
		}
		c := utf32Classes[1+r.IntN(5)]
		if bad && r.IntN(10) == 0 {
			c = utf32Classes[6+r.IntN(2)]
		}
		b = binary.LittleEndian.AppendUint32(b, c[0]+uint32(r.Int64N(int64(c[1]-c[0])+1)))
	}
	return b
}

// TestASCIIRunsToUTF8 runs the UTF-16 and UTF-32 to UTF-8 converters,
// with every kernel, over ASCII runs of every length between other
// characters, so that the ASCII steps (32 units and 16 units) meet
// every kind of block after them and the ends of src and dst.
func TestASCIIRunsToUTF8(t *testing.T) {
	iters := 1500
	if testing.Short() {
		iters = 200
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(18, 128))
		for i := 0; i < iters; i++ {
			u32 := genASCIIRuns(r, r.IntN(300), i%3 == 0)
			units := utf16Units(u32)
			for _, op := range convOps {
				var src []byte
				switch op.name {
				case "utf16le-to-utf8", "utf16be-to-utf8":
					src = utf16Bytes(units, op.name == "utf16be-to-utf8")
				case "utf32le-to-utf8":
					src = u32
				default:
					continue
				}
				checkConv(t, op, src, []int{r.IntN(len(src) + 1), r.IntN(len(src)/2 + 1)})
			}
		}
	})
}

// genRuns returns UTF-8 text of n bytes or so: runs of characters of
// random length drawn by char, between one-, two- and four-byte
// characters, corrupted now and then.
func genRuns(r *rand.Rand, n int, char func() rune) []byte {
	var runes []rune
	size := 0
	for size < n {
		for k := r.IntN(40); k > 0; k-- {
			c := char()
			runes = append(runes, c)
			size += utf8.RuneLen(c)
		}
		switch r.IntN(4) {
		case 0:
			runes = append(runes, rune(r.IntN(0x80)))
		case 1:
			runes = append(runes, 0x80+rune(r.IntN(0x780)))
		case 2:
			runes = append(runes, 0x10000+rune(r.IntN(0x100000)))
		}
		size++
	}
	return corrupt(r, encodeUTF8(runes), utf8Junk)
}

// TestUTF8Runs runs the UTF-8 decoders, with every kernel, over long runs
// of three-byte characters (from every range of lead byte, E0 to EF) and
// of one- and two-byte characters, at every offset of a window, with
// errors in and around them and with short dsts.
func TestUTF8Runs(t *testing.T) {
	iters := 1000
	if testing.Short() {
		iters = 150
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(18, 3))
		three := func() rune {
			c := 0x800 + rune(r.IntN(0x10000-0x800-0x800))
			if c >= 0xD800 {
				c += 0x800 // past the surrogates
			}
			return c
		}
		oneTwo := func() rune {
			if r.IntN(5) == 0 {
				return rune(r.IntN(0x80))
			}
			return 0x80 + rune(r.IntN(0x780))
		}
		for i := 0; i < iters; i++ {
			char := three
			if i%2 == 1 {
				char = oneTwo
			}
			src := genRuns(r, r.IntN(400), char)
			for _, op := range convOps {
				switch op.name {
				case "utf8-to-utf16le", "utf8-to-utf16be", "utf8-to-utf32le":
					checkConv(t, op, src, []int{r.IntN(len(src) + 1), r.IntN(4*len(src) + 1)})
				}
			}
		}
	})
}

// TestUTF8ToLatin1ASCIIRuns runs UTF8ToLatin1, with every kernel, over ASCII
// runs of every length up to 200 bytes followed by each kind of stop (a
// two-byte Latin-1 character, a character above U+00FF, a stray
// continuation byte, a lead at the end, a lead without its continuation)
// and more text, with dsts that end in and around the runs. The avx2
// kernel copies ASCII 64 bytes a step while src and dst both have room.
func TestUTF8ToLatin1ASCIIRuns(t *testing.T) {
	var op convOp
	for _, o := range convOps {
		if o.name == "utf8-to-latin1" {
			op = o
		}
	}
	stops := [][]byte{{0xC3, 0xA9}, {0xE2, 0x82, 0xAC}, {0x80}, {0xC3}, {0xC2, 0x41}, {0xC2, 0xBF, 0xC3, 0x80}}
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(18, 1))
		for n := 0; n <= 200; n++ {
			for i, stop := range stops {
				src := append(asciiBytes(r, n), stop...)
				if i != 3 {
					src = append(src, asciiBytes(r, r.IntN(130))...)
				}
				checkConv(t, op, src, []int{max(n-1+r.IntN(3), 0), n, 63, 64, 65, 127, 128, r.IntN(len(src) + 1)})
			}
		}
	})
}

// asciiBytes returns n random ASCII bytes (no period, so that a block
// stored in the wrong place shows).
func asciiBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.IntN(0x80))
	}
	return b
}
