package japanese

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// TestASCIIRun checks asciiRun against a byte-by-byte reference: every
// byte value at every place of a word-sized and a longer run, with dst
// long and short.
func TestASCIIRun(t *testing.T) {
	for b := range 256 {
		for p := range 20 {
			src := bytes.Repeat([]byte{'a'}, 24)
			src[p] = byte(b)
			for _, nd := range []int{24, 10, 0} {
				want := 0
				for want < min(nd, len(src)) && src[want] < 0x80 && !isShift(src[want]) {
					want++
				}
				dst := make([]byte, nd)
				got := asciiRun(dst, src)
				if got != want || !bytes.Equal(dst[:got], src[:want]) {
					t.Fatalf("byte %02X at %d, dst %d: copied %d, want %d", b, p, nd, got, want)
				}
			}
		}
	}
}

// outcome is what a codec makes of in under the Fail, Replace and Escape
// policies (the error text holds the offset and the kind).
func outcome(c *encoding.Codec, in []byte, encode bool) string {
	var s string
	for _, p := range []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Escape} {
		var out []byte
		var err error
		if encode {
			out, err = c.WithPolicy(p).AppendEncode(nil, in)
		} else {
			out, err = c.WithPolicy(p).AppendDecode(nil, in)
		}
		s += fmt.Sprintf("%q %v\n", out, err)
	}
	return s
}

// withoutRuns returns what f returns with the JIS X 0208 run paths off.
func withoutRuns(f func() string) string {
	jis0208Runs = false
	defer func() { jis0208Runs = true }()
	return f()
}

// TestISO2022JPRunsDecode checks that the run path of the decoder agrees
// with the general loop on every lead byte 21–7E (and the bytes around
// that range) with every trail byte after ESC $ B, at the first and the
// last place of an eight-byte word, between valid codes.
func TestISO2022JPRunsDecode(t *testing.T) {
	valid := []byte("0!0\"0#0$0%0&0'0(")
	leads := []int{0x00, 0x0A, 0x0E, 0x0F, 0x1B, 0x20, 0x7F, 0x80, 0xA1, 0xFE, 0xFF}
	for c := 0x21; c <= 0x7E; c++ {
		leads = append(leads, c)
	}
	for _, k := range []int{0, 3} {
		for _, c := range leads {
			for c2 := range 256 {
				in := append([]byte("\x1b$B"), valid[:2*k]...)
				in = append(in, byte(c), byte(c2))
				in = append(in, valid...)
				in = append(in, "\x1b(Bz"...)
				f := func() string { return outcome(ISO2022JP, in, false) }
				if got, want := f(), withoutRuns(f); got != want {
					t.Fatalf("% X: runs give\n%s\nthe general loop\n%s", in, got, want)
				}
			}
		}
	}
}

// randomJIS returns ISO-2022-JP-like input: JIS X 0208 runs with errors,
// escapes and ASCII mixed in.
func randomJIS(r *rand.Rand) []byte {
	var b []byte
	for range r.IntN(40) {
		switch r.IntN(12) {
		case 0:
			b = append(b, "\x1b$B"...)
		case 1:
			b = append(b, "\x1b(B"...)
		case 2:
			b = append(b, []string{"\x1b(J", "\x1b(I", "\x1b$@", "\x1b%G", "\x1b%@", "\x1b$", "\x1b"}[r.IntN(7)]...)
		case 3:
			b = append(b, byte(r.IntN(256)))
		case 4:
			b = append(b, "\n 1\x0e\x0f"[r.IntN(5)])
		default:
			for range r.IntN(12) {
				b = append(b, byte(0x21+r.IntN(94)), byte(0x21+r.IntN(94)))
			}
		}
	}
	return b
}

// randomText returns UTF-8 text mostly of JIS X 0208 characters, with
// ASCII, the characters ISO-2022-JP encodes specially, unmappable ones and
// malformed bytes mixed in.
func randomText(r *rand.Rand, chars []rune) []byte {
	var b []byte
	for range r.IntN(60) {
		switch r.IntN(16) {
		case 0:
			b = append(b, "a \n\x1b\x0e"[r.IntN(5)])
		case 1:
			b = utf8.AppendRune(b, []rune{0xA5, 0x203E, 0x2212, 0xFF61, 0xFF9F, 0xFF76, 0x4E02, 0x1F600, 0xE9}[r.IntN(9)])
		case 2:
			b = append(b, []string{"\xed\xa0\x80", "\xe0\x80\xaf", "\xe3\x81", "\xff", "\xc0\xaf"}[r.IntN(5)]...)
		case 3:
			b = utf8.AppendRune(b, rune(r.IntN(0x10000)))
		default:
			b = utf8.AppendRune(b, chars[r.IntN(len(chars))])
		}
	}
	return b
}

// TestISO2022JPRunsRandom checks the run paths against the general loop
// on random input, and streams it at every split.
func TestISO2022JPRunsRandom(t *testing.T) {
	var chars []rune
	for r := rune(0x800); r < 0x10000; r++ {
		if getTables().eucjpCode[r] != 0 {
			chars = append(chars, r)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 1000 {
		in := randomJIS(rng)
		f := func() string { return outcome(ISO2022JP, in, false) }
		if got, want := f(), withoutRuns(f); got != want {
			t.Fatalf("decode % X: runs give\n%s\nthe general loop\n%s", in, got, want)
		}
		text := randomText(rng, chars)
		f = func() string { return outcome(ISO2022JP, text, true) }
		if got, want := f(), withoutRuns(f); got != want {
			t.Fatalf("encode %q: runs give\n%s\nthe general loop\n%s", text, got, want)
		}
		if i%10 == 0 {
			enctest.Streaming(t, ISO2022JP.WithPolicy(encoding.Replace), false, in, 4)
			enctest.Streaming(t, ISO2022JP.WithPolicy(encoding.Replace), true, text, 4)
		}
	}
}

// TestISO2022JPRunsEncode checks that the run path of the encoder agrees
// with the general loop on every BMP character after JIS X 0208 text, at
// the first and the last place of the four-character step.
func TestISO2022JPRunsEncode(t *testing.T) {
	valid := []rune("亜唖娃阿哀愛挨姶")
	for _, k := range []int{0, 3} {
		for r := rune(0x80); r < 0x10000; r++ {
			if r >= 0xD800 && r <= 0xDFFF {
				continue
			}
			in := []byte("\u3042")
			in = append(in, string(valid[:k])...)
			in = utf8.AppendRune(in, r)
			in = append(in, string(valid)...)
			f := func() string { return outcome(ISO2022JP, in, true) }
			if got, want := f(), withoutRuns(f); got != want {
				t.Fatalf("%q: runs give\n%s\nthe general loop\n%s", in, got, want)
			}
		}
	}
}

// TestISO2022JPMalformedReplacement: malformed UTF-8 after JIS X 0208 is
// replaced by "?" in ASCII. The encoder stays in JIS X 0208 when it
// reports malformed input, and the replacement, asked of it as U+FFFD,
// once came out as ESC ( B alone (encoding.Transformer kept the bytes of
// a failed replacement and dropped the "?").
func TestISO2022JPMalformedReplacement(t *testing.T) {
	for in, want := range map[string]string{
		"か\x80":     "\x1b$B$+\x1b(B?",
		"か\x80か":    "\x1b$B$+\x1b(B?\x1b$B$+\x1b(B",
		"か\xe3\x81": "\x1b$B$+\x1b(B?",
		"a\xff":     "a?",
	} {
		got, err := ISO2022JP.WithPolicy(encoding.Replace).AppendEncode(nil, []byte(in))
		if err != nil || string(got) != want {
			t.Errorf("%q → %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestISO2022JPSkipUnmappable: under Skip, an unmappable character
// between JIS X 0208 characters leaves no ESC ( B ESC $ B behind (two
// escapes with nothing between, which the decoder rejects): the encoder
// once left JIS X 0208 before reporting the character. Under Fail and
// Replace the bytes are WHATWG's, which leaves first.
func TestISO2022JPSkipUnmappable(t *testing.T) {
	for _, tc := range []struct {
		pol      encoding.Policy
		in, want string
	}{
		{encoding.Skip, "か\U0001F600か", "\x1b$B$+$+\x1b(B"},
		{encoding.Skip, "か\x1bか", "\x1b$B$+$+\x1b(B"},
		{encoding.Skip, "かéa", "\x1b$B$+\x1b(Ba"},
		{encoding.Replace, "か\U0001F600か", "\x1b$B$+\x1b(B?\x1b$B$+\x1b(B"},
		{encoding.Escape, "か\U0001F600", "\x1b$B$+\x1b(B\\U0001F600"},
		{encoding.Fail, "か\U0001F600", "\x1b$B$+\x1b(B"},
	} {
		got, err := ISO2022JP.WithPolicy(tc.pol).AppendEncode(nil, []byte(tc.in))
		if (err != nil) != (tc.pol == encoding.Fail) || string(got) != tc.want {
			t.Errorf("%v %q → %q, %v; want %q", tc.pol, tc.in, got, err, tc.want)
			continue
		}
		if _, err := ISO2022JP.AppendDecode(nil, got); err != nil {
			t.Errorf("%v %q → %q, which does not decode: %v", tc.pol, tc.in, got, err)
		}
	}
}

// TestISO2022JPOverlong: an overlong three-byte form (E0 80–9F xx) of a
// character of JIS X 0208 below U+0800 (Greek, Cyrillic, §) is malformed
// at every place of the encoder's four-character step, never encoded.
func TestISO2022JPOverlong(t *testing.T) {
	for _, r := range []rune{0xA7, 0x391, 0x410, 0x7FF} {
		over := []byte{0xE0, byte(0x80 | r>>6), byte(0x80 | r&0x3F)}
		for at := 0; at < 5; at++ {
			var src []byte
			for i := 0; i < 6; i++ {
				if i == at {
					src = append(src, over...)
				} else {
					src = append(src, "亜"...)
				}
			}
			for _, c := range []*encoding.Codec{ISO2022JP, ISO2022JP2, ISO2022JP3} {
				_, err := c.AppendEncode(nil, src)
				var e *encoding.Error
				if !errors.As(err, &e) || e.Offset != int64(3*at) || e.Kind == encoding.Unmappable {
					t.Errorf("%s: %U overlong at %d: %v", c.Name(), r, at, err)
				}
			}
		}
	}
}
