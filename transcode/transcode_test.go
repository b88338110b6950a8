package transcode

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
	"github.com/ucskit/ucs/internal/cli"
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

// Copy gives what the command gives: the same bytes out, and the same
// first message on error. The command still has its own copy of the
// engine; this test guards the two against drifting apart.
func TestSameAsCommand(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "é", "世", "😀", "\n", "\r\n", "\r", "\uFEFF", "\xFF", "\xC3", "\xE4\xB8", "€", "ß"}
	encs := []string{"utf-8", "utf-16le", "utf-16", "gb18030", "iso-8859-1", "windows-1252", "shift_jis", "utf-8-bom"}
	for i := range 400 {
		var sb strings.Builder
		for range rng.IntN(40) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := sb.String()
		from, to := encs[rng.IntN(len(encs))], encs[rng.IntN(len(encs))]
		in := []byte(text)
		if from != "utf-8" {
			// Encode what can be encoded, escaping the rest, to have input.
			in, _ = charset.MustLookup(from).Codec.WithPolicy(encoding.Skip).AppendEncode(nil, []byte(text))
			if i%5 == 0 && len(in) > 0 {
				in[rng.IntN(len(in))] = 0xFF
			}
		}
		invalid := []string{"fail", "replace", "skip"}[rng.IntN(3)]
		unmappable := []string{"fail", "replace", "escape"}[rng.IntN(3)]
		bom := []string{"keep", "strip", "add"}[rng.IntN(3)]
		newline := []string{"keep", "lf", "crlf"}[rng.IntN(3)]
		args := []string{"convert", "-f", from, "-t", to, "--invalid", invalid, "--unmappable", unmappable, "--bom", bom, "--newline", newline, "--progress", "never"}
		var cout, cerr bytes.Buffer
		code := cli.Main(&cli.Env{Stdin: bytes.NewReader(in), Stdout: &cout, Stderr: &cerr, Getenv: func(string) string { return "" }, IsTerminal: func(any) bool { return false }}, args)

		var opts Options
		opts.Invalid, _ = encoding.ParsePolicy(invalid)
		opts.Unmappable, _ = encoding.ParsePolicy(unmappable)
		opts.BOM = map[string]BOM{"keep": KeepBOM, "strip": StripBOM, "add": AddBOM}[bom]
		opts.Newline = map[string]Newline{"keep": KeepNewlines, "lf": LF, "crlf": CRLF}[newline]
		var out bytes.Buffer
		o, err := NewOutput(&out, cs(to), opts)
		if err != nil {
			if code != cli.ExitUsage {
				t.Errorf("%v: NewOutput: %v, command exit %d", args, err, code)
			}
			continue
		}
		_, err = o.Copy(bytes.NewReader(in), cs(from), "<stdin>")
		if err == nil {
			err = o.Close()
		} else {
			o.w.Flush()
		}
		if !bytes.Equal(out.Bytes(), cout.Bytes()) {
			t.Errorf("%v on %q: transcode %q, command %q", args, in, out.Bytes(), cout.Bytes())
		}
		first, _, _ := strings.Cut(cerr.String(), "\n")
		switch {
		case err == nil && code != cli.ExitOK:
			t.Errorf("%v on %q: transcode fine, command exit %d: %s", args, in, code, cerr.String())
		case errors.As(err, new(*Error)) && (code != cli.ExitInvalid || first != err.Error()):
			t.Errorf("%v on %q: transcode %v, command exit %d: %s", args, in, err, code, first)
		case err != nil && !errors.As(err, new(*Error)) && (code != cli.ExitIO || first != "ucs convert: "+err.Error()):
			// An error without a place: a byte order mark the target
			// cannot encode.
			t.Errorf("%v on %q: transcode %v, command exit %d: %s", args, in, err, code, first)
		}
	}
}

// Inputs longer than a read take the fast paths (UTF-8 straight into the
// encoder after the first read, the identity path); errors far into them
// keep their places.
func TestLargeSameAsCommand(t *testing.T) {
	line := "Grüße aus Köln - 12345 ñ\n"
	big := strings.Repeat(line, 3*chunkSize/len(line))
	for _, tc := range []struct {
		in       string
		to       string
		extra    []string
		wantLine int64
	}{
		{big + "tail \xFF", "iso-8859-1", nil, int64(strings.Count(big, "\n") + 1)},
		{big + "€ and ☃", "iso-8859-1", nil, int64(strings.Count(big, "\n") + 1)},
		{big + "€ and ☃", "windows-1252", nil, int64(strings.Count(big, "\n") + 1)},
		{big + "ok", "utf-16le", []string{"--newline", "crlf"}, 0},
		{big[:chunkSize+7] + "\xC3" + big[chunkSize+7:], "utf-8", nil, int64(strings.Count(big[:chunkSize+7], "\n") + 1)},
		{big[:chunkSize+7] + "\xC3" + big[chunkSize+7:], "utf-8", []string{"--invalid", "escape"}, 0},
	} {
		args := append([]string{"convert", "-f", "utf-8", "-t", tc.to, "--progress", "never"}, tc.extra...)
		var cout, cerr bytes.Buffer
		code := cli.Main(&cli.Env{Stdin: strings.NewReader(tc.in), Stdout: &cout, Stderr: &cerr, Getenv: func(string) string { return "" }, IsTerminal: func(any) bool { return false }}, args)
		opts := Options{}
		if len(tc.extra) > 0 && tc.extra[0] == "--newline" {
			opts.Newline = CRLF
		}
		if len(tc.extra) > 0 && tc.extra[0] == "--invalid" {
			opts.Invalid = encoding.Escape
		}
		var out bytes.Buffer
		o, _ := NewOutput(&out, cs(tc.to), opts)
		_, err := o.Copy(strings.NewReader(tc.in), utf.UTF8, "<stdin>")
		if err == nil {
			err = o.Close()
		} else {
			o.w.Flush()
		}
		if !bytes.Equal(out.Bytes(), cout.Bytes()) {
			t.Errorf("%v: outputs differ (%d and %d bytes)", args, out.Len(), cout.Len())
		}
		first, _, _ := strings.Cut(cerr.String(), "\n")
		var e *Error
		if tc.wantLine == 0 {
			if err != nil || code != cli.ExitOK {
				t.Errorf("%v: %v, command exit %d", args, err, code)
			}
			continue
		}
		if !errors.As(err, &e) || e.Line != tc.wantLine || first != err.Error() || code != cli.ExitInvalid {
			t.Errorf("%v: transcode %v, command %d %s", args, err, code, first)
		}
	}
}
