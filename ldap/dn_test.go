package ldap

import (
	"errors"
	"strings"
	"testing"
)

func TestParseDNStrict(t *testing.T) {
	valid := map[string]string{ // input → String()
		"":                                    "",
		"cn=a\\,b,dc=com":                     "cn=a\\2Cb,dc=com",
		"CN=Steve Kille,O=Isode Limited,C=GB": "CN=Steve Kille,O=Isode Limited,C=GB",
		"1.3.6.1.4.1.1466.0=#04024869,O=Test,C=GB": "1.3.6.1.4.1.1466.0=#04024869,O=Test,C=GB",
		"SN=Lu\\C4\\8Di\\C4\\87":                   "SN=Lučić",
		"cn=\\ x\\ ":                               "cn=\\20x\\20",
		"cn=\\#x":                                  "cn=\\23x",
		"cn=x#y=z":                                 "cn=x#y\\3Dz",
		"uid=a+cn=b":                               "uid=a+cn=b",
		"cn=":                                      "cn=",
	}
	for in, want := range valid {
		d, err := ParseDN(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if d.String() != want {
			t.Errorf("%q: String %q, want %q", in, d.String(), want)
		}
	}
	invalid := []struct {
		in  string
		off int
		has string
	}{
		{"cn=a;dc=com", 4, "must be escaped"},
		{"cn= a", 3, "leading space"},
		{"cn=a ", 4, "trailing space"},
		{"cn=a,", 5, "expected an attribute type"},
		{"cn=a\\x", 4, "bad escape"},
		{"cn=#0402486", 10, "odd number"},
		{"cn=#0402486900", 12, "bytes after the BER element"},
		{"c n=x", 1, "expected '='"},
		{"cn=\"quoted\"", 3, "must be escaped"},
		{"cn=a\x00b", 4, "NUL"},
		{"cn=\xc3", 3, "invalid UTF-8"},
		{"cn=Lučić<", 10, "'<' must be escaped"},
		{"OID.2.5.4.3=x", 3, "expected '='"}, // the RFC 1485 OID. prefix
	}
	for _, tt := range invalid {
		_, err := ParseDN(tt.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a *SyntaxError", tt.in, err)
			continue
		}
		if se.Offset != tt.off || !strings.Contains(se.Msg, tt.has) {
			t.Errorf("%q: byte %d %q; want byte %d containing %q", tt.in, se.Offset, se.Msg, tt.off, tt.has)
		}
	}
}

func TestParseDNRFC1485(t *testing.T) {
	p := DNParser{RFC1485: true}
	for in, want := range map[string]string{
		"CN=Christian Huitema; O=INRIA; C=FR":     "CN=Christian Huitema,O=INRIA,C=FR",
		"<CN=x, O=y>":                             "CN=x,O=y",
		"cn = \"Sue, Grabbit and Runn\" , c = GB": "cn=Sue\\2C Grabbit and Runn,c=GB",
		"OID.2.5.4.3=x":                           "2.5.4.3=x",
		"  cn = x  +  sn = y  ":                   "cn=x+sn=y",
	} {
		d, err := p.Parse(in)
		if err != nil || d.String() != want {
			t.Errorf("%q: %q %v, want %q", in, d.String(), err, want)
		}
	}
	if _, err := p.Parse(`cn="unclosed`); err == nil {
		t.Error("unclosed quote accepted")
	}
}

func TestDNNormalizeAndEqual(t *testing.T) {
	a, _ := DNParser{RFC1485: true}.Parse("CN=Tim Howes, OU=People, DC=Example, DC=COM")
	b, _ := ParseDN("cn=tim  howes,ou=people,dc=example,dc=com")
	c, _ := ParseDN("cn=tim howes,ou=people,dc=example")
	if !a.Equal(b, nil) || a.Equal(c, nil) {
		t.Error("Equal")
	}
	for in, want := range map[string]string{
		"givenName=#0c0454657374+SN=User":    "givenName=test+sn=user",
		"uidNumber=#020203e8":                "uidNumber=1000",
		"2.5.4.3=x":                          "cn=x",
		"telephoneNumber=\\2B1 408-555-1212": "telephoneNumber=\\2B14085551212",
		"mail=A@B.example":                   "mail=a@b.example",
		"homeDirectory=/Home":                "homeDirectory=/Home",
		"seeAlso=cn=x\\,dc=y":                "seeAlso=cn\\3Dx\\2Cdc\\3Dy",
	} {
		got, err := NormalizeDN(in, nil, false)
		if err != nil || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"givenName=#040474657374", "noSuchType=x", "uidNumber=x1", "facsimileTelephoneNumber=1", "c=USA", "mail=ü@x"} {
		if got, err := NormalizeDN(in, nil, false); err == nil {
			t.Errorf("%q: normalized to %q, want an error", in, got)
		}
	}
}
