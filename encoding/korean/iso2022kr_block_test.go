package korean

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/internal/simd"
)

// iso2022krRandom makes about n bytes of ISO-2022-KR: Korean-like words
// (SO, pairs of Hangul, SI) between spaces and line ends, ASCII words, and
// with bad in 1 of every bad words (0 for none) a fault: a pair with no
// character, a line end or a space in KS X 1001, an odd run, a byte 80–FF,
// an escape (the designation, another, a cut one), a shift twice.
func iso2022krRandom(r *rand.Rand, n, bad int) []byte {
	b := []byte(iso2022krDesignation)
	for len(b) < n {
		switch r.IntN(10) {
		case 0:
			b = append(b, "word "...)
		case 1:
			b = append(b, '\r', '\n')
		default:
			b = append(b, so)
			for range 1 + r.IntN(4) {
				b = append(b, 0x30+byte(r.IntN(0x18)), 0x21+byte(r.IntN(0x5E)))
			}
			b = append(b, si, ' ')
		}
		if bad > 0 && r.IntN(bad) == 0 {
			faults := []string{"\x0e\x22\x6f\x0f", "\x0e\x30\x21\n\x0f", "\x0e\x30 \x21\x0f", "\x0e\x30\x21\x30\x0f",
				"\xb0\xa1", "\x1b$)C", "\x1b$)A", "\x1b$", "\x0e\x0e\x30\x21\x0f\x0f", "\x0e\x30\x0e\x21\x0f", "\x0e\x30\x21\x7f\x21\x0f"}
			b = append(b, faults[r.IntN(len(faults))]...)
		}
	}
	return b
}

// iso2022krResults decodes src with each policy, split in two at split,
// with dst buffers of dstSize bytes.
func iso2022krResults(src []byte, split, dstSize int) []enctest.Result {
	var rs []enctest.Result
	for _, c := range []*encoding.Codec{ISO2022KR, ISO2022KR.WithPolicy(encoding.Replace)} {
		var tr transform.Transformer = c.DecodeTransformer()
		rs = append(rs, enctest.Drive(tr, [][]byte{src[:split], src[split:]}, dstSize))
	}
	return rs
}

func sameResults(a, b []enctest.Result) bool {
	for i := range a {
		if !bytes.Equal(a[i].Out, b[i].Out) || (a[i].Err == nil) != (b[i].Err == nil) ||
			(a[i].Err != nil && a[i].Err.Error() != b[i].Err.Error()) {
			return false
		}
	}
	return true
}

// The block path (EUC-KR form through the vector step) against the scalar
// decoder, the scalar kernel's path, on random text with and without
// faults, split at every place, with large and small dst buffers.
func TestISO2022KRBlockDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var inputs [][]byte
	for i := range 24 {
		inputs = append(inputs, iso2022krRandom(r, 200+r.IntN(1200), []int{0, 2, 10, 60}[i%4]))
	}
	// Faults on either side of a 64-byte block edge.
	base := iso2022krRandom(r, 700, 0)
	for _, at := range []int{63, 64, 65, 127, 128, 129, 191, 192} {
		for _, f := range []string{"\x0e\x22\x6f\x0f", "\x0e\x30\x21\x30\x0f", "\x1b$)C", "\xb0", "\x0e\x30"} {
			in := append(append(append([]byte(nil), base[:at]...), f...), base[at:]...)
			inputs = append(inputs, in)
		}
	}
	checked := 0
	for _, k := range simd.Kernels() {
		restore, _ := simd.ForceKernel(k)
		vector := simd.HasISO2022KR()
		restore()
		if !vector {
			continue
		}
		for _, src := range inputs {
			for _, dstSize := range []int{4*len(src) + 64, 97} {
				for split := 0; split <= len(src); split++ {
					restore, _ := simd.ForceKernel("scalar")
					want := iso2022krResults(src, split, dstSize)
					restore()
					restore, _ = simd.ForceKernel(k)
					got := iso2022krResults(src, split, dstSize)
					restore()
					if !sameResults(got, want) {
						t.Fatalf("kernel %s, split %d, dst %d, src %q:\n got %v\nwant %v", k, split, dstSize, src, got, want)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Skip("no kernel of this CPU has the ISO-2022-KR vector step")
	}
}

// The same on the Korean corpus file, as ISO-2022-KR.
func TestISO2022KRBlockCorpus(t *testing.T) {
	text, err := EUCKR.AppendDecode(nil, enctest.Corpus(t, "legacy/Korean-Lipsum.euckr.txt"))
	if err != nil {
		t.Fatal(err)
	}
	src, _ := ISO2022KR.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	for _, k := range simd.Kernels() {
		restore, _ := simd.ForceKernel(k)
		if !simd.HasISO2022KR() {
			restore()
			continue
		}
		got, err := ISO2022KR.AppendDecode(nil, src)
		restore()
		if err != nil || !bytes.Equal(got, text) {
			t.Fatalf("kernel %s: the corpus does not round-trip (%v)", k, err)
		}
		for _, split := range []int{0, 1, 63, 64, 65, len(src) / 3, len(src) / 2, len(src) - 1} {
			for _, dstSize := range []int{4*len(src) + 64, 4096, 97} {
				restore, _ := simd.ForceKernel("scalar")
				want := iso2022krResults(src, split, dstSize)
				restore()
				restore, _ = simd.ForceKernel(k)
				got := iso2022krResults(src, split, dstSize)
				restore()
				if !sameResults(got, want) {
					t.Fatalf("kernel %s, split %d, dst %d: results differ", k, split, dstSize)
				}
			}
		}
	}
}

// iso2022krEncodeResults encodes text with each policy, split in two at
// split, with dst buffers of dstSize bytes.
func iso2022krEncodeResults(text []byte, split, dstSize int) []enctest.Result {
	var rs []enctest.Result
	for _, c := range []*encoding.Codec{ISO2022KR, ISO2022KR.WithPolicy(encoding.Replace)} {
		rs = append(rs, enctest.Drive(c.EncodeTransformer(), [][]byte{text[:split], text[split:]}, dstSize))
	}
	return rs
}

// iso2022krRandomText makes about n bytes of UTF-8: Hangul words of
// KS X 1001 between spaces and line ends, with bad in 1 of every bad words
// (0 for none) a character the block path leaves to the scalar loop: a
// Hangul syllable only UHC has, a two-byte character (in KS X 1001 or
// not), SO, SI or ESC, an emoji, a cut or invalid UTF-8 sequence.
func iso2022krRandomText(r *rand.Rand, n, bad int) []byte {
	var b []byte
	for len(b) < n {
		switch r.IntN(8) {
		case 0:
			b = append(b, "word "...)
		case 1:
			b = append(b, '\n')
		default:
			for range 1 + r.IntN(4) {
				b = append(b, "가나다라마바사아자차카타파하한국어똠방각"[3*r.IntN(19):][:3]...)
			}
			b = append(b, ' ')
		}
		if bad > 0 && r.IntN(bad) == 0 {
			faults := []string{"갂", "·", "é", "\x0e", "\x0f", "\x1b", "😀", "\xe0\xa0", "\xff"}
			b = append(b, faults[r.IntN(len(faults))]...)
		}
	}
	return b
}

// The encoder's block path against the scalar encoder, as for decoding.
func TestISO2022KREncodeBlockDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var inputs [][]byte
	for i := range 24 {
		inputs = append(inputs, iso2022krRandomText(r, 200+r.IntN(1200), []int{0, 2, 10, 60}[i%4]))
	}
	checked := 0
	for _, k := range simd.Kernels() {
		restore, _ := simd.ForceKernel(k)
		vector := simd.HasISO2022KR()
		restore()
		if !vector {
			continue
		}
		for _, text := range inputs {
			for _, dstSize := range []int{4*len(text) + 64, 97} {
				for split := 0; split <= len(text); split++ {
					restore, _ := simd.ForceKernel("scalar")
					want := iso2022krEncodeResults(text, split, dstSize)
					restore()
					restore, _ = simd.ForceKernel(k)
					got := iso2022krEncodeResults(text, split, dstSize)
					restore()
					if !sameResults(got, want) {
						t.Fatalf("kernel %s, split %d, dst %d, text %q:\n got %v\nwant %v", k, split, dstSize, text, got, want)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Skip("no kernel of this CPU has the ISO-2022-KR vector step")
	}
}
