package ldap

import (
	"bufio"
	"bytes"
	"math/rand"
	"net"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ucskit/ucs/ldap/ber"
)

// TestLibldapFilterBER is a differential test of the string parser and
// the BER encoder against OpenLDAP's libldap: ldapsearch (ldap-utils)
// sends generated filters, written in ucs's canonical form, to a stub
// server in this test, which captures the Filter of each SearchRequest.
// libldap's encoding must decode (strictly) to the filter ucs built, and
// its bytes must equal ucs's encoding.

func randFilter(rng *rand.Rand, depth int) *Filter {
	attrs := []string{"cn", "sn", "objectClass", "cn;lang-de", "2.5.4.3", "x-Attr-9", "uidNumber"}
	rules := []string{"caseExactMatch", "2.5.13.2", "integerOrderingMatch"}
	pieces := []string{"a", "Babs", " ", "é", "陈", "😀", "*", "(", ")", "\\", "\x00", "\x01", "\t", "=", "~", "&", "|", "!", ":", "\xff", "\xc3", "\u00a0"}
	val := func(nonEmpty bool) string {
		var b strings.Builder
		n := rng.Intn(4)
		if nonEmpty && n == 0 {
			n = 1
		}
		for i := 0; i < n; i++ {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		return b.String()
	}
	attr := attrs[rng.Intn(len(attrs))]
	k := rng.Intn(10)
	if depth >= 3 && k < 3 {
		k += 3
	}
	var f *Filter
	var err error
	switch k {
	case 0, 1:
		var cs []*Filter
		for i := 0; i < 1+rng.Intn(3); i++ {
			cs = append(cs, randFilter(rng, depth+1))
		}
		if k == 0 {
			return And(cs...)
		}
		return Or(cs...)
	case 2:
		return Not(randFilter(rng, depth+1))
	case 3:
		f, err = Equal(attr, val(false))
	case 4:
		f, err = GreaterOrEqual(attr, val(false))
	case 5:
		f, err = LessOrEqual(attr, val(false))
	case 6:
		f, err = Approx(attr, val(false))
	case 7:
		f, err = Present(attr)
	case 8:
		var any []string
		for i := 0; i < rng.Intn(3); i++ {
			any = append(any, val(true))
		}
		ini, fin := "", ""
		if rng.Intn(2) == 0 {
			ini = val(true)
		}
		if rng.Intn(2) == 0 || (ini == "" && len(any) == 0) {
			fin = val(true)
		}
		f, err = Substrings(attr, ini, any, fin)
	default:
		a, r := attr, rules[rng.Intn(len(rules))]
		switch rng.Intn(3) {
		case 0:
			a = ""
		case 1:
			r = ""
		}
		f, err = Extensible(a, r, rng.Intn(2) == 0, val(false))
	}
	if err != nil {
		panic(err)
	}
	return f
}

// stubServer answers binds and searches and sends each search's filter
// element (raw bytes) on the channel.
func stubServer(t *testing.T, filters chan<- []byte) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			go serveStub(conn, filters)
		}
	}()
	return l.Addr().String()
}

func serveStub(conn net.Conn, filters chan<- []byte) {
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	c := &ldapConn{conn: conn, r: bufio.NewReader(conn)}
	reply := func(id int64, tag byte) {
		var res []byte
		res = ber.AppendInteger(res, ber.TagEnumerated, 0)
		res = ber.AppendString(res, ber.TagOctetString, "")
		res = ber.AppendString(res, ber.TagOctetString, "")
		var msg []byte
		msg = ber.AppendInteger(msg, ber.TagInteger, id)
		msg = ber.AppendTLV(msg, tag, res)
		conn.Write(ber.AppendTLV(nil, ber.TagSequence, msg))
	}
	for {
		id, op, err := c.readAny()
		if err != nil {
			return
		}
		switch op.Tag {
		case ber.ClassApplication | ber.Constructed: // [APPLICATION 0] BindRequest
			reply(id, ber.ClassApplication|ber.Constructed|1)
		case ber.ClassApplication | ber.Constructed | 3: // SearchRequest: skip six fields, take the filter
			rest, base := op.Content, op.ContentOffset
			var e ber.Element
			for i := 0; i < 7 && err == nil; i++ {
				var r []byte
				e, r, err = ber.Read(rest, base)
				base += len(rest) - len(r)
				rest = r
			}
			if err != nil {
				filters <- nil
				return
			}
			filters <- op.Content[e.Offset-op.ContentOffset : base-op.ContentOffset]
			reply(id, ber.ClassApplication|ber.Constructed|5)
		default: // UnbindRequest and anything else
			return
		}
	}
}

func TestLibldapFilterBER(t *testing.T) {
	if testing.Short() {
		t.Skip("runs ldapsearch; skipped in -short mode")
	}
	ldapsearch := findTool("ldapsearch")
	if ldapsearch == "" {
		skipOrFail(t)
	}
	filters := make(chan []byte, 1)
	addr := stubServer(t, filters)
	rng := rand.New(rand.NewSource(4511))
	same, n := 0, 250
	for i := 0; i < n; i++ {
		f := randFilter(rng, 0)
		s := f.String()
		cmd := exec.Command(ldapsearch, "-x", "-H", "ldap://"+addr, "-b", "dc=example,dc=com", "-LLL", s, "1.1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("%q: ldapsearch: %v: %s", s, err, stderr.String())
			continue
		}
		var got []byte
		select {
		case got = <-filters:
		case <-time.After(5 * time.Second):
			t.Fatalf("%q: no search reached the stub server", s)
		}
		dec, err := DecodeFilterBER(got)
		if err != nil {
			t.Errorf("%q: libldap sent %x, which ucs rejects: %v", s, got, err)
			continue
		}
		if !dec.Equal(f) {
			t.Errorf("%q: libldap sent %s", s, dec)
			continue
		}
		if i < 6 {
			t.Logf("e.g. %s → %x", s, got)
		}
		if bytes.Equal(got, f.BER()) {
			same++
		} else {
			t.Errorf("%q: same filter, different bytes:\nlibldap %x\nucs     %x", s, got, f.BER())
		}
	}
	t.Logf("libldap and ucs encode %d of %d generated filters to the same bytes", same, n)
}
