package utf

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/internal/enchook"
	xunicode "golang.org/x/text/encoding/unicode"
)

// sampleTexts covers ASCII, every UTF-8 length, the edges of the planes
// and the noncharacters, which are valid.
var sampleTexts = []string{
	"",
	"A",
	"Hello, world",
	"\x00\x01\x7f",
	"é",
	"汉字",
	"日本語のテキスト",
	"\U0001F600 emoji \U0001F44D\U0001F3FD",
	"\u0080\u07FF\u0800\uFFFD\uFFFF\U00010000\U0010FFFF",
	"\uFDD0\uFFFE\U0001FFFE",
	"mixed: aé汉\U00010348z",
	strings.Repeat("ASCII run of some length ", 10) + "ü",
}

func allCodecs() []*encoding.Codec {
	return []*encoding.Codec{UTF8, UTF8BOM, UTF8RFC2279, UTF16LE, UTF16BE, UTF16BOM, UCS2LE, UCS2BE,
		UTF32LE, UTF32BE, UTF32BOM, UCS4LE, UCS4BE, UTF7, CESU8, ModifiedUTF8}
}

// encodeRef gives the expected encoded form of s for each codec, built
// with the standard library and x/text, independently of ucs's code.
func encodeRef(t *testing.T, c *encoding.Codec, s string) ([]byte, bool) {
	t.Helper()
	units := utf16.Encode([]rune(s))
	put16 := func(le bool, bom bool) []byte {
		var b []byte
		if bom {
			units = append([]uint16{0xFEFF}, units...)
		}
		for _, u := range units {
			if le {
				b = append(b, byte(u), byte(u>>8))
			} else {
				b = append(b, byte(u>>8), byte(u))
			}
		}
		return b
	}
	put32 := func(le bool, bom bool) []byte {
		var b []byte
		rs := []rune(s)
		if bom {
			rs = append([]rune{0xFEFF}, rs...)
		}
		for _, r := range rs {
			if le {
				b = append(b, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
			} else {
				b = append(b, byte(r>>24), byte(r>>16), byte(r>>8), byte(r))
			}
		}
		return b
	}
	bmp := true
	for _, r := range s {
		if r > 0xFFFF {
			bmp = false
		}
	}
	switch c {
	case UTF8, UTF8RFC2279:
		return []byte(s), true
	case UTF8BOM:
		return append([]byte{0xEF, 0xBB, 0xBF}, s...), true
	case UTF16LE:
		return put16(true, false), true
	case UTF16BE:
		return put16(false, false), true
	case UTF16BOM:
		return put16(false, true), true
	case UCS2LE:
		return put16(true, false), bmp
	case UCS2BE:
		return put16(false, false), bmp
	case UTF32LE, UCS4LE:
		return put32(true, false), true
	case UTF32BE, UCS4BE:
		return put32(false, false), true
	case UTF32BOM:
		return put32(false, true), true
	}
	return nil, false
}

// TestHarnessPairs runs the shared codec harness on every UTF codec and
// every sample text: decoding and encoding in every streaming schedule,
// under every policy.
func TestHarnessPairs(t *testing.T) {
	for _, c := range allCodecs() {
		var pairs []enctest.Pair
		for _, s := range sampleTexts {
			enc, ok := encodeRef(t, c, s)
			if !ok && c != UTF7 && c != CESU8 && c != ModifiedUTF8 {
				continue
			}
			if c == UTF7 || c == CESU8 || c == ModifiedUTF8 {
				// No independent encoder: check decode(encode(x)) == x
				// and the streaming schedules of both directions.
				b, err := c.AppendEncode(nil, []byte(s))
				if err != nil {
					t.Errorf("%s: encode %+q: %v", c, s, err)
					continue
				}
				enc = b
			}
			pairs = append(pairs, enctest.Pair{Name: s, Encoded: enc, Text: s})
		}
		enctest.TestPairs(t, c, pairs, true)
	}
}

// TestAgainstXText compares the UTF-16 and UTF-8 decoders, under the
// Replace policy, with golang.org/x/text's on the sample texts and on
// malformed inputs, where both follow WHATWG.
func TestAgainstXText(t *testing.T) {
	inputs := [][]byte{[]byte("abc"), {0x00, 0xD8, 0x41, 0x00}, {0x00, 0xDC}, {0x41}, {0x3D, 0x00, 0x08, 0xD8, 0x45, 0xDF}}
	for _, s := range sampleTexts {
		b, _ := encodeRef(t, UTF16LE, s)
		inputs = append(inputs, b)
	}
	x := xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM).NewDecoder()
	for _, in := range inputs {
		want, _ := x.Bytes(in)
		got, err := UTF16LE.WithPolicy(encoding.Replace).AppendDecode(nil, in)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("UTF-16LE % X: ucs %+q, x/text %+q", in, got, want)
		}
	}
}

// TestMalformedPolicies runs the harness's policy checks on malformed
// input for each codec.
func TestMalformedPolicies(t *testing.T) {
	K := encoding.KindNone
	cases := map[*encoding.Codec][]enctest.Malformed{
		UTF8: {
			{Name: "overlong slash", Input: []byte{0x2F, 0xC0, 0xAE, 0x2E, 0x2F}, Replace: "/\uFFFD\uFFFD./", Offset: 1, Kind: encoding.Overlong},
			{Name: "surrogate", Input: []byte{'a', 0xED, 0xA0, 0x80, 'b'}, Replace: "a\uFFFD\uFFFD\uFFFDb", Offset: 1, Kind: encoding.Surrogate},
			{Name: "truncated", Input: []byte{'a', 0xE6, 0xB1}, Replace: "a\uFFFD", Offset: 1, Kind: encoding.Truncated},
			{Name: "FE", Input: []byte{0xFE, 'x'}, Replace: "\uFFFDx", Offset: 0, Kind: encoding.InvalidByte},
			{Name: "5-byte", Input: []byte{0xF8, 0x88, 0x80, 0x80, 0x80}, Replace: strings.Repeat("\uFFFD", 5), Offset: 0, Kind: encoding.Obsolete5ByteLead},
		},
		UTF16LE: {
			{Name: "lone lead", Input: []byte{0x41, 0, 0x00, 0xD8, 0x42, 0}, Replace: "A\uFFFDB", Offset: 2, Kind: encoding.UnpairedSurrogate},
			{Name: "odd", Input: []byte{0x41, 0, 0x42}, Replace: "A\uFFFD", Offset: 2, Kind: encoding.Truncated},
		},
		UTF32BE: {
			{Name: "too big", Input: []byte{0, 0x11, 0, 0, 0, 0, 0, 0x41}, Replace: "\uFFFDA", Offset: 0, Kind: encoding.OutOfRange},
			{Name: "surrogate", Input: []byte{0, 0, 0xD8, 0}, Replace: "\uFFFD", Offset: 0, Kind: encoding.Surrogate},
		},
		UCS2BE: {
			{Name: "pair is not UCS-2", Input: []byte{0xD8, 0, 0xDC, 0}, Replace: "\uFFFD\uFFFD", Offset: 0, Kind: encoding.Surrogate},
		},
		UCS4BE: {
			{Name: "32nd bit", Input: []byte{0x80, 0, 0, 0}, Replace: "\uFFFD", Offset: 0, Kind: encoding.OutOfRange},
		},
		CESU8: {
			{Name: "4-byte form", Input: []byte{'x', 0xF0, 0x90, 0x90, 0x80}, Replace: "x\uFFFD", Offset: 1, Kind: encoding.InvalidSequence},
			{Name: "lone high", Input: []byte{0xED, 0xA0, 0x81, 'A'}, Replace: "\uFFFDA", Offset: 0, Kind: encoding.UnpairedSurrogate},
		},
		UTF7: {
			{Name: "8-bit", Input: []byte{'a', 0x80, 'b'}, Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
			{Name: "lone high", Input: []byte("+2D0-x"), Replace: "\uFFFDx", Offset: 4, Kind: encoding.UnpairedSurrogate},
			{Name: "plus bang", Input: []byte("a+!b"), Replace: "a\uFFFD!b", Offset: 2, Kind: encoding.InvalidEscape},
		},
		UTF8RFC2279: {
			{Name: "overlong NUL", Input: []byte{0xF8, 0x80, 0x80, 0x80, 0x80}, Replace: strings.Repeat("\uFFFD", 5), Offset: 0, Kind: encoding.Overlong},
		},
	}
	_ = K
	for c, ms := range cases {
		enctest.TestMalformed(t, c, ms)
	}
}

// TestEncoderPolicies checks the encoders' Unmappable and Invalid policies.
func TestEncoderPolicies(t *testing.T) {
	src := []byte("a\U0001F600b")
	_, err := UCS2LE.AppendEncode(nil, src)
	var e *encoding.Error
	if !errors.As(err, &e) || e.Kind != encoding.Unmappable || e.Rune != 0x1F600 || e.Offset != 1 || !e.Encode {
		t.Fatalf("UCS-2 encode: %v", err)
	}
	if !strings.Contains(err.Error(), "U+1F600 cannot be encoded") {
		t.Errorf("message %q does not name the character", err)
	}
	tests := []struct {
		opts encoding.Options
		want string
	}{
		{encoding.Options{Unmappable: encoding.Replace}, "a\uFFFDb"},
		{encoding.Options{Unmappable: encoding.Replace, Replacement: "?"}, "a?b"},
		{encoding.Options{Unmappable: encoding.Skip}, "ab"},
		{encoding.Options{Unmappable: encoding.Escape}, `a\U0001F600b`},
		{encoding.Options{Unmappable: encoding.Escape, Escape: encoding.EscapeJava}, `a\uD83D\uDE00b`},
		{encoding.Options{Unmappable: encoding.Escape, Escape: encoding.EscapeXML}, `a&#128512;b`},
		{encoding.Options{Unmappable: encoding.Escape, Escape: encoding.EscapeXMLHex}, `a&#x1f600;b`},
		{encoding.Options{Unmappable: encoding.Escape, Escape: encoding.EscapeUPlus}, `a<U+1F600>b`},
	}
	for _, tt := range tests {
		c := UCS2BE.With(tt.opts)
		got := enctest.CheckStreaming(t, "ucs-2be "+tt.want, c.EncodeTransformer, src)
		back, _ := UCS2BE.AppendDecode(nil, got.Out)
		if got.Err != nil || string(back) != tt.want {
			t.Errorf("%+v: %q, %v; want %q", tt.opts, back, got.Err, tt.want)
		}
	}
	// Invalid UTF-8 given to an encoder follows the Invalid policy, not
	// the Unmappable one.
	bad := []byte{'a', 0xC0, 0xAF, 'b'}
	if _, err := UTF16LE.With(encoding.Options{Unmappable: encoding.Replace}).AppendEncode(nil, bad); errKind(err) != encoding.Overlong {
		t.Errorf("invalid source: %v, want overlong", err)
	}
	out, err := UTF16LE.With(encoding.Options{Invalid: encoding.Escape}).AppendEncode(nil, bad)
	back, _ := UTF16LE.AppendDecode(nil, out)
	if err != nil || string(back) != `a\xC0\xAFb` {
		t.Errorf("escape invalid source: %q, %v", back, err)
	}
	// The replacement goes through a stateful encoder correctly.
	out, err = UTF7.With(encoding.Options{Invalid: encoding.Replace}).AppendEncode(nil, []byte{'x', 0xFF, 'y'})
	back, _ = UTF7.AppendDecode(nil, out)
	if err != nil || string(back) != "x\uFFFDy" {
		t.Errorf("UTF-7 replacement: %q -> %q, %v", out, back, err)
	}
}

// TestStreamOffsets checks that error offsets count from the start of the
// stream across Transform calls.
func TestStreamOffsets(t *testing.T) {
	in := append(bytes.Repeat([]byte("abcdefgh"), 1000), 0xC0, 0xAF)
	r := enctest.Drive(UTF8.DecodeTransformer(), [][]byte{in[:3000], in[3000:5000], in[5000:]}, 100)
	if r.ErrOffset() != 8000 {
		t.Errorf("offset %d, want 8000 (%v)", r.ErrOffset(), r.Err)
	}
	if len(r.Out) != 8000 {
		t.Errorf("wrote %d bytes before the error, want 8000", len(r.Out))
	}
}

// TestZeroAllocs pins the streaming hot path of each decoder and encoder
// at zero allocations.
func TestZeroAllocs(t *testing.T) {
	text := []byte(strings.Join(sampleTexts, " "))
	for _, c := range allCodecs() {
		enc, err := c.AppendEncode(nil, text)
		if err != nil {
			if c == UCS2LE || c == UCS2BE {
				continue
			}
			t.Fatal(err)
		}
		enctest.TestZeroAllocs(t, c.Name()+" decode", c.DecodeTransformer(), enc)
		enctest.TestZeroAllocs(t, c.Name()+" encode", c.EncodeTransformer(), text)
	}
}

// TestValidAgreesWithStdlib checks Valid against unicode/utf8 on
// generated inputs around every boundary.
func TestValidAgreesWithStdlib(t *testing.T) {
	var buf []byte
	for a := 0; a < 256; a++ {
		for _, b := range []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xF4, 0xF5, 0xFF} {
			for _, c := range []byte{0x41, 0x80, 0xBF, 0xC0} {
				buf = append(buf[:0], byte(a), b, c, 0x80)
				for n := 1; n <= 4; n++ {
					if got, want := Valid(buf[:n]), utf8.Valid(buf[:n]); got != want {
						t.Fatalf("Valid(% X) = %v, unicode/utf8 says %v", buf[:n], got, want)
					}
				}
			}
		}
	}
}

// TestCloneContinues checks that a cloned transformer carries on from the
// same state: a UTF-16 decoder that learnt little-endian from a BOM, and
// a UTF-7 decoder inside a base64 shift.
func TestCloneContinues(t *testing.T) {
	for _, tc := range []struct {
		c          *encoding.Codec
		head, tail []byte
		want       string
	}{
		{UTF16BOM, []byte{0xFF, 0xFE, 'a', 0}, []byte{'b', 0}, "ab"},
		{UTF7, []byte("+ZeVnLI"), []byte("qe-"), "日本語"},
	} {
		tr := tc.c.DecodeTransformer().(*encoding.Transformer)
		dst := make([]byte, 64)
		nd, ns, err := tr.Transform(dst, tc.head, false)
		if err != nil || ns != len(tc.head) {
			t.Fatalf("%s: head: %d %v", tc.c, ns, err)
		}
		head := string(dst[:nd])
		cl := enchook.Get[*encoding.Transformer, encoding.Bad]().Clone(tr)
		for _, x := range []*encoding.Transformer{tr, cl} {
			nd, _, err := x.Transform(dst, tc.tail, true)
			if err != nil || head+string(dst[:nd]) != tc.want {
				t.Errorf("%s: %q, %v; want %q", tc.c, head+string(dst[:nd]), err, tc.want)
			}
		}
	}
}
