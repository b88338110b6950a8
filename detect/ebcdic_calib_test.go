package detect

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ucskit/ucs/charset"
)

// ebcdicTestPages names, for each text in testdata/ebcdic, the EBCDIC
// pages it is written in: the national page and its euro form, the
// international and Open Systems pages for Latin-1 languages, and a
// swaplfnl form.
var ebcdicTestPages = map[string][]string{
	"en": {"ibm037", "ibm500", "ibm1047", "ibm285", "ibm1140", "ibm037-swaplfnl"},
	"de": {"ibm273", "ibm1141", "ibm500", "ibm1047", "ibm273-swaplfnl"},
	"da": {"ibm277", "ibm1142"},
	"sv": {"ibm278", "ibm1143"},
	"fi": {"ibm278", "ibm1143"},
	"fr": {"ibm297", "ibm1147", "ibm500"},
	"es": {"ibm284", "ibm1145", "ibm500"},
	"it": {"ibm280", "ibm1144"},
	"is": {"ibm871", "ibm1149"},
	"tr": {"ibm1026"},
	"pl": {"ibm870"},
	"cs": {"ibm870"},
	"el": {"ibm875"},
	"he": {"ibm424"},
}

// ebcdicSample is a sample of the generated EBCDIC set and its page.
type ebcdicSample struct {
	name, page string
	b          []byte
}

// ebcdicSamples builds, from the texts in testdata/ebcdic, EBCDIC samples
// shaped as mainframe files are: the text with line ends, as 80-byte
// records without line ends, their first 32 and 128 bytes, and each
// sentence alone.
func ebcdicSamples(t *testing.T) []ebcdicSample {
	t.Helper()
	var out []ebcdicSample
	for lang, pages := range ebcdicTestPages {
		text, err := os.ReadFile(filepath.Join("testdata", "ebcdic", lang+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(text)), "\n")
		var records strings.Builder
		for _, l := range lines {
			for _, r := range wrapWords(l, 72) {
				records.WriteString(r + strings.Repeat(" ", 80-len([]rune(r))))
			}
		}
		for _, page := range pages {
			add := func(name string, s string) {
				out = append(out, ebcdicSample{lang + "/" + page + "/" + name, page, ebcdicText(t, page, s)})
			}
			add("lines", string(text))
			add("records", records.String())
			for _, n := range []int{32, 128} {
				for _, s := range []struct{ name, text string }{{"lines", string(text)}, {"records", records.String()}} {
					b := ebcdicText(t, page, s.text)
					out = append(out, ebcdicSample{lang + "/" + page + "/" + s.name + "-head" + strconv.Itoa(n), page, b[:n]})
				}
			}
			for i, l := range lines {
				add("sentence"+strconv.Itoa(i+1), l)
			}
		}
	}
	return out
}

// wrapWords breaks s into lines of at most width characters at spaces.
func wrapWords(s string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) <= width:
			line += " " + w
		default:
			out = append(out, line)
			line = w
		}
	}
	return append(out, line)
}

// TestEBCDICCalibration checks on EBCDIC text made at test time that the
// confidence of EBCDIC answers means what it says: an answer naming a page
// is right when it decodes the sample as the page it was written in does
// (pages that decode it alike are one right answer), and of the answers
// at confidence 0.9 or more at least 99% are right. A page confused with
// a sibling that decodes the text differently (Danish in IBM277 read as
// IBM273) must come with a confidence that shows the doubt.
func TestEBCDICCalibration(t *testing.T) {
	var all, ebcdic, sure tally
	for _, s := range ebcdicSamples(t) {
		res := Detect(s.b)
		c := res.Best()
		if c.Charset == nil || c.Charset.Family != "ebcdic" {
			all.add(false)
			t.Logf("%s: not answered EBCDIC (%s %.3f)", s.name, c.Encoding, c.Confidence)
			continue
		}
		want, err := mustCharset(t, s.page).Codec.AppendDecode(nil, s.b)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		got, err := c.Charset.Codec.AppendDecode(nil, s.b)
		right := err == nil && string(got) == string(want)
		all.add(right)
		ebcdic.add(right)
		if c.Confidence >= 0.9 {
			sure.add(right)
			if !right {
				t.Errorf("%s: %s at confidence %.3f decodes it as %q", s.name, c.Encoding, c.Confidence, got)
			}
		}
	}
	t.Logf("%d samples, %d answered EBCDIC, %d of them right; %d at confidence >= 0.9, %d of them right",
		all.total, ebcdic.total, ebcdic.right, sure.total, sure.right)
	if 100*(sure.total-sure.right) > sure.total {
		t.Errorf("answers at confidence >= 0.9: %d of %d right, want 99%%", sure.right, sure.total)
	}
	if 10*ebcdic.total < 9*all.total {
		t.Errorf("%d of %d EBCDIC samples answered EBCDIC, want 90%%", ebcdic.total, all.total)
	}
	if 10*ebcdic.right < 8*ebcdic.total {
		t.Errorf("%d of %d EBCDIC answers right, want 80%%", ebcdic.right, ebcdic.total)
	}
}

func mustCharset(t *testing.T, name string) *charset.Charset {
	t.Helper()
	cs, err := charset.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestEBCDICBelow80 checks the EBCDIC samples whose bytes are all below
// 80 (Hebrew in IBM424, much Greek in IBM875: their letters are at
// 41–7F): each is answered with a page that decodes it as its own does,
// not us-ascii; and that ASCII that passes the same structural test by
// chance (random bytes 40–7F, letters with 40 between them) is never
// answered EBCDIC at 0.9 or more.
func TestEBCDICBelow80(t *testing.T) {
	n := 0
	for _, s := range ebcdicSamples(t) {
		if slices.ContainsFunc(s.b, func(c byte) bool { return c >= 0x80 }) || len(s.b) < ebcdicMinLen {
			continue
		}
		n++
		c := Detect(s.b).Best()
		want, err := mustCharset(t, s.page).Codec.AppendDecode(nil, s.b)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if c.Charset == nil || c.Charset.Family != "ebcdic" {
			t.Errorf("%s (%s, all bytes below 80): answered %s %.3f", s.name, s.page, c.Encoding, c.Confidence)
			continue
		}
		if got, err := c.Charset.Codec.AppendDecode(nil, s.b); err != nil || string(got) != string(want) {
			t.Errorf("%s (%s, all bytes below 80): %s decodes it as %q", s.name, s.page, c.Encoding, got)
		}
	}
	if n < 10 {
		t.Fatalf("only %d samples with all bytes below 80", n)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range 30000 {
		b := make([]byte, ebcdicMinLen+rng.IntN(100))
		for j := range b {
			switch {
			case i%2 == 0:
				b[j] = byte(0x40 + rng.IntN(0x40))
			case rng.IntN(5) == 0:
				b[j] = 0x40
			default:
				b[j] = byte('A'+rng.IntN(26)) | 0x20*byte(rng.IntN(2))
			}
		}
		for _, c := range Detect(b).Candidates {
			if c.Charset != nil && c.Charset.Family == "ebcdic" && c.Confidence >= 0.9 {
				t.Fatalf("% X (%q): %s at %.3f", b, b, c.Encoding, c.Confidence)
			}
		}
	}
}
