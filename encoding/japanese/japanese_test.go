package japanese

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/internal/testfiles"
)

func replace(t *testing.T, c *encoding.Codec, in []byte) string {
	t.Helper()
	got, err := c.WithPolicy(encoding.Replace).AppendDecode(nil, in)
	if err != nil {
		t.Fatalf("%s % X: %v", c.Name(), in, err)
	}
	return enctest.Runes(got)
}

// TestWPTISO2022JP runs the web-platform-tests ISO-2022-JP decoder vectors,
// whole and streamed.
func TestWPTISO2022JP(t *testing.T) {
	sc := bufio.NewScanner(bytes.NewReader(testfiles.ReadTestdata(t, "wpt/iso-2022-jp-decoder.jsonl")))
	n := 0
	for sc.Scan() {
		var m struct{ Hex, Decoded, Name string }
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		in, _ := hex.DecodeString(m.Hex)
		if got := replace(t, ISO2022JP, in); got != m.Decoded {
			t.Errorf("%s (% X): %s, want %s", m.Name, in, got, m.Decoded)
		}
		enctest.Streaming(t, ISO2022JP.WithPolicy(encoding.Replace), false, in, 6)
		n++
	}
	if n != 34 {
		t.Fatalf("ran %d vectors", n)
	}
}

// TestJIS0208EveryPointer checks index jis0208 through EUC-JP and
// Shift_JIS, both ways, as WHATWG's encoders choose pointers.
func TestJIS0208EveryPointer(t *testing.T) {
	idx := enctest.Index(t, "jis0208")
	first := enctest.FirstPointers(idx, nil)
	firstSJIS := enctest.FirstPointers(idx, func(p int) bool { return p < 8272 || p > 8835 })
	sjis := func(p int) []byte {
		lead, trail := p/188, p%188
		lo, to := 0x81, 0x40
		if lead >= 0x1F {
			lo = 0xC1
		}
		if trail >= 0x3F {
			to = 0x41
		}
		return []byte{byte(lead + lo), byte(trail + to)}
	}
	n := 0
	for p := 0; p < 11104; p++ {
		r, ok := idx[p]
		sb := sjis(p)
		got, err := ShiftJIS.AppendDecode(nil, sb)
		switch {
		case p >= 8836 && p <= 10715:
			if err != nil || string(got) != string(rune(0xE000-8836+p)) {
				t.Fatalf("Shift_JIS EUDC pointer %d: %q, %v", p, got, err)
			}
		case !ok:
			if err == nil {
				t.Fatalf("Shift_JIS % X decoded to %q, want an error", sb, got)
			}
		default:
			if err != nil || string(got) != string(r) {
				t.Fatalf("Shift_JIS pointer %d (% X): %q, %v; want U+%04X", p, sb, got, err, r)
			}
			enc, err := ShiftJIS.AppendEncode(nil, got)
			if want := sjis(firstSJIS[r]); err != nil || !bytes.Equal(enc, want) {
				t.Fatalf("Shift_JIS U+%04X: % X, %v; want % X", r, enc, err, want)
			}
			n++
		}
		if p >= 94*94 {
			continue
		}
		eb := []byte{byte(p/94 + 0xA1), byte(p%94 + 0xA1)}
		got, err = EUCJP.AppendDecode(nil, eb)
		if !ok {
			if err == nil {
				t.Fatalf("EUC-JP % X decoded to %q", eb, got)
			}
			continue
		}
		if err != nil || string(got) != string(r) {
			t.Fatalf("EUC-JP pointer %d: %q, %v", p, got, err)
		}
		enc, err := EUCJP.AppendEncode(nil, got)
		q := first[r]
		if want := []byte{byte(q/94 + 0xA1), byte(q%94 + 0xA1)}; err != nil || !bytes.Equal(enc, want) {
			t.Fatalf("EUC-JP U+%04X: % X, %v; want % X", r, enc, err, want)
		}
		jis, err := ISO2022JP.AppendEncode(nil, got)
		if want := []byte{0x1B, '$', 'B', byte(q/94 + 0x21), byte(q%94 + 0x21), 0x1B, '(', 'B'}; err != nil || !bytes.Equal(jis, want) {
			t.Fatalf("ISO-2022-JP U+%04X: % X, %v; want % X", r, jis, err, want)
		}
		back, err := ISO2022JP.AppendDecode(nil, jis)
		if err != nil || !bytes.Equal(back, got) {
			t.Fatalf("ISO-2022-JP % X: %q, %v", jis, back, err)
		}
	}
	if n < 7000 {
		t.Fatalf("%d Shift_JIS round trips", n)
	}
	var scodes, ecodes [][]byte
	var stexts, etexts []string
	for p := 0; p < 11104; p++ {
		r, ok := idx[p]
		if !ok {
			continue
		}
		if firstSJIS[r] == p {
			scodes = append(scodes, sjis(p))
			stexts = append(stexts, string(r))
		}
		if first[r] == p && p < 94*94 {
			ecodes = append(ecodes, []byte{byte(p/94 + 0xA1), byte(p%94 + 0xA1)})
			etexts = append(etexts, string(r))
		}
	}
	for _, step := range []int{0, 1, 2, 5} {
		enctest.Concat(t, ShiftJIS, scodes, stexts, step, true)
		enctest.Concat(t, EUCJP, ecodes, etexts, step, true)
	}
}

// TestJIS0212EveryPointer checks index jis0212 through EUC-JP (decode
// only, as in WHATWG).
func TestJIS0212EveryPointer(t *testing.T) {
	idx := enctest.Index(t, "jis0212")
	for p := 0; p < 94*94; p++ {
		b := []byte{0x8F, byte(p/94 + 0xA1), byte(p%94 + 0xA1)}
		got, err := EUCJP.AppendDecode(nil, b)
		r, ok := idx[p]
		if ok != (err == nil) || (ok && string(got) != string(r)) {
			t.Fatalf("pointer %d (% X): %q, %v; want U+%04X (%v)", p, b, got, err, r, ok)
		}
	}
}

func TestSpecialCases(t *testing.T) {
	for _, tc := range []struct {
		c       *encoding.Codec
		in, out string
	}{
		{ShiftJIS, "\x82\xA0", "U+3042"},
		{ShiftJIS, "\x82\x20", "U+FFFD U+0020"},
		{ShiftJIS, "\x82", "U+FFFD"},
		{ShiftJIS, "\x80\xA0\xB1\xFD", "U+0080 U+FFFD U+FF71 U+FFFD"},
		{ShiftJIS, "\xF0\x40", "U+E000"},
		{EUCJP, "\x8E\xB1", "U+FF71"},
		{EUCJP, "\x8E\x41", "U+FFFD U+0041"},
		{EUCJP, "\x8F\xA2\xAF", "U+02D8"},
		{EUCJP, "\x8F\xA2\x41", "U+FFFD U+0041"},
		{EUCJP, "\x8F\xA2", "U+FFFD"},
		{EUCJP, "\xA4\xA2\xA4", "U+3042 U+FFFD"},
		{ISO2022JP, "\x1b%Gé\xe2\x82\xac\x1b%@a", "U+00E9 U+20AC U+0061"},
		{ISO2022JP, "\x1b$B\x30\x21\x1b%G\xe6\xb1\x89\x1b%@\x30\x21\x1b(B", "U+4E9C U+6C49 U+4E9C"},
		{ISO2022JP, "\x1b%G\xff\x1b%@", "U+FFFD"},
		{ISO2022JP, "\x1b%G\x1b\x1b%@", "U+001B"},
	} {
		if got := replace(t, tc.c, []byte(tc.in)); got != tc.out {
			t.Errorf("%s % X: %s, want %s", tc.c.Name(), tc.in, got, tc.out)
		}
	}
	for _, tc := range []struct {
		c       *encoding.Codec
		in, out string
	}{
		{EUCJP, "¥‾−ｱ", "\x5C\x7E\xA1\xDD\x8E\xB1"},
		{ShiftJIS, "¥‾−ｱ\u0080", "\x5C\x7E\x81\x7C\xB1\x80"},
		{ISO2022JP, "a¥b\\ｱ", "a\x1b(J\x5Cb\x1b(B\\\x1b$B\x25\x22\x1b(B"},
	} {
		got, err := tc.c.AppendEncode(nil, []byte(tc.in))
		if err != nil || string(got) != tc.out {
			t.Errorf("%s %q: % X, %v; want % X", tc.c.Name(), tc.in, got, err, tc.out)
		}
	}
	// ISO-2022-JP returns to ASCII before an unencodable character.
	got, err := ISO2022JP.WithPolicy(encoding.Replace).AppendEncode(nil, []byte("亜\U0001F600亜"))
	if want := "\x1b$B\x30\x21\x1b(B?\x1b$B\x30\x21\x1b(B"; err != nil || string(got) != want {
		t.Errorf("ISO-2022-JP replace: % X, %v; want % X", got, err, want)
	}
	_, err = ISO2022JP.AppendEncode(nil, []byte("a\x1bb"))
	if err == nil {
		t.Error("ISO-2022-JP encoded ESC")
	}
}

func TestHarness(t *testing.T) {
	text := []byte("日本語 テキスト ｶﾀｶﾅ ¥‾ 丂 \U0001F600 − ①")
	for _, c := range []*encoding.Codec{EUCJP, ShiftJIS, ISO2022JP} {
		in, err := c.WithPolicy(encoding.Skip).AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		enctest.Streaming(t, c, false, in, 10)
		enctest.Streaming(t, c.WithPolicy(encoding.Replace), true, text, 10)
		enctest.Streaming(t, c.WithPolicy(encoding.Escape), true, text, 10)
		for _, b := range enctest.MalformedBytes() {
			enctest.Policies(t, c, false, b)
			enctest.Streaming(t, c.WithPolicy(encoding.Replace), false, b, 3)
		}
		if c == ISO2022JP {
			continue // stateful: the policies' outputs depend on the escapes around them
		}
		for _, b := range enctest.MalformedUTF8() {
			enctest.Policies(t, c, true, b)
		}
		if enctest.Policies(t, c, true, text) == 0 {
			t.Fatal("expected unmappable characters")
		}
	}
}

// TestKatakanaIndex checks index iso-2022-jp-katakana: ISO-2022-JP encodes
// each half-width katakana as the JIS X 0208 code of the full-width one
// the index gives, and EUC-JP and Shift_JIS keep them half-width.
func TestKatakanaIndex(t *testing.T) {
	idx := enctest.Index(t, "iso-2022-jp-katakana")
	first := enctest.FirstPointers(enctest.Index(t, "jis0208"), nil)
	if len(idx) != 63 {
		t.Fatalf("%d entries", len(idx))
	}
	for p, full := range idx {
		half := string(rune(0xFF61 + p))
		q, ok := first[full]
		if !ok {
			t.Fatalf("U+%04X is not in index jis0208", full)
		}
		want := []byte{0x1B, '$', 'B', byte(q/94 + 0x21), byte(q%94 + 0x21), 0x1B, '(', 'B'}
		got, err := ISO2022JP.AppendEncode(nil, []byte(half))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%q: % X, %v; want % X", half, got, err, want)
		}
		if back, _ := ISO2022JP.AppendDecode(nil, got); string(back) != string(full) {
			t.Fatalf("% X decodes to %q, want %q", got, back, string(full))
		}
		e, err := EUCJP.AppendEncode(nil, []byte(half))
		if err != nil || !bytes.Equal(e, []byte{0x8E, byte(0xA1 + p)}) {
			t.Fatalf("EUC-JP %q: % X, %v", half, e, err)
		}
		s, err := ShiftJIS.AppendEncode(nil, []byte(half))
		if err != nil || !bytes.Equal(s, []byte{byte(0xA1 + p)}) {
			t.Fatalf("Shift_JIS %q: % X, %v", half, s, err)
		}
	}
}

// TestISO2022JPShiftReferences checks that the character-reference escape
// styles write SO, SI and ESC as &#65533;, as WHATWG's encoder does in
// HTML mode, while errors and the other styles keep the character.
func TestISO2022JPShiftReferences(t *testing.T) {
	for _, tc := range []struct {
		style encoding.EscapeStyle
		want  string
	}{
		{encoding.EscapeXML, "a&#65533;b&#65533;c&#65533;d"},
		{encoding.EscapeXMLHex, "a&#xfffd;b&#xfffd;c&#xfffd;d"},
		{encoding.EscapeBackslash, `a\u000Eb\u000Fc\u001Bd`},
	} {
		c := ISO2022JP.With(encoding.Options{Unmappable: encoding.Escape, Escape: tc.style})
		got, err := c.AppendEncode(nil, []byte("a\x0eb\x0fc\x1bd"))
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: got %q, %v; want %q", tc.style, got, err, tc.want)
		}
	}
	// Other unmappable characters keep their own reference.
	c := ISO2022JP.With(encoding.Options{Unmappable: encoding.Escape, Escape: encoding.EscapeXML})
	if got, err := c.AppendEncode(nil, []byte("\u00e9")); err != nil || string(got) != "&#233;" {
		t.Errorf("é: got %q, %v", got, err)
	}
	_, err := ISO2022JP.AppendEncode(nil, []byte("x\x1b"))
	var e *encoding.Error
	if !errors.As(err, &e) || e.Rune != 0x1B || e.Offset != 1 {
		t.Errorf("ESC under Fail: got %v, want an error for U+001B at offset 1", err)
	}
}
