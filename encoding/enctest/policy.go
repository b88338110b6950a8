package enctest

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// Streaming checks that decoding (or encoding) src gives the same output
// and error whatever the split point and destination size: the input is
// cut in two at every position, and written through every destination
// size from 1 to maxDst. Unlike CheckStreaming, which samples split points
// and sizes, it tries them all, and it compares the error's rune too.
func Streaming(tb testing.TB, c *encoding.Codec, encode bool, src []byte, maxDst int) {
	tb.Helper()
	mk := c.DecodeTransformer
	if encode {
		mk = c.EncodeTransformer
	}
	want := Whole(mk(), src)
	for split := 0; split <= len(src); split++ {
		for size := 1; size <= maxDst; size++ {
			got := Drive(mk(), [][]byte{src[:split], src[split:]}, size)
			if !bytes.Equal(got.Out, want.Out) || !sameError(got.Err, want.Err) {
				tb.Fatalf("%s %s % X split at %d, dst %d:\n got % X, %v\nwant % X, %v",
					c.Name(), dir(encode), src, split, size, got.Out, got.Err, want.Out, want.Err)
			}
		}
	}
}

func dir(encode bool) string {
	if encode {
		return "encode"
	}
	return "decode"
}

func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	var ea, eb *encoding.Error
	if errors.As(a, &ea) && errors.As(b, &eb) {
		return ea.Offset == eb.Offset && ea.Len == eb.Len && ea.Kind == eb.Kind && ea.Rune == eb.Rune
	}
	return a.Error() == b.Error()
}

// Policies checks every error policy of the decoder (or encoder) on src
// against the strict one: the strict codec is run repeatedly, restarting
// after each error, and the Replace, Skip and Escape outputs must equal
// what that reconstruction predicts. It returns the number of errors.
func Policies(tb testing.TB, c *encoding.Codec, encode bool, src []byte) int {
	tb.Helper()
	strict := c.WithPolicy(encoding.Fail)
	mk := strict.DecodeTransformer
	if encode {
		mk = strict.EncodeTransformer
	}
	var replace, skip, escape []byte
	rest := src
	errs := 0
	for {
		r := Whole(mk(), rest)
		out, err := r.Out, r.Err
		replace = append(replace, out...)
		skip = append(skip, out...)
		escape = append(escape, out...)
		if err == nil {
			break
		}
		var e *encoding.Error
		if !errors.As(err, &e) {
			tb.Fatalf("%s %s % X: error %v is not an *encoding.Error", c.Name(), dir(encode), src, err)
		}
		if e.Len <= 0 || int(e.Offset)+e.Len > len(rest) {
			tb.Fatalf("%s %s % X: error %+v outside the input", c.Name(), dir(encode), src, e)
		}
		if e.Encoding != c.Name() || e.Error() == "" {
			tb.Fatalf("%s: error names %q", c.Name(), e.Encoding)
		}
		errs++
		seq := rest[e.Offset : int(e.Offset)+e.Len]
		if encode {
			if e.Kind == encoding.Unmappable {
				// The value of an RFC 2279 pivot sequence beyond U+10FFFF
				// too (see mb.PivotRune).
				if r, _, _ := mb.PivotRune(seq, true); r != e.Rune {
					tb.Fatalf("%s encode % X: unmappable rune %U, source has %U", c.Name(), src, e.Rune, r)
				}
				replace = append(replace, mustEncode(tb, c, "\uFFFD", "?")...)
				esc := fmt.Sprintf(`\u%04X`, e.Rune)
				if e.Rune > 0xFFFF {
					esc = fmt.Sprintf(`\U%08X`, e.Rune)
				}
				escape = append(escape, mustEncode(tb, c, esc, "")...)
			} else {
				replace = append(replace, mustEncode(tb, c, "\uFFFD", "?")...)
				for _, b := range seq {
					escape = append(escape, mustEncode(tb, c, fmt.Sprintf(`\x%02X`, b), "")...)
				}
			}
		} else {
			replace = append(replace, "\uFFFD"...)
			for _, b := range seq {
				escape = append(escape, fmt.Sprintf(`\x%02X`, b)...)
			}
		}
		rest = rest[int(e.Offset)+e.Len:]
	}
	for _, pc := range []struct {
		p    encoding.Policy
		want []byte
	}{{encoding.Replace, replace}, {encoding.Skip, skip}, {encoding.Escape, escape}} {
		cc := c.WithPolicy(pc.p)
		mkp := cc.DecodeTransformer
		if encode {
			mkp = cc.EncodeTransformer
		}
		r := Whole(mkp(), src)
		got, err := r.Out, r.Err
		if err != nil || !bytes.Equal(got, pc.want) {
			tb.Fatalf("%s %s % X policy %v:\n got % X (%v)\nwant % X", c.Name(), dir(encode), src, pc.p, got, err, pc.want)
		}
	}
	return errs
}

func mustEncode(tb testing.TB, c *encoding.Codec, s, fallback string) []byte {
	tb.Helper()
	r := Whole(c.WithPolicy(encoding.Fail).EncodeTransformer(), []byte(s))
	out, err := r.Out, r.Err
	if err != nil {
		if fallback == "" {
			tb.Fatalf("%s cannot encode %q: %v", c.Name(), s, err)
		}
		return mustEncode(tb, c, fallback, "")
	}
	return out
}

// Runes formats UTF-8 text as "U+0061 U+FFFD", the notation of the shared
// test data.
func Runes(b []byte) string {
	var parts []string
	for _, r := range string(b) {
		parts = append(parts, fmt.Sprintf("U+%04X", r))
	}
	return strings.Join(parts, " ")
}

// ParseRunes parses "U+0061 U+FFFD" into UTF-8 text.
func ParseRunes(s string) ([]byte, error) {
	var out []byte
	for _, f := range strings.Fields(s) {
		var r rune
		if _, err := fmt.Sscanf(f, "U+%X", &r); err != nil {
			return nil, fmt.Errorf("bad code point %q", f)
		}
		out = utf8.AppendRune(out, r)
	}
	return out, nil
}

// MalformedBytes returns a list of short byte strings that exercise
// decoders' error paths: every single byte, every byte followed by an ASCII byte, and
// every lead byte 80–FF followed by a sample of second bytes and an ASCII
// byte.
func MalformedBytes() [][]byte {
	var out [][]byte
	for b := 0; b < 256; b++ {
		out = append(out, []byte{byte(b)}, []byte{byte(b), 'A'}, []byte{'a', byte(b)})
	}
	seconds := []byte{0x00, 0x1B, 0x21, 0x30, 0x39, 0x40, 0x41, 0x7E, 0x7F, 0x80, 0x81, 0xA0, 0xA1, 0xA2, 0xC0, 0xDF, 0xE0, 0xFC, 0xFE, 0xFF}
	for b := 0x80; b < 256; b++ {
		for _, s := range seconds {
			out = append(out, []byte{byte(b), s}, []byte{byte(b), s, 'A'},
				[]byte{byte(b), s, 0x81, 'A'}, []byte{byte(b), s, 0x81, 0x30, 'A'}, []byte{byte(b), s, 0xFF, 0x39})
		}
	}
	return out
}

// MalformedUTF8 returns invalid UTF-8 strings for encoders.
func MalformedUTF8() [][]byte {
	return [][]byte{
		{0x80}, {0xBF, 'a'}, {0xC0, 0xAF}, {0xC1}, {0xE0, 0x80, 0xAF}, {0xED, 0xA0, 0x80},
		{0xF4, 0x90, 0x80, 0x80}, {0xF5}, {0xF8, 0x88, 0x80, 0x80, 0x80}, {0xFC}, {0xFE}, {0xFF},
		{0xE6, 0xB1}, {0xE6, 'a'}, {'a', 0xF0, 0x9F, 0x92}, {0xF0, 0x9F, 0x41},
	}
}

// Concat checks that c decodes the concatenation of codes to the
// concatenation of texts, and encodes it back (when encodable is true),
// with an ASCII byte inserted after every step-th code so that the fast
// paths meet characters next to characters and next to ASCII.
func Concat(tb testing.TB, c *encoding.Codec, codes [][]byte, texts []string, step int, encodable bool) {
	tb.Helper()
	var in, want []byte
	for i := range codes {
		in = append(in, codes[i]...)
		want = append(want, texts[i]...)
		if step > 0 && i%step == step-1 {
			in = append(in, ' ')
			want = append(want, ' ')
		}
	}
	got, err := c.AppendDecode(nil, in)
	if err != nil || !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		tb.Fatalf("%s: decoding %d concatenated codes (step %d): %v; output differs at byte %d", c.Name(), len(codes), step, err, i)
	}
	if !encodable {
		return
	}
	enc, err := c.AppendEncode(nil, want)
	if err != nil || !bytes.Equal(enc, in) {
		i := 0
		for i < len(enc) && i < len(in) && enc[i] == in[i] {
			i++
		}
		tb.Fatalf("%s: encoding the concatenated text (step %d): %v; output differs at byte %d", c.Name(), step, err, i)
	}
}
