package ldap

import (
	"bytes"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"github.com/ucskit/ucs/ldap/ber"
)

// referenceBER is the plain recursive encoding of RFC 4511 sec 4.5.1: each
// set's children encoded into a fresh buffer, then wrapped. It is the
// oracle for AppendBER, whose two-pass encoder must write the same bytes.
func referenceBER(f *Filter) []byte {
	tag := byte(ber.ClassContext|ber.Constructed) | byte(f.Op)
	var c []byte
	switch f.Op {
	case OpAnd, OpOr, OpNot:
		for _, ch := range f.Children {
			c = append(c, referenceBER(ch)...)
		}
	case OpEqual, OpGreaterOrEqual, OpLessOrEqual, OpApprox:
		c = ber.AppendString(c, ber.TagOctetString, f.Attr)
		c = ber.AppendString(c, ber.TagOctetString, f.Value)
	case OpSubstrings:
		c = ber.AppendString(c, ber.TagOctetString, f.Attr)
		var seq []byte
		if f.Initial != "" {
			seq = ber.AppendString(seq, ber.ClassContext, f.Initial) // [0] initial
		}
		for _, a := range f.Any {
			seq = ber.AppendString(seq, ber.ClassContext|1, a)
		}
		if f.Final != "" {
			seq = ber.AppendString(seq, ber.ClassContext|2, f.Final)
		}
		c = ber.AppendTLV(c, ber.TagSequence, seq)
	case OpPresent:
		return ber.AppendString(nil, ber.ClassContext|7, f.Attr)
	case OpExtensible:
		if f.Rule != "" {
			c = ber.AppendString(c, ber.ClassContext|1, f.Rule)
		}
		if f.Attr != "" {
			c = ber.AppendString(c, ber.ClassContext|2, f.Attr)
		}
		c = ber.AppendString(c, ber.ClassContext|3, f.Value)
		if f.DNAttrs {
			c = ber.AppendBoolean(c, ber.ClassContext|4, true)
		}
	}
	return ber.AppendTLV(nil, tag, c)
}

// randomFilter builds a random filter tree; string sizes cross the
// one-, two- and three-byte length forms.
func randomFilter(r *rand.Rand, depth int) *Filter {
	str := func() string {
		sizes := []int{0, 1, 5, 127, 128, 255, 256, 300, 70000}
		return strings.Repeat("v", sizes[r.Intn(len(sizes))])
	}
	op := Op(r.Intn(10))
	if depth <= 0 && (op == OpAnd || op == OpOr || op == OpNot) {
		op = OpEqual
	}
	f := &Filter{Op: op, Attr: "cn"}
	switch op {
	case OpAnd, OpOr:
		for i := r.Intn(4); i > 0; i-- {
			f.Children = append(f.Children, randomFilter(r, depth-1))
		}
	case OpNot:
		f.Children = []*Filter{randomFilter(r, depth-1)}
	case OpSubstrings:
		if r.Intn(2) == 0 {
			f.Initial = str()
		}
		for i := r.Intn(3); i > 0; i-- {
			f.Any = append(f.Any, "a"+str())
		}
		if r.Intn(2) == 0 {
			f.Final = str()
		}
	case OpExtensible:
		if r.Intn(2) == 0 {
			f.Rule = "2.5.13.2"
		}
		if r.Intn(2) == 0 {
			f.Attr = ""
		}
		f.Value = str()
		f.DNAttrs = r.Intn(2) == 0
	default:
		f.Value = str()
	}
	return f
}

func TestAppendBERMatchesReference(t *testing.T) {
	for _, s := range []string{benchFilter, "(a=b)", "(!(a=b))", "(&)", "(|)", "(cn=*)", "(cn=a*b*c)", "(:dn:2.5.13.5:=x)"} {
		f, err := (FilterParser{Dialect: RFC4526}).Parse(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if got, want := f.BER(), referenceBER(f); !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %x\nwant %x", s, got, want)
		}
	}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		f := randomFilter(r, 5)
		prefix := []byte("prefix")
		got := f.AppendBER(prefix)
		want := append([]byte("prefix"), referenceBER(f)...)
		if !bytes.Equal(got, want) {
			t.Fatalf("random filter %d (%s): AppendBER differs from the reference", i, f)
		}
	}
}

// TestAppendBERDeepIsLinear guards against the quadratic encoder that
// re-appended every level into a fresh buffer (100,000 nested Not filters
// took seconds): the bytes allocated to encode 20,000 nested Not filters
// must be a small multiple of the encoding's size, where re-appending
// every level allocates about the square of the depth.
func TestAppendBERDeepIsLinear(t *testing.T) {
	f := deepNot(20000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	enc := f.BER()
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	// Per nested filter: a pointer and an int of bookkeeping, a stack
	// slot, and at most six bytes of encoding.
	limit := uint64(20000 * 64)
	if allocated > limit {
		t.Errorf("encoding %d bytes of 20,000 nested Not filters allocated %d bytes, more than %d", len(enc), allocated, limit)
	}
	g, err := (FilterParser{MaxDepth: 30000, MaxLen: 1 << 24}).DecodeBER(enc)
	if err != nil || !g.Equal(f) {
		t.Errorf("the deep encoding does not decode to the filter: %v", err)
	}
}
