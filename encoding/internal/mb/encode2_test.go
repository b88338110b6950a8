package mb_test

import (
	"bytes"
	"encoding/binary"
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

// The vector Encode2 (simd.EncodePairs, then the scalar code) against the
// scalar one, on tables derived from the codecs' encoders, and the codecs'
// encoders with every kernel against the scalar kernel.

// encCase is a double-byte codec, a sample of UTF-8 text it encodes, and
// a code table derived from its encoder with the character its encoder
// passes to Encode2 as skip.
type encCase struct {
	name  string
	codec *encoding.Codec
	file  string
	// from is the codec whose two-byte codes make the table: GBK's
	// encoder runs Encode2 with GB18030's table and skips U+20AC, which
	// GBK encodes as the single byte 80.
	from *encoding.Codec
	skip uint16
	enc  *[65536]uint16
	none []rune // three-byte characters the table has no code for
}

var encCases = []*encCase{
	{name: "GBK", codec: simplifiedchinese.GBK, from: simplifiedchinese.GB18030, skip: 0x20AC, file: "Chinese-Lipsum.utf8.txt"},
	{name: "GB18030", codec: simplifiedchinese.GB18030, file: "Chinese-Lipsum.utf8.txt"},
	{name: "Big5", codec: traditionalchinese.Big5, file: "Chinese-Lipsum.utf8.txt"},
	{name: "EUC-KR", codec: korean.EUCKR, file: "Korean-Lipsum.utf8.txt"},
	{name: "Shift_JIS", codec: japanese.ShiftJIS, file: "Japanese-Lipsum.utf8.txt"},
	{name: "EUC-JP", codec: japanese.EUCJP, file: "Japanese-Lipsum.utf8.txt"},
}

// table encodes every character U+0080–U+FFFF with the codec and keeps
// the two-byte codes (those below U+0800 test that Encode2 rejects the
// overlong three-byte forms of their characters).
func (c *encCase) table() *[65536]uint16 {
	if c.enc != nil {
		return c.enc
	}
	from := c.from
	if from == nil {
		from = c.codec
	}
	c.enc = new([65536]uint16)
	core := from.NewEncoderCore()
	var out [8]byte
	for r := rune(0x80); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r < 0xE000 {
			continue
		}
		core.Reset()
		src := utf8.AppendRune(nil, r)
		nd, ns, bad, err := core.Convert(out[:], src, true)
		if err == nil && bad.Kind == encoding.KindNone && ns == len(src) && nd == 2 {
			c.enc[r] = uint16(out[0])<<8 | uint16(out[1])
		} else if r >= 0x800 {
			c.none = append(c.none, r)
		}
	}
	return c.enc
}

// takes reports whether Encode2 takes the character at the start of p,
// and its length.
func takes(p []byte, enc *[65536]uint16, skip uint16) (bool, int) {
	if len(p) > 0 && p[0] < 0x80 {
		return true, 1
	}
	if len(p) < 3 || p[0]&0xF0 != 0xE0 || p[1]&0xC0 != 0x80 || p[2]&0xC0 != 0x80 {
		return false, 0
	}
	r := uint16(p[0]&0x0F)<<12 | uint16(p[1]&0x3F)<<6 | uint16(p[2]&0x3F)
	return r >= 0x800 && r != skip && enc[r] != 0, 3
}

// driveEnc encodes src with the fast path f as a codec does: it calls f,
// and where f makes no progress takes one character itself (an ASCII byte
// or a character Encode2 takes); it stops at any other character or at
// the end.
func driveEnc(f func(dst, src []byte, enc *[65536]uint16, skip uint16) (int, int), dst, src []byte, enc *[65536]uint16, skip uint16) (nDst, nSrc int) {
	for nSrc < len(src) {
		d, s := f(dst[nDst:], src[nSrc:], enc, skip)
		nDst += d
		nSrc += s
		if s > 0 || nSrc >= len(src) {
			continue
		}
		ok, n := takes(src[nSrc:], enc, skip)
		if !ok || len(dst)-nDst < min(n, 2) {
			return
		}
		if n == 1 {
			dst[nDst] = src[nSrc]
			nDst++
			nSrc++
			continue
		}
		r, _ := utf8.DecodeRune(src[nSrc:])
		dst[nDst], dst[nDst+1] = byte(enc[r]>>8), byte(enc[r])
		nDst += 2
		nSrc += 3
	}
	return
}

// checkEncode2 compares one call of Encode2 with the scalar code (what
// it encodes must be what the scalar code encodes of the same bytes, and
// it must stop at a boundary of the scalar code's walk, and not before a
// character it takes while both buffers have room for a block) and the
// drives of both.
func checkEncode2(t *testing.T, c *encCase, src []byte, size int) {
	t.Helper()
	enc, skip := c.table(), c.skip
	dst := make([]byte, size)
	nDst, nSrc := mb.Encode2(dst, src, enc, skip)
	ref := make([]byte, 2*len(src)+64)
	rDst, rSrc := driveEnc(mb.Encode2Scalar, ref, src[:nSrc], enc, skip)
	if rSrc != nSrc || !bytes.Equal(dst[:nDst], ref[:rDst]) {
		t.Fatalf("%s: %+q, dst %d: Encode2 = %d, %d, % x; the scalar code gives %d, %d, % x for those bytes",
			c.name, src, size, nDst, nSrc, dst[:nDst], rDst, rSrc, ref[:rDst])
	}
	if ok, _ := takes(src[nSrc:], enc, skip); ok && len(src)-nSrc >= simd.EncodePairsMinSrc && len(dst)-nDst >= simd.EncodePairsMinDst &&
		!mb.IsASCII8(src[nSrc:]) {
		t.Fatalf("%s: %+q, dst %d: Encode2 stopped at %d before a character it takes", c.name, src, size, nSrc)
	}
	got := make([]byte, size)
	want := make([]byte, size)
	gDst, gSrc := driveEnc(mb.Encode2, got, src, enc, skip)
	wDst, wSrc := driveEnc(mb.Encode2Scalar, want, src, enc, skip)
	if gDst != wDst || gSrc != wSrc || !bytes.Equal(got[:gDst], want[:wDst]) {
		t.Fatalf("%s: %+q, dst %d: driven Encode2 = %d, %d, % x; scalar %d, %d, % x",
			c.name, src, size, gDst, gSrc, got[:gDst], wDst, wSrc, want[:wDst])
	}
}

// stoppers are the pieces of UTF-8 that Encode2 leaves to the general
// loop, besides characters without a code and the skip character: two-
// and four-byte characters, overlong forms, surrogates, bad and cut
// sequences.
var stoppers = [][]byte{
	[]byte("é"), []byte("·"), []byte("\u07FF"), []byte("😀"), []byte("\U0010FFFF"),
	{0xE0, 0x80, 0x80}, {0xE0, 0x9F, 0xBF}, {0xE0, 0x82, 0xB7}, {0xE0, 0x8E, 0x91}, {0xE0, 0x90, 0x81}, {0xED, 0xA0, 0x80}, {0xED, 0xBF, 0xBF},
	{0xE4, 0xB8, 0x41}, {0xE4, 0xB8}, {0xE4}, {0x80}, {0xBF}, {0xC0, 0x80}, {0xC1, 0xBF},
	{0xF5, 0x80}, {0xF8}, {0xFE}, {0xFF}, {0xF0, 0x9F, 0x98}, {0xE4, 0xE4, 0xB8, 0xAD},
}

// mutateUTF8 returns a piece of UTF-8 text of n bytes from corpus (from a
// random place) with edits: stoppers, characters without a code, the
// skip character, ASCII, bytes deleted or changed.
func (c *encCase) mutateUTF8(r *rand.Rand, corpus []byte, n, edits int) []byte {
	n = min(n, len(corpus))
	at := r.IntN(len(corpus) - n + 1)
	b := append([]byte(nil), corpus[at:at+n]...)
	c.table()
	for k := 0; k < edits && len(b) > 0; k++ {
		i := r.IntN(len(b))
		var ins []byte
		switch r.IntN(8) {
		case 0:
			ins = stoppers[r.IntN(len(stoppers))]
		case 1:
			ins = utf8.AppendRune(nil, c.none[r.IntN(len(c.none))])
		case 2:
			ins = utf8.AppendRune(nil, rune(max(c.skip, 0x20AC)))
		case 3:
			ins = bytes.Repeat([]byte{byte(' ' + r.IntN(0x5F))}, 1+r.IntN(70))
		case 4:
			b = append(b[:i], b[i+1:]...)
			continue
		case 5:
			b[i] = byte(r.IntN(0x100))
			continue
		default:
			ins = []byte{'x'}
		}
		b = append(b[:i], append(append([]byte(nil), ins...), b[i:]...)...)
	}
	return b
}

func TestEncode2Codecs(t *testing.T) {
	for _, c := range encCases {
		corpus := enctest.Corpus(t, c.file)
		t.Run(c.name, func(t *testing.T) {
			eachKernel(t, func(t *testing.T) {
				r := rand.New(rand.NewPCG(1, 2))
				for n := 0; n <= 300; n++ {
					for _, edits := range []int{0, 1, 3, 20} {
						src := c.mutateUTF8(r, corpus, n, edits)
						for _, size := range []int{len(src) / 2, len(src) + 128, 2*len(src) + 128} {
							checkEncode2(t, c, src, size)
						}
					}
				}
				for i := 0; i < 300; i++ {
					src := c.mutateUTF8(r, corpus, 1000+r.IntN(3000), r.IntN(8))
					checkEncode2(t, c, src, len(src)+200)
				}
				checkEncode2(t, c, corpus, len(corpus)+200)
			})
		})
	}
}

// TestEncode2Places puts a character with a code, one without, the skip
// character and each stopper at every place of a block, after ASCII,
// after characters with a code and after a mix of both.
func TestEncode2Places(t *testing.T) {
	for _, c := range encCases {
		enc := c.table()
		var good []byte
		for r := rune(0x4E00); good == nil; r++ {
			if enc[r] != 0 && uint16(r) != c.skip {
				good = utf8.AppendRune(nil, r)
			}
		}
		tails := [][]byte{good, []byte("a"), utf8.AppendRune(nil, c.none[len(c.none)/2]), []byte("€")}
		tails = append(tails, stoppers...)
		t.Run(c.name, func(t *testing.T) {
			eachKernel(t, func(t *testing.T) {
				for pre := 0; pre <= 140; pre++ {
					for _, filler := range [][]byte{[]byte("ab"), good, append([]byte(" "), good...)} {
						for _, tail := range tails {
							src := bytes.Repeat(filler, pre/len(filler)+1)[:pre]
							src = append(src, tail...)
							src = append(src, bytes.Repeat(good, 30)...)
							for _, cut := range []int{pre + len(tail), pre + len(tail) + 1, len(src) - 1, len(src)} {
								checkEncode2(t, c, src[:cut], 2*cut+200)
								checkEncode2(t, c, src[:cut], cut)
							}
						}
					}
				}
			})
		})
	}
}

// TestEncode2Tables checks what Encode2's checks rely on in each real
// table: no code for surrogates (the tables have no entry there: the
// derived ones cannot, as surrogates do not encode) and codes of two
// bytes with a lead byte 80–FF.
func TestEncode2Tables(t *testing.T) {
	for _, c := range encCases {
		enc := c.table()
		n := 0
		for r, v := range enc {
			if v != 0 {
				n++
				if v < 0x8000 {
					t.Errorf("%s: U+%04X has the code %04X", c.name, r, v)
				}
			}
		}
		if n < 5000 {
			t.Errorf("%s: %d codes in the table", c.name, n)
		}
		if c.skip != 0 && enc[c.skip] == 0 {
			t.Errorf("%s: the skip character U+%04X has no two-byte code: the test does not test it", c.name, c.skip)
		}
	}
}

// TestEncodeCodecsKernels encodes mutated text with every codec and
// kernel, policies Fail, Replace and Escape, and wants the scalar
// kernel's results.
func TestEncodeCodecsKernels(t *testing.T) {
	for _, c := range encCases {
		corpus := enctest.Corpus(t, c.file)
		r := rand.New(rand.NewPCG(3, 4))
		var inputs [][]byte
		for n := 0; n <= 300; n += 1 + n/16 {
			for _, edits := range []int{0, 1, 5} {
				inputs = append(inputs, c.mutateUTF8(r, corpus, n, edits))
			}
		}
		for i := 0; i < 50; i++ {
			inputs = append(inputs, c.mutateUTF8(r, corpus, r.IntN(len(corpus)), r.IntN(10)))
		}
		inputs = append(inputs, corpus)
		for _, in := range inputs {
			checkEncodeKernels(t, c.codec, in)
		}
	}
}

// checkEncodeKernels encodes src with every kernel and policies Fail,
// Replace and Escape and wants the same output and error as with the
// scalar kernel.
func checkEncodeKernels(t *testing.T, c *encoding.Codec, src []byte) {
	t.Helper()
	sameUnderKernels(t, c.Name(), src, func(p encoding.Policy) ([]byte, error) {
		return c.WithPolicy(p).AppendEncode(nil, src)
	}, encoding.Fail, encoding.Replace, encoding.Escape)
}

// TestEncodeCodecsStreaming encodes mutated text longer than a few
// blocks with the input split at every place and small destinations.
func TestEncodeCodecsStreaming(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, c := range encCases {
		corpus := enctest.Corpus(t, c.file)
		r := rand.New(rand.NewPCG(5, 6))
		for _, edits := range []int{0, 2} {
			src := c.mutateUTF8(r, corpus, 200, edits)
			enctest.Streaming(t, c.codec.WithPolicy(encoding.Replace), true, src, 4)
			enctest.Streaming(t, c.codec, true, src, 4)
		}
	}
}

// FuzzEncode2 checks Encode2 against the scalar code, and each codec's
// kernels against the scalar kernel, on the fuzzer's bytes put after pos
// bytes of the codec's text (so that they fall at every place of a block).
func FuzzEncode2(f *testing.F) {
	f.Add([]byte("中文 abc 한국어 日本語"), uint8(0), uint8(0))
	f.Add(bytes.Repeat([]byte("\xE4\xB8\xAD"), 30), uint8(63), uint8(1))
	f.Add([]byte("\xE0\x80\x80\xED\xA0\x80\xE2\x82\xAC\xC3\xA9\xF0\x9F\x98\x80"), uint8(62), uint8(0))
	f.Add([]byte("€·é 가나다 ｱｲｳ"), uint8(127), uint8(3))
	f.Add([]byte("\xE4\xB8\xAD\xE4\xB8"), uint8(61), uint8(5))
	f.Fuzz(func(t *testing.T, data []byte, pos, which uint8) {
		c := encCases[int(which)%len(encCases)]
		corpus := enctest.Corpus(t, c.file)
		p := int(pos) % 128
		src := append(append([]byte(nil), corpus[:p]...), data...)
		src = append(src, corpus[p:p+70]...)
		for _, k := range simd.Kernels() {
			restore, _ := simd.ForceKernel(k)
			checkEncode2(t, c, src, 2*len(src)+128)
			checkEncode2(t, c, src, len(src))
			restore()
		}
		checkEncodeKernels(t, c.codec, src)
	})
}

// TestHasLead24 checks the word test of Encode2 against a byte loop, for
// every byte value at every place of a word of other bytes.
func TestHasLead24(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 20000; i++ {
		var w [8]byte
		for k := range w {
			w[k] = byte(r.IntN(256))
			if r.IntN(3) > 0 {
				w[k] = byte(r.IntN(0xC0)) // ASCII and continuations, which are not leads
			}
		}
		w[r.IntN(8)] = byte(i)
		want := false
		for _, b := range w {
			if b >= 0xC0 && b < 0xE0 || b >= 0xF0 && b < 0xF8 {
				want = true
			}
		}
		if got := mb.HasLead24(binary.LittleEndian.Uint64(w[:])); got != want {
			t.Fatalf("HasLead24(% x) = %v, want %v", w, got, want)
		}
	}
}
