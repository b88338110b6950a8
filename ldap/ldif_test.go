package ldap

import (
	"bytes"
	"errors"
	"fmt"
	"io"
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

// TestLDIFFoldedLong reads one value folded over 100,000 lines: the
// decoder must join folds in linear time (BenchmarkReadLDIFFolded measures
// it) and give back the exact bytes.
func TestLDIFFoldedLong(t *testing.T) {
	in := foldedLDIF(100000)
	es, err := ReadLDIF(bytes.NewReader(in))
	if err != nil || len(es) != 1 {
		t.Fatal(len(es), err)
	}
	p := es[0].Get("jpegPhoto")
	if len(p) != 1 || len(p[0]) != 100000*57 {
		t.Fatalf("jpegPhoto of %d bytes", len(p[0]))
	}
	for i := 0; i < len(p[0]); i++ {
		if p[0][i] != byte(i*7) {
			t.Fatalf("byte %d is %#x", i, p[0][i])
		}
	}
}

// endlessLDIF produces entries for ever; only a streaming reader can take
// entries from it.
type endlessLDIF struct {
	n   int
	buf []byte
}

func (r *endlessLDIF) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		r.n++
		r.buf = fmt.Appendf(nil, "dn: uid=u%d,dc=example,dc=com\nobjectClass: account\nuid: u%d\n\n", r.n, r.n)
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

func TestLDIFDecoderStreams(t *testing.T) {
	src := &endlessLDIF{}
	d := LDIFReader{}.NewDecoder(src)
	for i := 1; i <= 1000; i++ {
		e, err := d.Next()
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("uid=u%d,dc=example,dc=com", i); e.DN != want {
			t.Fatalf("entry %d: %q, want %q", i, e.DN, want)
		}
	}
	if src.n > 2000 {
		t.Errorf("the decoder read %d entries ahead to return 1000", src.n)
	}
	// The end and errors are sticky.
	d = LDIFReader{}.NewDecoder(strings.NewReader("dn: cn=a\ncn: a\n\n\n\n"))
	if _, err := d.Next(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if e, err := d.Next(); err != io.EOF || e != nil {
			t.Fatalf("after the last entry: %v %v", e, err)
		}
	}
	d = LDIFReader{}.NewDecoder(strings.NewReader("dn: cn=a\n\ncn: b\n\ndn: cn=c\n"))
	d.Next()
	_, err1 := d.Next()
	_, err2 := d.Next()
	if err1 == nil || err1 != err2 {
		t.Errorf("errors %v then %v", err1, err2)
	}
}

func TestLDIFRecordLimit(t *testing.T) {
	in := "dn: cn=a\ncn: a\n\ndn: cn=b\ndescription: " + strings.Repeat("x", 100) + "\n" + strings.Repeat(" yyyyyyyyyy\n", 20) + "\n"
	_, err := LDIFReader{MaxRecordBytes: 200}.Read(strings.NewReader(in))
	var le *LDIFError
	if !errors.As(err, &le) || le.Line != 4 || !strings.Contains(le.Msg, "longer than 200 bytes") {
		t.Errorf("error %v, want the record at line 4 longer than 200 bytes", err)
	}
	// One physical line longer than the limit (and than bufio's buffer).
	_, err = LDIFReader{MaxRecordBytes: 100000}.Read(strings.NewReader("dn: cn=a\ncn: " + strings.Repeat("z", 200000) + "\n"))
	if !errors.As(err, &le) || le.Line != 2 || !strings.Contains(le.Msg, "line longer") {
		t.Errorf("error %v, want line 2 too long", err)
	}
	// Under the limit, a line longer than bufio's buffer reads whole.
	es, err := LDIFReader{}.Read(strings.NewReader("dn: cn=a\r\ncn: " + strings.Repeat("z", 200000) + "\r\n"))
	if err != nil || len(es[0].Get("cn")[0]) != 200000 {
		t.Errorf("long line: %v", err)
	}
}

// TestLDIFFoldingAllocs guards the linear joining of folded lines without
// timing anything: joining 10,000 folds one string concatenation at a
// time (quadratic: 2.4 s for 10,000 lines, 182 s for 100,000) made an
// allocation per fold; the decoder appends to one growing buffer.
func TestLDIFFoldingAllocs(t *testing.T) {
	in := foldedLDIF(10000)
	allocs := testing.AllocsPerRun(3, func() {
		if _, err := ReadLDIF(bytes.NewReader(in)); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1000 {
		t.Errorf("reading a value folded over 10,000 lines made %.0f allocations; joining folds must not allocate per line", allocs)
	}
}
