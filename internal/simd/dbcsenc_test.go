package simd

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// encTable is a code table of the shape EncodePairs takes: a code for
// some code points, 0 for the others.
type encTable struct {
	name string
	enc  *[65536]uint16
	skip uint16
	have []rune // some characters with a code
	none []rune // some three-byte characters without one
}

// newEncTable builds a table that gives the characters of the ranges
// codes (every hole-th none) and, when all is set, every code point a code
// (surrogates, U+0000–U+07FF and U+FFFF included: then only the kernel's
// own checks keep overlong forms out).
func newEncTable(name string, ranges [][2]rune, hole int, skip uint16, all bool) *encTable {
	t := &encTable{name: name, enc: new([65536]uint16), skip: skip}
	k := 0
	for _, rg := range ranges {
		for r := rg[0]; r <= rg[1]; r++ {
			k++
			if k%hole == 0 || (r >= 0xD800 && r < 0xE000) {
				continue
			}
			t.enc[r] = uint16(0x8140 + k*7%0x7E00)
		}
	}
	if all {
		for r := range t.enc {
			t.enc[r] = uint16(r) ^ 0xA5A5 | 0x0101
		}
	}
	for r := rune(0x800); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r < 0xE000 {
			continue
		}
		if t.enc[r] != 0 && uint16(r) != skip {
			t.have = append(t.have, r)
		} else {
			t.none = append(t.none, r)
		}
	}
	return t
}

// encTables: codes for CJK ideographs, kana, punctuation and hangul, with
// holes; a skip character (as GBK skips U+20AC) with or without a code;
// a table with a code for every code point.
var encTables = []*encTable{
	newEncTable("cjk", [][2]rune{{0x3000, 0x30FF}, {0x4E00, 0x9FFF}, {0xFF01, 0xFF5E}}, 97, 0, false),
	newEncTable("hangul", [][2]rune{{0x3000, 0x3003}, {0xAC00, 0xD7A3}, {0x4E00, 0x4FFF}, {0x00A0, 0x00FF}}, 31, 0, false),
	newEncTable("skip", [][2]rune{{0x2000, 0x20FF}, {0x4E00, 0x9FFF}}, 53, 0x20AC, false),
	newEncTable("all", nil, 1<<30, 0x4E2D, true),
}

// EncodePairsRef exports refEncodePairs to the external tests.
var EncodePairsRef = refEncodePairs

// refEncodePairs is EncodePairs in plain Go, one character at a time, in
// the kernel's blocks (a character that starts in a block goes with it,
// except a three-byte lead in its last byte, which starts the next): it
// must give the kernel's results exactly.
func refEncodePairs(dst, src []byte, enc *[65536]uint16, skip uint16) (nDst, nSrc int, bad bool) {
	for len(src)-nSrc >= EncodePairsMinSrc && len(dst)-nDst >= EncodePairsMinDst {
		for end := nSrc + 64; nSrc < end; {
			c := src[nSrc]
			if nSrc == end-1 && c&0xF0 == 0xE0 {
				break
			}
			if c < 0x80 {
				dst[nDst] = c
				nDst++
				nSrc++
				continue
			}
			c1, c2 := src[nSrc+1], src[nSrc+2]
			if c&0xF0 != 0xE0 || c1&0xC0 != 0x80 || c2&0xC0 != 0x80 {
				return nDst, nSrc, true
			}
			r := uint16(c&0x0F)<<12 | uint16(c1&0x3F)<<6 | uint16(c2&0x3F)
			v := enc[r]
			if r < 0x800 || r == skip || v == 0 {
				return nDst, nSrc, true
			}
			dst[nDst], dst[nDst+1] = byte(v>>8), byte(v)
			nDst += 2
			nSrc += 3
		}
	}
	return nDst, nSrc, false
}

// encPieces are the things randEnc puts in text, besides ASCII and
// characters with and without a code: each stops the kernel.
var encPieces = [][]byte{
	[]byte("é"), []byte("\u07FF"), []byte("😀"), []byte("\U0010FFFF"),
	{0xE0, 0x80, 0x80}, {0xE0, 0x9F, 0xBF}, {0xE1, 0x80, 0x41}, {0xEF, 0xBF},
	{0xED, 0xA0, 0x80}, {0xED, 0xBF, 0xBF}, {0x80}, {0xBF}, {0xC0, 0x80},
	{0xC1, 0xBF}, {0xF5}, {0xF8, 0x88, 0x80, 0x80, 0x80}, {0xFF}, {0xFE},
	{0xE4}, {0xE4, 0xB8}, {0xE4, 0xE4, 0xB8, 0xAD}, {0xE4, 0xB8, 0xAD, 0xAD},
}

// randEnc appends about n bytes of UTF-8 to b: characters with a code in
// t, ASCII (single bytes and runs, by mix), and now and then a
// character without a code, the skip character or one of encPieces.
func (t *encTable) randEnc(r *rand.Rand, b []byte, n, mix, odd int) []byte {
	for end := len(b) + n; len(b) < end; {
		k := r.IntN(1000)
		switch {
		case k < odd:
			switch r.IntN(3) {
			case 0:
				b = utf8.AppendRune(b, t.none[r.IntN(len(t.none))])
			case 1:
				b = utf8.AppendRune(b, rune(t.skip))
			default:
				b = append(b, encPieces[r.IntN(len(encPieces))]...)
			}
		case k < odd+mix:
			if r.IntN(8) == 0 {
				b = append(b, bytes.Repeat([]byte{byte(' ' + r.IntN(0x5F))}, r.IntN(80))...)
			} else {
				b = append(b, byte(r.IntN(0x80)))
			}
		default:
			b = utf8.AppendRune(b, t.have[r.IntN(len(t.have))])
		}
	}
	return b
}

// checkEncodePairs runs EncodePairs on src with a dst of the given size
// (with a canary beyond its end) and compares it with refEncodePairs.
func checkEncodePairs(t *testing.T, tab *encTable, src []byte, size int) {
	t.Helper()
	checkPairsKernel(t, "EncodePairs", func(k string) bool { return k == "avx512" }, tab.name, src, size,
		func(dst []byte) (int, int, bool) { return EncodePairs(dst, src, tab.enc, tab.skip) },
		func(dst []byte) (int, int, bool) { return refEncodePairs(dst, src, tab.enc, tab.skip) })
}

func TestEncodePairsRandom(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		if kernel != "avx512" {
			t.Skip("no vector step (see TestEncodePairsKernels)")
		}
		r := rand.New(rand.NewPCG(1, 2))
		for _, tab := range encTables {
			for n := 0; n <= 600; n++ {
				for _, mix := range []int{0, 50, 300, 900} {
					for _, odd := range []int{0, 3, 30} {
						src := tab.randEnc(r, nil, n, mix, odd)
						for _, size := range []int{n / 2, EncodePairsMinDst, n + 100, 2*n + 200} {
							checkEncodePairs(t, tab, src, size)
						}
					}
				}
			}
		}
	})
}

// TestEncodePairsPlaces puts each kind of character and each piece that
// stops the kernel at every place of a block, after ASCII, after
// three-byte characters and after a mix, with text or the end after it.
func TestEncodePairsPlaces(t *testing.T) {
	eachKernel(t, func(t *testing.T, kernel string) {
		if kernel != "avx512" {
			t.Skip("no vector step (see TestEncodePairsKernels)")
		}
		for _, tab := range encTables {
			good := utf8.AppendRune(nil, tab.have[len(tab.have)/2])
			tails := [][]byte{
				good, []byte("a"), utf8.AppendRune(nil, tab.none[len(tab.none)/3]),
				utf8.AppendRune(nil, rune(tab.skip)), utf8.AppendRune(nil, tab.have[0]),
				utf8.AppendRune(nil, tab.have[len(tab.have)-1]),
			}
			tails = append(tails, encPieces...)
			fillers := [][]byte{[]byte("ab"), good, append([]byte("x"), good...)}
			for pre := 0; pre <= 140; pre++ {
				for _, filler := range fillers {
					for _, tail := range tails {
						src := bytes.Repeat(filler, pre/len(filler)+1)[:pre]
						src = append(src, tail...)
						src = append(src, bytes.Repeat(good, 30)...)
						for _, cut := range []int{pre + len(tail), pre + len(tail) + 1, pre + 66, len(src) - 1, len(src)} {
							cut = min(cut, len(src))
							checkEncodePairs(t, tab, src[:cut], 3*cut+EncodePairsMinDst)
							checkEncodePairs(t, tab, src[:cut], EncodePairsMinDst)
						}
					}
				}
			}
		}
	})
}

// TestEncodePairsLengths encodes text of every length 0–300 whose
// characters sit at every offset, and checks that whole blocks are done.
func TestEncodePairsLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, tab := range encTables {
			for n := 0; n <= 300; n++ {
				for off := 0; off < 3; off++ {
					src := bytes.Repeat([]byte{'k'}, off)
					src = tab.randEnc(r, src, n, 300, 0)
					checkEncodePairs(t, tab, src, 2*len(src)+EncodePairsMinDst)
					dst := make([]byte, 2*len(src)+EncodePairsMinDst)
					_, nSrc, bad := EncodePairs(dst, src, tab.enc, tab.skip)
					if kernel == "avx512" && (bad || len(src)-nSrc >= EncodePairsMinSrc) {
						t.Fatalf("%s: %+q: EncodePairs stopped at %d (bad %v)", tab.name, src, nSrc, bad)
					}
				}
			}
		}
	})
}

// TestEncodePairsKernels: only the avx512 kernel has a step.
func TestEncodePairsKernels(t *testing.T) {
	tab := encTables[0]
	src := bytes.Repeat([]byte("中文 abc"), 100)
	eachKernel(t, func(t *testing.T, kernel string) {
		dst := make([]byte, 2*len(src))
		nDst, nSrc, bad := EncodePairs(dst, src, tab.enc, tab.skip)
		if kernel != "avx512" {
			if nDst != 0 || nSrc != 0 || bad {
				t.Fatalf("EncodePairs = %d, %d, %v; want nothing from kernel %s", nDst, nSrc, bad, kernel)
			}
			return
		}
		if nSrc < len(src)-66 || bad {
			t.Fatalf("EncodePairs stopped at %d of %d (bad %v)", nSrc, len(src), bad)
		}
		if a := testing.AllocsPerRun(10, func() { EncodePairs(dst, src, tab.enc, tab.skip) }); a != 0 {
			t.Errorf("EncodePairs allocates %v times", a)
		}
	})
}

// TestEncodePairsEnds looks up the first and last code points of the
// table (U+0800 and U+FFFF), whose dwords are the table's first and last.
func TestEncodePairsEnds(t *testing.T) {
	tab := encTables[len(encTables)-1]
	for _, s := range []string{"\u0800", "\uFFFF", "\u0801", "\uFFFE", "\u0800\uFFFF"} {
		src := bytes.Repeat([]byte(s+"a"), 100)
		eachKernel(t, func(t *testing.T, kernel string) {
			checkEncodePairs(t, tab, src, 3*len(src))
		})
	}
}

func BenchmarkEncodePairs(b *testing.B) {
	for _, tab := range encTables[:2] {
		for _, mix := range []int{0, 200} {
			r := rand.New(rand.NewPCG(7, 8))
			var src []byte
			for len(src) < 64<<10 {
				src = tab.randEnc(r, src, 64, mix, 0)
			}
			dst := make([]byte, len(src)+EncodePairsMinDst)
			b.Run(fmt.Sprintf("%s/ascii%d", tab.name, mix/10), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					EncodePairs(dst, src, tab.enc, tab.skip)
				}
			})
		}
	}
}

// FuzzEncodePairs compares the kernel with refEncodePairs on the fuzzer's
// input in each table, as it is and after 0–127 bytes of text (so that its
// bytes fall at every place of a block), with a dst of the fuzzer's size.
func FuzzEncodePairs(f *testing.F) {
	f.Add([]byte("中文 abc 한국어 日本語"), uint8(0), uint16(200))
	f.Add(bytes.Repeat([]byte("\xE4\xB8\xAD"), 30), uint8(63), uint16(128))
	f.Add([]byte("\xE0\x80\x80\xED\xA0\x80\xE2\x82\xAC\xC3\xA9\xF0\x9F\x98\x80"), uint8(62), uint16(1000))
	f.Add([]byte("\xE4\xB8\xAD\xE4\xB8"), uint8(61), uint16(300))
	f.Add(bytes.Repeat([]byte("a"), 130), uint8(1), uint16(400))
	f.Fuzz(func(t *testing.T, data []byte, pos uint8, size uint16) {
		for _, tab := range encTables {
			pre := utf8.AppendRune(nil, tab.have[0])
			pre = append(bytes.Repeat(pre, 43), 'x')[:pos%128]
			for _, src := range [][]byte{data, append(pre, data...)} {
				for _, k := range Kernels() {
					withKernel(k, func() {
						checkEncodePairs(t, tab, src, int(size)%(3*len(src)+EncodePairsMinDst+1))
					})
				}
			}
		}
	})
}
