package ldap

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// trickyEntries holds values that LDIFEncoder must base64 encode or fold:
// spaces at either end, a leading ':' or '<', line breaks, UTF-8 in DNs
// and values, long values, binary photos, language tags.
func trickyEntries(parent string) []*Entry {
	photo := make([]byte, 20000)
	for i := range photo {
		photo[i] = byte(i*31 + i>>8)
	}
	long := strings.Repeat("a long description that must be folded; ", 12)
	return []*Entry{
		{DN: "cn=Lučić Ñandú," + parent, Attributes: []Attribute{
			{"objectClass", []string{"inetOrgPerson"}},
			{"cn", []string{"Lučić Ñandú", " leading", "trailing "}},
			{"cn;lang-en", []string{"Lucic Nandu"}},
			{"sn", []string{":colon first", "<angle first"}},
			{"description", []string{"two\nlines", "carriage\rreturn", long, "陈大文 ＦＵＬＬ"}},
			{"jpegPhoto", []string{string(photo)}},
		}},
		{DN: "cn=a\\2Cb\\+c," + parent, Attributes: []Attribute{
			{"objectClass", []string{"person"}},
			{"cn", []string{"a,b+c"}},
			{"sn", []string{"x"}},
			{"description", []string{strings.Repeat("é", 100)}},
		}},
	}
}

// canonicalEntry describes an entry so that two descriptions are equal
// when a server holds the same data: the normalized DN, and each
// attribute by OID and lower-case options with its values sorted.
func canonicalEntry(t *testing.T, e *Entry, s *Schema) string {
	dn, err := NormalizeDN(e.DN, s, true)
	if err != nil {
		t.Errorf("%q: %v", e.DN, err)
	}
	vals := map[string][]string{}
	for _, a := range e.Attributes {
		typ, opts, _ := strings.Cut(a.Type, ";")
		key := strings.ToLower(typ)
		if at := s.AttributeType(typ); at != nil {
			key = at.OID
		}
		if opts != "" {
			key += ";" + strings.ToLower(opts)
		}
		vals[key] = append(vals[key], a.Values...)
	}
	var keys []string
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(dn)
	for _, k := range keys {
		v := vals[k]
		sort.Strings(v)
		fmt.Fprintf(&b, "\n  %s: %q", k, v)
	}
	return b.String()
}

func canonicalEntries(t *testing.T, es []*Entry, s *Schema) []string {
	var out []string
	for _, e := range es {
		out = append(out, canonicalEntry(t, e, s))
	}
	sort.Strings(out)
	return out
}

func compareEntrySets(t *testing.T, what string, slapd, ucs []string) bool {
	t.Helper()
	if strings.Join(slapd, "\n") == strings.Join(ucs, "\n") {
		return true
	}
	in := map[string]bool{}
	for _, x := range ucs {
		in[x] = true
	}
	shown := 0
	for _, x := range slapd {
		if !in[x] && shown < 3 {
			t.Errorf("%s: slapd holds\n%s\nwhich ucs does not", what, x)
			shown++
		}
		delete(in, x)
	}
	for x := range in {
		if shown < 6 {
			t.Errorf("%s: ucs has\n%s\nwhich slapd does not return", what, x)
			shown++
		}
	}
	t.Errorf("%s: slapd %d entries, ucs %d", what, len(slapd), len(ucs))
	return false
}

// TestSlapdLDIFOutput loads the LDIF that LDIFEncoder writes into a real
// slapd, with slapadd and with ldapadd, and checks that searches there
// return the entries ucs wrote, whole and with attributes selected as
// Entry.Select selects them.
func TestSlapdLDIFOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real slapd; skipped in -short mode")
	}
	ldapadd := findTool("ldapadd")
	if ldapadd == "" {
		skipOrFail(t)
	}
	dir, confPath := writeSlapdConf(t)
	entries := append(genEntries(200), trickyEntries("dc=example,dc=com")...)
	write := func(name string, es []*Entry, version bool) string {
		var b bytes.Buffer
		enc := NewLDIFEncoder(&b)
		enc.Version = version
		for _, e := range es {
			if err := enc.Encode(e); err != nil {
				t.Fatal(err)
			}
		}
		if err := enc.Flush(); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// slapadd refuses a "version: 1" line; ldapadd takes it.
	c := startSlapd(t, confPath, write("ucs.ldif", entries, false))
	sc := Standard()

	// ldapadd takes ucs's LDIF too.
	added := append([]*Entry{{DN: "ou=Added,dc=example,dc=com", Attributes: []Attribute{{"objectClass", []string{"organizationalUnit"}}, {"ou", []string{"Added"}}}}},
		trickyEntries("ou=Added,dc=example,dc=com")...)
	if out, err := exec.Command(ldapadd, "-x", "-H", "ldap://"+c.addr, "-D", "cn=admin,dc=example,dc=com", "-w", "secret", "-f", write("added.ldif", added, true)).CombinedOutput(); err != nil {
		t.Fatalf("ldapadd: %v\n%s", err, out)
	}
	entries = append(entries, added...)

	got, err := c.searchEntries("dc=example,dc=com", MustParseFilter("(objectClass=*)").BER(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if compareEntrySets(t, "every entry", canonicalEntries(t, got, sc), canonicalEntries(t, entries, sc)) {
		t.Logf("slapd holds the %d entries ucs wrote, value for value", len(got))
	}

	// Matching entries with selected attributes, written and read back
	// as ucs ldap match --output ldif does.
	cases := []struct {
		filter string
		attrs  []string
	}{
		{"(sn=jensen)", []string{"cn", "mail"}},
		{"(objectClass=person)", []string{"name"}},
		{"(cn=*)", []string{"cn;lang-en"}},
		{"(uid=user00*)", []string{"1.1"}},
		{"(description=*)", []string{"description", "objectClass"}},
		{"(|(cn=lučić*)(sn=x))", []string{"*"}},
		{"(cn=a,b+c)", []string{"2.5.4.4", "DESCRIPTION"}},
	}
	agree := 0
	for _, tc := range cases {
		f := MustParseFilter(tc.filter)
		got, err := c.searchEntries("dc=example,dc=com", f.BER(), tc.attrs)
		if err != nil {
			t.Fatalf("%s: %v", tc.filter, err)
		}
		var b bytes.Buffer
		enc := NewLDIFEncoder(&b)
		for _, e := range entries {
			if f.Evaluate(e, sc) == True {
				enc.Encode(e.Select(sc, tc.attrs))
			}
		}
		enc.Flush()
		back, err := ReadLDIF(&b)
		if err != nil {
			t.Fatalf("%s: reading ucs's output back: %v", tc.filter, err)
		}
		if compareEntrySets(t, fmt.Sprintf("%s %q", tc.filter, tc.attrs), canonicalEntries(t, got, sc), canonicalEntries(t, back, sc)) {
			agree++
			t.Logf("%-25s %-28s %3d entries agree", tc.filter, strings.Join(tc.attrs, " "), len(got))
		}
	}
	t.Logf("slapd and ucs return the same entries and attributes for %d of %d searches", agree, len(cases))
}
