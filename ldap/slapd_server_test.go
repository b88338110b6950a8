package ldap

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The tests in this file compare Filter.Evaluate with a real slapd on the
// rules a server applies and a client reading an export must apply too:
// superclasses of the listed object classes (RFC 4512 sec 2.4.1), presence
// of unknown types (RFC 4511 Appendix C.1.17), unrecognised attribute
// options (RFC 4512 sec 2.5), and schemas read from OpenLDAP's own files.

// genSubclassEntries builds entries that list only their most specific
// object classes, as exports do, some with language-tagged values.
func genSubclassEntries(n int) []*Entry {
	rng := rand.New(rand.NewSource(4512))
	given := []string{"Babs", "Barbara", "Tim", "Anna", "Jürgen"}
	surname := []string{"Jensen", "Howes", "Smith", "Müller"}
	entries := []*Entry{
		{DN: "dc=example,dc=com", Attributes: []Attribute{{"objectClass", []string{"domain"}}, {"dc", []string{"example"}}}},
		{DN: "ou=Sub,dc=example,dc=com", Attributes: []Attribute{{"objectClass", []string{"organizationalUnit"}}, {"ou", []string{"Sub"}}}},
	}
	for i := 0; i < n; i++ {
		g, s := given[rng.Intn(len(given))], surname[rng.Intn(len(surname))]
		uid := fmt.Sprintf("sub%02d", i)
		dn := "uid=" + uid + ",ou=Sub,dc=example,dc=com"
		var attrs []Attribute
		switch i % 5 {
		case 0, 1:
			attrs = []Attribute{{"objectClass", []string{"inetOrgPerson"}}, {"uid", []string{uid}}, {"cn", []string{g + " " + s}}, {"sn", []string{s}}}
		case 2:
			attrs = []Attribute{{"objectClass", []string{"organizationalPerson", "uidObject"}}, {"uid", []string{uid}}, {"cn", []string{g + " " + s}}, {"sn", []string{s}}}
		case 3:
			attrs = []Attribute{{"objectClass", []string{"account"}}, {"uid", []string{uid}}, {"description", []string{"an account"}}}
		default:
			attrs = []Attribute{{"objectClass", []string{"top", "person", "uidObject"}}, {"uid", []string{uid}}, {"cn", []string{g + " " + s}}, {"sn", []string{s}}}
		}
		if i%5 != 3 && rng.Intn(2) == 0 {
			attrs = append(attrs, Attribute{"cn;lang-en", []string{g + " " + s + " (en)"}})
		}
		if i%5 != 3 && rng.Intn(3) == 0 {
			attrs = append(attrs, Attribute{"description;lang-de", []string{[]string{"gut", "sehr gut", "Müller"}[rng.Intn(3)]}})
		}
		if i%5 != 3 && rng.Intn(3) == 0 {
			attrs = append(attrs, Attribute{"sn;lang-fr", []string{s + "-fr"}})
		}
		entries = append(entries, &Entry{DN: dn, Attributes: attrs})
	}
	return entries
}

var serverRuleFilters = []string{
	// RFC 4512 sec 2.4.1: superclasses are present implicitly.
	"(objectClass=person)",
	"(objectClass=PERSON)",
	"(objectClass=organizationalPerson)",
	"(objectClass=inetOrgPerson)",
	"(objectClass=top)",
	"(objectClass=2.5.6.6)",
	"(objectClass=2.5.6.7)",
	"(!(objectClass=person))",
	"(&(objectClass=person)(sn=jensen))",
	"(|(objectClass=account)(objectClass=organizationalPerson))",
	"(objectClass:=person)",
	"(objectClass=domain)",
	"(objectClass=uidObject)",
	// RFC 4511 Appendix C.1.17: presence of an unknown type is Undefined.
	"(missing=*)",
	"(!(missing=*))",
	"(|(missing=*)(uid=sub01))",
	"(!(&(missing=*)(uid=sub01)))",
	"(&(!(missing=*))(uid=sub01))",
	"(!(|(missing=*)(uid=sub01)))",
	// RFC 4512 sec 2.5: unrecognised options make a description unrecognised.
	"(cn;x-opt=*)",
	"(!(cn;x-opt=*))",
	"(cn;x-opt=babs jensen)",
	"(!(cn;x-opt=babs jensen))",
	"(!(sn;x-opt>=a))",
	"(!(cn;x-opt=*en*))",
	"(!(cn;x-opt:=babs jensen))",
	// Language tags (RFC 3866) are options a server recognises.
	"(cn;lang-en=*)",
	"(!(cn;lang-en=*))",
	"(cn;lang-en=babs jensen \\28en\\29)",
	"(cn;LANG-EN=*jensen*)",
	"(name;lang-en=babs*)",
	"(!(cn;lang-de=*))",
	"(cn;lang-de=*)",
	"(description;lang-de=*gut*)",
	"(sn;lang-fr=*-fr)",
	"(sn=*-fr)",
	"(cn=*\\28en\\29)",
	"(!(cn;lang-en;x-opt=*))",
}

// serverDifferences lists filters of serverRuleFilters where ucs and slapd
// disagree on purpose, with the reason.
var serverDifferences = map[string]slapdDifference{}

// compareWithSlapd runs each filter on slapd and with Evaluate on the same
// entries and schema, and returns how many agree. Disagreements not listed
// in diffs are errors.
func compareWithSlapd(t *testing.T, c *ldapConn, entries []*Entry, sc *Schema, filters []string, diffs map[string]slapdDifference) int {
	t.Helper()
	norm := func(dn string) string {
		n, err := NormalizeDN(dn, sc, true)
		if err != nil {
			return "!" + dn
		}
		return n
	}
	agree := 0
	for _, fs := range filters {
		f, err := FilterParser{Dialect: RFC4526}.Parse(fs)
		if err != nil {
			t.Errorf("%s: %v", fs, err)
			continue
		}
		got, err := c.search("dc=example,dc=com", f.BER())
		if err != nil {
			t.Errorf("%s: search: %v", fs, err)
			continue
		}
		var want []string
		for _, e := range entries {
			if f.Evaluate(e, sc) == True {
				want = append(want, norm(e.DN))
			}
		}
		for i := range got {
			got[i] = norm(got[i])
		}
		sort.Strings(got)
		sort.Strings(want)
		same := strings.Join(got, "\n") == strings.Join(want, "\n")
		if d, ok := diffs[fs]; ok {
			if same {
				t.Errorf("%s: listed as a difference, but slapd and ucs now agree", fs)
			}
			t.Logf("%-45s slapd %d, ucs %d entries: known difference: %s", fs, len(got), len(want), d.why)
			continue
		}
		if !same {
			t.Errorf("%s: slapd returned %d entries, ucs evaluates %d as TRUE\n%s", fs, len(got), len(want), diffLists(got, want))
			continue
		}
		agree++
		t.Logf("%-45s %3d entries agree", fs, len(got))
	}
	return agree
}

// TestSlapdServerRules checks superclasses, presence of unknown types and
// attribute options against slapd.
func TestSlapdServerRules(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real slapd; skipped in -short mode")
	}
	dir, confPath := writeSlapdConf(t)
	entries := genSubclassEntries(60)
	ldifPath := filepath.Join(dir, "data.ldif")
	fh, err := os.Create(ldifPath)
	if err != nil {
		t.Fatal(err)
	}
	writeLDIF(fh, entries)
	fh.Close()
	c := startSlapd(t, confPath, ldifPath)
	agree := compareWithSlapd(t, c, entries, Standard(), serverRuleFilters, serverDifferences)
	t.Logf("slapd and ucs agree on %d of %d filters over %d entries (%d listed differences)", agree, len(serverRuleFilters), len(entries), len(serverDifferences))
}
