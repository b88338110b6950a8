package ldap_test

import (
	"fmt"
	"strings"

	"github.com/ucskit/ucs/ldap"
)

func ExampleParseFilter() {
	f, err := ldap.ParseFilter(`(&(objectClass=Person)(sn=Lu\c4\8di\c4\87)(cn=*\2A*))`)
	if err != nil {
		panic(err)
	}
	fmt.Println(f)
	fmt.Printf("%x\n", f.BER()[:4])
	_, err = ldap.ParseFilter("(cn=Lučić)(sn=x)")
	fmt.Println(err)
	// Output:
	// (&(objectClass=Person)(sn=Lučić)(cn=*\2a*))
	// a031a315
	// ldap: invalid filter at byte 12 (column 11): trailing characters after the filter's closing ')'
}

func ExampleFilterParser() {
	p := ldap.FilterParser{Dialect: ldap.RFC1558 | ldap.OpenLDAP}
	f, err := p.Parse(`&(cn=a\*b) (sn=x)`)
	fmt.Println(f, err)
	// Output: (&(cn=a\2ab)(sn=x)) <nil>
}

func ExampleFormatFilter() {
	f, _ := ldap.FormatFilter("(&(objectClass=person)(uid=%s))", "*)(uid=*")
	fmt.Println(f)
	// Output: (&(objectClass=person)(uid=\2a\29\28uid=\2a))
}

func ExampleEscapeFilterValue() {
	fmt.Println(ldap.EscapeFilterValue("C:\\Files (x86)\\*"))
	// Output: C:\5cFiles \28x86\29\5c\2a
}

func ExampleFilter_Evaluate() {
	e := &ldap.Entry{DN: "cn=Babs Jensen,ou=People,dc=example,dc=com", Attributes: []ldap.Attribute{
		{Type: "objectClass", Values: []string{"person"}},
		{Type: "cn", Values: []string{"  Barbara   J.  Jensen  "}},
		{Type: "telephoneNumber", Values: []string{"+1 408 555 1212"}},
	}}
	for _, s := range []string{"(cn=barbara j. jensen)", "(telephoneNumber=+1-408-555-1212)", "(ou:dn:=people)", "(cn>=a)", "(noSuchType=x)", "(!(noSuchType=x))"} {
		fmt.Println(s, ldap.MustParseFilter(s).Evaluate(e, nil))
	}
	// Output:
	// (cn=barbara j. jensen) true
	// (telephoneNumber=+1-408-555-1212) true
	// (ou:dn:=people) true
	// (cn>=a) undefined
	// (noSuchType=x) undefined
	// (!(noSuchType=x)) undefined
}

func ExampleNormalizeDN() {
	n, err := ldap.NormalizeDN(`CN=James \"Jim\" Smith\, III,  DC=Example; DC=net`, nil, true)
	fmt.Println(n, err)
	_, err = ldap.ParseDN("cn=John<Doe")
	fmt.Println(err)
	// Output:
	// cn=james \22jim\22 smith\2C iii,dc=example,dc=net <nil>
	// ldap: invalid DN at byte 7 (column 8): '<' must be escaped in a value (RFC 4514 sec 3); write \<
}

func ExampleSyntax_Validate() {
	x := ldap.SyntaxByName("Teletex Terminal Identifier")
	for _, v := range []string{"twoDimensional", "ttx1$bogus:abc", "ttx1$x@"} {
		form, err := x.Validate(v, ldap.FormAny)
		fmt.Printf("%q %q %v\n", v, form, err)
	}
	// Output:
	// "twoDimensional" "rfc4517" <nil>
	// "ttx1$bogus:abc" "rfc1488" <nil>
	// "ttx1$x@" "" ldap: invalid Teletex Terminal Identifier at byte 5 (column 6): expected a parameter graphic:, control:, misc:, page: or private:
}

func ExampleParseSchema() {
	s, err := ldap.ParseSchema(`attributeTypes: ( 1.3.6.1.4.1.55555.9.1 NAME 'favColour'
  EQUALITY caseIgnoreMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 )`)
	if err != nil {
		panic(err)
	}
	e := &ldap.Entry{Attributes: []ldap.Attribute{{Type: "favColour", Values: []string{"Blue"}}}}
	fmt.Println(ldap.MustParseFilter("(favcolour=BLUE)").Evaluate(e, s))
	// Output: true
}

func ExampleDecodeFilterBER() {
	f, err := ldap.DecodeFilterBER([]byte{0xA9, 0x0C, 0x82, 0x02, 'o', 'u', 0x83, 0x03, 'd', 'e', 'v', 0x84, 0x01, 0xFF})
	fmt.Println(f, err)
	_, err = ldap.DecodeFilterBER([]byte{0xA9, 0x0C, 0x82, 0x02, 'o', 'u', 0x83, 0x03, 'd', 'e', 'v', 0x84, 0x01, 0x01})
	fmt.Println(err)
	// Output:
	// (ou:dn:=dev) <nil>
	// ldap: invalid BER filter at byte 11: dnAttributes TRUE must be 0xFF, found 0x01 (RFC 4511 sec 5.1)
}

func ExampleAnd() {
	eq, _ := ldap.Equal("cn", "Babs (the boss)")
	sub, _ := ldap.Substrings("mail", "", []string{"@"}, "example.com")
	fmt.Println(ldap.And(eq, ldap.Not(sub)))
	// Output: (&(cn=Babs \28the boss\29)(!(mail=*@*example.com)))
}

func ExamplePrepareString() {
	s, _ := ldap.PrepareString("  Straße\u00a0 ﬁle  ", true)
	fmt.Printf("%q\n", s)
	// Output: " strasse  file "
}

func ExampleParseDialect() {
	d, _ := ldap.ParseDialect("openldap,rfc4526")
	f, _ := ldap.FilterParser{Dialect: d}.Parse("|(cn=a) (&)")
	fmt.Println(d, f)
	// Output: rfc4526,openldap (|(cn=a)(&))
}

func ExampleReadLDIF() {
	es, err := ldap.ReadLDIF(strings.NewReader("dn: cn=Babs Jensen,dc=example,dc=com\ncn: Babs\n  Jensen\nsn:: SmVuc2Vu\n"))
	fmt.Println(len(es), es[0].Get("cn"), es[0].Get("sn"), err)
	_, err = ldap.ReadLDIF(strings.NewReader("dn: cn=x\ncn: Bärbel\n"))
	fmt.Println(err)
	// Output:
	// 1 [Babs Jensen] [Jensen] <nil>
	// ldif: line 2, column 6: non-ASCII byte in a plain value: RFC 2849 needs base64 (::) for it
}
