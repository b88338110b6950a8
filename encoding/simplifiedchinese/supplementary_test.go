package simplifiedchinese

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	xsc "golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/internal/simd"
)

// eachKernel runs f with every vector kernel of the CPU forced in turn
// (and the scalar one).
func eachKernel(t *testing.T, f func(t *testing.T, kernel string)) {
	t.Helper()
	for _, k := range simd.Kernels() {
		t.Run(k, func(t *testing.T) {
			restore, ok := simd.ForceKernel(k)
			if !ok {
				t.Fatalf("cannot force kernel %s", k)
			}
			defer restore()
			f(t, k)
		})
	}
}

// supplementaryText returns random text in GB18030 dominated by runs of
// four-byte codes of supplementary characters (runs of every length, and
// the first and last such characters), broken by ASCII, two-byte codes
// and four-byte codes of BMP characters, and the same text in UTF-8.
func supplementaryText(r *rand.Rand, n int) (gb, text []byte) {
	for len(gb) < n {
		switch r.IntN(12) {
		case 0:
			gb = append(gb, ' ')
			text = append(text, ' ')
		case 1:
			gb = append(gb, 0xBA, 0xBA) // 汉
			text = utf8.AppendRune(text, '汉')
		case 2:
			gb = append(gb, 0x81, 0x30, 0x81, 0x30) // U+0080
			text = utf8.AppendRune(text, 0x80)
		default:
			for range 1 + r.IntN(70) {
				c := 0x1F300 + r.Int32N(0x400)
				switch r.IntN(10) {
				case 0:
					c = 0x10000 + r.Int32N(0x100000)
				case 1:
					c = []rune{0x10000, 0x10FFFF}[r.IntN(2)]
				}
				p := int(c) - 0x10000 + 189000
				gb = append(gb, byte(p/12600+0x81), byte(p/1260%10+0x30), byte(p/10%126+0x81), byte(p%10+0x30))
				text = utf8.AppendRune(text, c)
			}
		}
	}
	return gb, text
}

// TestSupplementaryKernels decodes the corpus's emoji text and random
// supplementary text under every kernel, in one call and through
// destinations of odd sizes, and compares the output with the scalar
// kernel's, with the text it was made from and with x/text's decoder (which
// agrees with GB18030 on supplementary characters); and encodes the text
// back.
func TestSupplementaryKernels(t *testing.T) {
	type sample struct {
		name     string
		gb, text []byte
	}
	var samples []sample
	emoji := enctest.Corpus(t, "legacy/Emoji-Lipsum.gb18030.txt")
	samples = append(samples, sample{"Emoji-Lipsum", emoji, nil})
	r := rand.New(rand.NewPCG(21, 22))
	for i := range 40 {
		gb, text := supplementaryText(r, 100*i+1)
		samples = append(samples, sample{"random", gb, text})
	}
	want := make([][]byte, len(samples))
	restore, _ := simd.ForceKernel("scalar")
	for i, s := range samples {
		out, err := GB18030.AppendDecode(nil, s.gb)
		if err != nil {
			t.Fatalf("%s: scalar decode: %v", s.name, err)
		}
		want[i] = out
	}
	restore()
	for i, s := range samples {
		x, err := xsc.GB18030.NewDecoder().Bytes(s.gb)
		if err != nil {
			t.Fatalf("%s: x/text: %v", s.name, err)
		}
		if !bytes.Equal(want[i], x) {
			t.Fatalf("%s: the scalar decoder and x/text differ", s.name)
		}
		if s.text != nil && !bytes.Equal(want[i], s.text) {
			t.Fatalf("%s: the scalar decoder gives % x; want % x", s.name, want[i], s.text)
		}
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		for i, s := range samples {
			got, err := GB18030.AppendDecode(nil, s.gb)
			if err != nil || !bytes.Equal(got, want[i]) {
				t.Fatalf("%s (%d bytes): decode = % x, %v; want % x", s.name, len(s.gb), got, err, want[i])
			}
			for _, size := range []int{5, 63, 64, 67, 200} {
				got := transformAll(t, GB18030.DecodeTransformer(), s.gb, size)
				if !bytes.Equal(got, want[i]) {
					t.Fatalf("%s (%d bytes), dst %d bytes: decode differs", s.name, len(s.gb), size)
				}
			}
			back, err := GB18030.AppendEncode(nil, want[i])
			if err != nil || !bytes.Equal(back, s.gb) {
				t.Fatalf("%s (%d bytes): encode = % x, %v; want % x", s.name, len(s.gb), back, err, s.gb)
			}
			for _, size := range []int{5, 63, 64, 67, 200} {
				got := transformAll(t, GB18030.EncodeTransformer(), want[i], size)
				if !bytes.Equal(got, s.gb) {
					t.Fatalf("%s (%d bytes), dst %d bytes: encode differs", s.name, len(s.gb), size)
				}
			}
		}
	})
}

// transformAll runs tr over the whole of src (at EOF) with a destination
// of size bytes, collecting the output.
func transformAll(t *testing.T, tr transform.Transformer, src []byte, size int) []byte {
	t.Helper()
	tr.Reset()
	dst := make([]byte, size)
	var out []byte
	for {
		nDst, nSrc, err := tr.Transform(dst, src, true)
		out = append(out, dst[:nDst]...)
		src = src[nSrc:]
		switch err {
		case nil:
			return out
		case transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				t.Fatalf("no progress with a destination of %d bytes", size)
			}
		default:
			t.Fatalf("transform: %v", err)
		}
	}
}

// TestSupplementaryHarness runs the shared codec harness, under every
// kernel, on runs of supplementary characters long enough for the
// kernels' blocks (every split point and destination size, every policy)
// and on errors inside such runs.
func TestSupplementaryHarness(t *testing.T) {
	var gb []byte
	var text string
	for i := range 40 {
		c := rune(0x1F600 + 37*i)
		if i%13 == 5 {
			c = 0x10FFFF - rune(i)
		}
		p := int(c) - 0x10000 + 189000
		gb = append(gb, byte(p/12600+0x81), byte(p/1260%10+0x30), byte(p/10%126+0x81), byte(p%10+0x30))
		text += string(c)
	}
	pairs := []enctest.Pair{
		{Name: "40 supplementary", Encoded: gb, Text: text},
		{Name: "a run between others", Encoded: append(append([]byte("a\xBA\xBA\x81\x30\x81\x30"), gb...), "\x90\x30\x81\x30\xE3\x32\x9A\x35z"...),
			Text: "a汉\u0080" + text + "\U00010000\U0010FFFFz"},
	}
	run := string(gb[:80]) // 20 characters
	runText := string([]rune(text)[:20])
	malformed := []enctest.Malformed{
		// A pointer beyond U+10FFFF: one error for the four bytes.
		{Name: "E3 32 9A 36 in a run", Input: []byte(run + "\xE3\x32\x9A\x36" + run),
			Replace: runText + "\uFFFD" + runText, Offset: 80, Kind: encoding.InvalidSequence},
		// A fourth byte out of range: an error for the first byte, then
		// the second is ASCII and the third a lead whose trail is bad.
		{Name: "94 39 F0 2F in a run", Input: []byte(run + "\x94\x39\xF0\x2F" + run),
			Replace: runText + "\uFFFD9\uFFFD/" + runText, Offset: 80, Kind: encoding.InvalidSequence},
		{Name: "a run cut short", Input: []byte(run + "\x94\x39\xF0"),
			Replace: runText + "\uFFFD", Offset: 80, Kind: encoding.Truncated},
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, c := range []*encoding.Codec{GB18030, GB18030_2005} {
			enctest.TestPairs(t, c, pairs, true)
			enctest.TestMalformed(t, c, malformed)
		}
	})
}
