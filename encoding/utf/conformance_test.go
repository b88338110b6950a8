package utf

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"golang.org/x/text/transform"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/internal/testfiles"
)

// readJSONL decodes every line of a JSON-lines file of the module's testdata.
func readJSONL(t *testing.T, rel string) []map[string]any {
	t.Helper()
	f, err := os.Open(testfiles.Testdata(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		rows = append(rows, m)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no rows", rel)
	}
	return rows
}

func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// codePoints turns "U+0061 U+FFFD" into the UTF-8 text it names. Values
// written U-XXXXXXXX (beyond U+10FFFF) come out in the RFC 2279 form.
func codePoints(t *testing.T, s string) string {
	t.Helper()
	var b []byte
	for _, f := range strings.Fields(s) {
		if len(f) < 3 || (f[:2] != "U+" && f[:2] != "U-") {
			t.Fatalf("bad code point %q", f)
		}
		v, err := strconv.ParseUint(f[2:], 16, 32)
		if err != nil {
			t.Fatalf("bad code point %q", f)
		}
		b = appendRuneLegacy(b, uint32(v))
	}
	return string(b)
}

func errOffset(err error) int64 {
	var e *encoding.Error
	if errors.As(err, &e) {
		return e.Offset
	}
	return -1
}

func errKind(err error) encoding.Kind {
	var e *encoding.Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return encoding.KindNone
}

// TestMaximalSubpart runs every maximal-subpart vector and the Unicode
// Table 3-8 example: strict validity, first error offset and kind, and
// the replacement output, in every streaming schedule.
func TestMaximalSubpart(t *testing.T) {
	var rows []map[string]any
	rows = append(rows, readJSONL(t, "utf8/maximal-subpart.jsonl")...)
	rows = append(rows, readJSONL(t, "utf8/table-3-8.jsonl")...)
	rep := UTF8.WithPolicy(encoding.Replace)
	for _, r := range rows {
		in := unhex(t, str(r, "hex"))
		valid := r["valid"].(bool)
		if got := Valid(in); got != valid {
			t.Errorf("%s % X: Valid = %v, want %v", str(r, "id"), in, got, valid)
		}
		err := Validate(in)
		if valid {
			if err != nil {
				t.Errorf("%s: Validate = %v", str(r, "id"), err)
			}
		} else {
			want := int64(r["first_error_offset"].(float64))
			if errOffset(err) != want {
				t.Errorf("%s % X: error offset %d (%v), want %d", str(r, "id"), in, errOffset(err), err, want)
			}
			if k := str(r, "first_error_kind"); errKind(err).String() != k {
				t.Errorf("%s % X: kind %v, want %s", str(r, "id"), in, errKind(err), k)
			}
		}
		got := enctest.CheckStreaming(t, str(r, "id"), rep.DecodeTransformer, in)
		if want := codePoints(t, str(r, "replace")); string(got.Out) != want || got.Err != nil {
			t.Errorf("%s % X: replace = %+q (%v), want %+q", str(r, "id"), in, got.Out, got.Err, want)
		}
		strict := enctest.CheckStreaming(t, str(r, "id")+" strict", UTF8.DecodeTransformer, in)
		if valid != (strict.Err == nil) {
			t.Errorf("%s: strict decoder error %v, valid %v", str(r, "id"), strict.Err, valid)
		}
	}
}

// TestKuhnStressTest decodes Markus Kuhn's UTF-8 stress test: the
// replacement output must equal the expected file byte for byte, and the
// strict decoder must fail exactly where each line's vector says.
func TestKuhnStressTest(t *testing.T) {
	in := testfiles.ReadTestdata(t, "kuhn/UTF-8-test.txt")
	want := testfiles.ReadTestdata(t, "kuhn/UTF-8-test.expected-replace.txt")
	got, err := UTF8.WithPolicy(encoding.Replace).AppendDecode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Fatalf("replacement output differs from the expected file at byte %d", i)
	}
	if n := bytes.Count(got, []byte("\uFFFD")) - bytes.Count(in, []byte("\uFFFD")); n != 378 {
		t.Errorf("%d U+FFFD added, want 378", n)
	}
	if err := Validate(in); err == nil {
		t.Fatal("strict validation accepted the stress test")
	}
	for _, r := range readJSONL(t, "kuhn/UTF-8-test.lines.jsonl") {
		line := unhex(t, str(r, "hex"))
		err := Validate(line)
		if valid := r["valid"].(bool); valid != (err == nil) {
			t.Errorf("line %v: Validate = %v, valid = %v", r["line"], err, valid)
			continue
		}
		if err != nil {
			if want := int64(r["first_error_offset"].(float64)); errOffset(err) != want {
				t.Errorf("line %v: error at %d, want %d", r["line"], errOffset(err), want)
			}
			if k := str(r, "first_error_kind"); errKind(err).String() != k {
				t.Errorf("line %v: kind %v, want %s", r["line"], errKind(err), k)
			}
		}
		out, _ := UTF8.WithPolicy(encoding.Replace).AppendDecode(nil, line)
		if want := unhex(t, str(r, "replace_utf8_hex")); !bytes.Equal(out, want) {
			t.Errorf("line %v: replace = %q, want %q", r["line"], out, want)
		}
	}
	demo := testfiles.ReadTestdata(t, "kuhn/UTF-8-demo.txt")
	if err := Validate(demo); err != nil {
		t.Errorf("UTF-8-demo.txt: %v", err)
	}
}

// TestEncodeVectors checks the UTF-8 encoders, strict and RFC 2279, on
// every code point of utf8/encode.jsonl. Code points reach the encoder
// through UTF-32BE (strict) or UCS-4BE (31-bit) so that surrogates and
// values above U+10FFFF can be expressed at all.
func TestEncodeVectors(t *testing.T) {
	for _, r := range readJSONL(t, "utf8/encode.jsonl") {
		cp := str(r, "cp")
		v, err := strconv.ParseUint(cp[2:], 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		ucs4 := []byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
		// Strict UTF-8.
		pivot, derr := pivotDecode(UCS4BE, ucs4)
		var out []byte
		if derr == nil {
			out, err = UTF8.AppendEncode(nil, pivot)
		} else {
			err = derr
		}
		if want, _ := r["utf8"].(string); want != "" {
			if err != nil || !bytes.Equal(out, unhex(t, want)) {
				t.Errorf("%s: UTF-8 = % X, %v; want %s", cp, out, err, want)
			}
		} else if err == nil {
			t.Errorf("%s: UTF-8 encoded as % X, want an error (%v)", cp, out, r["error"])
		}
		// RFC 2279.
		if want, _ := r["rfc2279"].(string); want != "" {
			out, err := UTF8RFC2279.AppendEncode(nil, pivot)
			if derr != nil || err != nil || !bytes.Equal(out, unhex(t, want)) {
				t.Errorf("%s: RFC 2279 = % X, %v %v; want %s", cp, out, derr, err, want)
			}
		}
	}
}

// TestRFC2279Legacy checks the 31-bit form: values up to U-7FFFFFFF decode
// in the legacy codec, never in the strict one; overlong forms are
// rejected by both.
func TestRFC2279Legacy(t *testing.T) {
	for _, r := range readJSONL(t, "utf8/rfc2279-legacy.jsonl") {
		in := unhex(t, str(r, "hex"))
		got, err := pivotDecode(UTF8RFC2279, in)
		if v, _ := r["rfc2279_value"].(string); v != "" {
			if err != nil || string(got) != codePoints(t, v) {
				t.Errorf("% X: legacy decode = % X, %v; want %s", in, got, err, v)
			}
			ucs4, err := UCS4BE.AppendEncode(nil, got)
			want, _ := strconv.ParseUint(v[2:], 16, 32)
			if err != nil || len(ucs4) != 4 || uint64(ucs4[0])<<24|uint64(ucs4[1])<<16|uint64(ucs4[2])<<8|uint64(ucs4[3]) != want {
				t.Errorf("% X: UCS-4 of legacy value = % X, %v", in, ucs4, err)
			}
			// The value reaches a strict encoder only through the pivot
			// pair: read as UTF-8, it is malformed, classified as the
			// UTF-8 decoder classifies it.
			if _, _, err := transform.Bytes(UTF16BE.EncodePivotTransformer(), got); errKind(err) != encoding.Unmappable {
				t.Errorf("% X: UTF-16 pivot encoder error = %v, want unmappable", in, err)
			}
			_, eerr := UTF16BE.AppendEncode(nil, got)
			_, derr := UTF8.AppendDecode(nil, got)
			var ee, de *encoding.Error
			if !errors.As(eerr, &ee) || !errors.As(derr, &de) || ee.Offset != de.Offset || ee.Len != de.Len || ee.Kind != de.Kind {
				t.Errorf("% X: UTF-16 encoder error = %v, want the UTF-8 decoder's %v", in, eerr, derr)
			}
		} else if err == nil {
			t.Errorf("% X: legacy decoder accepted an overlong form", in)
		}
		if Valid(in) != r["rfc3629_valid"].(bool) {
			t.Errorf("% X: strict validity wrong", in)
		}
		rep, _ := UTF8.WithPolicy(encoding.Replace).AppendDecode(nil, in)
		if want := codePoints(t, str(r, "replace")); string(rep) != want {
			t.Errorf("% X: strict replace = %+q, want %+q", in, rep, want)
		}
	}
}

func codecByTestName(name string) *encoding.Codec {
	switch strings.ToLower(strings.ReplaceAll(name, "-", "")) {
	case "utf16le":
		return UTF16LE
	case "utf16be":
		return UTF16BE
	case "utf16":
		return UTF16BOM
	case "utf32le":
		return UTF32LE
	case "utf32be":
		return UTF32BE
	case "utf32":
		return UTF32BOM
	case "ucs2le":
		return UCS2LE
	case "ucs2be":
		return UCS2BE
	case "ucs4le":
		return UCS4LE
	case "ucs4be":
		return UCS4BE
	case "utf8":
		return UTF8
	case "utf7":
		return UTF7
	case "cesu8":
		return CESU8
	}
	return nil
}

// TestUTF16UTF32Vectors runs utf16/utf16-utf32.jsonl: round trips and
// malformed input for UTF-16BE/LE and UTF-32BE/LE.
func TestUTF16UTF32Vectors(t *testing.T) {
	for _, r := range readJSONL(t, "utf16/utf16-utf32.jsonl") {
		c := codecByTestName(str(r, "encoding"))
		if c == nil {
			t.Fatalf("unknown encoding %q", str(r, "encoding"))
		}
		in := unhex(t, str(r, "hex"))
		want := codePoints(t, str(r, "replace"))
		name := c.Name() + " " + str(r, "hex")
		rep := enctest.CheckStreaming(t, name, c.WithPolicy(encoding.Replace).DecodeTransformer, in)
		if string(rep.Out) != want || rep.Err != nil {
			t.Errorf("%s: replace = %+q, %v; want %+q", name, rep.Out, rep.Err, want)
		}
		strict := enctest.CheckStreaming(t, name, c.DecodeTransformer, in)
		if r["valid"].(bool) {
			if strict.Err != nil {
				t.Errorf("%s: %v", name, strict.Err)
			}
			enc, err := c.AppendEncode(nil, []byte(want))
			if err != nil || !bytes.Equal(enc, in) {
				t.Errorf("%s: encode = % X, %v", name, enc, err)
			}
		} else if off := int64(r["first_error_offset"].(float64)); strict.ErrOffset() != off {
			t.Errorf("%s: strict error %v, want offset %d", name, strict.Err, off)
		}
	}
}

// TestUCS2UCS4Vectors runs utf16/ucs2-ucs4.jsonl.
func TestUCS2UCS4Vectors(t *testing.T) {
	for _, r := range readJSONL(t, "utf16/ucs2-ucs4.jsonl") {
		c := codecByTestName(str(r, "form"))
		valid := r["valid"].(bool)
		hexs, _ := r["hex"].(string)
		cp, _ := r["cp"].(string)
		switch {
		case valid:
			in := unhex(t, hexs)
			got, err := pivotDecode(c, in)
			if err != nil || string(got) != codePoints(t, cp) {
				t.Errorf("%s %s: decode = %+q, %v", c, hexs, got, err)
			}
			enc, err := c.AppendEncode(nil, got)
			if err != nil || !bytes.Equal(enc, in) {
				t.Errorf("%s %s: encode = % X, %v", c, hexs, enc, err)
			}
		case hexs == "":
			if _, err := c.AppendEncode(nil, []byte(codePoints(t, cp))); errKind(err) != encoding.Unmappable {
				t.Errorf("%s %s: encode error %v, want unmappable", c, cp, err)
			}
		default:
			if got, err := pivotDecode(c, unhex(t, hexs)); err == nil {
				t.Errorf("%s %s: decoded %+q, want an error", c, hexs, got)
			}
		}
	}
}

// TestUTF7Vectors runs utf7/utf7.jsonl: the RFC 2152 examples decode
// exactly; the malformed rows are rejected by the strict decoder where
// the RFC makes them ill-formed; round-trip rows survive encode+decode.
func TestUTF7Vectors(t *testing.T) {
	for _, r := range readJSONL(t, "utf7/utf7.jsonl") {
		note := str(r, "note")
		if txt := str(r, "text"); txt != "" {
			want := codePoints(t, txt)
			enc := enctest.CheckStreaming(t, "utf-7 encode "+note, UTF7.EncodeTransformer, []byte(want))
			dec, err := UTF7.AppendDecode(nil, enc.Out)
			if enc.Err != nil || err != nil || string(dec) != want {
				t.Errorf("%s: round trip via %q = %+q, %v %v", note, enc.Out, dec, enc.Err, err)
			}
			if py := str(r, "python_utf7"); py != "" {
				dec, err := UTF7.AppendDecode(nil, []byte(py))
				if err != nil || string(dec) != want {
					t.Errorf("%s: decoding Python's %q = %+q, %v", note, py, dec, err)
				}
			}
			continue
		}
		in := unhex(t, str(r, "hex"))
		got := enctest.CheckStreaming(t, "utf-7 "+note, UTF7.DecodeTransformer, in)
		if d := str(r, "decoded"); d != "" {
			if got.Err != nil || string(got.Out) != codePoints(t, d) {
				t.Errorf("%s: decode %q = %+q, %v", note, in, got.Out, got.Err)
			}
			continue
		}
		accepts, _ := r["python_strict_accepts"].(bool)
		if strings.Contains(note, "lone high surrogate") {
			accepts = false // Python is lenient here; a strict decoder must not be
		}
		if accepts != (got.Err == nil) {
			t.Errorf("%s: decode %q: error %v, want accepted=%v", note, in, got.Err, accepts)
		}
		if accepts {
			if want := codePoints(t, str(r, "decoded_python_replace")); string(got.Out) != want {
				t.Errorf("%s: decode %q = %+q, want %+q", note, in, got.Out, want)
			}
		}
	}
}

// TestCESU8Vectors runs cesu8/cesu8.jsonl: the CESU-8 form of each text,
// what the strict UTF-8 decoder makes of it, and the invalid rows.
func TestCESU8Vectors(t *testing.T) {
	for _, r := range readJSONL(t, "cesu8/cesu8.jsonl") {
		in := unhex(t, str(r, "cesu8"))
		if v, ok := r["valid"].(bool); ok && !v {
			got := enctest.CheckStreaming(t, "cesu-8 "+str(r, "note"), CESU8.DecodeTransformer, in)
			if got.Err == nil {
				t.Errorf("%s: CESU-8 decoder accepted % X", str(r, "note"), in)
			}
			continue
		}
		text := codePoints(t, str(r, "text"))
		enctest.TestPairs(t, CESU8, []enctest.Pair{{Name: str(r, "note"), Encoded: in, Text: text}}, true)
		if u := unhex(t, str(r, "utf8")); string(u) != text {
			t.Errorf("%s: utf8 column % X is not the text", str(r, "note"), u)
		}
		rep, _ := UTF8.WithPolicy(encoding.Replace).AppendDecode(nil, in)
		if want := codePoints(t, str(r, "utf8_decoder_replace")); string(rep) != want {
			t.Errorf("%s: UTF-8 decoder on CESU-8 = %+q, want %+q", str(r, "note"), rep, want)
		}
	}
}

// TestBOMSniff runs bom-sniff.jsonl.
func TestBOMSniff(t *testing.T) {
	names := map[string]*encoding.Codec{"UTF-8": UTF8, "UTF-16BE": UTF16BE, "UTF-16LE": UTF16LE, "UTF-32BE": UTF32BE, "UTF-32LE": UTF32LE}
	for _, r := range readJSONL(t, "bom-sniff.jsonl") {
		in := unhex(t, str(r, "hex"))
		c, n := SniffBOM(in, true)
		det, _ := r["detected"].(string)
		if det == "UTF-7" {
			// The UTF-7 signature is no byte order mark; detection
			// handles it.
			if c != nil {
				t.Errorf("% X: sniffed %v", in, c)
			}
			continue
		}
		if names[det] != c || n != int(r["bom_len"].(float64)) {
			t.Errorf("% X: SniffBOM = %v, %d; want %s, %v", in, c, n, det, r["bom_len"])
			continue
		}
		if rest, ok := r["rest"].(string); ok {
			dc := c
			if dc == nil {
				dc = UTF8
			}
			got, _ := dc.WithPolicy(encoding.Replace).AppendDecode(nil, in[n:])
			if string(got) != codePoints(t, rest) {
				t.Errorf("% X: rest = %+q, want %s", in, got, rest)
			}
		}
	}
	// WHATWG knows only the UTF-8 and UTF-16 BOMs.
	if c, n := SniffBOM([]byte{0xFF, 0xFE, 0, 0}, false); c != UTF16LE || n != 2 {
		t.Errorf("SniffBOM(FF FE 00 00, no UTF-32) = %v, %d", c, n)
	}
}

// TestWPT runs the web-platform-tests vectors for UTF-8 and UTF-16.
func TestWPT(t *testing.T) {
	for _, f := range []string{"wpt/utf8-utf16-fatal.jsonl", "wpt/utf16-surrogates.jsonl"} {
		for _, r := range readJSONL(t, f) {
			c := codecByTestName(str(r, "encoding"))
			in := unhex(t, str(r, "hex"))
			_, err := c.AppendDecode(nil, in)
			if throws := r["fatal_throws"].(bool); throws != (err != nil) {
				t.Errorf("%s %s % X: error %v, want failure %v", f, str(r, "name"), in, err, throws)
			}
			got, _ := c.WithPolicy(encoding.Replace).AppendDecode(nil, in)
			if want := codePoints(t, str(r, "replace")); string(got) != want {
				t.Errorf("%s %s % X: replace = %+q, want %+q", f, str(r, "name"), in, got, want)
			}
		}
	}
	// TextDecoder strips a BOM that matches its encoding and decodes any
	// other as content.
	for _, r := range readJSONL(t, "wpt/bom.jsonl") {
		c := codecByTestName(str(r, "encoding"))
		in := unhex(t, str(r, "hex"))
		if b, n := SniffBOM(in, false); b == c {
			in = in[n:]
		}
		got, _ := c.WithPolicy(encoding.Replace).AppendDecode(nil, in)
		if want := codePoints(t, str(r, "decoded")); string(got) != want {
			t.Errorf("bom %s %s: %+q, want %+q", str(r, "encoding"), str(r, "name"), got, want)
		}
	}
	// Streaming: each chunk's output must be exactly what WHATWG's
	// streaming decode gives.
	for _, r := range readJSONL(t, "wpt/utf8-eof.jsonl") {
		if h := str(r, "hex"); h != "" {
			got, _ := UTF8.WithPolicy(encoding.Replace).AppendDecode(nil, unhex(t, h))
			if want := codePoints(t, str(r, "replace")); string(got) != want {
				t.Errorf("eof %s: %+q, want %+q", h, got, want)
			}
			continue
		}
		tr := UTF8.WithPolicy(encoding.Replace).DecodeTransformer()
		chunks := r["chunks"].([]any)
		outputs := r["outputs"].([]any)
		var pending []byte
		for i, ch := range chunks {
			pending = append(pending, unhex(t, strings.TrimSuffix(ch.(string), "*"))...)
			dst := make([]byte, 64)
			nd, ns, err := tr.Transform(dst, pending, i == len(chunks)-1)
			if err != nil && err.Error() != "transform: short source buffer" {
				t.Fatal(err)
			}
			pending = pending[ns:]
			if want := codePoints(t, outputs[i].(string)); string(dst[:nd]) != want {
				t.Errorf("eof stream %v chunk %d: %+q, want %+q", chunks, i, dst[:nd], want)
			}
		}
	}
	// A UTF-8 encoder given UTF-16 with unpaired surrogates: one U+FFFD
	// (EF BF BD) for each, never ED A0 80.
	for _, r := range readJSONL(t, "wpt/utf8-encode-lone-surrogates.jsonl") {
		var units []byte
		for _, f := range strings.Fields(str(r, "utf16_units")) {
			v, _ := strconv.ParseUint(f[2:], 16, 16)
			units = append(units, byte(v>>8), byte(v))
		}
		got, _ := UTF16BE.WithPolicy(encoding.Replace).AppendDecode(nil, units)
		if want := unhex(t, str(r, "utf8")); !bytes.Equal(got, want) {
			t.Errorf("lone surrogates %s: % X, want % X", str(r, "name"), got, want)
		}
	}
}

// TestSeedExamples runs the examples of the seed documents that concern
// the UTF family.
func TestSeedExamples(t *testing.T) {
	n := 0
	for _, r := range readJSONL(t, "seed-examples.jsonl") {
		c := codecByTestName(str(r, "encoding"))
		if c == nil {
			continue // legacy code pages are tested with their codecs
		}
		n++
		in := unhex(t, str(r, "hex"))
		text := codePoints(t, str(r, "code_points"))
		if v, ok := r["valid"].(bool); ok && !v {
			_, err := c.AppendDecode(nil, in)
			if off := int64(r["first_error_offset"].(float64)); errOffset(err) != off {
				t.Errorf("seed % X (%s): error %v, want offset %d", in, c, err, off)
			}
			got, _ := c.WithPolicy(encoding.Replace).AppendDecode(nil, in)
			if want := codePoints(t, str(r, "replace")); string(got) != want {
				t.Errorf("seed % X: replace %+q, want %+q", in, got, want)
			}
			continue
		}
		if c == UTF8 && bytes.HasPrefix(in, []byte{0xEF, 0xBB, 0xBF}) {
			c = UTF8BOM
		}
		got, err := c.AppendDecode(nil, in)
		if err != nil || string(got) != text {
			t.Errorf("seed % X (%s): %+q, %v; want %+q", in, c, got, err, text)
		}
		if c.Name() == "utf-7" || WritesBOM(c) {
			// The encoder may choose another valid form (another byte
			// order, other base64 shifts): it must round-trip.
			enc, err := c.AppendEncode(nil, []byte(text))
			back, err2 := c.AppendDecode(nil, enc)
			if err != nil || err2 != nil || string(back) != text {
				t.Errorf("seed %+q (%s): round trip via % X = %+q, %v %v", text, c, enc, back, err, err2)
			}
			continue
		}
		enc, err := c.AppendEncode(nil, []byte(text))
		if err != nil || !bytes.Equal(enc, in) {
			t.Errorf("seed %+q (%s): encode % X, %v; want % X", text, c, enc, err, in)
		}
	}
	if n < 15 {
		t.Errorf("only %d UTF seed examples ran", n)
	}
}

// pivotDecode decodes all of in to the 31-bit pivot (DecodePivotTransformer).
func pivotDecode(c *encoding.Codec, in []byte) ([]byte, error) {
	out, _, err := transform.Bytes(c.DecodePivotTransformer(), in)
	return out, err
}
