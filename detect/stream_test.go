package detect

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

// asciiLog returns n bytes of ASCII log lines.
func asciiLog(n int) []byte {
	line := "2026-11-25T10:00:00Z INFO request served in 12ms path=/index.html\n"
	b := bytes.Repeat([]byte(line), n/len(line)+1)
	return b[:n-n%len(line)]
}

// hideSeek hides every method of a reader but Read.
type hideSeek struct{ r io.Reader }

func (h hideSeek) Read(p []byte) (int, error) { return h.r.Read(p) }

// TestASCIIHead checks that text after a long ASCII head is examined:
// Detect, DetectReader over a seekable and a plain reader, and a Detector
// fed in pieces all see the text, and none answers us-ascii.
func TestASCIIHead(t *testing.T) {
	for _, tc := range []struct{ enc, text string }{
		{"utf-8", "Привет, это текст после длинного журнала. "},
		{"shift_jis", "これは長いログの後に続く日本語の文章です。"},
		{"windows-1251", "Это текст на русском языке после длинного журнала. "},
		{"gbk", "这是一段在很长的日志之后的中文文本。"},
		{"euc-kr", "긴 로그 다음에 오는 한국어 문장입니다. "},
	} {
		text := strings.Repeat(tc.text, 20)
		body := encodeAs(t, tc.enc, text)
		for _, head := range []int{100 << 10, 3 << 20} {
			b := append(asciiLog(head), body...)
			want := string(asciiLog(head)) + text
			check := func(how string, res Result) {
				t.Helper()
				c := res.Best()
				got, ok := decodeAs(c.Encoding, c.BOM, b)
				if c.Encoding == "us-ascii" || !ok || got != want {
					t.Errorf("%s, %d KiB head, %s: got %+v", tc.enc, head>>10, how, c)
				}
			}
			check("Detect", Detect(b))
			res, err := DetectReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			check("DetectReader", res)
			res, _ = DetectReader(hideSeek{bytes.NewReader(b)})
			check("DetectReader without Seek", res)
			d := NewDetector()
			for i := 0; i < len(b); i += 7000 {
				d.Feed(b[i:min(i+7000, len(b))], i+7000 >= len(b))
			}
			check("Detector", d.Result())
		}
	}
}

// TestASCIIHeadOffsets checks that a window's malformed sequence is
// located in the whole input.
func TestASCIIHeadOffsets(t *testing.T) {
	head := asciiLog(200 << 10)
	body := []byte(strings.Repeat("Привет, мир! ", 100))
	bad := len(head) + 500
	b := append(append([]byte(nil), head...), body[:500]...)
	b = append(append(b, 0xFF), body[500:]...)
	res, err := DetectReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := res.Best()
	if c.Encoding != "utf-8" || c.Invalid != 1 || c.FirstInvalid != int64(bad) {
		t.Errorf("got %+v, want utf-8 with 1 invalid at %d", c, bad)
	}
}

// TestHugeASCII checks that the work on a huge input is bounded: beyond
// the scan limit a plain reader is not read further, and a seekable one
// is probed, so that text at its end is still found.
func TestHugeASCII(t *testing.T) {
	head := asciiLog(asciiScanLimit + 4<<20)
	tail := encodeAs(t, "shift_jis", strings.Repeat("ファイルの最後にある日本語の文章です。", 30))
	b := append(head, '\n')
	b = append(b, tail...)
	cr := &countingReader{r: bytes.NewReader(b)}
	res, err := DetectReader(hideSeek{cr})
	if err != nil {
		t.Fatal(err)
	}
	if cr.n > asciiScanLimit+ReaderPrefix {
		t.Errorf("read %d bytes, want at most %d", cr.n, asciiScanLimit+ReaderPrefix)
	}
	if c := res.Best(); c.Encoding != "us-ascii" || c.Confidence >= 1 {
		t.Errorf("unseekable: got %+v, want us-ascii below confidence 1", c)
	}
	res, err = DetectReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Best(); c.Encoding != "shift_jis" {
		t.Errorf("seekable: got %+v, want shift_jis", c)
	}
	// An ASCII file is us-ascii for certain only when read to the end.
	res, _ = DetectReader(bytes.NewReader(head))
	if c := res.Best(); c.Encoding != "us-ascii" || c.Confidence >= 1 {
		t.Errorf("huge ASCII: got %+v", c)
	}
	// A seekable input that ends where the scan stops is read to its end.
	res, _ = DetectReader(&asciiFile{size: asciiScanLimit})
	if c := res.Best(); c.Encoding != "us-ascii" || c.Confidence != 1 {
		t.Errorf("ASCII input of exactly the scan limit: got %+v", c)
	}
	small := asciiLog(1 << 20)
	res, _ = DetectReader(bytes.NewReader(small))
	if c := res.Best(); c.Encoding != "us-ascii" || c.Confidence != 1 {
		t.Errorf("1 MiB ASCII read to its end: got %+v", c)
	}
}

// TestPrefix checks the prefix form: a character cut by the end is not an
// error in a prefix, and is one in a whole input.
func TestPrefix(t *testing.T) {
	b := []byte(strings.Repeat("Größe und Maße. ", 10) + "日本")
	cut := b[:len(b)-1]
	if c := DetectPrefix(cut).Best(); c.Encoding != "utf-8" || c.Invalid != 0 {
		t.Errorf("prefix: got %+v", c)
	}
	c := Detect(cut).Best()
	if c.Encoding != "utf-8" || c.Invalid != 1 || c.FirstInvalid != int64(len(b)-3) || c.Confidence >= 0.9 {
		t.Errorf("whole input: got %+v, want utf-8 with its cut character counted", c)
	}
	if c := DetectPrefix([]byte("plain")).Best(); c.Encoding != "us-ascii" || c.Confidence >= 1 {
		t.Errorf("ASCII prefix: got %+v", c)
	}
	// A Detector fed in pieces, split anywhere, agrees with Detect.
	whole := encodeAs(t, "shift_jis", "日本語の文章です。カタカナもあります。")
	want := Detect(whole).Best()
	for i := 0; i <= len(whole); i++ {
		d := NewDetector()
		d.Feed(whole[:i], false)
		if got := d.Result().Best(); got.Encoding == "" {
			t.Errorf("prefix of %d bytes: no candidate", i)
		}
		d.Feed(whole[i:], true)
		if got := d.Result().Best(); got != want {
			t.Errorf("split at %d: got %+v, want %+v", i, got, want)
		}
	}
}

// TestMostlyUTF8 checks that UTF-8 with a few stray bytes is UTF-8 with
// its malformed sequences counted, not a legacy code page.
func TestMostlyUTF8(t *testing.T) {
	text := []byte(strings.Repeat("Съешь же ещё этих мягких французских булок, да выпей чаю. ", 1000))
	// A stray byte, and a character cut short by a line break, both
	// between two characters.
	at := func(i int) int {
		for !utf8.RuneStart(text[i]) {
			i++
		}
		return i
	}
	p, q := at(1001), at(40000)
	b := append(append(append([]byte(nil), text[:p]...), 0xFF), text[p:q]...)
	b = append(append(b, 0xD0, '\n'), text[q:]...)
	c := Detect(b).Best()
	if c.Encoding != "utf-8" || c.Invalid != 2 || c.FirstInvalid != int64(p) {
		t.Errorf("got %+v, want utf-8 with 2 invalid, the first at 1001", c)
	}
	if c.Confidence < 0.5 || c.Confidence >= 0.9 {
		t.Errorf("confidence %v, want mostly-UTF-8 (0.5 to 0.9)", c.Confidence)
	}
	// Legacy text is not mostly UTF-8.
	if c := Detect(encodeAs(t, "windows-1251", string([]rune(string(text))[:1500]))).Best(); c.Encoding != "windows-1251" || c.Invalid != 0 {
		t.Errorf("windows-1251: got %+v", c)
	}
}

// TestExaminedDecodes checks that the best answer decodes the bytes it
// examined, and is never us-ascii with a non-ASCII byte among them.
func TestExaminedDecodes(t *testing.T) {
	inputs := [][]byte{
		append(asciiLog(70<<10), "caf\xe9 cr\xe8me"...),
		append(asciiLog(70<<10), encodeAs(t, "shift_jis", "日本語")...),
		append(asciiLog(70<<10), "\x1b$B$3$s$K$A$O\x1b(B\n"...),
		append(asciiLog(5<<10), 0x81),
	}
	for i, b := range inputs {
		for _, prefix := range []bool{false, true} {
			d := NewDetector()
			d.Feed(b, !prefix)
			c := d.Result().Best()
			if c.Encoding == "us-ascii" && simdASCII(b) < len(b) {
				t.Errorf("input %d: us-ascii for non-ASCII bytes", i)
			}
			if _, ok := decodeAs(c.Encoding, c.BOM, b); !ok && !prefix && c.Invalid == 0 {
				t.Errorf("input %d: %+v does not decode it", i, c)
			}
		}
	}
}

func simdASCII(b []byte) int {
	for i, c := range b {
		if c >= 0x80 {
			return i
		}
	}
	return len(b)
}

// TestDetectReaderSample checks that the sample returned is the part of
// the input that the result judged, at its offset.
func TestDetectReaderSample(t *testing.T) {
	text := "Grüße aus Köln, schöne Straße.\n"
	long := strings.Repeat(text, 2*ReaderPrefix/len(text)+1)
	head := strings.Repeat("plain ASCII line\n", 2*ReaderPrefix/17)
	for _, tc := range []struct {
		name, in string
		whole    bool
	}{
		{"short", text, true},
		{"long", long, false},
		{"ascii head", head + text + "end\n", false},
	} {
		res, s, err := DetectReaderSample(strings.NewReader(tc.in))
		if err != nil || res.Best().Encoding != "utf-8" {
			t.Errorf("%s: %v, best %+v", tc.name, err, res.Best())
			continue
		}
		if s.Whole != tc.whole || len(s.Bytes) == 0 || len(s.Bytes) > ReaderPrefix ||
			s.Offset < 0 || tc.in[s.Offset:s.Offset+int64(len(s.Bytes))] != string(s.Bytes) {
			t.Errorf("%s: sample at %d of %d bytes, whole %v; not the input there", tc.name, s.Offset, len(s.Bytes), s.Whole)
		}
		if tc.name == "ascii head" && (s.Offset == 0 || s.Offset > int64(len(head))) {
			t.Errorf("%s: sample at %d; want the window from the line of the first non-ASCII byte (%d)", tc.name, s.Offset, len(head))
		}
	}
}
