package simplifiedchinese

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/internal/testfiles"
)

var codecs = []*encoding.Codec{GB18030, GB18030_2005, GBK, GB2312}

func readJSONL(t *testing.T, rel string, f func(line int, m map[string]any)) {
	t.Helper()
	data := testfiles.ReadTestdata(t, rel)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		n++
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%s:%d: %v", rel, n, err)
		}
		f(n, m)
	}
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func decodeReplace(t *testing.T, c *encoding.Codec, b []byte) []byte {
	t.Helper()
	out, err := c.WithPolicy(encoding.Replace).AppendDecode(nil, b)
	if err != nil {
		t.Fatalf("%s replace-decoding % X: %v", c.Name(), b, err)
	}
	return out
}

// TestWPTDecoder runs the gb18030/GBK decoder vectors of the
// web-platform-tests, in replacement mode, whole and streamed.
func TestWPTDecoder(t *testing.T) {
	n := 0
	readJSONL(t, "wpt/gb18030-decoder.jsonl", func(line int, m map[string]any) {
		in := mustHex(t, m["hex"].(string))
		want := m["decoded"].(string)
		for _, c := range []*encoding.Codec{GB18030, GBK} {
			got := enctest.Runes(decodeReplace(t, c, in))
			if got != want {
				t.Errorf("line %d (%s) %s % X: got %s, want %s", line, m["name"], c.Name(), in, got, want)
			}
			enctest.Streaming(t, c.WithPolicy(encoding.Replace), false, in, 8)
			n++
		}
	})
	if n < 400 {
		t.Fatalf("only %d decoder checks ran", n)
	}
}

// TestWPTEncoder runs the gb18030 encoder vectors of the web-platform-tests.
func TestWPTEncoder(t *testing.T) {
	n := 0
	readJSONL(t, "wpt/gb18030-encoder.jsonl", func(line int, m map[string]any) {
		in, err := enctest.ParseRunes(m["input"].(string))
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		got, gerr := GB18030.AppendEncode(nil, in)
		if m["error"].(bool) {
			var e *encoding.Error
			if !errors.As(gerr, &e) || e.Kind != encoding.Unmappable || e.Offset != 0 {
				t.Errorf("line %d (%s): got % X, %v; want an unmappable error", line, m["name"], got, gerr)
			}
		} else {
			want := mustHex(t, m["bytes"].(string))
			if gerr != nil || !bytes.Equal(got, want) {
				t.Errorf("line %d (%s) %s: got % X, %v; want % X", line, m["name"], m["input"], got, gerr, want)
			}
		}
		n++
	})
	if n != 254 {
		t.Fatalf("ran %d encoder vectors, want 254", n)
	}
}

func decodeStrict(c *encoding.Codec, b []byte) ([]byte, error) { return c.AppendDecode(nil, b) }

// TestIndexEveryPointer decodes every pointer of index gb18030 and
// re-encodes the code point as WHATWG's encoder says: to the first pointer
// of the code point (index gb18030 pointer), or through the side table.
func TestIndexEveryPointer(t *testing.T) {
	first := map[rune]int{}
	for p, r := range gb18030Index {
		if _, ok := first[rune(r)]; !ok && r != 0 {
			first[rune(r)] = p
		}
	}
	count := 0
	for p, r := range gb18030Index {
		if r == 0 {
			t.Fatalf("pointer %d has no code point; WHATWG's index is full", p)
		}
		v := pointerBytes(p)
		b := []byte{byte(v >> 8), byte(v)}
		for _, c := range []*encoding.Codec{GB18030, GBK} {
			got, err := decodeStrict(c, b)
			if err != nil || string(got) != string(rune(r)) {
				t.Fatalf("%s pointer %d (% X): got %q, %v; want U+%04X", c.Name(), p, b, got, err, r)
			}
			enc, err := c.AppendEncode(nil, got)
			w := pointerBytes(first[rune(r)])
			want := []byte{byte(w >> 8), byte(w)}
			if c == GBK && r == 0x20AC {
				want = []byte{0x80}
			}
			if err != nil || !bytes.Equal(enc, want) {
				t.Fatalf("%s U+%04X: encoded % X, %v; want % X", c.Name(), r, enc, err, want)
			}
		}
		count++
	}
	if count != 23940 {
		t.Fatalf("checked %d pointers", count)
	}
	// All pointers in one input, whose first-pointer codes re-encode.
	var codes [][]byte
	var texts []string
	for p, r := range gb18030Index {
		if first[rune(r)] != p || r == 0x20AC {
			continue
		}
		v := pointerBytes(p)
		codes = append(codes, []byte{byte(v >> 8), byte(v)})
		texts = append(texts, string(rune(r)))
	}
	for _, step := range []int{0, 1, 2, 3, 7} {
		enctest.Concat(t, GB18030, codes, texts, step, true)
		enctest.Concat(t, GBK, codes, texts, step, true)
	}
}

func fourBytes(p int) []byte {
	return []byte{byte(p/12600 + 0x81), byte(p/1260%10 + 0x30), byte(p/10%126 + 0x81), byte(p%10 + 0x30)}
}

// TestRanges checks the 207 four-byte ranges at both ends, every BMP code
// point without a two-byte code, the supplementary planes' ends and the
// WHATWG pointer edge cases.
func TestRanges(t *testing.T) {
	for i := range gb18030RangePointers {
		p := int(gb18030RangePointers[i])
		r := rune(gb18030RangeCodePoints[i])
		got, err := decodeStrict(GB18030, fourBytes(p))
		if err != nil || string(got) != string(r) {
			t.Fatalf("range %d start pointer %d: got %q, %v; want U+%04X", i, p, got, err, r)
		}
	}
	two := map[rune]bool{}
	for _, r := range gb18030Index {
		two[rune(r)] = true
	}
	n := 0
	for r := rune(0x80); r <= 0xFFFF; r++ {
		if two[r] || (r >= 0xD800 && r <= 0xDFFF) || r == 0xE5E5 {
			continue
		}
		isPUA := false
		for _, e := range gb18030PUA {
			isPUA = isPUA || rune(e[0]) == r
		}
		if isPUA {
			continue
		}
		enc, err := GB18030.AppendEncode(nil, []byte(string(r)))
		if err != nil || len(enc) != 4 {
			t.Fatalf("U+%04X: encoded % X, %v", r, enc, err)
		}
		dec, err := decodeStrict(GB18030, enc)
		if err != nil || string(dec) != string(r) {
			t.Fatalf("U+%04X → % X → %q, %v", r, enc, dec, err)
		}
		n++
	}
	if n < 39000 {
		t.Fatalf("only %d four-byte BMP code points", n)
	}
	// Four-byte codes in runs: BMP ones, and a sample of every plane.
	var codes [][]byte
	var texts []string
	for r := rune(0x80); r <= 0x10FFFF; r += 97 {
		if r >= 0xD800 && r <= 0xDFFF || two[r] || r == 0xE5E5 {
			continue
		}
		if b, err := GB18030.AppendEncode(nil, []byte(string(r))); err == nil && len(b) == 4 {
			codes = append(codes, b)
			texts = append(texts, string(r))
		}
	}
	for _, step := range []int{0, 1, 3} {
		enctest.Concat(t, GB18030, codes, texts, step, true)
		enctest.Concat(t, GB18030_2005, codes, texts, step, true)
	}
	for _, tc := range []struct {
		p int
		r rune
	}{{7457, 0xE7C7}, {39419, 0xFFFF}, {189000, 0x10000}, {1237575, 0x10FFFF}} {
		got, err := decodeStrict(GB18030, fourBytes(tc.p))
		if err != nil || string(got) != string(tc.r) {
			t.Errorf("pointer %d: got %q, %v; want U+%04X", tc.p, got, err, tc.r)
		}
	}
	for _, p := range []int{39420, 188999, 1237576} {
		if got, err := decodeStrict(GB18030, fourBytes(p)); err == nil {
			t.Errorf("pointer %d: got %q, want an error", p, got)
		}
	}
}

// TestSeedExamples checks the examples of the seed documents that concern
// GBK and GB 2312.
func TestSeedExamples(t *testing.T) {
	n := 0
	readJSONL(t, "seed-examples.jsonl", func(line int, m map[string]any) {
		enc, _ := m["encoding"].(string)
		text, _ := m["text"].(string)
		switch enc {
		case "GBK":
			want := mustHex(t, m["hex"].(string))
			for _, c := range codecs {
				got, err := c.AppendEncode(nil, []byte(text))
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("line %d: %s encodes %q as % X, %v; want % X", line, c.Name(), text, got, err, want)
				}
				dec, err := decodeStrict(c, want)
				if err != nil || string(dec) != text {
					t.Errorf("line %d: %s decodes % X as %q, %v; want %q", line, c.Name(), want, dec, err, text)
				}
				n++
			}
		case "GB2312 quwei":
			row, cell, err := ParseQuwei(m["hex"].(string))
			if err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			if r, ok := QuweiToRune(row, cell); !ok || string(r) != text {
				t.Errorf("line %d: quwei %s = %q, want %q", line, m["hex"], string(r), text)
			}
			b := QuweiToEUCCN(row, cell)
			if want := mustHex(t, m["euc_cn"].(string)); !bytes.Equal(b[:], want) {
				t.Errorf("line %d: EUC-CN % X, want % X", line, b, want)
			}
			n++
		}
	})
	if n < 13 {
		t.Fatalf("only %d seed checks", n)
	}
}

// TestQuwei checks every row of the GB 2312 quwei table both ways.
func TestQuwei(t *testing.T) {
	data := testfiles.ReadTestdata(t, "gb18030/gb2312-quwei.tsv")
	n, differ := 0, 0
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 3 || strings.HasPrefix(f[0], "#") || f[0] == "quwei" {
			continue
		}
		row, cell, err := ParseQuwei(f[0])
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		cp, err := strconv.ParseUint(strings.TrimPrefix(f[2], "U+"), 16, 32)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		r, ok := QuweiToRune(row, cell)
		want := rune(cp)
		if f[0] == "0104" || f[0] == "0110" { // glibc U+30FB, U+2015; CP936 U+00B7, U+2014
			want = map[string]rune{"0104": 0xB7, "0110": 0x2014}[f[0]]
			differ++
		}
		if !ok || r != want {
			t.Fatalf("quwei %s: got U+%04X, want U+%04X", f[0], r, want)
		}
		if rr, cc, ok := RuneToQuwei(r); !ok || FormatQuwei(rr, cc) != f[0] {
			t.Fatalf("U+%04X: quwei %02d%02d, want %s", r, rr, cc, f[0])
		}
		b := QuweiToEUCCN(row, cell)
		if hex.EncodeToString(b[:]) != strings.ToLower(f[1]) {
			t.Fatalf("quwei %s: EUC-CN % X, want %s", f[0], b, f[1])
		}
		dec, err := decodeStrict(GB2312, b[:])
		if err != nil || string(dec) != string(want) {
			t.Fatalf("GB2312 % X: %q, %v", b, dec, err)
		}
		n++
	}
	if n != 7445 || differ != 2 {
		t.Fatalf("checked %d positions (%d differences), want 7445 and 2", n, differ)
	}
	for _, bad := range []string{"", "160", "16011", "16a1", "0000", "9501", "0195", "1001", "5590"} {
		if _, _, err := ParseQuwei(bad); err == nil {
			t.Errorf("ParseQuwei(%q): no error", bad)
		}
	}
}

// TestGB2312Repertoire checks that the GB2312 codec refuses what GB 2312
// lacks, in both directions.
func TestGB2312Repertoire(t *testing.T) {
	for _, s := range []string{"€", "丂", "\U00020000", "\uE000"} {
		if got, err := GB2312.AppendEncode(nil, []byte(s)); err == nil {
			t.Errorf("GB2312 encoded %q as % X", s, got)
		}
	}
	for _, b := range [][]byte{{0x81, 0x40}, {0x80}, {0xA1, 0x40}, {0xA2, 0xA1}, {0xAA, 0xA1}, {0xD7, 0xFA}, {0x81, 0x30, 0x81, 0x30}} {
		if got, err := decodeStrict(GB2312, b); err == nil {
			t.Errorf("GB2312 decoded % X as %q", b, got)
		}
	}
}

// TestGB18030Edition2005 compares the 2005 codec with ICU's
// gb-18030-2005.ucm, mapping by mapping, and checks that every difference
// is one of the documented ones.
func TestGB18030Edition2005(t *testing.T) {
	f, err := os.ReadFile("../../internal/gen/data/gb-18030-2005.ucm")
	if err != nil {
		t.Fatal(err)
	}
	std := map[rune]bool{}
	for _, e := range gb18030PUA {
		std[rune(gb18030Index[e[1]])] = true
	}
	checked, differ := 0, 0
	for _, line := range strings.Split(string(f), "\n") {
		if !strings.HasPrefix(line, "<U") || !strings.HasSuffix(line, "|0") {
			continue
		}
		var cp uint32
		fs := strings.Fields(line)
		fmt.Sscanf(fs[0], "<U%X>", &cp)
		b := mustHex(t, strings.ReplaceAll(fs[1], `\x`, ""))
		r := rune(cp)
		dec, derr := decodeStrict(GB18030_2005, b)
		enc, eerr := GB18030_2005.AppendEncode(nil, []byte(string(r)))
		if derr == nil && eerr == nil && string(dec) == string(r) && bytes.Equal(enc, b) {
			checked++
			continue
		}
		// ICU adopted Unicode 4.1's vertical forms and CJK ideographs for
		// the 18 two-byte codes (GB 18030-2005 has private-use code points
		// there), and maps FE 51, FE 52, FE 53, FE 6C, FE 76, FE 91 to
		// supplementary ideographs (GB 18030-2005: U+E816 and the like).
		switch {
		case len(b) == 2 && std[r]:
		case len(b) == 2 && b[0] == 0xFE && r >= 0x20000:
		default:
			t.Errorf("U+%04X ↔ % X in ICU; ucs decodes %q (%v), encodes % X (%v)", r, b, dec, derr, enc, eerr)
		}
		differ++
	}
	if checked < 30000 || differ != 24 {
		t.Fatalf("checked %d mappings, %d differences (want 24)", checked, differ)
	}
	// GB 18030-2005 itself.
	for _, tc := range []struct {
		s, hex string
	}{{"\uE78D", "A6D9"}, {"\uFE10", "84318236"}, {"\uE5E5", "A3A0"}, {"\u3000", "A1A1"}, {"\uE816", "FE51"}, {"\u1E3F", "A8BC"}, {"\uE7C7", "8135F437"}} {
		want := mustHex(t, tc.hex)
		got, err := GB18030_2005.AppendEncode(nil, []byte(tc.s))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("2005: U+%04X → % X, %v; want % X", []rune(tc.s)[0], got, err, want)
		}
		dec, err := decodeStrict(GB18030_2005, want)
		if err != nil || string(dec) != tc.s {
			t.Errorf("2005: % X → %q, %v; want %q", want, dec, err, tc.s)
		}
	}
}

// TestHarness streams every codec over mixed text at every split point and
// destination size, and checks every error policy on malformed input.
func TestHarness(t *testing.T) {
	text := []byte("汉字 GB18030: 联通 啊€ ḿ\u3000x\U0001F600 ")
	for _, c := range codecs {
		var in []byte
		for _, r := range string(text) {
			if b, err := c.AppendEncode(nil, []byte(string(r))); err == nil {
				_ = b
				in = utf8.AppendRune(in, r)
			}
		}
		enc, err := c.AppendEncode(nil, in)
		if err != nil {
			t.Fatalf("%s: %v", c.Name(), err)
		}
		dec, err := decodeStrict(c, enc)
		if err != nil || !bytes.Equal(dec, in) {
			t.Fatalf("%s round trip: %q → % X → %q, %v", c.Name(), in, enc, dec, err)
		}
		enctest.Streaming(t, c, false, enc, 12)
		enctest.Streaming(t, c, true, in, 12)
		enctest.Streaming(t, c, true, text, 6)
		for _, p := range []encoding.Policy{encoding.Replace, encoding.Skip, encoding.Escape} {
			enctest.Streaming(t, c.WithPolicy(p), true, text, 6)
		}
		errs := 0
		for _, b := range enctest.MalformedBytes() {
			errs += enctest.Policies(t, c, false, b)
		}
		for _, b := range enctest.MalformedUTF8() {
			errs += enctest.Policies(t, c, true, b)
			enctest.Streaming(t, c.WithPolicy(encoding.Replace), true, b, 4)
		}
		errs += enctest.Policies(t, c, true, text)
		if errs == 0 {
			t.Fatalf("%s: no errors seen", c.Name())
		}
	}
}

// TestErrorOffsets checks that strict decoding names the offset and the
// bytes of the first error, and strict encoding the rune.
func TestErrorOffsets(t *testing.T) {
	_, err := decodeStrict(GB18030, []byte("ab\xBA\xBA\x81\x28"))
	var e *encoding.Error
	if !errors.As(err, &e) || e.Offset != 4 || e.Len != 1 || e.Kind != encoding.InvalidSequence {
		t.Fatalf("got %v", err)
	}
	if msg := e.Error(); msg != "gb18030: byte 4: invalid-sequence (bytes 81)" {
		t.Errorf("message %q", msg)
	}
	_, err = GBK.AppendEncode(nil, []byte("汉\U00020000"))
	if !errors.As(err, &e) || e.Offset != 3 || e.Rune != 0x20000 || e.Kind != encoding.Unmappable {
		t.Fatalf("got %v", err)
	}
}
