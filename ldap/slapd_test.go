package ldap

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"io"
	"math/rand"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ucskit/ucs/ldap/ber"
)

// This test starts OpenLDAP's slapd on 127.0.0.1 with a throw-away
// configuration, loads generated entries, sends searches whose filters ucs
// encoded, and compares the DNs slapd returns with ucs's own evaluation of
// the same filters on the same entries. scripts/setup.d/50-slapd.sh
// installs slapd; without it the test is skipped, except in CI (CI=true),
// where it fails.

func findTool(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	for _, d := range []string{"/usr/sbin", "/usr/local/sbin", "/usr/local/libexec", "/usr/libexec"} {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}

func findSchemaDir() string {
	for _, d := range []string{"/etc/ldap/schema", "/etc/openldap/schema", "/usr/local/etc/openldap/schema"} {
		if _, err := os.Stat(filepath.Join(d, "core.schema")); err == nil {
			return d
		}
	}
	return ""
}

func findModuleDir() string {
	for _, d := range []string{"/usr/lib/ldap", "/usr/lib64/openldap", "/usr/lib/openldap", "/usr/libexec/openldap"} {
		if _, err := os.Stat(d); err == nil {
			return d
		}
	}
	return ""
}

// genEntries builds a deterministic directory of a few hundred entries.
func genEntries(n int) []*Entry {
	rng := rand.New(rand.NewSource(4515))
	given := []string{"Babs", "Barbara", "Tim", "Lučić", "Jürgen", "Zoë", "Anna", "anna", "Ömer", "Chen", "Wei", "José", "ANNA", "Test", "Émile"}
	surname := []string{"Jensen", "Jenson", "Howes", "Smith", "Smyth", "Müller", "Mueller", "Ñandú", "O'Brien", "Lu", "Lučić", "de la Cruz", "van Dijk", "Kille", "陈"}
	depts := []string{"People", "Staff", "Guests"}
	entries := []*Entry{
		{DN: "dc=example,dc=com", Attributes: []Attribute{{"objectClass", []string{"top", "domain"}}, {"dc", []string{"example"}}}},
	}
	for _, d := range depts {
		entries = append(entries, &Entry{DN: "ou=" + d + ",dc=example,dc=com", Attributes: []Attribute{{"objectClass", []string{"top", "organizationalUnit"}}, {"ou", []string{d}}, {"description", []string{"the " + d + " unit"}}}})
	}
	for i := 0; i < n; i++ {
		g, s := given[rng.Intn(len(given))], surname[rng.Intn(len(surname))]
		spaces := []string{" ", "  ", "   "}[rng.Intn(3)]
		cn := g + spaces + s
		uid := fmt.Sprintf("user%03d", i)
		dept := depts[rng.Intn(len(depts))]
		attrs := []Attribute{
			{"objectClass", []string{"top", "person", "organizationalPerson", "inetOrgPerson", "posixAccount"}},
			{"uid", []string{uid}},
			{"cn", []string{cn}},
			{"sn", []string{s}},
			{"givenName", []string{g}},
			{"uidNumber", []string{fmt.Sprint(1000 + rng.Intn(2000) - 500)}},
			{"gidNumber", []string{fmt.Sprint([]int{100, 200, 300, -5}[rng.Intn(4)])}},
			{"homeDirectory", []string{"/home/" + uid}},
			{"mail", []string{strings.ToUpper(uid[:1]) + uid[1:] + "@Example.COM"}},
			{"telephoneNumber", []string{fmt.Sprintf("+1 %03d-555-%04d", 200+rng.Intn(3), rng.Intn(10000))}},
		}
		if rng.Intn(3) == 0 {
			attrs = append(attrs, Attribute{"description", []string{[]string{"Parens R Us (for all)", "a*b", "C:\\MyFile", "Ünïcöde  Spaces", "  leading and trailing  "}[rng.Intn(5)]}})
		}
		if rng.Intn(4) == 0 {
			attrs = append(attrs, Attribute{"title", []string{[]string{"Manager", "manager", "MANAGER  ", "Engineer"}[rng.Intn(4)]}})
		}
		if rng.Intn(5) == 0 {
			attrs = append(attrs, Attribute{"seeAlso", []string{"cn=Tim Howes,ou=People,dc=example,dc=com"}})
		}
		if rng.Intn(3) == 0 {
			attrs = append(attrs, Attribute{"postalAddress", []string{[]string{"1 Main St$Anytown", "1  MAIN ST $ ANYTOWN", "PO Box 7$Ann Arbor, MI"}[rng.Intn(3)]}})
		}
		if rng.Intn(3) == 0 {
			attrs = append(attrs, Attribute{"x121Address", []string{[]string{"1234 5678", "12345678", "5678"}[rng.Intn(3)]}})
		}
		if rng.Intn(4) == 0 {
			attrs = append(attrs, Attribute{"facsimileTelephoneNumber", []string{"+1 555 0100"}})
		}
		if rng.Intn(3) == 0 {
			attrs = append(attrs, Attribute{"displayName", []string{[]string{"陈大文", "Ｆｕｌｌｗｉｄｔｈ", "ﬁne", "Straße"}[rng.Intn(4)]}})
		}
		entries = append(entries, &Entry{DN: "uid=" + uid + ",ou=" + dept + ",dc=example,dc=com", Attributes: attrs})
	}
	return entries
}

func writeLDIF(w io.Writer, entries []*Entry) {
	safe := func(v string) bool {
		if v == "" {
			return true
		}
		if v[0] == ' ' || v[0] == ':' || v[0] == '<' || v[len(v)-1] == ' ' {
			return false
		}
		for i := 0; i < len(v); i++ {
			if v[i] < 0x20 || v[i] >= 0x7F {
				return false
			}
		}
		return true
	}
	line := func(k, v string) {
		if safe(v) {
			fmt.Fprintf(w, "%s: %s\n", k, v)
		} else {
			fmt.Fprintf(w, "%s:: %s\n", k, base64.StdEncoding.EncodeToString([]byte(v)))
		}
	}
	for _, e := range entries {
		line("dn", e.DN)
		for _, a := range e.Attributes {
			for _, v := range a.Values {
				line(a.Type, v)
			}
		}
		fmt.Fprintln(w)
	}
}

var slapdFilters = []string{
	"(objectClass=*)",
	"(objectClass=person)",
	"(objectClass=PERSON)",
	"(&)",
	"(|)",
	"(cn=babs jensen)",
	"(cn=BABS   JENSEN)",
	"(cn=anna*)",
	"(cn=*jensen)",
	"(cn=*a*e*)",
	"(cn=Lu\\c4\\8di\\c4\\87*)",
	"(sn=müller)",
	"(sn=MÜLLER)",
	"(givenName=zoë)",
	"(sn=o'brien)",
	"(sn=de la cruz)",
	"(sn=de  la cruz)",
	"(sn=*la*)",
	"(sn=陈)",
	"(uidNumber>=1200)",
	"(uidNumber<=800)",
	"(uidNumber=1000)",
	"(gidNumber<=0)",
	"(gidNumber=-5)",
	"(uidNumber=+1000)",
	"(uidNumber:integerOrderingMatch:=900)",
	"(mail=USER010@example.com)",
	"(mail=user01*)",
	"(mail=*@EXAMPLE.com)",
	"(telephoneNumber=+1 200 555*)",
	"(telephoneNumber=*5551*)",
	"(description=parens r us \\28for all\\29)",
	"(description=a\\2ab)",
	"(description=*\\2a*)",
	"(description=c:\\5cmyfile)",
	"(description=ünïcöde spaces)",
	"(description=leading and trailing)",
	"(description=*and trailing)",
	"(title=manager)",
	"(title:caseExactMatch:=Manager)",
	"(title:caseExactMatch:=manager)",
	"(:caseExactMatch:=Jensen)",
	"(ou:dn:=people)",
	"(ou:dn:=PEOPLE)",
	"(:dn:caseIgnoreMatch:=staff)",
	"(seeAlso=CN=Tim Howes,OU=People,DC=example,DC=com)",
	"(homeDirectory=/home/user007)",
	"(homeDirectory=/HOME/user007)",
	"(!(sn=jensen))",
	"(&(objectClass=posixAccount)(!(uidNumber>=1000)))",
	"(|(sn=smith)(sn=smyth)(givenName=tim))",
	"(&(|(givenName=anna)(givenName=josé))(!(sn=lu)))",
	"(noSuchAttr=x)",
	"(!(noSuchAttr=x))",
	"(|(noSuchAttr=x)(sn=kille))",
	"(&(noSuchAttr=x)(sn=kille))",
	"(cn>=m)",
	"(!(cn>=m))",
	"(uid;x-opt=user001)",
	"(postalAddress=1 main st$anytown)",
	"(postalAddress=*anytown*)",
	"(postalAddress=po box 7 $ ann arbor, mi)",
	"(x121Address=12345678)",
	"(x121Address=*56*)",
	"(x121Address=5678)",
	"(facsimileTelephoneNumber=*)",
	"(facsimileTelephoneNumber=+1 555 0100)",
	"(displayName=陈大文)",
	"(displayName=fullwidth)",
	"(displayName=FINE)",
	"(displayName=strasse)",
	"(displayName=*idt*)",
	"(employeeNumber<=5)",
	"(name=babs jensen)",
	"(cn~=babs jenson)",
	"(sn~=smith)",
	"(sn~=mueller)",
	"(sn~=muller)",
	"(givenName~=ana)",
	"(sn~=jensen)",
	"(cn~=tim)",
	"(sn~=lucic)",
	"(mail~=user001@example.com)",
	"(uidNumber~=1000)",
	"(cn=)",
	"(!(cn=))",
	"(!(cn>=))",
	"(!(mail=))",
	"(!(telephoneNumber=))",
	"(!(x121Address=))",
	"(!(uidNumber=))",
	"(!(cn=\\ff))",
	"(!(mail=\\c3\\a9))",
	"(!(cn=*\\ff*))",
	"(!(seeAlso=))",
	"(!(seeAlso=bogus))",
	"(!(objectClass=))",
	"(!(objectClass=1.2.3.4))",
	"(!(objectClass=bogusClass))",
	"(cn:caseIgnoreSubstringsMatch:=\\2ajen\\2a)",
	"(uidNumber:integerMatch:=1000)",
	"(:integerMatch:=100)",
	"(:caseIgnoreIA5Match:=/home/user007)",
	"(:dn:2.5.13.2:=people)",
	"(name=*)",
	"(name=babs*)",
	"(objectClass=top)",
	"(objectClass=organizationalPerson)",
	"(uidNumber>=-500)",
	"(gidNumber>=-6)",
	"(telephoneNumber~=+1 200 555 0000)",
	"(sn:caseExactOrderingMatch:=M)",
	"(sn:caseIgnoreOrderingMatch:=m)",
	"(postalAddress:caseIgnoreListSubstringsMatch:=\\2aarbor\\2a)",
	"(:dn:caseExactMatch:=People)",
	"(:dn:caseExactMatch:=people)",
	"(uid:dn:=user001)",
	"(dc:dn:=EXAMPLE)",
	"(cn:dn:=staff)",
	"(!(title:caseExactMatch:=Manager))",
	"(homeDirectory=*007)",
	"(mail:caseExactIA5Match:=User001@Example.COM)",
	"(description=*  *)",
	"(description= leading and trailing )",
	"(description=*\\20and\\20*)",
	"(displayName=ＦＵＬＬ*)",
	"(displayName=*ｉｄｔｈ)",
	"(2.5.4.4=jensen)",
	"(SN=JENSEN)",
	"(surName=jensen)",
	"(x121Address<=5678)",
	"(x121Address:numericStringOrderingMatch:=2)",
}

// slapdDifference is a filter where ucs and slapd disagree on purpose:
// why, and which side matches more (the test checks that the other side's
// entries are a subset).
type slapdDifference struct {
	why     string
	ucsMore bool
}

var slapdDifferences = map[string]slapdDifference{
	"(displayName=strasse)":                                        {"RFC 4518 sec 2.2 case folds with RFC 3454 table B.2, which maps U+00DF (ß) to \"ss\"; slapd folds one character to one, so Straße stays unequal to strasse", true},
	"(cn~=babs jenson)":                                            {"approximate matching has no standard algorithm (RFC 4511 sec 4.5.1.7.6); ucs wants every assertion word, by Soundex code, in order (doc.go); slapd also takes \"Zoë  Jensen\"", false},
	"(!(objectClass=1.2.3.4))":                                     {"RFC 4517 sec 4.2.26: only a descr the server does not recognize makes objectIdentifierMatch Undefined; a numericoid compares as it is, so no entry has class 1.2.3.4 and the NOT is TRUE (slapd says Undefined for a numeric OID of an unknown class)", true},
	"(description=*  *)":                                           {"RFC 4518 sec 2.6.1: an any substring of nothing but spaces prepares to exactly one SPACE, and every prepared value starts with one, so every description matches; slapd matches only values with an inner space", true},
	"(cn:caseIgnoreSubstringsMatch:=\\2ajen\\2a)":                  {"RFC 4511 sec 4.5.1.7.7 takes the matchValue in the rule's assertion syntax, for a substrings rule the Substring Assertion of RFC 4517 sec 3.3.30; slapd does not apply substrings rules in extensible match and returns nothing", true},
	"(postalAddress:caseIgnoreListSubstringsMatch:=\\2aarbor\\2a)": {"as for caseIgnoreSubstringsMatch: RFC 4511 sec 4.5.1.7.7 and RFC 4517 sec 4.2.12; slapd returns nothing", true},
	"(mail~=user001@example.com)":                                  {"approximate matching has no standard algorithm (RFC 4511 sec 4.5.1.7.6); ucs compares words with digits literally, slapd's phonetic codes drop the digits and take every userNNN", false},
}

// skipOrFail skips the test when OpenLDAP is missing, except in CI.
func skipOrFail(t *testing.T) {
	t.Helper()
	msg := "OpenLDAP slapd is not installed (scripts/setup.d/50-slapd.sh installs it from Debian's packages)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + "; in CI this test must run")
	}
	t.Skip(msg)
}

// slapdSchemas are the schema files of the installed slapd that the
// throw-away configuration includes by default.
var slapdSchemas = []string{"core", "cosine", "inetorgperson", "nis"}

// writeSlapdConf writes a throw-away slapd.conf (the named schema files of
// the installed slapd, by default slapdSchemas, and one mdb database) into
// a temporary directory and returns the directory and the file.
func writeSlapdConf(t *testing.T, schemas ...string) (string, string) {
	t.Helper()
	schemaDir, modDir := findSchemaDir(), findModuleDir()
	if schemaDir == "" {
		skipOrFail(t)
	}
	if len(schemas) == 0 {
		schemas = slapdSchemas
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "db"), 0o700)
	conf := ""
	for _, name := range schemas {
		conf += "include " + filepath.Join(schemaDir, name+".schema") + "\n"
	}
	conf += fmt.Sprintf(`pidfile %[1]s/slapd.pid
argsfile %[1]s/slapd.args
sizelimit unlimited
`, dir)
	if modDir != "" {
		if _, err := os.Stat(filepath.Join(modDir, "back_mdb.la")); err == nil {
			conf += "modulepath " + modDir + "\nmoduleload back_mdb\n"
		}
	}
	conf += fmt.Sprintf(`database mdb
suffix "dc=example,dc=com"
rootdn "cn=admin,dc=example,dc=com"
rootpw secret
directory %s/db
maxsize 104857600
`, dir)
	confPath := filepath.Join(dir, "slapd.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir, confPath
}

// genDNs builds DN strings that exercise RFC 4514 escapes, the RFC 1485
// forms slapd accepts, multi-valued RDNs, case, spaces and UTF-8.
func genDNs(n int) []string {
	rng := rand.New(rand.NewSource(4514))
	types := []string{"cn", "CN", "commonName", "sn", "uid", "UID", "o", "ou", "dc", "givenName", "GIVENNAME", "l", "st", "title", "description", "2.5.4.3", "mail", "uidNumber"}
	words := []string{"Babs", "JENSEN", "Lučić", "Zoë", "陈大文", "Ünïcöde", "x", "O'Brien", "de la Cruz", "😀", "ΣΊΣΥΦΟΣ", "Ꝏ", "a.b", "1", "42"}
	specials := []string{"\\,", "\\+", "\\\"", "\\;", "\\<", "\\>", "\\=", "\\\\", "\\2C", "\\c3\\a9", "=", "#", "\\20"}
	value := func(typ string) string {
		switch strings.ToLower(typ) {
		case "uidnumber":
			return fmt.Sprint(rng.Intn(3000) - 1000)
		case "mail":
			return []string{"User@Example.COM", "a.b@c.example"}[rng.Intn(2)]
		case "dc":
			return []string{"Example", "COM", "x-1"}[rng.Intn(3)]
		}
		var b strings.Builder
		if rng.Intn(6) == 0 {
			b.WriteString("\\ ")
		}
		k := 1 + rng.Intn(3)
		for i := 0; i < k; i++ {
			if i > 0 {
				b.WriteString([]string{" ", "  ", "   "}[rng.Intn(3)])
			}
			b.WriteString(words[rng.Intn(len(words))])
			if rng.Intn(4) == 0 {
				b.WriteString(specials[rng.Intn(len(specials))])
			}
		}
		if rng.Intn(6) == 0 {
			b.WriteString("\\ ")
		}
		return b.String()
	}
	var dns []string
	for i := 0; i < n; i++ {
		var rdns []string
		for r := 0; r < 1+rng.Intn(4); r++ {
			used := map[string]bool{}
			var avas []string
			for a := 0; a < 1+rng.Intn(2); a++ {
				typ := types[rng.Intn(len(types))]
				if k := SyntaxByName(Standard().AttributeType(typ).SyntaxOID()); k == nil || used[Standard().AttributeType(typ).OID] {
					continue
				}
				used[Standard().AttributeType(typ).OID] = true
				sp := ""
				if rng.Intn(5) == 0 {
					sp = " "
				}
				avas = append(avas, typ+sp+"="+sp+value(typ))
			}
			rdns = append(rdns, strings.Join(avas, "+"))
		}
		sep := ","
		if rng.Intn(5) == 0 {
			sep = []string{";", ", ", " ; "}[rng.Intn(3)]
		}
		dn := strings.Join(rdns, sep)
		// Break some of them, each in one way.
		switch rng.Intn(24) {
		case 0:
			dn += ","
		case 1:
			dn += "+"
		case 2:
			dn = "fooBar=x," + dn
		case 3:
			dn = "cn=," + dn
		case 4:
			dn = "cn=a<b," + dn
		case 5:
			dn = "cn=a\\zz," + dn
		case 6:
			dn = "cn=\"quoted\"," + dn
		case 7:
			dn = "uidNumber=12a," + dn
		}
		dns = append(dns, dn)
	}
	return dns
}

// TestSlapdDN compares NormalizeDN with OpenLDAP's slapdn -N (which
// normalizes with the same schema) on generated DNs.
func TestSlapdDN(t *testing.T) {
	if testing.Short() {
		t.Skip("runs slapdn; skipped in -short mode")
	}
	slapdn := findTool("slapdn")
	if slapdn == "" {
		skipOrFail(t)
	}
	_, confPath := writeSlapdConf(t)
	agree := 0
	dns := genDNs(200)
	for _, dn := range dns {
		out, err := exec.Command(slapdn, "-f", confPath, "-N", dn).CombinedOutput()
		slapdOK := err == nil
		want := strings.TrimSuffix(string(out), "\n")
		got, uerr := NormalizeDN(dn, nil, true)
		switch {
		case slapdOK != (uerr == nil):
			t.Errorf("%q: slapdn valid=%v (%s), ucs valid=%v (%v)", dn, slapdOK, want, uerr == nil, uerr)
		case slapdOK && got != want:
			t.Errorf("%q: slapdn %q, ucs %q", dn, want, got)
		default:
			agree++
		}
	}
	valid := 0
	for _, dn := range dns {
		if _, err := NormalizeDN(dn, nil, true); err == nil {
			valid++
		}
	}
	t.Logf("slapdn and ucs agree on %d of %d generated DNs (%d valid, %d invalid)", agree, len(dns), valid, len(dns)-valid)
}

func TestSlapd(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real slapd; skipped in -short mode")
	}
	if findTool("slapd") == "" || findTool("slapadd") == "" {
		skipOrFail(t)
	}
	dir, confPath := writeSlapdConf(t)
	entries := genEntries(300)
	ldifPath := filepath.Join(dir, "data.ldif")
	fh, err := os.Create(ldifPath)
	if err != nil {
		t.Fatal(err)
	}
	writeLDIF(fh, entries)
	fh.Close()
	// The LDIF we wrote must read back to the same entries.
	rf, _ := os.Open(ldifPath)
	back, err := ReadLDIF(rf)
	rf.Close()
	if err != nil || len(back) != len(entries) {
		t.Fatalf("reading back the generated LDIF: %d entries, %v", len(back), err)
	}
	c := startSlapd(t, confPath, ldifPath)
	compared := compareWithSlapd(t, c, entries, Standard(), slapdFilters, slapdDifferences)
	t.Logf("slapd and ucs agree on %d of %d filters over %d entries (%d listed differences)", compared, len(slapdFilters), len(entries), len(slapdDifferences))
}

// startSlapd loads the LDIF file into the database of confPath with
// slapadd, starts slapd on a free port of 127.0.0.1, and returns a
// connection bound as the configuration's rootdn. slapd stops when the
// test ends.
func startSlapd(t *testing.T, confPath, ldifPath string) *ldapConn {
	t.Helper()
	slapd, slapadd := findTool("slapd"), findTool("slapadd")
	if slapd == "" || slapadd == "" {
		skipOrFail(t)
	}
	if out, err := exec.Command(slapadd, "-q", "-f", confPath, "-l", ldifPath).CombinedOutput(); err != nil {
		t.Fatalf("slapadd: %v\n%s", err, out)
	}
	// Start slapd on a free port; another process may take the port
	// between our probe and slapd's bind, so try a few times.
	var conn net.Conn
	var slapdLog string
	for attempt := 0; attempt < 3 && conn == nil; attempt++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		cmd := exec.Command(slapd, "-f", confPath, "-h", "ldap://"+addr+"/", "-d", "0")
		var logb strings.Builder
		cmd.Stderr = &logb
		if err := cmd.Start(); err != nil {
			t.Fatalf("starting slapd: %v", err)
		}
		done := false
		stop := func() {
			if !done {
				done = true
				cmd.Process.Kill()
				cmd.Wait()
			}
		}
		t.Cleanup(stop)
		for i := 0; i < 100; i++ {
			if conn, err = net.DialTimeout("tcp", addr, time.Second); err == nil {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		if conn == nil {
			stop()
			slapdLog = logb.String()
			t.Logf("slapd did not listen on %s (attempt %d): %v", addr, attempt+1, err)
		}
	}
	if conn == nil {
		t.Fatalf("slapd did not start:\n%s", slapdLog)
	}
	t.Cleanup(func() { conn.Close() })
	c := &ldapConn{conn: conn, r: bufio.NewReader(conn), addr: conn.RemoteAddr().String()}
	conn.SetDeadline(time.Now().Add(120 * time.Second))
	if err := c.bind("cn=admin,dc=example,dc=com", "secret"); err != nil {
		t.Fatalf("bind: %v", err)
	}
	return c
}

func diffLists(got, want []string) string {
	g := map[string]bool{}
	for _, x := range got {
		g[x] = true
	}
	w := map[string]bool{}
	for _, x := range want {
		w[x] = true
	}
	var b strings.Builder
	n := 0
	for _, x := range got {
		if !w[x] && n < 5 {
			fmt.Fprintf(&b, "  only slapd: %s\n", x)
			n++
		}
	}
	for _, x := range want {
		if !g[x] && n < 10 {
			fmt.Fprintf(&b, "  only ucs:   %s\n", x)
			n++
		}
	}
	return b.String()
}

// ldapConn is a minimal LDAPv3 client (RFC 4511) on the package's BER code.
type ldapConn struct {
	addr  string // host:port of the server
	conn  net.Conn
	r     *bufio.Reader
	msgID int64
}

func (c *ldapConn) send(op []byte) error {
	c.msgID++
	var msg []byte
	msg = ber.AppendInteger(msg, ber.TagInteger, c.msgID)
	msg = append(msg, op...)
	_, err := c.conn.Write(ber.AppendTLV(nil, ber.TagSequence, msg))
	return err
}

// readMessage reads one LDAPMessage and returns its protocol op element,
// checking that it answers the last request.
func (c *ldapConn) readMessage() (ber.Element, error) {
	id, op, err := c.readAny()
	if err == nil && id != c.msgID {
		err = fmt.Errorf("message id %d, want %d", id, c.msgID)
	}
	return op, err
}

// readAny reads one LDAPMessage and returns its id and protocol op.
func (c *ldapConn) readAny() (int64, ber.Element, error) {
	hdr := make([]byte, 2, 6)
	if _, err := io.ReadFull(c.r, hdr); err != nil {
		return 0, ber.Element{}, err
	}
	n := int(hdr[1])
	if hdr[1]&0x80 != 0 {
		k := int(hdr[1] & 0x7F)
		if k > 4 {
			return 0, ber.Element{}, fmt.Errorf("length of %d octets", k)
		}
		ext := make([]byte, k)
		if _, err := io.ReadFull(c.r, ext); err != nil {
			return 0, ber.Element{}, err
		}
		hdr = append(hdr, ext...)
		n = 0
		for _, x := range ext {
			n = n<<8 | int(x)
		}
	}
	if n > 16<<20 {
		return 0, ber.Element{}, fmt.Errorf("message of %d bytes", n)
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return 0, ber.Element{}, err
	}
	msg, _, err := ber.Read(append(hdr, body...), 0)
	if err != nil {
		return 0, ber.Element{}, err
	}
	ide, rest, err := ber.Read(msg.Content, msg.ContentOffset)
	if err != nil {
		return 0, ber.Element{}, err
	}
	id, err := ber.ReadInteger(ide)
	if err != nil {
		return 0, ber.Element{}, err
	}
	op, _, err := ber.Read(rest, msg.ContentOffset+len(msg.Content)-len(rest))
	return id, op, err
}

// result reads resultCode and diagnosticMessage of an LDAPResult.
func ldapResult(op ber.Element) (int64, string, error) {
	code, rest, err := ber.Read(op.Content, op.ContentOffset)
	if err != nil {
		return 0, "", err
	}
	rc, _ := ber.ReadInteger(code)
	_, rest, err = ber.Read(rest, 0) // matchedDN
	if err != nil {
		return rc, "", err
	}
	diag, _, err := ber.Read(rest, 0)
	return rc, string(diag.Content), err
}

func (c *ldapConn) bind(dn, pw string) error {
	var b []byte
	b = ber.AppendInteger(b, ber.TagInteger, 3)
	b = ber.AppendString(b, ber.TagOctetString, dn)
	b = ber.AppendString(b, ber.ClassContext, pw) // [0] simple
	// [APPLICATION 0] BindRequest
	if err := c.send(ber.AppendTLV(nil, ber.ClassApplication|ber.Constructed, b)); err != nil {
		return err
	}
	op, err := c.readMessage()
	if err != nil {
		return err
	}
	if op.Tag != ber.ClassApplication|ber.Constructed|1 {
		return fmt.Errorf("expected a BindResponse, got tag 0x%02x", op.Tag)
	}
	rc, diag, err := ldapResult(op)
	if err != nil || rc != 0 {
		return fmt.Errorf("bind result %d %q %v", rc, diag, err)
	}
	return nil
}

// search runs a wholeSubtree search with the BER filter and returns the DNs.
func (c *ldapConn) search(base string, filter []byte) ([]string, error) {
	es, err := c.searchEntries(base, filter, []string{"1.1"})
	var dns []string
	for _, e := range es {
		dns = append(dns, e.DN)
	}
	return dns, err
}

// searchEntries runs a wholeSubtree search with the BER filter asking for
// attrs (none: all user attributes) and returns the entries.
func (c *ldapConn) searchEntries(base string, filter []byte, attrs []string) ([]*Entry, error) {
	var b []byte
	b = ber.AppendString(b, ber.TagOctetString, base)
	b = ber.AppendInteger(b, ber.TagEnumerated, 2) // wholeSubtree
	b = ber.AppendInteger(b, ber.TagEnumerated, 0) // neverDerefAliases
	b = ber.AppendInteger(b, ber.TagInteger, 0)    // sizeLimit
	b = ber.AppendInteger(b, ber.TagInteger, 0)    // timeLimit
	b = ber.AppendBoolean(b, ber.TagBoolean, false)
	b = append(b, filter...)
	var al []byte
	for _, a := range attrs {
		al = ber.AppendString(al, ber.TagOctetString, a)
	}
	b = ber.AppendTLV(b, ber.TagSequence, al)
	if err := c.send(ber.AppendTLV(nil, ber.ClassApplication|ber.Constructed|3, b)); err != nil {
		return nil, err
	}
	var entries []*Entry
	for {
		op, err := c.readMessage()
		if err != nil {
			return nil, err
		}
		switch op.Tag {
		case ber.ClassApplication | ber.Constructed | 4: // SearchResultEntry
			e, err := readSearchEntry(op)
			if err != nil {
				return nil, err
			}
			entries = append(entries, e)
		case ber.ClassApplication | ber.Constructed | 5: // SearchResultDone
			rc, diag, err := ldapResult(op)
			if err != nil {
				return nil, err
			}
			if rc != 0 {
				return nil, fmt.Errorf("search result %d %q", rc, diag)
			}
			return entries, nil
		case ber.ClassApplication | ber.Constructed | 19: // SearchResultReference
		default:
			return nil, fmt.Errorf("unexpected response tag 0x%02x", op.Tag)
		}
	}
}

// readSearchEntry reads a SearchResultEntry: objectName and a
// PartialAttributeList of (type, SET OF value).
func readSearchEntry(op ber.Element) (*Entry, error) {
	name, rest, err := ber.Read(op.Content, op.ContentOffset)
	if err != nil {
		return nil, err
	}
	e := &Entry{DN: string(name.Content)}
	list, _, err := ber.Read(rest, 0)
	if err != nil {
		return nil, err
	}
	for attrs := list.Content; len(attrs) > 0; {
		var pa ber.Element
		if pa, attrs, err = ber.Read(attrs, 0); err != nil {
			return nil, err
		}
		typ, vals, err := ber.Read(pa.Content, 0)
		if err != nil {
			return nil, err
		}
		set, _, err := ber.Read(vals, 0)
		if err != nil {
			return nil, err
		}
		a := Attribute{Type: string(typ.Content)}
		for vs := set.Content; len(vs) > 0; {
			var v ber.Element
			if v, vs, err = ber.Read(vs, 0); err != nil {
				return nil, err
			}
			a.Values = append(a.Values, string(v.Content))
		}
		e.Attributes = append(e.Attributes, a)
	}
	return e, nil
}
