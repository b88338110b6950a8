package utf

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/internal/simd"
	"github.com/ucskit/ucs/internal/testfiles"
)

// forKernels runs fn once with each SIMD kernel this CPU can run (just
// the scalar one under the purego tag or off amd64).
func forKernels(t testing.TB, fn func(kernel string)) {
	t.Helper()
	for _, k := range simd.Kernels() {
		restore, ok := simd.ForceKernel(k)
		if !ok {
			t.Fatalf("kernel %s listed but not forcible", k)
		}
		fn(k)
		restore()
	}
}

var orders = []ByteOrder{LittleEndian, BigEndian}

// validCase is one assume-valid function beside its validating twin, for
// one byte order: prep turns valid UTF-8 text into the function's input
// (false when the text has no form in it), bound is the documented
// maximum number of bytes appended.
type validCase struct {
	name  string
	prep  func(text []byte) ([]byte, bool)
	fast  func(dst, src []byte) []byte
	slow  func(dst, src []byte) ([]byte, error)
	bound func(n int) int
}

func validCases() []validCase {
	identity := func(b []byte) ([]byte, bool) { return b, true }
	var cs []validCase
	for _, o := range orders {
		on := "LE"
		if o == BigEndian {
			on = "BE"
		}
		cs = append(cs,
			validCase{
				name: "UTF16FromValidUTF8." + on, prep: identity,
				fast:  func(d, s []byte) []byte { return AppendUTF16FromValidUTF8(d, s, o) },
				slow:  func(d, s []byte) ([]byte, error) { return AppendUTF16FromUTF8(d, s, o) },
				bound: func(n int) int { return 2 * n },
			},
			validCase{
				name: "UTF8FromValidUTF16." + on,
				prep: func(b []byte) ([]byte, bool) {
					w, err := AppendUTF16FromUTF8(nil, b, o)
					return w, err == nil
				},
				fast:  func(d, s []byte) []byte { return AppendUTF8FromValidUTF16(d, s, o) },
				slow:  func(d, s []byte) ([]byte, error) { return AppendUTF8FromUTF16(d, s, o) },
				bound: func(n int) int { return 3 * (n / 2) },
			},
			validCase{
				name: "UTF32FromValidUTF8." + on, prep: identity,
				fast:  func(d, s []byte) []byte { return AppendUTF32FromValidUTF8(d, s, o) },
				slow:  func(d, s []byte) ([]byte, error) { return AppendUTF32FromUTF8(d, s, o) },
				bound: func(n int) int { return 4 * n },
			},
			validCase{
				name: "UTF8FromValidUTF32." + on,
				prep: func(b []byte) ([]byte, bool) {
					w, err := AppendUTF32FromUTF8(nil, b, o)
					return w, err == nil
				},
				fast:  func(d, s []byte) []byte { return AppendUTF8FromValidUTF32(d, s, o) },
				slow:  func(d, s []byte) ([]byte, error) { return AppendUTF8FromUTF32(d, s, o) },
				bound: func(n int) int { return n },
			},
		)
	}
	return append(cs, validCase{
		name: "Latin1FromValidUTF8",
		prep: func(b []byte) ([]byte, bool) {
			_, err := AppendLatin1FromUTF8(nil, b)
			return b, err == nil
		},
		fast:  AppendLatin1FromValidUTF8,
		slow:  AppendLatin1FromUTF8,
		bound: func(n int) int { return n },
	})
}

// latin1Text keeps the characters of the valid UTF-8 text b that are in
// U+0000–U+00FF, so that the Latin-1 functions get real text too.
func latin1Text(b []byte) []byte {
	var out []byte
	for _, r := range string(b) {
		if r <= 0xFF {
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

// checkSame fails unless c.fast and c.slow give the same bytes on the
// valid UTF-8 text, appended after a prefix.
func checkSame(t *testing.T, kernel string, c validCase, text []byte) {
	t.Helper()
	src, ok := c.prep(text)
	if !ok {
		t.Fatalf("%s: test text has no form in this encoding", c.name)
	}
	want, err := c.slow([]byte("<<"), src)
	if err != nil {
		t.Fatalf("%s (%s): validating twin failed on valid input: %v", c.name, kernel, err)
	}
	got := c.fast([]byte("<<"), src)
	if !bytes.Equal(got, want) {
		t.Fatalf("%s (%s) on %d bytes: got %d bytes, want %d (first difference at %d)",
			c.name, kernel, len(src), len(got), len(want), firstDiff(got, want))
	}
}

func firstDiff(a, b []byte) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// randomRunes is valid UTF-8 text of about n bytes drawn from ASCII,
// two-, three- and four-byte characters in proportions that vary from
// call to call, or only from U+0000–U+00FF when latin is set.
func randomRunes(r *rand.Rand, n int, latin bool) []byte {
	var out []byte
	mix := [4]int{r.IntN(8), r.IntN(4), r.IntN(4), r.IntN(3)}
	total := mix[0] + mix[1] + mix[2] + mix[3] + 1
	for len(out) < n {
		x := r.IntN(total)
		var c rune
		switch {
		case x <= mix[0]:
			c = rune(r.IntN(0x80))
		case x <= mix[0]+mix[1] || latin:
			c = 0x80 + rune(r.IntN(0x780))
		case x <= mix[0]+mix[1]+mix[2]:
			c = 0x800 + rune(r.IntN(0xF800))
			if c >= 0xD800 && c < 0xE000 {
				c = 0xFFFD
			}
		default:
			c = 0x10000 + rune(r.IntN(0x100000))
		}
		if latin && c > 0xFF {
			c = 0x80 + c%0x80
		}
		out = utf8.AppendRune(out, c)
	}
	return out
}

// TestFromValidMatchesValidating checks that on valid input each
// assume-valid function appends what its validating twin appends, under
// every kernel: on each text of the corpus sample and on random text of
// lengths around the 32- and 64-byte windows of the kernels.
func TestFromValidMatchesValidating(t *testing.T) {
	var texts [][]byte
	for _, name := range testfiles.CorpusNames(t, "*.utf8.txt") {
		texts = append(texts, testfiles.Corpus(t, name))
	}
	r := rand.New(rand.NewPCG(20, 26))
	for _, n := range []int{0, 1, 3, 15, 31, 33, 63, 64, 65, 67, 127, 129, 200, 1000, 4099} {
		texts = append(texts, randomRunes(r, n, false), randomRunes(r, n, true))
	}
	forKernels(t, func(k string) {
		for _, c := range validCases() {
			for _, text := range texts {
				if c.name == "Latin1FromValidUTF8" {
					text = latin1Text(text)
				}
				checkSame(t, k, c, text)
			}
		}
	})
}

// checkBounded runs c.fast on src, which need not be valid, after a
// prefix with spare capacity, and fails if it panics, changes the prefix
// or appends more than the documented bound.
func checkBounded(t *testing.T, kernel string, c validCase, src []byte) {
	t.Helper()
	defer func() {
		if e := recover(); e != nil {
			t.Fatalf("%s (%s) panicked on % X: %v", c.name, kernel, src, e)
		}
	}()
	dst := make([]byte, 2, 2+c.bound(len(src))+64)
	dst[0], dst[1] = '<', '<'
	out := c.fast(dst, src)
	if string(out[:2]) != "<<" {
		t.Fatalf("%s (%s) changed the prefix: % X", c.name, kernel, out[:2])
	}
	if n := len(out) - 2; n > c.bound(len(src)) {
		t.Fatalf("%s (%s) appended %d bytes for %d bytes of input, bound %d",
			c.name, kernel, n, len(src), c.bound(len(src)))
	}
}

// TestFromValidInvalidInput feeds ill-formed input to each assume-valid
// function under every kernel: random bytes, and valid text of every
// kind with bytes overwritten at random places (so that the vector
// windows see errors mid-block). The output is unspecified, but nothing
// may panic and the output must stay within its bound. The internal/simd
// guard-page tests check that the kernels read and write nothing outside
// their slices.
func TestFromValidInvalidInput(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var inputs [][]byte
	for _, n := range []int{1, 2, 3, 5, 33, 64, 67, 130, 300, 1025} {
		junk := make([]byte, n)
		for i := range junk {
			junk[i] = byte(r.Uint32())
		}
		inputs = append(inputs, junk)
		text := randomRunes(r, n, false)
		for _, form := range [][]byte{
			text,
			must(AppendUTF16FromUTF8(nil, text, LittleEndian)),
			must(AppendUTF32FromUTF8(nil, text, LittleEndian)),
			must(AppendUTF32FromUTF8(nil, text, BigEndian)),
		} {
			for range 4 {
				bad := bytes.Clone(form)
				for range 1 + r.IntN(3) {
					bad[r.IntN(len(bad))] = []byte{0x80, 0xC0, 0xED, 0xF4, 0xFF, 0x00, 0xD8, 0x11}[r.IntN(8)]
				}
				inputs = append(inputs, bad, bad[:len(bad)-1])
			}
		}
	}
	forKernels(t, func(k string) {
		for _, c := range validCases() {
			for _, in := range inputs {
				checkBounded(t, k, c, in)
			}
		}
	})
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// FuzzFromValid checks each assume-valid function under every kernel:
// on the fuzzer's input as it is (valid or not) it must not panic and
// must stay within its bound; on the input made valid (ill-formed
// sequences replaced by U+FFFD) it must equal its validating twin.
func FuzzFromValid(f *testing.F) {
	fuzzSeeds(f)
	f.Add([]byte("Ünïcödé ✓ ∑ 😀 𝄞 " + "日本語のテキスト, and some ASCII to fill a window or two......"))
	f.Add(bytes.Repeat([]byte("\xF0\x9F\x98\x80é"), 30))
	f.Fuzz(func(t *testing.T, in []byte) {
		text := bytes.ToValidUTF8(in, []byte("\uFFFD"))
		forKernels(t, func(k string) {
			for _, c := range validCases() {
				checkBounded(t, k, c, in)
				if c.name == "Latin1FromValidUTF8" {
					checkSame(t, k, c, latin1Text(text))
				} else {
					checkSame(t, k, c, text)
				}
			}
		})
	})
}
