package ldap

import (
	"strings"
	"testing"
)

func TestStandardSchema(t *testing.T) {
	s := Standard()
	for name, want := range map[string][3]string{
		"cn":              {"caseIgnoreMatch", "", "caseIgnoreSubstringsMatch"},
		"CommonName":      {"caseIgnoreMatch", "", "caseIgnoreSubstringsMatch"},
		"2.5.4.3":         {"caseIgnoreMatch", "", "caseIgnoreSubstringsMatch"},
		"seeAlso":         {"distinguishedNameMatch", "", ""},
		"uidNumber":       {"integerMatch", "integerOrderingMatch", ""},
		"mail":            {"caseIgnoreIA5Match", "", "caseIgnoreIA5SubstringsMatch"},
		"createTimestamp": {"generalizedTimeMatch", "generalizedTimeOrderingMatch", ""},
		"dnQualifier":     {"caseIgnoreMatch", "caseIgnoreOrderingMatch", "caseIgnoreSubstringsMatch"},
	} {
		a := s.AttributeType(name)
		if a == nil {
			t.Errorf("%s: not in the standard schema", name)
			continue
		}
		got := [3]string{a.EqualityRule(), a.OrderingRule(), a.SubstringRule()}
		if got != want {
			t.Errorf("%s: rules %v, want %v", name, got, want)
		}
		for _, r := range got {
			if r != "" && MatchingRuleByName(r) == nil {
				t.Errorf("%s: rule %s is not built in", name, r)
			}
		}
	}
	if s.AttributeType("cn").Name() != "cn" || !s.AttributeType("cn").IsSubtypeOf(s.AttributeType("name")) {
		t.Error("cn is a subtype of name")
	}
	if oid, ok := s.ResolveOID("inetOrgPerson"); !ok || oid != "2.16.840.1.113730.3.2.2" {
		t.Errorf("inetOrgPerson: %s %v", oid, ok)
	}
	if oid, ok := s.ResolveOID("caseIgnoreMatch"); !ok || oid != "2.5.13.2" {
		t.Errorf("caseIgnoreMatch: %s %v", oid, ok)
	}
	if n := len(s.AttributeTypes()); n < 130 {
		t.Errorf("only %d attribute types", n)
	}
	// Every built-in type has a known syntax.
	for _, a := range s.AttributeTypes() {
		if syn := a.SyntaxOID(); SyntaxByName(syn) == nil && !strings.HasPrefix(syn, "1.3.6.1.1.1.0.") {
			t.Errorf("%s: syntax %s unknown", a.Name(), syn)
		}
	}
}

func TestParseSchemaErrors(t *testing.T) {
	tests := []struct{ in, has string }{
		{"attributetype ( 1.2.3 NAME 'x' EQUALITY fooMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 )", "line 1: attribute type: unknown matching rule"},
		{"\n\nattributetype ( 1.2.3 NAME 'x' )", "line 3: attribute type: 1.2.3 has neither SUP nor SYNTAX"},
		{"attributetype ( x NAME 'x' SUP name )", "not a numeric OID"},
		{"attributetype ( 1.2.3 NAME '1x' SUP name )", "not a descr"},
		{"attributetype ( 1.2.3 NAME 'x' SUP name", "not closed"},
		{"attributetype ( 1.2.3 NAME 'x SUP name )", "unterminated"},
		{"fooType ( 1.2.3 )", "unknown definition keyword"},
		{"attributetype ( 1.2.3 NAME 'x' SYNTAX 1.3.6.1.4.1.1466.115.121.1.15{12x} )", ""},
	}
	for _, tt := range tests {
		_, err := ParseSchema(tt.in)
		if tt.has == "" {
			if err != nil {
				t.Errorf("%q: %v", tt.in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.has) {
			t.Errorf("%q: error %v, want one containing %q", tt.in, err, tt.has)
		}
	}
	// The LDIF subschema form, folded, with other attributes around it.
	s, err := ParseSchema("dn: cn=schema\nobjectClass: subschema\nattributeTypes: ( 1.3.6.1.4.1.55555.1.1 NAME ( 'fooName' 'foo' )\n  SUP name )\nobjectClasses: ( 1.3.6.1.4.1.55555.2.1 NAME 'fooObject' SUP top AUXILIARY MAY foo )\n")
	if err != nil {
		t.Fatal(err)
	}
	if a := s.AttributeType("foo"); a == nil || a.EqualityRule() != "caseIgnoreMatch" || a.Name() != "fooName" {
		t.Errorf("foo: %+v", a)
	}
	if o := s.ObjectClass("fooobject"); o == nil || o.Kind != "AUXILIARY" {
		t.Errorf("fooObject: %+v", o)
	}
	if Standard().AttributeType("foo") != nil {
		t.Error("ParseSchema changed the standard schema")
	}
}
