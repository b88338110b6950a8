package xnettest

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	xcharset "golang.org/x/net/html/charset"

	"github.com/ucskit/ucs/htmlcharset"
)

// whatwgLabels reads the Encoding Standard's label table pinned in the
// main module.
func whatwgLabels(t *testing.T) map[string]string {
	raw, err := os.ReadFile("../../../internal/gen/data/encodings.json")
	if err != nil {
		t.Fatal(err)
	}
	var groups []struct {
		Encodings []struct {
			Name   string
			Labels []string
		}
	}
	if err := json.Unmarshal(raw, &groups); err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, g := range groups {
		for _, e := range g.Encodings {
			for _, l := range e.Labels {
				m[l] = strings.ToLower(e.Name)
			}
		}
	}
	return m
}

// newerLabels are the labels of the pinned Encoding Standard that x/net's
// table (generated from an older edition) lacks; htmlcharset follows the
// standard.
var newerLabels = map[string]bool{}

func TestLookupMatchesXNet(t *testing.T) {
	labels := whatwgLabels(t)
	var missing []string
	for l, want := range labels {
		for _, s := range []string{l, strings.ToUpper(l), " \t" + l + "\r\n\f"} {
			e, name := htmlcharset.Lookup(s)
			if e == nil || name != want {
				t.Errorf("htmlcharset.Lookup(%q) = %v, %q; want %q", s, e, name, want)
			}
			xe, xname := xcharset.Lookup(s)
			if xe == nil {
				if s == l {
					missing = append(missing, l)
				}
				continue
			}
			if xname != name {
				t.Errorf("Lookup(%q): htmlcharset %q, x/net %q", s, name, xname)
			}
		}
	}
	t.Logf("%d WHATWG labels; x/net lacks %d: %v", len(labels), len(missing), missing)
	for _, l := range []string{"", "utf-9", "iso-8859-1x", strings.Repeat("a", 1<<12), "x-user-defined-2"} {
		e, name := htmlcharset.Lookup(l)
		xe, xname := xcharset.Lookup(l)
		if e != nil || name != "" || xe != nil || xname != "" {
			t.Errorf("unknown label %.20q: htmlcharset %v %q, x/net %v %q", l, e, name, xe, xname)
		}
	}
}

// samples are short texts in several scripts.
var samples = []string{
	"Grüße aus Köln, où l'été est très chaud — «déjà vu».",
	"Съешь же ещё этих мягких французских булок, да выпей чаю.",
	"Ζαφείρι δέξου πάγκαλο, βαθῶν ψυχῆς τὸ σῆμα.",
	"Pchnąć w tę łódź jeża lub ośm skrzyń fig.",
	"我能吞下玻璃而不伤身体。中文网页的编码检测。",
	"私はガラスを食べられます。それは私を傷つけません。",
	"나는 유리를 먹을 수 있어요. 그래도 아프지 않아요.",
	"ฉันกินกระจกได้ แต่มันไม่ทำให้ฉันเจ็บ",
	"אני יכול לאכול זכוכית וזה לא מזיק לי.",
	"أنا قادر على أكل الزجاج و هذا لا يؤلمني.",
	"Tôi có thể ăn thủy tinh mà không hại gì.",
	"Kaj ĉe ĝi ŝajnas, ke ĉiu ĵaŭdo ŝanĝiĝas.",
	"Plain ASCII text only, nothing else.",
}

var pageEncodings = []string{
	"utf-8", "windows-1252", "windows-1251", "koi8-r", "koi8-u", "iso-8859-2", "iso-8859-5", "iso-8859-7",
	"windows-1250", "windows-1253", "windows-1255", "windows-1256", "windows-1258", "windows-874",
	"iso-8859-15", "ibm866", "macintosh", "x-mac-cyrillic", "gbk", "gb18030", "big5", "shift_jis",
	"euc-jp", "iso-2022-jp", "euc-kr", "utf-16le", "utf-16be", "iso-8859-8-i", "iso-8859-3",
}

// declaration forms of an encoding label in a page.
var declForms = []func(label string) (head, contentType string){
	func(l string) (string, string) { return "", "" },
	func(l string) (string, string) { return "", "text/html; charset=" + l },
	func(l string) (string, string) { return "", `text/html; charset="` + strings.ToUpper(l) + `"` },
	func(l string) (string, string) { return `<meta charset="` + l + `">`, "" },
	func(l string) (string, string) { return `<META CHARSET=` + l + `>`, "text/html" },
	func(l string) (string, string) { return `<meta charset='` + l + `' />`, "" },
	func(l string) (string, string) {
		return `<meta http-equiv="Content-Type" content="text/html; charset=` + l + `">`, ""
	},
	func(l string) (string, string) {
		return `<meta content="text/html;charset='` + l + `'" http-equiv=content-type>`, ""
	},
	// content without the pragma counts for nothing
	func(l string) (string, string) { return `<meta content="text/html; charset=` + l + `">`, "" },
	// an unknown label, then the real one
	func(l string) (string, string) {
		return `<meta charset="no-such-thing"><meta charset="` + l + `">`, ""
	},
	// a commented-out declaration, then the real one
	func(l string) (string, string) {
		return `<!-- <meta charset="koi8-r"> --><meta charset="` + l + `">`, ""
	},
	// header with an unknown charset, meta decides
	func(l string) (string, string) { return `<meta charset=` + l + `>`, "text/html; charset=bogus" },
	// attributes before the charset, a duplicate charset attribute
	func(l string) (string, string) {
		return `<link rel=stylesheet href="a.css"><meta name=viewport content="width=device-width" charset=` + l + ` charset=koi8-r>`, ""
	},
	// declaration past the first 1024 bytes
	func(l string) (string, string) {
		return "<!-- " + strings.Repeat("padding ", 140) + "-->" + `<meta charset="` + l + `">`, ""
	},
	// a UTF-16 declaration, read as UTF-8
	func(l string) (string, string) { return `<meta charset="utf-16">`, "" },
	func(l string) (string, string) { return `<meta charset="x-user-defined">`, "" },
	func(l string) (string, string) { return `<meta charset="iso-8859-1">`, "" },
}

type page struct {
	enc         string // true encoding of the body
	content     []byte
	contentType string
}

func encode(t *testing.T, enc, s string) ([]byte, bool) {
	e, _ := xcharset.Lookup(enc)
	if enc == "utf-8" {
		return []byte(s), true
	}
	b, err := e.NewEncoder().Bytes([]byte(s))
	if err != nil {
		return nil, false
	}
	return b, true
}

func pages(t *testing.T) []page {
	var out []page
	for _, enc := range pageEncodings {
		for _, s := range samples {
			if _, ok := encode(t, enc, s); !ok {
				continue
			}
			for fi, form := range declForms {
				head, ct := form(enc)
				for _, bom := range []bool{false, true} {
					doc := "<!DOCTYPE html><html><head>" + head + "<title>t</title></head><body><p>" +
						strings.Repeat(s, 1+fi%3) + "</p></body></html>\n"
					text, ok := encode(t, enc, doc)
					if !ok {
						continue
					}
					var b []byte
					if bom {
						switch enc {
						case "utf-8":
							b = append(b, 0xEF, 0xBB, 0xBF)
						case "utf-16le":
							b = append(b, 0xFF, 0xFE)
						case "utf-16be":
							b = append(b, 0xFE, 0xFF)
						default:
							continue
						}
					}
					out = append(out, page{enc, append(b, text...), ct})
				}
			}
		}
	}
	return out
}

// TestDetermineEncodingMatchesXNet runs both packages over generated pages:
// the name and certainty must agree, except where x/net falls back to
// windows-1252 for want of a declaration and htmlcharset asks its detector.
func TestDetermineEncodingMatchesXNet(t *testing.T) {
	ps := pages(t)
	if len(ps) < 1000 {
		t.Fatalf("only %d pages", len(ps))
	}
	var same, detector, detectorRight, xnetRight int
	for _, p := range ps {
		_, name, certain := htmlcharset.DetermineEncoding(p.content, p.contentType)
		_, xname, xcertain := xcharset.DetermineEncoding(p.content, p.contentType)
		if name == xname && certain == xcertain {
			same++
			continue
		}
		if xname == "windows-1252" && !xcertain && !certain {
			detector++
			if name == p.enc {
				detectorRight++
			}
			if xname == p.enc {
				xnetRight++
			}
			continue
		}
		t.Errorf("%s page, Content-Type %q, starting %.120q: htmlcharset %s (certain %v), x/net %s (certain %v)",
			p.enc, p.contentType, p.content, name, certain, xname, xcertain)
	}
	t.Logf("%d pages: %d agree; %d undeclared pages x/net reads as windows-1252, of which the detector gets %d right (x/net %d)",
		len(ps), same, detector, detectorRight, xnetRight)
	if detector > 0 && detectorRight <= xnetRight {
		t.Errorf("the detector is right on %d undeclared pages, windows-1252 on %d", detectorRight, xnetRight)
	}
}

// TestNewReaderMatchesXNet decodes the pages with both readers; where the
// encodings agree, so must the text.
func TestNewReaderMatchesXNet(t *testing.T) {
	n, guessed, guessedRight := 0, 0, 0
	for _, p := range pages(t) {
		_, name, _ := htmlcharset.DetermineEncoding(p.content, p.contentType)
		_, xname, _ := xcharset.DetermineEncoding(p.content, p.contentType)
		if name != xname {
			// The detector's pages: count those NewReader reads right, by
			// x/net's decoding under the page's true encoding.
			guessed++
			r, err := xcharset.NewReaderLabel(p.enc, bytes.NewReader(p.content))
			if err != nil {
				t.Fatal(err)
			}
			truth, _ := io.ReadAll(r)
			if sameText(readAll(t, htmlcharset.NewReader, p), truth, p.enc) {
				guessedRight++
			}
			continue
		}
		got := readAll(t, htmlcharset.NewReader, p)
		want := readAll(t, xcharset.NewReader, p)
		if !sameText(got, want, name) {
			t.Errorf("%s page read as %s, Content-Type %q: htmlcharset\n%q\nx/net\n%q", p.enc, name, p.contentType, got, want)
		}
		n++
	}
	t.Logf("%d pages decoded alike; of the %d pages left to the detector, NewReader reads %d right", n, guessed, guessedRight)
	if guessedRight*5 < guessed*4 {
		t.Errorf("NewReader reads only %d of %d undeclared pages right", guessedRight, guessed)
	}
}

func readAll(t *testing.T, newReader func(io.Reader, string) (io.Reader, error), p page) []byte {
	r, err := newReader(bytes.NewReader(p.content), p.contentType)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecodeMalformedMatchesXNet decodes random bytes with every encoding
// by label: both replace malformed input with U+FFFD; the texts must agree
// except in UTF-8, where x/net passes malformed bytes through and
// htmlcharset replaces them (its output must then be valid UTF-8 and equal
// to x/net's wherever x/net's is valid).
func TestDecodeMalformedMatchesXNet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	diffs := map[string]int{}
	for _, enc := range pageEncodings {
		for i := range 300 {
			b := make([]byte, 1+rng.IntN(40))
			for j := range b {
				b[j] = byte(rng.UintN(256))
				if i%2 == 0 && rng.IntN(3) == 0 {
					b[j] &= 0x7F
				}
			}
			r, err := htmlcharset.NewReaderLabel(enc, bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(r)
			if err != nil {
				t.Fatalf("%s % X: %v", enc, b, err)
			}
			xr, err := xcharset.NewReaderLabel(enc, bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			want, _ := io.ReadAll(xr)
			if !utf8.Valid(got) {
				t.Errorf("%s % X: htmlcharset gives invalid UTF-8 %q", enc, b, got)
			}
			if sameText(got, want, enc) {
				continue
			}
			if bytes.Contains(want, []byte("\uFFFD")) && !singleByte[enc] {
				// x/text found an error; the multi-byte decoders of
				// x/text and the Encoding Standard differ in how many
				// bytes one U+FFFD covers and in the index's private-use
				// mappings; htmlcharset follows the standard.
				diffs[enc]++
				continue
			}
			t.Errorf("%s % X: htmlcharset %q, x/net %q", enc, b, got, want)
		}
	}
	t.Logf("inputs where x/text's error handling differs from the Encoding Standard's: %v", diffs)
}

// TestPrescanMatchesXNet compares the <meta> prescan on random ASCII tag
// soup, where neither package has a byte order mark, a header or a
// non-ASCII byte to go by.
func TestPrescanMatchesXNet(t *testing.T) {
	parts := []string{
		"<meta", "<META ", "<meta/", " charset=", "charset", "=", "utf-8", "koi8-r", "\"", "'", ">", "/", " ",
		"http-equiv=content-type", ` content="text/html; charset=gbk"`, "<!--", "-->", "<!", "<?", "</", "<p",
		"<a href=x>", "\t", "\n", "x", "utf-16", "x-user-defined", "windows-1251",
		"<![CDATA[", "]]>", "&amp;", "<svg>", "<b", "<META HTTP-EQUIV='Content-Type'",
	}
	// x/net's tokenizer reads the content of these elements as text, where
	// the standard's prescan (and every browser) still sees tags.
	rawText := []string{"<title>", "</title>", "<style>", "<textarea>", "<noscript>", "<script>", "</script>", "<xmp>", "<iframe>"}
	rng := rand.New(rand.NewPCG(3, 4))
	var diff, found int
	for range 20000 {
		var sb strings.Builder
		for range 1 + rng.IntN(16) {
			sb.WriteString(parts[rng.IntN(len(parts))])
		}
		b := []byte(sb.String())
		if i := rng.IntN(8); i < 2 {
			// a raw-text element that closes before anything else
			tag := rawText[rng.IntN(len(rawText))]
			if !strings.HasPrefix(tag, "</") {
				b = append([]byte(tag+"x</"+tag[1:]), b...)
			}
		}
		_, name, _ := htmlcharset.DetermineEncoding(b, "")
		_, xname, _ := xcharset.DetermineEncoding(b, "")
		if name != "windows-1252" {
			found++
		}
		if name != xname {
			diff++
			if diff <= 20 {
				t.Logf("%q: htmlcharset %s, x/net %s", b, name, xname)
			}
		}
	}
	t.Logf("20000 soups, %d declare something, %d differ", found, diff)
	if diff > 0 {
		t.Errorf("%d differences", diff)
	}
}

var singleByte = map[string]bool{}

func init() {
	for _, e := range pageEncodings {
		switch e {
		case "utf-8", "utf-16le", "utf-16be", "gbk", "gb18030", "big5", "shift_jis", "euc-jp", "iso-2022-jp", "euc-kr":
		default:
			singleByte[e] = true
		}
	}
}

// sameText reports whether htmlcharset's text got equals x/net's want up to
// the two documented differences: x/text's single-byte tables leave some
// bytes undefined (U+FFFD) that the Encoding Standard's indexes map to C1
// controls U+0080–U+009F, and in UTF-8 x/net passes malformed bytes through
// where htmlcharset writes U+FFFD.
func sameText(got, want []byte, enc string) bool {
	for len(got) > 0 && len(want) > 0 {
		g, gn := utf8.DecodeRune(got)
		w, wn := utf8.DecodeRune(want)
		switch {
		case g == w && gn == wn:
		case enc == "utf-8" && w == utf8.RuneError && wn == 1 && g == utf8.RuneError:
			// a malformed run: skip it in both
			for len(want) > 0 {
				if r, n := utf8.DecodeRune(want); r != utf8.RuneError || n != 1 {
					break
				}
				want = want[1:]
			}
			for len(got) > 0 {
				if r, _ := utf8.DecodeRune(got); r != utf8.RuneError {
					break
				}
				got = got[3:]
			}
			continue
		case singleByte[enc] && w == utf8.RuneError && 0x80 <= g && g <= 0x9F:
		default:
			return false
		}
		got, want = got[gn:], want[wn:]
	}
	return len(got) == 0 && len(want) == 0
}

// TestMetaVariantsMatchXNet builds <meta> elements from random attribute
// names, values, quotes and spacing, after random harmless markup.
func TestMetaVariantsMatchXNet(t *testing.T) {
	names := []string{"charset", "CHARSET", "http-equiv", "HTTP-EQUIV", "content", "name", "charset", "x"}
	values := []string{"utf-8", "koi8-r", "KOI8-R", " gbk ", "utf-16", "x-user-defined", "latin1", "bogus", "",
		"content-type", "Content-Type", "text/html; charset=big5", "text/html;charset='euc-jp'", "charset=\"shift_jis\"",
		"text/html; charset = windows-1251", "text/html; charset", "charset=;", "text/html; charset=\"gbk"}
	quotes := []string{"\"", "'", ""}
	spaces := []string{" ", "  ", "\t", "\n", "/", " / "}
	before := []string{"", "<!DOCTYPE html>", "<html lang=en>", "<!-- c -->", "<?xml version=\"1.0\"?>", "<head>", "<link rel=x href='y'>", "</p>", "<a b='>'>", "<!-->"}
	rng := rand.New(rand.NewPCG(7, 8))
	var found, diff int
	for range 30000 {
		var sb strings.Builder
		sb.WriteString(before[rng.IntN(len(before))])
		for range rng.IntN(3) {
			sb.WriteString(before[rng.IntN(len(before))])
		}
		sb.WriteString([]string{"<meta", "<META", "<Meta"}[rng.IntN(3)])
		for range 1 + rng.IntN(4) {
			sb.WriteString(spaces[rng.IntN(len(spaces))])
			sb.WriteString(names[rng.IntN(len(names))])
			if rng.IntN(8) == 0 {
				continue // no value
			}
			sb.WriteString([]string{"=", " = ", "= "}[rng.IntN(3)])
			q := quotes[rng.IntN(len(quotes))]
			v := values[rng.IntN(len(values))]
			if q == "" {
				v = strings.Fields(v + " x")[0]
			}
			sb.WriteString(q + v + q)
		}
		sb.WriteString([]string{">", " />", "/>", ""}[rng.IntN(4)])
		sb.WriteString("<p>text")
		b := []byte(sb.String())
		_, name, _ := htmlcharset.DetermineEncoding(b, "")
		_, xname, _ := xcharset.DetermineEncoding(b, "")
		if name != "windows-1252" {
			found++
		}
		if name != xname {
			diff++
			if diff <= 10 {
				t.Errorf("%q: htmlcharset %s, x/net %s", b, name, xname)
			}
		}
	}
	t.Logf("30000 meta elements, %d declare an encoding, %d differ", found, diff)
	if found < 3000 {
		t.Errorf("only %d declare an encoding", found)
	}
}
