package ldap

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestLDIFEncoder(t *testing.T) {
	long := strings.Repeat("0123456789", 20)
	e := &Entry{DN: "cn=Lučić,dc=example,dc=com", Attributes: []Attribute{
		{"objectClass", []string{"inetOrgPerson"}},
		{"cn", []string{"Lučić", "plain"}},
		{"description", []string{" leading space", "trailing space ", ":colon", "<angle", "a\nb", "a\rb", "nul\x00", "", "inner: colon and < angle", long}},
		{"jpegPhoto", []string{"\xff\xd8\xff\xe0"}},
	}}
	var b bytes.Buffer
	enc := NewLDIFEncoder(&b)
	enc.Version = true
	if err := enc.Encode(e); err != nil {
		t.Fatal(err)
	}
	if err := enc.Encode(&Entry{DN: "dc=example,dc=com", Attributes: []Attribute{{"dc", []string{"example"}}}}); err != nil {
		t.Fatal(err)
	}
	enc.Flush()
	out := b.String()
	for _, want := range []string{
		"version: 1\ndn:: Y249THXEjWnEhyxkYz1leGFtcGxlLGRjPWNvbQ==\n",
		"cn:: THXEjWnEhw==\ncn: plain\n",
		"description:: IGxlYWRpbmcgc3BhY2U=\n",
		"description:: dHJhaWxpbmcgc3BhY2Ug\n",
		"description:: OmNvbG9u\n",
		"description:: PGFuZ2xl\n",
		"description:: YQpi\n",
		"description:: YQ1i\n",
		"description:: bnVsAA==\n",
		"description:\n",
		"description: inner: colon and < angle\n",
		"description: " + long[:63] + "\n " + long[63:138] + "\n " + long[138:] + "\n",
		"jpegPhoto:: /9j/4A==\n\ndn: dc=example,dc=com\ndc: example\n\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if len(l) > DefaultLDIFWidth {
			t.Errorf("line of %d bytes: %q", len(l), l)
		}
	}
	back, err := ReadLDIF(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back[0], e) {
		t.Errorf("read back:\n%+v\nwant\n%+v", back[0], e)
	}
	// Width < 0 never folds.
	b.Reset()
	enc = NewLDIFEncoder(&b)
	enc.Width = -1
	enc.Encode(e)
	enc.Flush()
	if !strings.Contains(b.String(), "description: "+long+"\n") {
		t.Errorf("Width -1 folded:\n%s", b.String())
	}
	// What no reader would take back is refused.
	for _, bad := range []*Entry{{DN: "cn=x,"}, {DN: "cn=x", Attributes: []Attribute{{"c n", []string{"x"}}}}} {
		if err := NewLDIFEncoder(&b).Encode(bad); err == nil {
			t.Errorf("%+v encoded", bad)
		}
	}
}

func TestEntrySelect(t *testing.T) {
	e := &Entry{DN: "cn=a", Attributes: []Attribute{
		{"objectClass", []string{"person"}},
		{"cn", []string{"a"}},
		{"CN;lang-de", []string{"b"}},
		{"sn", []string{"c"}},
		{"createTimestamp", []string{"20230101000000Z"}},
		{"x-unknown", []string{"d"}},
	}}
	names := func(x *Entry) string {
		var n []string
		for _, a := range x.Attributes {
			n = append(n, a.Type)
		}
		return strings.Join(n, ",")
	}
	for _, tt := range []struct {
		attrs []string
		want  string
	}{
		{nil, "objectClass,cn,CN;lang-de,sn,x-unknown"},
		{[]string{"*"}, "objectClass,cn,CN;lang-de,sn,x-unknown"},
		{[]string{"+"}, "createTimestamp"},
		{[]string{"*", "+"}, "objectClass,cn,CN;lang-de,sn,createTimestamp,x-unknown"},
		{[]string{"1.1"}, ""},
		{[]string{"cn"}, "cn,CN;lang-de"},
		{[]string{"2.5.4.3"}, "cn,CN;lang-de"},
		{[]string{"cn;LANG-DE"}, "CN;lang-de"},
		{[]string{"name"}, "cn,CN;lang-de,sn"},
		{[]string{"X-UNKNOWN", "createtimestamp"}, "createTimestamp,x-unknown"},
		{[]string{"mail"}, ""},
	} {
		if got := names(e.Select(nil, tt.attrs)); got != tt.want {
			t.Errorf("Select(%q) = %s, want %s", tt.attrs, got, tt.want)
		}
	}
}
