package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const testLDIF = `version: 1
# two people and an organisation
dn: cn=Babs Jensen,ou=People,dc=example,dc=com
objectClass: top
objectClass: person
cn: Babs Jensen
cn:   Barbara   J.  Jensen
sn: Jensen
telephoneNumber: +1 408 555 1212
description: a folded
  value

dn:: Y249THXEjWnEhyxvdT1QZW9wbGUsZGM9ZXhhbXBsZSxkYz1jb20=
objectClass: person
cn:: THXEjWnEhw==
sn: Lucic

dn: dc=example,dc=com
objectClass: domain
dc: example
`

func TestLDAPCommandGolden(t *testing.T) {
	dir := t.TempDir()
	ldif := filepath.Join(dir, "people.ldif")
	if err := os.WriteFile(ldif, []byte(testLDIF), 0o644); err != nil {
		t.Fatal(err)
	}
	schema := filepath.Join(dir, "extra.schema")
	if err := os.WriteFile(schema, []byte("attributetype ( 1.3.6.1.4.1.55555.9.1 NAME 'favColour' EQUALITY caseIgnoreMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 )\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badSchema := filepath.Join(dir, "bad.schema")
	os.WriteFile(badSchema, []byte("attributetype ( 1.2.3 NAME 'x' EQUALITY noSuchMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 )\n"), 0o644)
	tests := []struct {
		name       string
		args       []string
		wantOut    string
		wantErrHas string
		wantCode   int
	}{
		{"filter canonical", []string{"ldap", "filter", `(cn=*\2A*)`, `(sn=Lu\c4\8di\c4\87)`},
			"(cn=*\\2a*)\n(sn=Lučić)\n", "", ExitOK},
		{"filter json valid", []string{"ldap", "filter", "--json", "(sn:dn:2.4.6.8.10:=Barney Rubble)"},
			`{"input":"(sn:dn:2.4.6.8.10:=Barney Rubble)","valid":true,"canonical":"(sn:dn:2.4.6.8.10:=Barney Rubble)","ber":"a922810a322e342e362e382e31308202736e830d4261726e657920527562626c658401ff"}` + "\n", "", ExitOK},
		{"filter json invalid", []string{"ldap", "filter", "--json", "(cn=a)", "(Lučić=x)"},
			`{"input":"(cn=a)","valid":true,"canonical":"(cn=a)","ber":"a3070402636e040161"}` + "\n" +
				`{"input":"(Lučić=x)","valid":false,"error":{"offset":3,"column":4,"message":"expected filter type '=', '~=', '>=', '<=' or ':=' after the attribute description, found 'č'"}}` + "\n", "", ExitInvalid},
		{"filter json not utf-8", []string{"ldap", "filter", "--json", "(cn=\xff)"},
			`{"input":"(cn=\ufffd)","input_hex":"28636e3dff29","valid":false,"error":{"offset":4,"column":5,"message":"invalid UTF-8 (RFC 3629) in the value: byte 0xff; write bytes that are not UTF-8 as \\hh"}}` + "\n", "", ExitInvalid},
		{"filter plain invalid", []string{"ldap", "filter", "(cn=a\\*b)"}, "", "byte 5 (column 6): bad escape", ExitInvalid},
		{"filter dialect rfc1558", []string{"ldap", "filter", "--dialect", "rfc1558", "(cn=a\\*b)"}, "(cn=a\\2ab)\n", "", ExitOK},
		{"filter dialect openldap", []string{"ldap", "filter", "--dialect=openldap,rfc4526", "&(a=b) (|)"}, "(&(a=b)(|))\n", "", ExitOK},
		{"filter unknown dialect", []string{"ldap", "filter", "--dialect", "ad", "(a=b)"}, "", "unknown dialect", ExitUsage},
		{"filter no args", []string{"ldap", "filter"}, "", "give at least one FILTER", ExitUsage},
		{"match", []string{"ldap", "match", "--ldif", ldif, "(cn=barbara j. jensen)"},
			"cn=Babs Jensen,ou=People,dc=example,dc=com\n", "", ExitOK},
		{"match approx and utf-8", []string{"ldap", "match", "--ldif", ldif, "(cn~=lucic)"},
			"cn=Lučić,ou=People,dc=example,dc=com\n", "", ExitOK},
		{"match undefined shown", []string{"ldap", "match", "--show-undefined", "--ldif", ldif, "(|(sn=jensen)(noSuchAttr=1))"},
			"cn=Babs Jensen,ou=People,dc=example,dc=com\n? cn=Lučić,ou=People,dc=example,dc=com\n? dc=example,dc=com\n", "", ExitOK},
		{"match json", []string{"ldap", "match", "--json", "--ldif", ldif, "(description=a folded value)"},
			`{"dn":"cn=Babs Jensen,ou=People,dc=example,dc=com","result":"true"}` + "\n" +
				`{"dn":"cn=Lučić,ou=People,dc=example,dc=com","result":"false"}` + "\n" +
				`{"dn":"dc=example,dc=com","result":"false"}` + "\n", "", ExitOK},
		{"match dn attrs", []string{"ldap", "match", "--ldif", ldif, "(ou:dn:=people)"},
			"cn=Babs Jensen,ou=People,dc=example,dc=com\ncn=Lučić,ou=People,dc=example,dc=com\n", "", ExitOK},
		{"match user schema", []string{"ldap", "match", "--json", "--schema", schema, "--ldif", ldif, "(favColour=blue)"},
			`{"dn":"cn=Babs Jensen,ou=People,dc=example,dc=com","result":"false"}` + "\n" +
				`{"dn":"cn=Lučić,ou=People,dc=example,dc=com","result":"false"}` + "\n" +
				`{"dn":"dc=example,dc=com","result":"false"}` + "\n", "", ExitOK},
		{"match unknown rule in schema", []string{"ldap", "match", "--schema", badSchema, "--ldif", ldif, "(x=a)"}, "", "bad.schema: warning: matching rule noSuchMatch is not built in", ExitOK},
		{"match bad schema", []string{"ldap", "match", "--schema", badSchema, "--schema", schema + ".none", "--ldif", ldif, "(cn=x)"}, "", "extra.schema.none: no such file", ExitIO},
		{"match two schemas", []string{"ldap", "match", "--json", "--schema", badSchema, "--schema", schema, "--ldif", ldif, "(&(x=a)(favColour=blue))"},
			`{"dn":"cn=Babs Jensen,ou=People,dc=example,dc=com","result":"false"}` + "\n" +
				`{"dn":"cn=Lučić,ou=People,dc=example,dc=com","result":"false"}` + "\n" +
				`{"dn":"dc=example,dc=com","result":"false"}` + "\n", "warning: matching rule noSuchMatch", ExitOK},
		{"match missing ldif", []string{"ldap", "match", "--ldif", filepath.Join(dir, "none.ldif"), "(cn=x)"}, "", "no such file", ExitIO},
		{"match bad filter", []string{"ldap", "match", "--ldif", ldif, "(cn=x"}, "", "expected ')'", ExitInvalid},
		{"dn", []string{"ldap", "dn", "UID=jsmith,DC=example,DC=net", "cn=John\\3BDoe"},
			"uid=jsmith,dc=example,dc=net\ncn=john\\3Bdoe\n", "", ExitOK},
		{"dn json", []string{"ldap", "dn", "--json", "--rfc1485", "CN=Christian Huitema; O=INRIA; C=FR", "cn=John,"},
			`{"input":"CN=Christian Huitema; O=INRIA; C=FR","valid":true,"normalized":"cn=christian huitema,o=inria,c=fr"}` + "\n" +
				`{"input":"cn=John,","valid":false,"error":{"offset":8,"column":9,"message":"expected an attribute type after ',', found the end of the DN"}}` + "\n", "", ExitInvalid},
		{"dn strict rejects 1485", []string{"ldap", "dn", "CN=Christian Huitema; O=INRIA"}, "", "must be escaped", ExitInvalid},
		{"syntax", []string{"ldap", "syntax", "Generalized Time", "199412161032Z"}, "valid rfc4517: 199412161032Z\n", "", ExitOK},
		{"syntax json forms", []string{"ldap", "syntax", "--json", "1.3.6.1.4.1.1466.115.121.1.51", "twoDimensional", "ttx1$bogus:abc", "ttx1$x@"},
			`{"syntax":"Teletex Terminal Identifier","value":"twoDimensional","valid":true,"form":"rfc4517"}` + "\n" +
				`{"syntax":"Teletex Terminal Identifier","value":"ttx1$bogus:abc","valid":true,"form":"rfc1488"}` + "\n" +
				`{"syntax":"Teletex Terminal Identifier","value":"ttx1$x@","valid":false,"error":{"offset":5,"column":6,"message":"expected a parameter graphic:, control:, misc:, page: or private:"}}` + "\n", "", ExitInvalid},
		{"syntax form demanded", []string{"ldap", "syntax", "--form", "rfc4517", "teletexterminalidentifier", "ttx1$bogus:abc"}, "", "graphic:", ExitInvalid},
		{"syntax negative integer", []string{"ldap", "syntax", "INTEGER", "-17", "01"}, "valid rfc4517: -17\n", "leading zero", ExitInvalid},
		{"syntax unknown", []string{"ldap", "syntax", "Nonsense", "x"}, "", "unknown syntax", ExitUsage},
		{"syntax bad form", []string{"ldap", "syntax", "--form", "rfc2252", "Boolean", "TRUE"}, "", "--form must be", ExitUsage},
		{"syntax 1488 only", []string{"ldap", "syntax", "--json", "--form", "rfc1488", "OID", "ds.4.10", "2.5.4.10"},
			`{"syntax":"OID","value":"ds.4.10","valid":true,"form":"rfc1488"}` + "\n" +
				`{"syntax":"OID","value":"2.5.4.10","valid":true,"form":"rfc1488"}` + "\n", "", ExitOK},
		{"unknown subcommand", []string{"ldap", "filtre"}, "", `did you mean "filter"`, ExitUsage},
		{"unknown flag", []string{"ldap", "dn", "--jsn", "cn=x"}, "", "unknown flag --jsn", ExitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
			code := Main(env, tt.args)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.wantCode, errb.String())
			}
			if out.String() != tt.wantOut {
				t.Errorf("stdout:\n%s\nwant:\n%s", out.String(), tt.wantOut)
			}
			if tt.wantErrHas == "" && errb.Len() != 0 {
				t.Errorf("unexpected stderr %q", errb.String())
			}
			if tt.wantErrHas != "" && !strings.Contains(errb.String(), tt.wantErrHas) {
				t.Errorf("stderr %q does not contain %q", errb.String(), tt.wantErrHas)
			}
		})
	}
}

func TestLDAPSyntaxList(t *testing.T) {
	var out bytes.Buffer
	env := &Env{Stdout: &out, Stderr: &out}
	if code := Main(env, []string{"ldap", "syntax", "--list"}); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	for _, row := range [][3]string{
		{"1.3.6.1.4.1.1466.115.121.1.41", "Postal Address", "rfc4517,rfc1488"},
		{"1.3.6.1.4.1.1466.115.121.1.8", "Certificate", "rfc1488"},
		{"-", "Case Ignore List", "rfc1488"},
	} {
		want := fmt.Sprintf("%-30s %-32s %s", row[0], row[1], row[2])
		if !strings.Contains(out.String(), want+"\n") {
			t.Errorf("--list lacks %q:\n%s", want, out.String())
		}
	}
}

func TestLDAPHelp(t *testing.T) {
	var out bytes.Buffer
	env := &Env{Stdout: &out, Stderr: &out}
	if code := Main(env, []string{"help", "ldap"}); code != ExitOK || !strings.Contains(out.String(), "ucs ldap filter") {
		t.Fatalf("help: %d %q", code, out.String())
	}
}

// runLDAP runs ucs with args and stdin and returns stdout, stderr and the
// exit code.
func runLDAPCmd(stdin string, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
	code := Main(env, args)
	return out.String(), errb.String(), code
}

func TestLDAPMatchStdin(t *testing.T) {
	out, errs, code := runLDAPCmd(testLDIF, "ldap", "match", "--ldif", "-", "(sn=lucic)")
	if code != ExitOK || out != "cn=Lučić,ou=People,dc=example,dc=com\n" || errs != "" {
		t.Errorf("--ldif -: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// Entries before a fault are already written: the reader streams.
	out, errs, code = runLDAPCmd("dn: cn=a\nsn: lucic\n\n folded\n", "ldap", "match", "--ldif", "-", "(sn=lucic)")
	if code != ExitInvalid || out != "cn=a\n" || !strings.Contains(errs, "standard input: ldif: line 4, column 1: continuation line") {
		t.Errorf("bad LDIF on stdin: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestLDAPMatchAttributeOptions(t *testing.T) {
	in := "dn: cn=a\ncn: a\ncn;x-opt: b\ncn;lang-de: c\n"
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"(cn;x-opt=b)"}, "? cn=a\n"},
		{[]string{"(cn;lang-de=c)"}, "cn=a\n"},
		{[]string{"--attribute-options", "x-opt", "(cn;x-opt=b)"}, "cn=a\n"},
		{[]string{"--attribute-options=x-", "(cn;x-opt=b)"}, "cn=a\n"},
		{[]string{"--all-options-are-tags", "(cn;x-opt=b)"}, "cn=a\n"},
		{[]string{"(!(missing=*))"}, "? cn=a\n"},
	} {
		args := append([]string{"ldap", "match", "--show-undefined", "--ldif", "-"}, tt.args...)
		out, errs, code := runLDAPCmd(in, args...)
		if code != ExitOK || out != tt.want {
			t.Errorf("%q: exit %d, stdout %q (want %q), stderr %q", tt.args, code, out, tt.want, errs)
		}
	}
}

func TestLDAPMatchLDIFOutput(t *testing.T) {
	out, errs, code := runLDAPCmd(testLDIF, "ldap", "match", "--ldif", "-", "--output", "ldif", "(objectClass=person)")
	want := "version: 1\n" +
		"dn: cn=Babs Jensen,ou=People,dc=example,dc=com\nobjectClass: top\nobjectClass: person\ncn: Babs Jensen\ncn: Barbara   J.  Jensen\nsn: Jensen\ntelephoneNumber: +1 408 555 1212\ndescription: a folded value\n\n" +
		"dn:: Y249THXEjWnEhyxvdT1QZW9wbGUsZGM9ZXhhbXBsZSxkYz1jb20=\nobjectClass: person\ncn:: THXEjWnEhw==\nsn: Lucic\n\n"
	if code != ExitOK || out != want || errs != "" {
		t.Errorf("--output ldif: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
	out, _, code = runLDAPCmd(testLDIF, "ldap", "match", "--ldif", "-", "--output", "ldif-plain", "--attrs", "sn,objectClass", "(cn=lučić)")
	if want := "dn:: Y249THXEjWnEhyxvdT1QZW9wbGUsZGM9ZXhhbXBsZSxkYz1jb20=\nobjectClass: person\nsn: Lucic\n\n"; code != ExitOK || out != want {
		t.Errorf("--attrs: exit %d, stdout:\n%s\nwant:\n%s", code, out, want)
	}
	out, _, code = runLDAPCmd(testLDIF, "ldap", "match", "--ldif", "-", "--output=ldif-plain", "--attrs", "name", "--width", "20", "(sn=jensen)")
	if want := "dn: cn=Babs Jensen,o\n u=People,dc=example\n ,dc=com\ncn: Babs Jensen\ncn: Barbara   J.  Je\n nsen\nsn: Jensen\n\n"; code != ExitOK || out != want {
		t.Errorf("--width 20: exit %d, stdout:\n%s\nwant:\n%s", code, out, want)
	}
	out, _, _ = runLDAPCmd(testLDIF, "ldap", "match", "--ldif", "-", "--output=ldif-plain", "--width", "0", "--attrs", "1.1", "(sn=jensen)")
	if want := "dn: cn=Babs Jensen,ou=People,dc=example,dc=com\n\n"; out != want {
		t.Errorf("--width 0 --attrs 1.1: stdout:\n%s\nwant:\n%s", out, want)
	}
	for _, tt := range []struct {
		args []string
		has  string
	}{
		{[]string{"--output", "xml"}, "--output must be"},
		{[]string{"--json", "--output", "ldif"}, "contradict"},
		{[]string{"--attrs", "cn"}, "--attrs and --width go with"},
		{[]string{"--output", "ldif", "--show-undefined"}, "--show-undefined goes with"},
		{[]string{"--output", "ldif", "--width", "1"}, "--width must be"},
		{[]string{"--output", "ldif", "--attrs", "c n"}, "not an attribute description"},
	} {
		args := append(append([]string{"ldap", "match", "--ldif", "-"}, tt.args...), "(cn=x)")
		_, errs, code := runLDAPCmd(testLDIF, args...)
		if code != ExitUsage || !strings.Contains(errs, tt.has) {
			t.Errorf("%q: exit %d, stderr %q, want a usage error with %q", tt.args, code, errs, tt.has)
		}
	}
}
