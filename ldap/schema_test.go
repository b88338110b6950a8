package ldap

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
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
		{"\n\nattributetype ( 1.2.3 NAME 'x' )", "line 3: attribute type: 1.2.3 has neither SUP nor SYNTAX"},
		{"attributetype ( x NAME 'x' SUP name )", "\"x\" is neither a numeric OID nor an objectIdentifier macro"},
		{"attributetype ( 1.2.x NAME 'x' SUP name )", "not a numeric OID"},
		{"objectIdentifier a 1.2\nattributetype ( a:x NAME 'x' SUP name )", "\"a:x\" does not make a numeric OID"},
		{"objectIdentifier a b:1", "objectIdentifier a: \"b:1\" is neither"},
		{"objectIdentifier a", "expected a name and an OID"},
		{"objectIdentifier 1a 1.2", "not a name"},
		{"attributetype ( 1.2.3 NAME 'x' SUP name ) junk", "after the closing ')'"},
		{"attributetype 1.2.3", "expected '(' to start"},
		{"dn: cn=x\n\n olcAttributeTypes: ( 1.2.3 )", "line 3: continuation line"},
		{"dn: cn=x\nolcAttributeTypes:: !!", "bad base64"},
		{"dn: cn=x\nolcAttributeTypes: {0}( 1.2.3 NAME 'x' )", "line 2: attribute type: 1.2.3 has neither"},
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

// TestSchemaForms reads the OpenLDAP schema file form with macros, the
// cn=config LDIF form and a subschema entry, and a matching rule that is
// not built in.
func TestSchemaForms(t *testing.T) {
	file := "objectIdentifier Root 1.3.6.1.4.1.55555\nobjectIdentifier AT Root:1\n" +
		"objectidentifier id-at-x 2.5.4.999\n" +
		"attributetype ( AT:1 NAME 'fooA'\n\tDESC 'x'\n    SUP name )\n" +
		"attributetype ( id-at-x NAME 'fooB' EQUALITY fooMatch SYNTAX Root:9 )\n" +
		"attributetype ( AT:3 NAME 'fooC' EQUALITY fooMatch ORDERING barMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 )\n" +
		"attributeype ( AT:4 NAME 'fooD' SUP name )\n" +
		"objectclass ( Root:2.1 NAME 'fooClass' SUP ( inetOrgPerson $ account ) MAY fooA )\n"
	cfg := "dn: cn=foo,cn=schema,cn=config\nobjectClass: olcSchemaConfig\ncn: foo\n" +
		"olcObjectIdentifier: {0}Root 1.3.6.1.4.1.55555\nolcObjectIdentifier: {1}AT Root:1\n" +
		"olcObjectIdentifier: {2}id-at-x 2.5.4.999\n" +
		"olcAttributeTypes: {0}( AT:1 NAME 'fooA' DESC 'x' SUP n\n ame )\n" +
		"olcAttributeTypes:: " + base64.StdEncoding.EncodeToString([]byte("{1}( id-at-x NAME 'fooB' EQUALITY fooMatch SYNTAX Root:9 )")) + "\n" +
		"olcAttributeTypes: {2}( AT:3 NAME 'fooC' EQUALITY fooMatch ORDERING barMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 )\n" +
		"olcAttributeTypes: {3}( AT:4 NAME 'fooD' SUP name )\n" +
		"olcObjectClasses: {0}( Root:2.1 NAME 'fooClass' SUP ( inetOrgPerson $ account ) MAY fooA )\n"
	sub := "# extended LDIF\ndn: cn=Subschema\nobjectClass: top\nobjectClass: subschema\n" +
		"attributeTypes: ( 1.3.6.1.4.1.55555.1.1 NAME 'fooA' DESC 'x' SUP name )\n" +
		"attributeTypes: ( 2.5.4.999 NAME 'fooB' EQUALITY fooMatch SYNTAX 1.3.6.1.4.1.5\n 5555.9 )\n" +
		"attributeTypes: ( 1.3.6.1.4.1.55555.1.3 NAME 'fooC' EQUALITY fooMatch ORDERING barMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 )\n" +
		"attributeTypes: ( 1.3.6.1.4.1.55555.1.4 NAME 'fooD' SUP name )\n" +
		"objectClasses: ( 1.3.6.1.4.1.55555.2.1 NAME 'fooClass' SUP ( inetOrgPerson $ account ) STRUCTURAL MAY fooA )\n" +
		"matchingRules: ( 1.3.6.1.4.1.55555.3.1 NAME 'fooMatch' SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 )\n" +
		"ldapSyntaxes: ( 1.3.6.1.4.1.55555.9 DESC 'Foo' )\n"
	modify := "dn: cn={4}foo,cn=schema,cn=config\nchangetype: modify\nadd: olcObjectIdentifier\n" +
		strings.Join(regexp.MustCompile(`(?m)^olcObjectIdentifier: .*$`).FindAllString(cfg, -1), "\n") + "\n-\nadd: olcAttributeTypes\n" +
		strings.Join(regexp.MustCompile(`(?m)^olcAttributeTypes:.*(\n .*)*$`).FindAllString(cfg, -1), "\n") + "\n-\nadd: olcObjectClasses\n" +
		strings.Join(regexp.MustCompile(`(?m)^olcObjectClasses: .*$`).FindAllString(cfg, -1), "\n") + "\n-\n"
	for name, text := range map[string]string{"schema file": file, "cn=config": cfg, "subschema": sub, "ldapmodify": modify} {
		s, err := ParseSchema(text)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for n, oid := range map[string]string{"fooA": "1.3.6.1.4.1.55555.1.1", "fooB": "2.5.4.999", "fooC": "1.3.6.1.4.1.55555.1.3", "fooD": "1.3.6.1.4.1.55555.1.4"} {
			if a := s.AttributeType(n); a == nil || a.OID != oid {
				t.Errorf("%s: %s is %+v, want OID %s", name, n, a, oid)
			}
		}
		if a := s.AttributeType("fooB"); a == nil || a.Syntax != "1.3.6.1.4.1.55555.9" {
			t.Errorf("%s: fooB syntax %+v", name, a)
		}
		if !s.IsSubclassOf("fooClass", "person") || !s.IsSubclassOf("1.3.6.1.4.1.55555.2.1", "2.5.6.0") || s.IsSubclassOf("person", "fooClass") {
			t.Errorf("%s: fooClass superclasses wrong", name)
		}
		// fooMatch and barMatch are not built in: one warning each.
		var rules []string
		for _, w := range s.Warnings() {
			if strings.HasPrefix(w, "matching rule ") {
				rules = append(rules, strings.Fields(w)[2])
			}
		}
		if strings.Join(rules, ",") != "fooMatch,barMatch" {
			t.Errorf("%s: warnings %q", name, s.Warnings())
		}
		e := &Entry{DN: "cn=x", Attributes: []Attribute{{"fooC", []string{"a"}}, {"objectClass", []string{"fooClass"}}}}
		for f, want := range map[string]Result{"(fooC=a)": Undefined, "(fooC>=a)": Undefined, "(fooC=*)": True, "(objectClass=account)": True, "(objectClass=top)": True} {
			if got := MustParseFilter(f).Evaluate(e, s); got != want {
				t.Errorf("%s: %s is %s, want %s", name, f, got, want)
			}
		}
	}
	// A cycle of superclasses in a bad schema ends.
	s, err := ParseSchema("objectclass ( 1.2.3.1 NAME 'a' SUP b )\nobjectclass ( 1.2.3.2 NAME 'b' SUP a )")
	if err != nil {
		t.Fatal(err)
	}
	if !s.IsSubclassOf("a", "b") || s.IsSubclassOf("a", "person") {
		t.Error("cyclic superclasses")
	}
}

// TestSchemaTestdata loads the OpenLDAP schema files committed in
// testdata/schema (see its README): both forms of each define the same
// types and classes.
func TestSchemaTestdata(t *testing.T) {
	for _, base := range []string{"openldap", "dyngroup"} {
		var schemas [2]*Schema
		for i, ext := range []string{".schema", ".ldif"} {
			b, err := os.ReadFile(filepath.Join("testdata", "schema", base+ext))
			if err != nil {
				t.Fatal(err)
			}
			if schemas[i], err = ParseSchema(string(b)); err != nil {
				t.Fatalf("%s%s: %v", base, ext, err)
			}
		}
		if a, b := schemaDigest(schemas[0]), schemaDigest(schemas[1]); a != b {
			t.Errorf("%s: the .schema and .ldif forms differ:\n%s", base, diffLines(a, b))
		}
	}
	b, _ := os.ReadFile(filepath.Join("testdata", "schema", "openldap.schema"))
	s, _ := ParseSchema(string(b))
	// pilotPerson is COSINE's (RFC 1274), not in the standard schema.
	for _, sup := range []string{"inetOrgPerson", "organizationalPerson", "person", "2.5.6.6", "top"} {
		if !s.IsSubclassOf("OpenLDAPperson", sup) {
			t.Errorf("OpenLDAPperson is not a subclass of %s", sup)
		}
	}
	if oid, _ := s.ResolveOID("OpenLDAPperson"); oid != "1.3.6.1.4.1.4203.1.4.5" {
		t.Errorf("OpenLDAPperson has OID %s", oid)
	}
	// The subschema entry as ldapsearch prints it (folded at 78 columns,
	// comments), read alone.
	b, _ = os.ReadFile(filepath.Join("testdata", "schema", "subschema-excerpt.ldif"))
	sub := NewSchema()
	if err := sub.AddDefinitions(string(b)); err != nil {
		t.Fatal(err)
	}
	for _, sup := range []string{"pilotPerson", "newPilotPerson", "inetOrgPerson", "organizationalPerson", "person", "top"} {
		if !sub.IsSubclassOf("OpenLDAPperson", sup) {
			t.Errorf("subschema: OpenLDAPperson is not a subclass of %s", sup)
		}
	}
	if a := sub.AttributeType("userid"); a == nil || a.SyntaxOID() != "1.3.6.1.4.1.1466.115.121.1.15" || a.EqualityRule() != "caseIgnoreMatch" {
		t.Errorf("subschema: uid %+v", a)
	}
	if w := sub.Warnings(); len(w) != 2 || !strings.Contains(w[0], "CSNMatch") || !strings.Contains(w[1], "CSNOrderingMatch") {
		t.Errorf("subschema: warnings %q", w)
	}
	e := &Entry{DN: "uid=a,dc=example,dc=com", Attributes: []Attribute{{"objectClass", []string{"OpenLDAPperson"}}, {"uid", []string{"A"}}, {"entryCSN", []string{"20231010101010.000000Z#000000#000#000000"}}}}
	for f, want := range map[string]Result{"(objectclass=pilotPerson)": True, "(objectClass=0.9.2342.19200300.100.4.4)": True, "(userid=a)": True, "(entryCSN=x)": Undefined, "(entryCSN=*)": True} {
		if got := MustParseFilter(f).Evaluate(e, sub); got != want {
			t.Errorf("subschema: %s is %s, want %s", f, got, want)
		}
	}
}

// schemaDigest describes a schema's types and classes one per line, sorted.
func schemaDigest(s *Schema) string {
	var lines []string
	for _, a := range s.AttributeTypes() {
		lines = append(lines, fmt.Sprintf("at %s %q sup=%s eq=%s ord=%s sub=%s syn=%s single=%v usage=%s", a.OID, a.Names, a.Sup, a.Equality, a.Ordering, a.Substr, a.Syntax, a.SingleValue, a.Usage))
	}
	seen := map[*ObjectClass]bool{}
	for _, o := range s.classes {
		if !seen[o] {
			seen[o] = true
			lines = append(lines, fmt.Sprintf("oc %s %q sup=%q kind=%s must=%q may=%q", o.OID, o.Names, o.Sup, o.Kind, o.Must, o.May))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func diffLines(a, b string) string {
	in := map[string]bool{}
	for _, l := range strings.Split(b, "\n") {
		in[l] = true
	}
	var out []string
	for _, l := range strings.Split(a, "\n") {
		if !in[l] {
			out = append(out, "only in the first: "+l)
		}
		delete(in, l)
	}
	for l := range in {
		out = append(out, "only in the second: "+l)
	}
	sort.Strings(out)
	if len(out) > 10 {
		out = out[:10]
	}
	return strings.Join(out, "\n")
}

// TestSchemaInstalledSlapd loads every schema file of the installed slapd,
// in both forms: each file alone on top of the standard schema defines
// as many types and classes as it has definitions, and all .schema files
// together define what all .ldif files together define.
func TestSchemaInstalledSlapd(t *testing.T) {
	dir := findSchemaDir()
	if dir == "" {
		skipOrFail(t) // no /etc/ldap/schema: skipped, except in CI
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	order := map[string]int{"core": 1, "cosine": 2, "inetorgperson": 3, "nis": 4}
	sort.SliceStable(files, func(i, j int) bool {
		oi, oj := order[strings.TrimSuffix(filepath.Base(files[i]), filepath.Ext(files[i]))], order[strings.TrimSuffix(filepath.Base(files[j]), filepath.Ext(files[j]))]
		if oi == 0 {
			oi = 99
		}
		if oj == 0 {
			oj = 99
		}
		return oi < oj
	})
	all := map[string]*Schema{".schema": Standard().Clone(), ".ldif": Standard().Clone()}
	defRE := regexp.MustCompile(`(?im)^(olcAttributeTypes:\s*(\{\d+\})?|attribute\w*\s+)\(\s*(\S+)|^(olcObjectClasses:\s*(\{\d+\})?|objectclass\s+)\(\s*(\S+)`)
	n := 0
	for _, f := range files {
		ext := filepath.Ext(f)
		if all[ext] == nil {
			continue
		}
		n++
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := Standard().Clone()
		if err := s.AddDefinitions(string(b)); err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		if err := all[ext].AddDefinitions(string(b)); err != nil {
			t.Errorf("%s (after the others): %v", filepath.Base(f), err)
		}
		// Every definition the file holds is in the schema, under the
		// OID its macro expands to.
		defs := defRE.FindAllStringSubmatch(string(b), -1)
		for _, d := range defs {
			isClass := d[6] != ""
			x := d[3]
			if isClass {
				x = d[6]
			}
			oid, err := s.expandOID(x)
			if err != nil {
				t.Errorf("%s: %s: %v", filepath.Base(f), x, err)
				continue
			}
			if isClass && s.ObjectClass(oid) == nil || !isClass && s.AttributeType(oid) == nil {
				t.Errorf("%s: %s (%s) was not loaded", filepath.Base(f), x, oid)
			}
		}
		t.Logf("%-20s %3d definitions, warnings %q", filepath.Base(f), len(defs), s.Warnings())
	}
	if n < 2 {
		t.Fatalf("only %d schema files in %s", n, dir)
	}
	if a, b := schemaDigest(all[".schema"]), schemaDigest(all[".ldif"]); a != b {
		t.Errorf("the .schema and .ldif files define different schemas:\n%s", diffLines(a, b))
	}
	t.Logf("%d schema files of %s load", n, dir)
}
