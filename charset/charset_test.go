package charset

import (
	"errors"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding/utf"
)

func TestLookupUTF(t *testing.T) {
	tests := map[string]string{
		"utf-8": "utf-8", "UTF8": "utf-8", " utf-8\t": "utf-8", "csUTF8": "utf-8", "cp65001": "utf-8", "Windows-65001": "utf-8",
		"UTF-16LE": "utf-16le", "utf-16-le": "utf-16le", "utf_16le": "utf-16le", "unicode": "utf-16le",
		"UTF-16": "utf-16", "utf-16be": "utf-16be", "ucs-2": "ucs-2be", "UCS2": "ucs-2be", "ucs-2le": "ucs-2le",
		"ucs4": "ucs-4be", "UCS-4LE": "ucs-4le", "utf-32": "utf-32", "UTF32LE": "utf-32le",
		"utf-7": "utf-7", "CESU-8": "cesu-8", "utf-8-sig": "utf-8-bom", "UTF-8-RFC2279": "utf-8-rfc2279",
	}
	for label, want := range tests {
		c, err := Lookup(label)
		if err != nil || c.Name != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", label, c, err, want)
		}
	}
	if MustLookup("utf-8").Codec != utf.UTF8 {
		t.Error("utf-8 is not utf.UTF8")
	}
}

// The 31-bit form is never reached from a name of plain UTF-8.
func TestRFC2279NotAnAlias(t *testing.T) {
	for _, c := range List() {
		if c.Codec != utf.UTF8RFC2279 {
			continue
		}
		for _, a := range append([]string{c.Name}, c.aliases...) {
			if loosen(normalize(a)) == "utf8" {
				t.Errorf("alias %q of the RFC 2279 form loosens to utf8", a)
			}
		}
	}
}

func TestUnknownSuggests(t *testing.T) {
	_, err := Lookup("utf-88")
	var u *UnknownError
	if !errors.As(err, &u) || len(u.Suggestions()) == 0 || u.Suggestions()[0] != "utf-8" {
		t.Fatalf("Lookup(utf-88) = %v", err)
	}
	if !strings.Contains(err.Error(), `did you mean "utf-8"`) {
		t.Errorf("message %q", err)
	}
	if _, err := Lookup(""); err == nil {
		t.Error("empty label accepted")
	}
}

func TestListComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range List() {
		if seen[c.Name] {
			t.Errorf("duplicate %s", c.Name)
		}
		seen[c.Name] = true
		if c.Codec == nil || c.Codec.Name() == "" {
			t.Errorf("%s has no codec", c.Name)
		}
		if got, err := Lookup(c.Name); err != nil || got != c {
			t.Errorf("Lookup(%q) = %v, %v", c.Name, got, err)
		}
		for _, a := range c.aliases {
			if got, err := Lookup(a); err != nil || got != c {
				t.Errorf("alias %q of %s gives %v, %v", a, c.Name, got, err)
			}
		}
	}
}
