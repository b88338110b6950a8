package transcode

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
)

func cs(name string) *encoding.Codec { return charset.MustLookup(name).Codec }

func TestCopyRoundTrip(t *testing.T) {
	text := strings.Repeat("Grüße, 世界! Привет.\n", 50)
	// (Inputs with a byte order mark are TestBOMAndNewlines's.)
	for _, from := range []string{"utf-8", "utf-16le", "utf-32be", "gb18030", "utf-7"} {
		for _, to := range []string{"utf-8", "utf-16be", "gb18030", "cesu-8", "utf-8-bom"} {
			in, err := cs(from).AppendEncode(nil, []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			st, err := Copy(&out, bytes.NewReader(in), cs(from), cs(to), Options{})
			if err != nil {
				t.Fatalf("%s→%s: %v", from, to, err)
			}
			want, _ := cs(to).AppendEncode(nil, []byte(text))
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("%s→%s: output differs from AppendEncode", from, to)
			}
			if st.In != int64(len(in)) || st.Out != int64(out.Len()) {
				t.Errorf("%s→%s: stats %+v, want In %d Out %d", from, to, st, len(in), out.Len())
			}
		}
	}
}

func TestErrorPosition(t *testing.T) {
	var out bytes.Buffer
	_, err := Copy(&out, strings.NewReader("line one\nab\xC3(c"), utf.UTF8, cs("utf-16le"), Options{})
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v", err)
	}
	if e.Offset != 11 || e.Line != 2 || e.Column != 3 || e.Kind != encoding.BadContinuation || e.Encoding != "utf-8" {
		t.Errorf("error %+v", e)
	}
	if got := e.Error(); got != "2:3: byte 11: bad-continuation (bytes C3)" {
		t.Errorf("message %q", got)
	}
	// What came before the error is written.
	if want, _ := cs("utf-16le").AppendEncode(nil, []byte("line one\nab")); !bytes.Equal(out.Bytes(), want) {
		t.Errorf("output %q", out.Bytes())
	}

	// An unencodable character: its offset is in the input (GBK bytes).
	gbk, _ := cs("gbk").AppendEncode(nil, []byte("abc\n价格 €5"))
	_, err = Copy(io.Discard, bytes.NewReader(gbk), cs("gbk"), cs("iso-8859-1"), Options{})
	if !errors.As(err, &e) {
		t.Fatalf("err = %v", err)
	}
	if e.Kind != encoding.Unmappable || e.Rune != '价' || e.Line != 2 || e.Column != 1 || e.Offset != 4 || e.Encoding != "iso-8859-1" {
		t.Errorf("unmappable %+v", e)
	}
}

func TestPoliciesAndReport(t *testing.T) {
	var reported []string
	opts := Options{Invalid: encoding.Replace, Report: func(e *Error) { reported = append(reported, e.Error()) }}
	var out bytes.Buffer
	st, err := Copy(&out, strings.NewReader("a\xFFb\n\xC0\x80"), utf.UTF8, utf.UTF8, opts)
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != "a\uFFFDb\n\uFFFD\uFFFD" || st.Fixed != 3 {
		t.Errorf("%q, %+v", out.String(), st)
	}
	want := []string{"1:2: byte 1: invalid-byte (bytes FF)", "2:1: byte 4: overlong (bytes C0)", "2:2: byte 5: unexpected-continuation (bytes 80)"}
	if strings.Join(reported, "|") != strings.Join(want, "|") {
		t.Errorf("reported %q", reported)
	}
	out.Reset()
	if _, err := Copy(&out, strings.NewReader("€ ok"), utf.UTF8, cs("us-ascii"), Options{Unmappable: encoding.Escape, Escape: encoding.EscapeXML}); err != nil || out.String() != "&#8364; ok" {
		t.Errorf("escape: %q, %v", out.String(), err)
	}
}

func TestBOMAndNewlines(t *testing.T) {
	for _, tc := range []struct {
		in       string
		from, to string
		opts     Options
		want     string
	}{
		{"\uFEFFa\r\nb", "utf-8", "utf-8", Options{}, "\uFEFFa\r\nb"},
		{"\uFEFFa\r\nb", "utf-8", "utf-8", Options{BOM: StripBOM, Newline: LF}, "a\nb"},
		{"a\nb\r\nc", "utf-8", "utf-8", Options{BOM: AddBOM, Newline: CRLF}, "\uFEFFa\r\nb\r\nc"},
		{"\xFF\xFEa\x00", "utf-16", "utf-8", Options{}, "\uFEFFa"},
		{"\xFF\xFEa\x00", "utf-16", "utf-8", Options{BOM: StripBOM}, "a"},
		{"a\r", "utf-8", "utf-8", Options{Newline: LF}, "a\r"},
		{"", "utf-8", "utf-8", Options{BOM: AddBOM}, "\uFEFF"},
		{"a", "utf-8", "utf-16", Options{BOM: StripBOM}, "\x00a"},
		// A target that cannot encode U+FEFF drops the input's BOM
		// (it used to stop with an unlocated error).
		{"\xFF\xFEa\x00", "utf-16le", "iso-8859-1", Options{}, "a"},
		{"\uFEFFa", "utf-8", "shift_jis", Options{}, "a"},
		{"\uFEFFa", "utf-8", "gb18030", Options{}, "\x84\x31\x95\x33a"},
	} {
		var out bytes.Buffer
		if _, err := Copy(&out, strings.NewReader(tc.in), cs(tc.from), cs(tc.to), tc.opts); err != nil || out.String() != tc.want {
			t.Errorf("%q %s→%s %+v: %q, %v; want %q", tc.in, tc.from, tc.to, tc.opts, out.String(), err, tc.want)
		}
	}
	if _, err := NewOutput(io.Discard, cs("gbk"), Options{BOM: AddBOM}); err == nil {
		t.Error("AddBOM accepted for gbk")
	}
	// A CR LF cut by the read boundary still becomes LF.
	in := strings.Repeat("x", chunkSize-1) + "\r\n" + "y"
	var out bytes.Buffer
	if _, err := Copy(&out, strings.NewReader(in), utf.UTF8, cs("utf-16le"), Options{Newline: LF}); err != nil {
		t.Fatal(err)
	}
	if want, _ := cs("utf-16le").AppendEncode(nil, []byte(strings.Repeat("x", chunkSize-1)+"\ny")); !bytes.Equal(out.Bytes(), want) {
		t.Error("CR LF across the read boundary")
	}
}

func TestReaderWriter(t *testing.T) {
	in, _ := cs("shift_jis").AppendEncode(nil, []byte(strings.Repeat("日本語のテキスト\n", 1000)))
	r := NewReader(bytes.NewReader(in), cs("shift_jis"), utf.UTF8, Options{})
	got, err := io.ReadAll(r)
	if err != nil || string(got) != strings.Repeat("日本語のテキスト\n", 1000) {
		t.Errorf("reader: %d bytes, %v", len(got), err)
	}
	r = NewReader(strings.NewReader("ok\xFF"), utf.UTF8, utf.UTF8, Options{})
	got, err = io.ReadAll(r)
	var e *Error
	if !errors.As(err, &e) || e.Offset != 2 || string(got) != "ok" {
		t.Errorf("reader error: %q, %v", got, err)
	}
	r = NewReader(bytes.NewReader(in), cs("shift_jis"), utf.UTF8, Options{})
	r.Read(make([]byte, 10))
	r.Close() // the goroutine ends

	var out bytes.Buffer
	w := NewWriter(&out, utf.UTF8, cs("utf-16be"), Options{})
	for _, part := range []string{"ab", "\xC3", "\xA9", "cd"} {
		if _, err := w.Write([]byte(part)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil || out.String() != "\x00a\x00b\x00\xE9\x00c\x00d" {
		t.Errorf("writer: %q, %v", out.String(), err)
	}
	w = NewWriter(io.Discard, utf.UTF8, utf.UTF8, Options{})
	w.Write([]byte("a\xFF"))
	if err := w.Close(); !errors.As(err, &e) || e.Offset != 1 {
		t.Errorf("writer error: %v", err)
	}
}
