package htmlcharset

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
)

// Every WHATWG encoding has a codec whose decoder replaces, and Name gives
// the encoding's name back.
func TestWebCodecs(t *testing.T) {
	if len(webNames) != 40 {
		t.Errorf("%d WHATWG encodings, want 40", len(webNames))
	}
	for _, name := range webNames {
		e, got := Lookup(name)
		if e == nil || got != name {
			t.Errorf("Lookup(%q) = %v, %q", name, e, got)
			continue
		}
		c := e.(*encoding.Codec)
		if o := c.Options(); o.Invalid != encoding.Replace || o.Unmappable != encoding.Fail {
			t.Errorf("%s: options %+v", name, o)
		}
		if n, err := Name(e); err != nil || n != name {
			t.Errorf("Name(Lookup(%q)) = %q, %v", name, n, err)
		}
	}
	// A codec of ucs that is not a web encoding keeps its name.
	if n, err := Name(charset.MustLookup("iso-8859-1").Codec); err != nil || n != "iso-8859-1" {
		t.Errorf("Name(iso-8859-1) = %q, %v", n, err)
	}
}

// The labels where package charset deviates from WHATWG follow WHATWG here.
func TestWebLabels(t *testing.T) {
	for label, want := range map[string]string{
		"iso-8859-1": "windows-1252", "latin1": "windows-1252", "ascii": "windows-1252", "us-ascii": "windows-1252",
		"utf-16": "utf-16le", "ucs-2": "utf-16le", "unicode-1-1-utf-8": "utf-8", "x-user-defined": "x-user-defined",
		"iso-2022-kr": "replacement", " GB2312\n": "gbk", "sjis": "shift_jis",
	} {
		if _, got := Lookup(label); got != want {
			t.Errorf("Lookup(%q) = %q, want %q", label, got, want)
		}
	}
	for _, label := range []string{"", "utf-32", "cp950", "\u212Aoi8-r", "utf-8\v", strings.Repeat(" ", 40) + "x" + strings.Repeat("y", 40)} {
		if e, got := Lookup(label); e != nil || got != "" {
			t.Errorf("Lookup(%q) = %v, %q; want unknown", label, e, got)
		}
	}
}

func TestLookupAllocs(t *testing.T) {
	long := strings.Repeat("x", 4096)
	for _, l := range []string{"Windows-1252", "no-such", long} {
		if a := testing.AllocsPerRun(20, func() { Lookup(l) }); a != 0 {
			t.Errorf("Lookup(%.20q): %v allocations", l, a)
		}
	}
}

func TestDetermineEncoding(t *testing.T) {
	koi8 := "\xf7\xde\xc5\xd2\xc1 \xd7\xc5\xde\xc5\xd2\xcf\xcd \xcd\xd9 \xc4\xcf\xcc\xc7\xcf \xc7\xd5\xcc\xd1\xcc\xc9 \xd0\xcf \xce\xc1\xc2\xc5\xd2\xc5\xd6\xce\xcf\xca."
	for _, tc := range []struct {
		content, contentType string
		name                 string
		certain              bool
	}{
		{"\xEF\xBB\xBF<meta charset=koi8-r>", "text/html; charset=gbk", "utf-8", true},
		{"\xFF\xFEa\x00", "", "utf-16le", true},
		{"\xFE\xFF\x00a", "", "utf-16be", true},
		{"<meta charset=koi8-r>", "text/html; charset=GBK", "gbk", true},
		{"<meta charset=koi8-r>", "text/html; charset=nonsense", "koi8-r", false},
		{"<meta charset=koi8-r>", "text/html; charset", "koi8-r", false},
		{"<meta charset=utf-16be>", "", "utf-8", false},
		{"<meta charset=x-user-defined>", "", "x-user-defined", false},
		{`<meta http-equiv="content-type" content="text/html; charset=big5">`, "", "big5", false},
		{`<meta content="text/html; charset=big5">`, "", "windows-1252", false},
		{`<meta content="text/html; charset=big5" charset=bogus http-equiv=content-type>`, "", "windows-1252", false},
		{`<meta charset=koi8-r charset=gbk>`, "", "koi8-r", false},
		{`<!--><meta charset=koi8-r>-->`, "", "koi8-r", false},
		{`<!-- <meta charset=koi8-r> -->`, "", "windows-1252", false},
		{`<meta charset="koi8-r`, "", "windows-1252", false},
		{`<meta charset=koi8-r`, "", "windows-1252", false},
		// The standard's prescan sees tags inside raw-text elements.
		{`<script>document.write('<meta charset=koi8-r>')</script>`, "", "koi8-r", false},
		{`<title><meta charset=koi8-r></title>`, "", "koi8-r", false},
		{`<p title="<meta charset=koi8-r>">`, "", "windows-1252", false},
		{"<p>na\xC3\xAFve</p>", "", "utf-8", false},
		{"<p>na\xC3\xAFve \xC3", "", "utf-8", false},
		{"plain ascii", "", "windows-1252", false},
		{"", "", "windows-1252", false},
		{"<p>" + koi8 + "</p>", "", "koi8-r", false},
	} {
		_, name, certain := DetermineEncoding([]byte(tc.content), tc.contentType)
		if name != tc.name || certain != tc.certain {
			t.Errorf("DetermineEncoding(%q, %q) = %s, %v; want %s, %v", tc.content, tc.contentType, name, certain, tc.name, tc.certain)
		}
	}
}

// NewReader gives the detector more than the first 1024 bytes when these
// are ASCII and declare nothing.
func TestNewReaderDetectsPastPrefix(t *testing.T) {
	koi8 := "\xf7\xde\xc5\xd2\xc1 \xd7\xc5\xde\xc5\xd2\xcf\xcd \xcd\xd9 \xc4\xcf\xcc\xc7\xcf \xc7\xd5\xcc\xd1\xcc\xc9 \xd0\xcf \xce\xc1\xc2\xc5\xd2\xc5\xd6\xce\xcf\xca. "
	page := "<html><head><title>t</title></head><body>" + strings.Repeat("<!-- padding --> ", 100) + "<p>" + strings.Repeat(koi8, 20) + "</p>"
	if len(page) < 2*prescanLen {
		t.Fatal("page too short")
	}
	r, err := NewReader(strings.NewReader(page), "text/html")
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), "Вчера вечером") || !strings.HasSuffix(string(got), "</p>") {
		t.Errorf("decoded %q", got[len(got)-200:])
	}
	// A page shorter than the detector's window, and one of exactly 1024 bytes.
	for _, n := range []int{1500, prescanLen} {
		p := strings.Repeat("a", n)
		r, _ := NewReader(strings.NewReader(p), "")
		if got, _ := io.ReadAll(r); string(got) != p {
			t.Errorf("%d ASCII bytes came back as %d", n, len(got))
		}
	}
}

// The detector reads a bounded prefix of a long content; a character cut
// by the bound does not count against its encoding.
func TestDetermineEncodingLongContent(t *testing.T) {
	gbk, err := charset.MustLookup("gbk").Codec.AppendEncode(nil, []byte(strings.Repeat("我能吞下玻璃而不伤身体。中文网页的编码检测。", 3000)))
	if err != nil {
		t.Fatal(err)
	}
	content := append([]byte(strings.Repeat("a", prescanLen+77)), gbk...) // odd: the bound cuts a character
	if len(content) < 2*detectLen || (detectLen-prescanLen-77)%2 != 1 {
		t.Fatal("bad setup")
	}
	if _, name, certain := DetermineEncoding(content, ""); name != "gbk" || certain {
		t.Errorf("long GBK content: %s, %v", name, certain)
	}
	r, err := NewReader(bytes.NewReader(content), "")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(r)
	if !strings.HasSuffix(string(got), "中文网页的编码检测。") || len(got) < len(content) {
		t.Errorf("NewReader: %d bytes, ends %q", len(got), got[len(got)-30:])
	}
}

// Malformed input decodes to U+FFFD, one per error of the Encoding
// Standard, in UTF-8 too.
func TestReplacement(t *testing.T) {
	for _, tc := range []struct{ label, in, want string }{
		{"utf-8", "a\xF0\x9F\x98b\xFFc", "a\uFFFDb\uFFFDc"},
		{"windows-1252", "\x80\x81", "€\u0081"},
		{"shift_jis", "\x81 ", "\uFFFD "},
		{"utf-16le", "a\x00\x00\xD8", "a\uFFFD"},
		{"iso-2022-kr", "anything", "\uFFFD"},
	} {
		r, err := NewReaderLabel(tc.label, strings.NewReader(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s %q: %q, %v; want %q", tc.label, tc.in, got, err, tc.want)
		}
	}
	if _, err := NewReaderLabel("utf-32", strings.NewReader("")); err == nil {
		t.Error("utf-32 accepted")
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestNewReaderError(t *testing.T) {
	if _, err := NewReader(errReader{}, ""); err != io.ErrClosedPipe {
		t.Errorf("err = %v", err)
	}
	if _, err := NewReader(io.MultiReader(bytes.NewReader(make([]byte, 1024)), errReader{}), ""); err != io.ErrClosedPipe {
		t.Errorf("err after the prefix = %v", err)
	}
}

func FuzzDetermineEncoding(f *testing.F) {
	for _, s := range []string{"<meta charset=koi8-r>", `<meta http-equiv=content-type content="charset='gbk'">`, "<!-->", "<meta/", "\xFF\xFE", "<a b=c d='e' f=\"g\">"} {
		f.Add([]byte(s), "text/html; charset=utf-8")
	}
	f.Fuzz(func(t *testing.T, b []byte, ct string) {
		e, name, _ := DetermineEncoding(b, ct)
		if e == nil || name == "" {
			t.Fatalf("no encoding for %q", b)
		}
		if _, n := Lookup(name); n != name {
			t.Fatalf("name %q is not canonical", name)
		}
		if n := prescan(b); n != "" {
			if _, got := Lookup(n); got != n {
				t.Fatalf("prescan gave %q", n)
			}
		}
	})
}

func BenchmarkDetermineEncoding(b *testing.B) {
	koi8 := "\xf7\xde\xc5\xd2\xc1 \xd7\xc5\xde\xc5\xd2\xcf\xcd \xcd\xd9 \xc4\xcf\xcc\xc7\xcf \xc7\xd5\xcc\xd1\xcc\xc9 \xd0\xcf \xce\xc1\xc2\xc5\xd2\xc5\xd6\xce\xcf\xca. "
	head := "<!DOCTYPE html><html><head><title>t</title>"
	for _, tc := range []struct{ name, page, contentType string }{
		{"header", head + "<p>" + strings.Repeat(koi8, 200), "text/html; charset=koi8-r"},
		{"meta", head + "<meta charset=koi8-r><p>" + strings.Repeat(koi8, 200), ""},
		{"undeclared", head + "<p>" + strings.Repeat(koi8, 200), ""},
		{"ascii", head + "<p>" + strings.Repeat("plain text ", 1000), ""},
	} {
		b.Run(tc.name, func(b *testing.B) {
			content := []byte(tc.page)
			b.SetBytes(int64(len(content)))
			b.ReportAllocs()
			for b.Loop() {
				DetermineEncoding(content, tc.contentType)
			}
		})
	}
}
