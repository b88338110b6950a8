package charset

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ucskit/ucs/internal/testfiles"
)

// TestWHATWGLabels resolves every label of the WHATWG table that the
// legacy charsets own and checks it names the WHATWG encoding, except for
// the documented deviations.
func TestWHATWGLabels(t *testing.T) {
	var groups []struct {
		Encodings []struct {
			Name   string
			Labels []string
		}
		Heading string
	}
	if err := json.Unmarshal(testfiles.ReadModule(t, "internal/gen/data/encodings.json"), &groups); err != nil {
		t.Fatal(err)
	}
	deviations := map[string]string{
		"ascii": "us-ascii", "us-ascii": "us-ascii", "ansi_x3.4-1968": "us-ascii",
		"iso-8859-1": "iso-8859-1", "iso8859-1": "iso-8859-1", "iso88591": "iso-8859-1", "iso_8859-1": "iso-8859-1",
		"iso_8859-1:1987": "iso-8859-1", "iso-ir-100": "iso-8859-1", "latin1": "iso-8859-1", "l1": "iso-8859-1",
		"cp819": "iso-8859-1", "ibm819": "iso-8859-1", "csisolatin1": "iso-8859-1",
		"unicode-1-1-utf-8": "unicode-1-1-utf-8",
		"iso-2022-kr":       "iso-2022-kr", "csiso2022kr": "iso-2022-kr", "hz-gb-2312": "hz-gb-2312",
		"iso-2022-cn": "iso-2022-cn", "iso-2022-cn-ext": "iso-2022-cn-ext", "big5-hkscs": "big5-hkscs",
	}
	n := 0
	for _, g := range groups {
		for _, e := range g.Encodings {
			for _, l := range e.Labels {
				want := strings.ToLower(e.Name)
				if d, ok := deviations[l]; ok {
					want = d
				} else if want == "utf-8" || want == "utf-16be" || want == "utf-16le" {
					continue // the UTF family's labels
				}
				for _, spelling := range []string{l, strings.ToUpper(l), " \t" + l + "\n"} {
					c, err := Lookup(spelling)
					if err != nil {
						t.Errorf("WHATWG label %q (%s): %v", spelling, e.Name, err)
						continue
					}
					if c.Name != want {
						t.Errorf("WHATWG label %q: %s, want %s", l, c.Name, want)
					}
				}
				n++
			}
		}
	}
	if n < 200 {
		t.Fatalf("checked only %d labels", n)
	}
}

func TestCodePagesAndAliases(t *testing.T) {
	for label, want := range map[string]string{
		"CP936": "gbk", "cp950": "cp950", "CP20936": "euc-cn", "CP54936": "gb18030", "cp1252": "windows-1252",
		"windows-936": "gbk", "ms932": "shift_jis", "cp932": "shift_jis", "CP949": "euc-kr", "IBM437": "ibm437",
		"cp437": "ibm437", "CP850": "ibm850", "ibm852": "ibm852", "cp855": "ibm855", "cp857": "ibm857",
		"cp862": "ibm862", "cp1125": "cp1125", "cp866": "ibm866", "TIS-620": "windows-874",
		"tis-620-2533": "tis-620-2533", "GB2312": "gbk", "EUC-CN": "euc-cn", "gb18030-2005": "gb18030-2005",
		"UTF8-unicode-1-1": "", "HZ-GB-2312": "hz-gb-2312", "ISO-2022-KR": "iso-2022-kr", "ISO-2022-CN": "iso-2022-cn", "csISO2022CN": "iso-2022-cn", "ISO-2022-CN-EXT": "iso-2022-cn-ext", "BIG5-HKSCS": "big5-hkscs", "big5hkscs": "big5-hkscs", "Big5": "big5", "replacement": "replacement",
		"ISO_8859-1": "iso-8859-1", "Latin1": "iso-8859-1", "US-ASCII": "us-ascii", "646": "us-ascii",
		"windows-1252": "windows-1252", "EUCJP": "euc-jp", "Shift-JIS": "shift_jis", "iso2022jp": "iso-2022-jp",
		"koi8r": "koi8-r", "ISO8859_2": "iso-8859-2", "x-user-defined": "x-user-defined", "cp28591": "iso-8859-1",
	} {
		c, err := Lookup(label)
		if want == "" {
			if err == nil {
				t.Errorf("%q resolved to %s", label, c.Name)
			}
			continue
		}
		if err != nil || c.Name != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", label, c, err, want)
		}
	}
}

func TestUnknownSuggestsLegacy(t *testing.T) {
	_, err := Lookup("gb18031")
	var u *UnknownError
	if !errors.As(err, &u) || len(u.Suggestions()) == 0 || u.Suggestions()[0] != "gb18030" {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(err.Error(), "gb18030") {
		t.Errorf("message %q", err)
	}
}

// TestCharsetsConsistent checks every legacy charset's fields.
func TestCharsetsConsistent(t *testing.T) {
	n := 0
	for _, c := range List() {
		if c.Codec == nil || c.Codec.Name() != c.Name {
			t.Errorf("%s: codec %v", c.Name, c.Codec)
			continue
		}
		if c.Summary == "" || c.Family == "" {
			t.Errorf("%s: missing summary or family", c.Name)
		}
		if got, err := Lookup(c.Name); err != nil || got != c {
			t.Errorf("%s does not look itself up", c.Name)
		}
		if c.ASCIICompatible {
			in := []byte("plain ASCII text\n")
			out, err := c.Codec.AppendDecode(nil, in)
			if c.Name != "replacement" && (err != nil || string(out) != string(in)) {
				t.Errorf("%s: ASCII-compatible but decodes ASCII as %q, %v", c.Name, out, err)
			}
		}
		n++
	}
	if n < 50 {
		t.Fatalf("only %d charsets", n)
	}
}
