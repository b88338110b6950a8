package encoding_test

import (
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/singlebyte"
	"github.com/ucskit/ucs/internal/enchook"
	"golang.org/x/text/transform"
)

// TestTransformUntilBad checks that the fast path stops before the first
// sequence for the policy, leaves it to Transform, and that offsets and
// output counts run on across both.
// engine holds the Transformer methods that package transcode reaches
// through internal/enchook.
var engine = enchook.Get[*encoding.Transformer, encoding.Bad]()

func TestTransformUntilBad(t *testing.T) {
	codec := singlebyte.ISO8859_1.WithPolicy(encoding.Replace)
	tr := codec.EncodeTransformer().(*encoding.Transformer)
	src := []byte("ab€cd\xFFe")
	dst := make([]byte, 16)

	nd, ns, bad, err := engine.UntilBad(tr, dst, src, true)
	if err != nil || nd != 2 || ns != 2 || bad.Kind != encoding.Unmappable || bad.Rune != '€' || bad.Len != 3 {
		t.Fatalf("first call: nd %d ns %d bad %+v err %v; want 2 2 unmappable € of 3 bytes", nd, ns, bad, err)
	}
	if tr.Offset() != 2 || engine.Written(tr) != 2 {
		t.Fatalf("offset %d written %d, want 2 2", tr.Offset(), engine.Written(tr))
	}
	// Transform applies the policy to the sequence and goes on to the next.
	n2, m2, err := tr.Transform(dst[nd:], src[ns:ns+5], false)
	if err != nil || string(dst[:nd+n2]) != "ab?cd" || m2 != 5 {
		t.Fatalf("Transform: %q, consumed %d, err %v", dst[:nd+n2], m2, err)
	}
	nd += n2
	ns += m2
	// The malformed byte stops the fast path again, with its kind.
	n3, m3, bad, err := engine.UntilBad(tr, dst[nd:], src[ns:], true)
	if err != nil || n3 != 0 || m3 != 0 || bad.Kind == encoding.KindNone || bad.Len != 1 {
		t.Fatalf("at FF: nd %d ns %d bad %+v err %v", n3, m3, bad, err)
	}
	if tr.Offset() != int64(ns) || engine.Written(tr) != int64(nd) {
		t.Fatalf("offset %d written %d, want %d %d", tr.Offset(), engine.Written(tr), ns, nd)
	}
	// A destination too short: ErrShortDst, as Transform gives.
	tr.Reset()
	n4, m4, bad, err := engine.UntilBad(tr, dst[:1], []byte("abc"), true)
	if err != transform.ErrShortDst || n4 != 1 || m4 != 1 || bad.Kind != encoding.KindNone {
		t.Fatalf("short dst: nd %d ns %d bad %+v err %v", n4, m4, bad, err)
	}
}
