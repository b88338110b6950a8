package mb_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
	"github.com/ucskit/ucs/internal/simd"
)

// The vector Decode2 (simd.DecodePairs, then the scalar code) against the
// scalar one, on tables shaped like the codecs' own, and the codecs with
// every vector kernel against the scalar kernel on the same inputs.

// dbcsCase is a double-byte codec, a sample of its text and a Pairs
// table derived from its decoder: the entry of lead trail (lead 80–FF)
// holds the character the codec decodes the two bytes to, when they are
// one character of the BMP (the codecs' own fast tables leave a few such
// codes, such as the EUC-JP katakana 8E xx, to their general loop).
type dbcsCase struct {
	name  string
	codec *encoding.Codec
	file  string
	pairs *mb.Pairs
}

var dbcsCases = []*dbcsCase{
	{name: "GBK", codec: simplifiedchinese.GBK, file: "legacy/Chinese-Lipsum.gbk.txt"},
	{name: "GB18030", codec: simplifiedchinese.GB18030, file: "legacy/Emoji-Lipsum.gb18030.txt"},
	{name: "Big5", codec: traditionalchinese.Big5, file: "legacy/Chinese-Lipsum.big5.txt"},
	{name: "EUC-KR", codec: korean.EUCKR, file: "legacy/Korean-Lipsum.euckr.txt"},
	{name: "Shift_JIS", codec: japanese.ShiftJIS, file: "legacy/Japanese-Lipsum.sjis.txt"},
	{name: "EUC-JP", codec: japanese.EUCJP, file: "legacy/Japanese-Lipsum.eucjp.txt"},
}

// derivePairs decodes every two-byte sequence with c's decoder.
func derivePairs(c *encoding.Codec) *mb.Pairs {
	t := new(mb.Pairs)
	core := c.NewDecoderCore()
	var out [16]byte
	for l := 0; l < 0x100; l++ {
		for x := 0; x < 0x100; x++ {
			if l < 0x80 {
				t[l<<8|x] = uint32(l) | 1<<24
				continue
			}
			core.Reset()
			nd, ns, bad, err := core.Convert(out[:], []byte{byte(l), byte(x)}, true)
			if err != nil || bad.Kind != encoding.KindNone || ns != 2 {
				continue
			}
			if r, n := utf8.DecodeRune(out[:nd]); n == nd && r >= 0x80 {
				t[l<<8|x] = mb.PackLen(r)
			}
		}
	}
	return t
}

func (c *dbcsCase) table() *mb.Pairs {
	if c.pairs == nil {
		c.pairs = derivePairs(c.codec)
	}
	return c.pairs
}

// drive decodes src with the fast path f as a codec does: it calls f, and
// where f makes no progress takes one character itself (an ASCII byte, or
// a pair with an entry); it stops at a pair without one or at the end.
func drive(f func(dst, src []byte, t *mb.Pairs) (int, int), dst, src []byte, t *mb.Pairs) (nDst, nSrc int) {
	for nSrc < len(src) {
		d, s := f(dst[nDst:], src[nSrc:], t)
		nDst += d
		nSrc += s
		if s > 0 || nSrc >= len(src) {
			continue
		}
		if c := src[nSrc]; c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if nSrc+1 >= len(src) {
			return
		}
		v := t[int(src[nSrc])<<8|int(src[nSrc+1])]
		n := int(v >> 24)
		if v == 0 || len(dst)-nDst < n {
			return
		}
		for k := 0; k < n; k++ {
			dst[nDst+k] = byte(v >> (8 * k))
		}
		nDst += n
		nSrc += 2
	}
	return
}

// checkDecode2 compares one call of Decode2 with the scalar reference
// (what it decodes must be what the scalar code decodes of the same
// bytes, and it must stop at a boundary of the scalar code's walk) and the
// drives of both.
func checkDecode2(t *testing.T, name string, tab *mb.Pairs, src []byte, size int) {
	t.Helper()
	dst := make([]byte, size)
	nDst, nSrc := mb.Decode2(dst, src, tab)
	ref := make([]byte, 4*len(src)+64)
	rDst, rSrc := drive(mb.Decode2Scalar, ref, src[:nSrc], tab)
	if rSrc != nSrc || !bytes.Equal(dst[:nDst], ref[:rDst]) {
		t.Fatalf("%s: % x, dst %d: Decode2 = %d, %d, % x; the scalar code gives %d, %d, % x for those bytes",
			name, src, size, nDst, nSrc, dst[:nDst], rDst, rSrc, ref[:rDst])
	}
	if nSrc < len(src) && src[nSrc] >= 0x80 && nSrc+1 < len(src) && tab[int(src[nSrc])<<8|int(src[nSrc+1])] != 0 &&
		len(src)-nSrc >= 24 && len(dst)-nDst >= 48 {
		t.Fatalf("%s: % x, dst %d: Decode2 stopped at %d before a pair it has", name, src, size, nSrc)
	}
	got := make([]byte, size)
	want := make([]byte, size)
	gDst, gSrc := drive(mb.Decode2, got, src, tab)
	wDst, wSrc := drive(mb.Decode2Scalar, want, src, tab)
	if gDst != wDst || gSrc != wSrc || !bytes.Equal(got[:gDst], want[:wDst]) {
		t.Fatalf("%s: % x, dst %d: driven Decode2 = %d, %d, % x; scalar %d, %d, % x",
			name, src, size, gDst, gSrc, got[:gDst], wDst, wSrc, want[:wDst])
	}
}

// mutate returns a piece of text of n bytes from corpus (from a random
// place) with some bytes changed: bad bytes, ASCII, cut pairs.
func mutate(r *rand.Rand, corpus []byte, n, edits int) []byte {
	if n > len(corpus) {
		n = len(corpus)
	}
	at := r.IntN(len(corpus) - n + 1)
	b := append([]byte(nil), corpus[at:at+n]...)
	for k := 0; k < edits && len(b) > 0; k++ {
		i := r.IntN(len(b))
		switch r.IntN(6) {
		case 0:
			b[i] = 0x80
		case 1:
			b[i] = 0xFF
		case 2:
			b[i] = byte(r.IntN(0x80))
		case 3:
			b[i] = byte(r.IntN(0x100))
		case 4:
			b = append(b[:i], b[i+1:]...) // a pair cut
		default:
			b = append(b[:i], append([]byte{'x'}, b[i:]...)...)
		}
	}
	return b
}

func eachKernel(t *testing.T, f func(t *testing.T)) {
	for _, k := range simd.Kernels() {
		t.Run(k, func(t *testing.T) {
			restore, _ := simd.ForceKernel(k)
			defer restore()
			f(t)
		})
	}
}

func TestDecode2Codecs(t *testing.T) {
	for _, c := range dbcsCases {
		corpus := enctest.Corpus(t, c.file)
		tab := c.table()
		t.Run(c.name, func(t *testing.T) {
			eachKernel(t, func(t *testing.T) {
				r := rand.New(rand.NewPCG(1, 2))
				for n := 0; n <= 257; n++ {
					for _, edits := range []int{0, 1, 3, 20} {
						src := mutate(r, corpus, n, edits)
						for _, size := range []int{len(src) / 2, 2*len(src) + 48, 2*len(src) + 160} {
							checkDecode2(t, c.name, tab, src, size)
						}
					}
				}
				for i := 0; i < 300; i++ {
					src := mutate(r, corpus, 1000+r.IntN(3000), r.IntN(8))
					checkDecode2(t, c.name, tab, src, 2*len(src)+200)
				}
				whole := make([]byte, 2*len(corpus)+200)
				checkDecode2(t, c.name, tab, corpus, len(whole))
			})
		})
	}
}

// TestDecode2Places puts a pair the table has, one it has not, a cut pair,
// 80 and FF at every place of a block after ASCII and after pairs.
func TestDecode2Places(t *testing.T) {
	for _, c := range dbcsCases {
		tab := c.table()
		var good, bad, asciiTrail []byte
		for i := 0x8000; i < 0x10000; i++ {
			switch v, x := tab[i], byte(i); {
			case v != 0 && x >= 0x80 && good == nil:
				good = []byte{byte(i >> 8), x}
			case v != 0 && x < 0x80 && x >= 0x40 && asciiTrail == nil:
				asciiTrail = []byte{byte(i >> 8), x}
			case v == 0 && x >= 0xA1 && bad == nil && tab[i&0xFF00|0xA1] != 0:
				bad = []byte{byte(i >> 8), x}
			}
		}
		if good == nil || bad == nil {
			t.Fatalf("%s: no good or bad pair in the table", c.name)
		}
		tails := [][]byte{good, bad, {0x80}, {0xFF}, {good[0]}, {good[0], 'A'}}
		if asciiTrail != nil {
			tails = append(tails, asciiTrail)
		}
		t.Run(c.name, func(t *testing.T) {
			eachKernel(t, func(t *testing.T) {
				for pre := 0; pre <= 140; pre++ {
					for _, filler := range [][]byte{[]byte("ab"), good} {
						for _, tail := range tails {
							src := bytes.Repeat(filler, pre/2+1)[:pre]
							src = append(src, tail...)
							src = append(src, bytes.Repeat(good, 40)...)
							for _, cut := range []int{pre + len(tail), pre + len(tail) + 1, len(src) - 1, len(src)} {
								checkDecode2(t, c.name, tab, src[:cut], 3*cut+200)
							}
						}
					}
				}
			})
		})
	}
}

// TestCodecsKernels decodes mutated text of every codec with each kernel,
// policy Fail and Replace, and wants the scalar kernel's results.
func TestCodecsKernels(t *testing.T) {
	for _, c := range dbcsCases {
		corpus := enctest.Corpus(t, c.file)
		r := rand.New(rand.NewPCG(3, 4))
		var inputs [][]byte
		for n := 0; n <= 300; n += 1 + n/16 {
			for _, edits := range []int{0, 1, 5} {
				inputs = append(inputs, mutate(r, corpus, n, edits))
			}
		}
		for i := 0; i < 50; i++ {
			inputs = append(inputs, mutate(r, corpus, r.IntN(len(corpus)), r.IntN(10)))
		}
		inputs = append(inputs, corpus)
		for _, in := range inputs {
			checkKernels(t, c.codec, in)
		}
	}
}

// checkKernels decodes src with every kernel and policies Fail and Replace
// and wants the same output and error as with the scalar kernel.
func checkKernels(t *testing.T, c *encoding.Codec, src []byte) {
	t.Helper()
	sameUnderKernels(t, c.Name(), src, func(p encoding.Policy) ([]byte, error) {
		return c.WithPolicy(p).AppendDecode(nil, src)
	}, encoding.Fail, encoding.Replace)
}

// sameUnderKernels runs conv under every policy given, with every kernel,
// and wants the same outputs and errors as with the scalar kernel.
func sameUnderKernels(t *testing.T, name string, src []byte, conv func(encoding.Policy) ([]byte, error), policies ...encoding.Policy) {
	t.Helper()
	run := func(k string) (res []string) {
		restore, _ := simd.ForceKernel(k)
		defer restore()
		for _, p := range policies {
			out, err := conv(p)
			res = append(res, fmt.Sprintf("%q %v", out, err))
		}
		return res
	}
	want := run("scalar")
	for _, k := range simd.Kernels() {
		if got := run(k); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: %+q: kernel %s gives %s, scalar %s", name, src, k, got, want)
		}
	}
}

// TestCodecsStreaming decodes mutated text longer than a few blocks with
// the input split at every place and small destinations.
func TestCodecsStreaming(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, c := range dbcsCases {
		corpus := enctest.Corpus(t, c.file)
		r := rand.New(rand.NewPCG(5, 6))
		for _, edits := range []int{0, 2} {
			src := mutate(r, corpus, 200, edits)
			enctest.Streaming(t, c.codec.WithPolicy(encoding.Replace), false, src, 4)
			enctest.Streaming(t, c.codec, false, src, 4)
		}
	}
}

// FuzzDecode2 checks Decode2 against the scalar code, and each codec's
// kernels against the scalar kernel, on the fuzzer's bytes put after pos
// bytes of the codec's text (so that they fall at every place of a block).
func FuzzDecode2(f *testing.F) {
	f.Add([]byte("\xB0\xA1\xB0\xA2 abc \xC4\xE3\xBA\xC3"), uint8(0), uint8(0))
	f.Add(bytes.Repeat([]byte("\x81\x40\xFE"), 30), uint8(63), uint8(1))
	f.Add(bytes.Repeat([]byte("\xA1"), 129), uint8(1), uint8(2))
	f.Add([]byte("\x80\xFF\x81\x30\x81\x30 \x8E\xA1\x8F\xA1\xA1"), uint8(62), uint8(5))
	f.Add([]byte("\xA4\xA2\xA4\xA4 \xB0\xA1\xB0\xA2"), uint8(127), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, pos, which uint8) {
		c := dbcsCases[int(which)%len(dbcsCases)]
		corpus := enctest.Corpus(t, c.file)
		p := int(pos) % 128
		src := append(append([]byte(nil), corpus[:p]...), data...)
		src = append(src, corpus[p:p+70]...)
		tab := c.table()
		for _, k := range simd.Kernels() {
			restore, _ := simd.ForceKernel(k)
			checkDecode2(t, c.name, tab, src, 2*len(src)+160)
			checkDecode2(t, c.name, tab, src, len(src))
			restore()
		}
		checkKernels(t, c.codec, src)
	})
}
