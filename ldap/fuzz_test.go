package ldap

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

var fuzzEntry = &Entry{DN: "cn=Babs Jensen,ou=People,dc=example,dc=com", Attributes: []Attribute{
	{"objectClass", []string{"top", "person", "inetOrgPerson", "posixAccount"}},
	{"cn", []string{"Babs Jensen", "  Barbara   J.  Jensen  "}},
	{"sn", []string{"Jensen"}},
	{"uidNumber", []string{"1000"}},
	{"mail", []string{"bjensen@Example.COM"}},
	{"telephoneNumber", []string{"+1 408 555 1212"}},
	{"postalAddress", []string{"1 Main St$Anytown"}},
	{"seeAlso", []string{"cn=Tim Howes, ou=People, dc=Example, dc=COM"}},
	{"userPassword", []string{"\x00\xff"}},
	{"createTimestamp", []string{"20230415103000Z"}},
}}

// FuzzParseFilter: no panic; parse → String → parse is a fixpoint; BER
// decode(encode(f)) == f; evaluation never panics.
func FuzzParseFilter(f *testing.F) {
	for _, s := range []string{"(cn=x)", "(&(a=b)(!(c=d)))", `(cn=*\2a*)`, "(sn:dn:2.4.6.8.10:=x)", "cn=x", `(cn=a\*)`, "(&)", "(cn=\xff)"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(7))
	}
	f.Fuzz(func(t *testing.T, s string, d uint8) {
		p := FilterParser{Dialect: Dialect(d) & (RFC1558 | RFC4526 | OpenLDAP)}
		flt, err := p.Parse(s)
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		if err := flt.Validate(); err != nil {
			t.Fatalf("%q parses to a filter that fails Validate: %v", s, err)
		}
		canon := flt.String()
		back, err := FilterParser{Dialect: RFC4526}.Parse(canon)
		if err != nil || !back.Equal(flt) {
			t.Fatalf("%q → %q does not parse back to the same filter: %v", s, canon, err)
		}
		if back.String() != canon {
			t.Fatalf("String not a fixpoint: %q vs %q", back.String(), canon)
		}
		dec, err := FilterParser{Dialect: RFC4526}.DecodeBER(flt.BER())
		if err != nil || !dec.Equal(flt) {
			t.Fatalf("%q: BER round trip: %v", s, err)
		}
		flt.Evaluate(fuzzEntry, nil)
	})
}

// FuzzDecodeFilterBER: no panic; what decodes re-encodes to something that
// decodes to the same filter and whose string form parses back to it.
func FuzzDecodeFilterBER(f *testing.F) {
	for _, s := range []string{"(cn=x)", "(&(a=b)(!(c=d)))", `(cn=*\2a*)`, "(sn:dn:2.4.6.8.10:=x)", "(|(cn=a*b*c)(x>=1))"} {
		f.Add(MustParseFilter(s).BER())
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p := FilterParser{Dialect: RFC4526}
		flt, err := p.DecodeBER(b)
		if err != nil {
			return
		}
		if err := flt.Validate(); err != nil {
			t.Fatalf("decodes to a filter that fails Validate: %v", err)
		}
		enc := flt.BER()
		again, err := p.DecodeBER(enc)
		if err != nil || !again.Equal(flt) {
			t.Fatalf("re-encoding does not decode to the same filter: %v", err)
		}
		if !bytes.Equal(again.BER(), enc) {
			t.Fatal("encoding is not a fixpoint")
		}
		back, err := FilterParser{Dialect: RFC4526}.Parse(flt.String())
		if err != nil || !back.Equal(flt) {
			t.Fatalf("string form %q does not parse back: %v", flt.String(), err)
		}
	})
}

// FuzzParseDN: no panic; String parses back (strictly) to the same DN;
// normalization is idempotent.
func FuzzParseDN(f *testing.F) {
	for _, s := range []string{"cn=a\\,b,dc=com", "CN=Steve Kille,O=Isode Limited,C=GB", "1.3.6.1.4.1.1466.0=#04024869", "cn=\"x, y\"; o=z", "<cn=x>", "uid=a+cn=b"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, rfc1485 bool) {
		d, err := DNParser{RFC1485: rfc1485}.Parse(s)
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		str := d.String()
		e, err := ParseDN(str)
		if err != nil {
			t.Fatalf("%q → %q does not parse: %v", s, str, err)
		}
		if e.String() != str {
			t.Fatalf("String not a fixpoint: %q vs %q", e.String(), str)
		}
		n, err := d.Normalize(nil)
		if err != nil {
			return
		}
		n2, err := NormalizeDN(n.String(), nil, false)
		if err != nil || n2 != n.String() {
			t.Fatalf("normalizing %q is not idempotent: %q, %v", n.String(), n2, err)
		}
	})
}

// FuzzSyntax: no validator panics, and an error always names a place
// inside the value.
func FuzzSyntax(f *testing.F) {
	for i, v := range []string{"TRUE", "-17", "2.5.4.10", "ds.4.10", "cn=x", "+1 512", "817379$ca$ibm", "person#sn$EQ", "a\\24b$c", "199412161032Z", "'0101'B", "foo*", "( 2.5.4.3 NAME 'cn' SUP name )"} {
		f.Add(uint8(i), v)
	}
	f.Fuzz(func(t *testing.T, n uint8, v string) {
		all := Syntaxes()
		x := all[int(n)%len(all)]
		for _, form := range []Form{FormAny, FormRFC4517, FormRFC1488} {
			_, err := x.Validate(v, form)
			if se, ok := err.(*SyntaxError); ok && (se.Offset < 0 || se.Offset > len(v)) {
				t.Fatalf("%s %q: offset %d outside the value", x.Name, v, se.Offset)
			}
		}
	})
}

// FuzzReadLDIF: the LDIF reader never panics, and reading the stream a
// byte at a time gives the same entries and error as reading it whole.
func FuzzReadLDIF(f *testing.F) {
	f.Add([]byte("version: 1\ndn: cn=x\ncn: x\n y\n\ndn:: Y249eQ==\ncn:: eQ==\n"))
	f.Add([]byte("# c\n continued\ndn: cn=x\n"))
	f.Add([]byte("dn: cn=x\r\ncn: a\r\n b\r\n\r\n\r\ndn: cn=y\ncn: c"))
	f.Fuzz(func(t *testing.T, b []byte) {
		LDIFReader{}.Read(bytes.NewReader(b))
		lr := LDIFReader{AllowUTF8: true, MaxRecordBytes: 1 << 16}
		whole, err1 := lr.Read(bytes.NewReader(b))
		bytewise, err2 := lr.Read(iotest.OneByteReader(bytes.NewReader(b)))
		if fmt.Sprint(err1) != fmt.Sprint(err2) || !reflect.DeepEqual(whole, bytewise) {
			t.Fatalf("whole: %v %v\nbyte by byte: %v %v", whole, err1, bytewise, err2)
		}
	})
}

// FuzzParseSchema: the RFC 4512 schema reader never panics, and a type it
// accepts can be looked up by each of its names.
func FuzzParseSchema(f *testing.F) {
	f.Add("attributetype ( 1.2.3 NAME ( 'a' 'b' ) SUP name )")
	f.Add("attributeTypes: ( 1.2.3 NAME 'x'\n  EQUALITY caseIgnoreMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15{32} )\nobjectClasses: ( 1.2.4 NAME 'o' SUP top AUXILIARY MAY x )")
	f.Add("# comment\nldapSyntaxes: ( 1.2.5 DESC 'x' )")
	f.Add("objectIdentifier R 1.2\nobjectIdentifier A R:1\nattributetype ( A:1 NAME 'a'\n\tEQUALITY xMatch SYNTAX R:9{3} )\nattributeype ( A:2 NAME 'b' SUP a )\nobjectclass ( R:2.1 NAME 'c' SUP ( top $ c ) )")
	f.Add("dn: cn=x,cn=schema,cn=config\nobjectClass: olcSchemaConfig\nolcObjectIdentifier: {0}R 1.2\nolcAttributeTypes: {0}( R:1 NAME 'a' SU\n P name )\nolcObjectClasses:: ezB9KCAxLjIuMyBOQU1FICdvJyAp\n")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSchema(text)
		if err != nil {
			return
		}
		for _, a := range s.AttributeTypes() {
			for _, n := range a.Names {
				if s.AttributeType(n) == nil {
					t.Fatalf("type %s cannot be found by its name %q", a.OID, n)
				}
			}
			a.EqualityRule()
			a.SyntaxOID()
		}
	})
}

// FuzzLDIFRoundTrip: any value, written by LDIFEncoder at any width, reads
// back as the same bytes, and no line is longer than the width.
func FuzzLDIFRoundTrip(f *testing.F) {
	f.Add([]byte(" x:"), []byte("Lučić"), 76)
	f.Add([]byte("<\r\n\x00\xff "), []byte(""), 2)
	f.Add([]byte(strings.Repeat("ab", 100)), []byte("\n"), 10)
	f.Fuzz(func(t *testing.T, v1, v2 []byte, width int) {
		width %= 200
		e := &Entry{DN: "cn=x,dc=example,dc=com", Attributes: []Attribute{{"description", []string{string(v1), string(v2)}}}}
		var b bytes.Buffer
		enc := NewLDIFEncoder(&b)
		enc.Width = width
		if err := enc.Encode(e); err != nil {
			t.Fatal(err)
		}
		enc.Flush()
		back, err := ReadLDIF(bytes.NewReader(b.Bytes()))
		if err != nil || len(back) != 1 || !reflect.DeepEqual(back[0], e) {
			t.Fatalf("%q read back as %+v, %v", b.String(), back, err)
		}
		if width >= 2 {
			for _, l := range strings.Split(b.String(), "\n") {
				if len(l) > width {
					t.Fatalf("line of %d bytes at width %d", len(l), width)
				}
			}
		}
	})
}
