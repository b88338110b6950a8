package ldap

import (
	"testing"
)

var evalEntry = &Entry{DN: "cn=Babs Jensen+uid=bjensen,ou=People,dc=example,dc=com", Attributes: []Attribute{
	{"objectClass", []string{"top", "person", "organizationalPerson", "inetOrgPerson", "posixAccount"}},
	{"cn", []string{"Babs Jensen"}},
	{"cn;lang-de", []string{"Bärbel Jensen"}},
	{"sn", []string{"Jensen"}},
	{"uid", []string{"bjensen"}},
	{"uidNumber", []string{"1000"}},
	{"gidNumber", []string{"-5"}},
	{"homeDirectory", []string{"/home/bjensen"}},
	{"mail", []string{"bjensen@Example.COM"}},
	{"postalAddress", []string{"1 Main St$Anytown, CA\\2412345"}},
	{"member", []string{"CN=Tim Howes, OU=People, DC=example, DC=com"}},
	{"uniqueMember", []string{"cn=Tim Howes,dc=example,dc=com#'0101'B"}},
	{"createTimestamp", []string{"20230415103000.5+0200"}},
	{"x500UniqueIdentifier", []string{"'0101'B"}},
	{"userPassword", []string{"Secret"}},
	{"internationalISDNNumber", []string{"0123 4567"}},
	{"unknownThing", []string{"x"}},
}}

func TestEvaluate(t *testing.T) {
	tests := []struct {
		filter string
		want   Result
	}{
		// Subtypes and options.
		{"(name=babs jensen)", True},
		{"(cn;lang-de=bärbel jensen)", True},
		{"(cn;lang-fr=babs jensen)", False},
		{"(cn=bärbel jensen)", True},
		{"(commonName=BABS JENSEN)", True},
		{"(2.5.4.3=babs jensen)", True},
		// Presence.
		// RFC 4511 Appendix C.1.17: present of an unknown type is
		// Undefined, even when the entry holds a value by that name.
		{"(unknownThing=*)", Undefined},
		{"(undefinedType=*)", Undefined},
		{"(!(undefinedType=*))", Undefined},
		// RFC 4512 sec 2.4.1: the superclasses of a listed class.
		{"(objectClass=top)", True},
		{"(objectClass=2.5.6.0)", True},
		// RFC 4512 sec 2.5: an unrecognised option is Undefined;
		// language tags are recognised.
		{"(cn;x-opt=babs jensen)", Undefined},
		{"(!(cn;x-opt=*))", Undefined},
		{"(cn;lang-de;x-opt=*)", Undefined},
		{"(cn;LANG-DE=*)", True},
		{"(sn=*)", True},
		{"(title=*)", False},
		// Three-valued and/or/not.
		{"(&(sn=jensen)(undefinedType=x))", Undefined},
		{"(&(sn=nobody)(undefinedType=x))", False},
		{"(|(sn=jensen)(undefinedType=x))", True},
		{"(|(sn=nobody)(undefinedType=x))", Undefined},
		{"(!(undefinedType=x))", Undefined},
		{"(!(sn=nobody))", True},
		// Integer rules.
		{"(uidNumber=1000)", True},
		{"(uidNumber>=999)", True},
		{"(uidNumber<=999)", False},
		{"(uidNumber=01000)", Undefined},
		{"(gidNumber<=-4)", True},
		{"(uidNumber>=100000000000000000000000000)", False},
		{"(uidNumber:integerOrderingMatch:=1001)", True},
		{"(uidNumber:integerOrderingMatch:=1000)", False},
		// IA5 rules.
		{"(homeDirectory=/HOME/BJENSEN)", False},
		{"(homeDirectory=/home/bjensen)", True},
		{"(mail=BJENSEN@example.com)", True},
		{"(mail=bjensen@exämple.com)", Undefined},
		// Lists, DNs, unique members, bit strings, times, octets, numeric strings.
		{"(postalAddress=1 main st $ anytown, ca\\5c2412345)", True},
		{"(postalAddress=1 main st $ anytown, ca$12345)", False},
		{"(postalAddress=*anytown*)", True},
		{"(member=cn=tim howes,ou=people,dc=example,dc=com)", True},
		{"(member=cn=tim howes,dc=example,dc=com)", False},
		{"(member=not a dn)", Undefined},
		{"(uniqueMember=CN=Tim Howes, DC=Example, DC=COM#'0101'B)", True},
		{"(uniqueMember=cn=Tim Howes,dc=example,dc=com)", False},
		{"(x500UniqueIdentifier='0101'B)", True},
		{"(x500UniqueIdentifier=0101)", Undefined},
		{"(createTimestamp=20230415083000.5Z)", True},
		{"(createTimestamp>=202304150830Z)", True},
		{"(createTimestamp<=2023041508Z)", False},
		{"(createTimestamp=bogus)", Undefined},
		{"(userPassword=secret)", False},
		{"(userPassword=Secret)", True},
		{"(internationalISDNNumber=01234567)", True},
		{"(internationalISDNNumber=*45*)", True},
		{"(internationalISDNNumber=12a)", Undefined},
		// objectIdentifierMatch resolves names.
		{"(objectClass=2.5.6.6)", True},
		{"(objectClass=PERSON)", True},
		{"(objectClass=groupOfNames)", False},
		{"(objectClass=noSuchClass)", Undefined},
		// Extensible match.
		{"(cn:caseExactMatch:=Babs Jensen)", True},
		{"(cn:caseExactMatch:=babs jensen)", False},
		{"(cn:caseExactSubstringsMatch:=Babs\\2a)", True},
		{"(cn:caseExactSubstringsMatch:=babs\\2a)", False},
		{"(cn:integerMatch:=1)", Undefined},
		{"(:caseIgnoreIA5Match:=BJENSEN@example.com)", True},
		{"(:dn:caseIgnoreMatch:=BJENSEN)", True},
		{"(:dn:uid:=BJENSEN)", Undefined}, // uid is not a matching rule
		{"(uid:dn:=bjensen)", True},
		{"(dc:dn:=EXAMPLE)", True},
		{"(o:dn:=example)", False},
		{"(:noSuchMatch:=x)", Undefined},
		{"(sn:=JENSEN)", True},
		// Approximate match.
		{"(sn~=jensin)", True},
		{"(cn~=bebs jansen)", True},
		{"(cn~=babs smith)", False},
		{"(uidNumber~=1000)", True},
		// Absolute filters.
		{"(&)", True},
		{"(|)", False},
	}
	for _, tt := range tests {
		f, err := FilterParser{Dialect: RFC4526}.Parse(tt.filter)
		if err != nil {
			t.Errorf("%s: %v", tt.filter, err)
			continue
		}
		if got := f.Evaluate(evalEntry, nil); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.filter, got, tt.want)
		}
	}
	var nilFilter *Filter
	if nilFilter.Evaluate(evalEntry, nil) != Undefined {
		t.Error("nil filter")
	}
}

// TestEvaluateSuperclassesAndOptions: an entry listing only inetOrgPerson
// is a person and top too (RFC 4512 sec 2.4.1), and EvalOptions
// recognises more attribute options, as OpenLDAP's attributeoptions does.
func TestEvaluateSuperclassesAndOptions(t *testing.T) {
	e := &Entry{DN: "uid=b,dc=example,dc=com", Attributes: []Attribute{
		{"objectClass", []string{"inetOrgPerson"}},
		{"cn", []string{"Babs"}},
		{"cn;x-hidden-a", []string{"Hidden"}},
		{"cn;x-opt", []string{"Opt"}},
	}}
	plain := EvalOptions{}
	prefix := EvalOptions{AttributeOptions: []string{"x-hidden-", "X-OPT"}}
	all := EvalOptions{AllOptionsAreTags: true}
	tests := []struct {
		filter string
		o      EvalOptions
		want   Result
	}{
		{"(objectClass=person)", plain, True},
		{"(objectClass=2.5.6.7)", plain, True},
		{"(objectClass=TOP)", plain, True},
		{"(objectClass:=organizationalPerson)", plain, True},
		{"(objectClass=posixAccount)", plain, False},
		{"(objectClass=inetOrgPerson)", plain, True},
		{"(cn;x-opt=opt)", plain, Undefined},
		{"(cn;x-opt=opt)", prefix, True},
		{"(cn;x-opt=babs)", prefix, False},
		{"(cn;x-hidden-a=hidden)", prefix, True},
		{"(cn;x-hidden=hidden)", prefix, Undefined},
		{"(cn;x-other=*)", prefix, Undefined},
		{"(cn;x-other=*)", all, False},
		{"(cn=opt)", plain, True},
	}
	for _, tt := range tests {
		f := MustParseFilter(tt.filter)
		if got := f.EvaluateWith(e, nil, tt.o); got != tt.want {
			t.Errorf("%s with %+v: %s, want %s", tt.filter, tt.o, got, tt.want)
		}
	}
}
