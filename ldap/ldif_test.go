package ldap

import (
	"errors"
	"strings"
	"testing"
)

func TestReadLDIF(t *testing.T) {
	in := "version: 1\r\n" +
		"# a comment\n" +
		" folded into the comment\n" +
		"dn: cn=Babs Jensen,ou=Peo\n" +
		" ple,dc=example,dc=com\n" +
		"objectClass: person\n" +
		"cn: Babs Jensen\n" +
		"cn:: QsOkcmJlbA==\n" +
		"description:: IGxlYWRpbmcgc3BhY2U=\n" +
		"sn:Jensen\n" +
		"\n\n" +
		"dn: cn=x,dc=example,dc=com\n" +
		"changetype: add\n" +
		"cn: x\n"
	es, err := ReadLDIF(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 {
		t.Fatalf("%d entries", len(es))
	}
	e := es[0]
	if e.DN != "cn=Babs Jensen,ou=People,dc=example,dc=com" {
		t.Errorf("DN %q", e.DN)
	}
	if cn := e.Get("CN"); len(cn) != 2 || cn[1] != "Bärbel" {
		t.Errorf("cn %q", cn)
	}
	if d := e.Get("description"); len(d) != 1 || d[0] != " leading space" {
		t.Errorf("description %q", d)
	}
	if s := e.Get("sn"); len(s) != 1 || s[0] != "Jensen" {
		t.Errorf("sn %q", s)
	}
	if es[1].Get("changetype") != nil || es[1].Get("cn")[0] != "x" {
		t.Errorf("second entry %+v", es[1])
	}
}

func TestReadLDIFErrors(t *testing.T) {
	tests := []struct {
		in        string
		line, col int
		has       string
	}{
		{"dn: cn=x\ncn: Bärbel\n", 2, 6, "base64"},
		{"cn: x\n", 1, 1, "must start with \"dn:\""},
		{"dn: cn=x\ncn:: !!\n", 2, 5, "bad base64"},
		{"dn: cn=x\njpegPhoto:< file:///etc/passwd\n", 2, 11, "URL values"},
		{"dn: cn=x\nchangetype: delete\n", 2, 0, "changetype"},
		{" dn: cn=x\n", 1, 1, "continuation"},
		{"dn: cn=x\nc n: y\n", 2, 1, "attribute description"},
		{"dn: cn=x,\n", 1, 0, "DN is not valid"},
		{"version: 2\n\ndn: cn=x\n", 1, 0, "version 1"},
		{"dn: cn=x\ncn: :x\n", 2, 5, "base64"},
	}
	for _, tt := range tests {
		_, err := ReadLDIF(strings.NewReader(tt.in))
		var le *LDIFError
		if !errors.As(err, &le) {
			t.Errorf("%q: error %v, want an *LDIFError", tt.in, err)
			continue
		}
		if le.Line != tt.line || le.Column != tt.col || !strings.Contains(le.Msg, tt.has) {
			t.Errorf("%q: line %d column %d %q; want line %d column %d containing %q", tt.in, le.Line, le.Column, le.Msg, tt.line, tt.col, tt.has)
		}
	}
	if es, err := (LDIFReader{AllowUTF8: true}).Read(strings.NewReader("dn: cn=Bärbel\ncn: Bärbel\n")); err != nil || es[0].Get("cn")[0] != "Bärbel" {
		t.Errorf("AllowUTF8: %v %v", es, err)
	}
	if _, err := (LDIFReader{AllowUTF8: true}).Read(strings.NewReader("dn: cn=x\ncn: \xff\n")); err == nil {
		t.Error("AllowUTF8 accepts invalid UTF-8")
	}
}
