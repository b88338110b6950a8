package ldap

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"
)

func TestDialects(t *testing.T) {
	tests := []struct {
		d         Dialect
		in, canon string
	}{
		{RFC1558, `(cn=a\*b)`, `(cn=a\2ab)`},
		{RFC1558, `(o=Parens R Us \(for all\))`, `(o=Parens R Us \28for all\29)`},
		{RFC1558, `(filename=C:\\MyFile)`, `(filename=C:\5cMyFile)`},
		{RFC1558, `(cn=\2a)`, `(cn=\2a)`},
		{RFC4526, `(&)`, `(&)`},
		{RFC4526, `(|(&)(!(|)))`, `(|(&)(!(|)))`},
		{OpenLDAP, `cn=x`, `(cn=x)`},
		{OpenLDAP, `  (&(a=b) (c=d))  `, `(&(a=b)(c=d))`},
		{OpenLDAP, `&(a=b)(c=d)`, `(&(a=b)(c=d))`},
		{OpenLDAP, `!(a=b)`, `(!(a=b))`},
		{OpenLDAP, `( & (a=b) )`, `(&(a=b))`},
		{OpenLDAP, `(cn=a b )`, `(cn=a b )`},
		{RFC1558 | OpenLDAP, `cn=a\*`, `(cn=a\2a)`},
	}
	for _, tt := range tests {
		f, err := FilterParser{Dialect: tt.d}.Parse(tt.in)
		if err != nil {
			t.Errorf("%s %q: %v", tt.d, tt.in, err)
			continue
		}
		if f.String() != tt.canon {
			t.Errorf("%s %q: %q, want %q", tt.d, tt.in, f.String(), tt.canon)
		}
		if _, err := ParseFilter(tt.in); err == nil && tt.in != tt.canon {
			t.Errorf("strict RFC 4515 accepts %q, which needs dialect %s", tt.in, tt.d)
		}
	}
	for _, in := range []string{"rfc1558,rfc4526", "all", "OpenLDAP", "strict"} {
		if _, err := ParseDialect(in); err != nil {
			t.Errorf("ParseDialect(%q): %v", in, err)
		}
	}
	if _, err := ParseDialect("rfc9999"); err == nil {
		t.Error("ParseDialect accepts rfc9999")
	}
}

func TestFilterErrorPositions(t *testing.T) {
	tests := []struct {
		in          string
		off, col    int
		msgContains string
	}{
		{"(Lučić=x)", 3, 4, "expected filter type"},
		{"(cn=é\\zz)", 6, 6, "bad escape"},
		{"(cn=日本\xff)", 10, 7, "invalid UTF-8"},
		{"(cn=\xed\xa0\x80)", 4, 5, "invalid UTF-8"},
		{"(&(cn=a)", 8, 9, "expected ')'"},
		{"", 0, 1, "expected '('"},
		{"(cn~=a*)", 6, 7, "unescaped '*'"},
		{"(cn=a**b)", 8, 9, "empty substring"},
	}
	for _, tt := range tests {
		_, err := ParseFilter(tt.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a *SyntaxError", tt.in, err)
			continue
		}
		if se.Offset != tt.off || se.Column != tt.col || !strings.Contains(se.Msg, tt.msgContains) {
			t.Errorf("%q: byte %d column %d %q; want byte %d column %d containing %q", tt.in, se.Offset, se.Column, se.Msg, tt.off, tt.col, tt.msgContains)
		}
		if !strings.Contains(se.Error(), "column") {
			t.Errorf("%q: Error() %q does not name the column", tt.in, se.Error())
		}
	}
}

func TestFilterLimits(t *testing.T) {
	deep := strings.Repeat("(!", 200000) + "(a=b)" + strings.Repeat(")", 200000)
	_, err := FilterParser{MaxLen: 1 << 22}.Parse(deep)
	if err == nil || !strings.Contains(err.Error(), "deeper than the limit of 100") {
		t.Fatalf("deep filter: %v", err)
	}
	if _, err := (FilterParser{MaxDepth: 3}).Parse("(!(!(!(!(a=b)))))"); err == nil {
		t.Error("MaxDepth 3 accepts four nested !")
	}
	if _, err := (FilterParser{MaxDepth: 3}).Parse("(!(!(!(a=b))))"); err != nil {
		t.Errorf("MaxDepth 3 rejects three nested !: %v", err)
	}
	if _, err := (FilterParser{MaxLen: 10}).Parse("(cn=abcdefghijk)"); err == nil || !strings.Contains(err.Error(), "longer than the limit") {
		t.Errorf("MaxLen: %v", err)
	}
	// A deep BER filter is refused as well, without recursion to the bottom.
	var b []byte
	leaf, _ := Equal("a", "b")
	b = leaf.BER()
	for i := 0; i < 5000; i++ {
		b = append([]byte{0xA2, 0x84, byte(len(b) >> 24), byte(len(b) >> 16), byte(len(b) >> 8), byte(len(b))}, b...)
	}
	if _, err := DecodeFilterBER(b); err == nil || !strings.Contains(err.Error(), "deeper") {
		t.Errorf("deep BER: %v", err)
	}
}

func TestBERStrictDecode(t *testing.T) {
	bad := map[string]string{
		"a9158102636e830444696e6f840100":   "dnAttributes FALSE present",
		"a9158102636e830444696e6f840101":   "dnAttributes TRUE as 0x01",
		"a3800402636e04016100 00":          "indefinite length",
		"a3090402636e2403040161":           "constructed OCTET STRING value",
		"a3070402636e04016100":             "trailing byte",
		"a0 00":                            "empty and (needs rfc4526)",
		"a2 00":                            "empty not",
		"83070402636e040161":               "primitive equalityMatch",
		"a7020102":                         "constructed present",
		"aa00":                             "tag 10",
		"a4080402636e30028000":             "empty initial substring",
		"a40d0402636e30078101618001620000": "initial after any",
		"a40b0402636e300582016182016200":   "two finals",
		"a4060402636e3000":                 "no substrings",
		"a3080403632d2104016100":           "attribute description with '!'",
		"a9038301 61":                      "extensible without type or rule",
		"a90a8102646e820161830178":         "matching rule dn without dnAttributes",
		"a9068102636e8201 61":              "extensible without value",
		"a9098102636e830178 8201 61":       "fields out of order",
		"a30a0402636e04016185ffffffff":     "five-octet length",
		"8702636e":                         "present (valid) followed by nothing",
	}
	for h, why := range bad {
		b, err := hex.DecodeString(strings.ReplaceAll(h, " ", ""))
		if err != nil {
			t.Fatalf("%s: %v", h, err)
		}
		f, err := DecodeFilterBER(b)
		if why == "present (valid) followed by nothing" {
			if err != nil || f.String() != "(cn=*)" {
				t.Errorf("%s: %v %v", why, f, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s (%s): accepted as %s", h, why, f)
		}
	}
	// Long-form lengths are BER (X.690 sec 8.1.3.5) and RFC 4511 permits them.
	long, _ := hex.DecodeString("a3840000000a048102636e0403612a62")
	f, err := DecodeFilterBER(long)
	if err != nil || f.String() != `(cn=a\2ab)` {
		t.Errorf("long-form lengths: %v %v", f, err)
	}
	// RFC 4526 dialect accepts the absolute filters.
	if f, err := (FilterParser{Dialect: RFC4526}).DecodeBER([]byte{0xA1, 0x00}); err != nil || f.String() != "(|)" {
		t.Errorf("(|) with RFC4526: %v %v", f, err)
	}
}

func TestBuildersAreInjectionProof(t *testing.T) {
	hostile := "*)(uid=*))(|(uid=*"
	f, err := FormatFilter("(&(objectClass=person)(uid=%s))", hostile)
	if err != nil {
		t.Fatal(err)
	}
	want := And(mustF(Equal("objectClass", "person")), mustF(Equal("uid", hostile)))
	if !f.Equal(want) {
		t.Fatalf("FormatFilter: %s, want %s", f, want)
	}
	if got := f.String(); got != `(&(objectClass=person)(uid=\2a\29\28uid=\2a\29\29\28|\28uid=\2a))` {
		t.Errorf("String: %s", got)
	}
	if _, err := FormatFilter("(uid=%d)", "1"); err == nil {
		t.Errorf("FormatFilter accepts the %s verb", "%d")
	}
	if _, err := FormatFilter("(uid=%s)"); err == nil {
		t.Error("FormatFilter accepts a missing argument")
	}
	if _, err := Equal("uid)(x", "1"); err == nil {
		t.Error("Equal accepts a bad attribute description")
	}
	if _, err := Substrings("cn", "", []string{""}, ""); err == nil {
		t.Error("Substrings accepts an empty any part")
	}
	s := mustF(Substrings("cn", "a*", []string{"(b)"}, "\x00"))
	if s.String() != `(cn=a\2a*\28b\29*\00)` {
		t.Errorf("Substrings: %s", s)
	}
	x := mustF(Extensible("", "caseExactMatch", true, "Jensen"))
	if x.String() != "(:dn:caseExactMatch:=Jensen)" || hex.EncodeToString(x.BER()) != "a91b810e6361736545786163744d6174636883064a656e73656e8401ff" {
		t.Errorf("Extensible: %s %x", x, x.BER())
	}
	if got := EscapeFilterValue("a*b(c)\\\x00\xffé"); got != `a\2ab\28c\29\5c\00\ffé` {
		t.Errorf("EscapeFilterValue: %q", got)
	}
	if And().String() != "(&)" || Or().String() != "(|)" || Not(mustF(Present("cn"))).String() != "(!(cn=*))" {
		t.Error("And/Or/Not")
	}
}

func mustF(f *Filter, err error) *Filter {
	if err != nil {
		panic(err)
	}
	return f
}

func TestValidate(t *testing.T) {
	good := []*Filter{MustParseFilter("(&(cn=a*b*c)(!(x:dn:1.2.3:=y))(|(a=*)))"), And(), Or()}
	for _, f := range good {
		if err := f.Validate(); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	bad := []*Filter{
		{Op: OpEqual, Attr: "c n"},
		{Op: OpNot},
		{Op: OpSubstrings, Attr: "cn", Any: []string{""}},
		{Op: OpSubstrings, Attr: "cn"},
		{Op: OpExtensible, Value: "x"},
		{Op: OpExtensible, Attr: "cn", Rule: "dn", Value: "x"},
		{Op: Op(12)},
		And(&Filter{Op: OpPresent, Attr: ""}),
		nil,
	}
	for _, f := range bad {
		if err := f.Validate(); err == nil {
			t.Errorf("%+v passes Validate", f)
		}
	}
	deep := MustParseFilter("(a=b)")
	for i := 0; i < DefaultMaxDepth+1; i++ {
		deep = Not(deep)
	}
	if deep.Validate() == nil {
		t.Error("a filter nested too deeply passes Validate")
	}
}
