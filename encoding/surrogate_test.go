package encoding_test

import (
	"errors"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/singlebyte"
	"github.com/ucskit/ucs/encoding/utf"
	"golang.org/x/text/transform"
)

// TestEncodeSurrogateSubparts: an encoder reads its input as RFC 3629
// UTF-8 and gives the RFC 2279 forms of a surrogate (ED A0 80) and of a
// value beyond U+10FFFF (F4 90 80 80) one error per maximal subpart, as
// the UTF-8 decoder does; EncodePivotTransformer reads each as one
// sequence. The encoders once read the pivot by default: one "?" for
// ED A0 80 where the decoder writes three U+FFFD, and an error of 3 or 4
// bytes under Fail.
func TestEncodeSurrogateSubparts(t *testing.T) {
	in := []byte("a\xed\xa0\x80b\xf4\x90\x80\x80c")
	type span struct {
		off  int64
		n    int
		kind encoding.Kind
	}
	want := []span{{1, 1, encoding.Surrogate}, {2, 1, encoding.UnexpectedContinuation}, {3, 1, encoding.UnexpectedContinuation},
		{5, 1, encoding.OutOfRange}, {6, 1, encoding.UnexpectedContinuation}, {7, 1, encoding.UnexpectedContinuation}, {8, 1, encoding.UnexpectedContinuation}}
	for _, c := range []*encoding.Codec{singlebyte.Windows1252, simplifiedchinese.GBK, japanese.ISO2022JP, utf.UTF16LE, utf.CESU8} {
		var got []span
		rep := c.With(encoding.Options{Invalid: encoding.Replace, Unmappable: encoding.Replace, Replacement: "?",
			Report: func(e *encoding.Error) { got = append(got, span{e.Offset, e.Len, e.Kind}) }})
		out, err := rep.AppendEncode(nil, in)
		if err != nil {
			t.Fatalf("%s: %v", c.Name(), err)
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d errors %v, want %v", c.Name(), len(got), got, want)
		} else {
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%s: error %d = %v, want %v", c.Name(), i, got[i], want[i])
				}
			}
		}
		if back, err := c.AppendDecode(nil, out); err != nil || string(back) != "a???b????c" {
			t.Errorf("%s: replace wrote % X (%q, %v), want a???b????c", c.Name(), out, back, err)
		}
		_, err = c.AppendEncode(nil, in)
		var e *encoding.Error
		if !errors.As(err, &e) || e.Offset != 1 || e.Len != 1 || e.Kind != encoding.Surrogate {
			t.Errorf("%s: fail: %v, want a surrogate of 1 byte at byte 1", c.Name(), err)
		}
		// The pivot reading: one sequence each.
		got = got[:0]
		pt := rep.EncodePivotTransformer()
		out, _, err = transform.Bytes(pt, in)
		if err != nil || len(got) != 2 || got[0] != (span{1, 3, encoding.Surrogate}) || got[1] != (span{5, 4, encoding.Unmappable}) {
			t.Errorf("%s: pivot encoder: %v %v, want a surrogate of 3 bytes and an unmappable of 4", c.Name(), got, err)
		}
		if back, err := c.AppendDecode(nil, out); err != nil || string(back) != "a?b?c" {
			t.Errorf("%s: pivot encoder under replace wrote %q (%v), want a?b?c", c.Name(), back, err)
		}
	}
}

// TestTransformUntilBadSubparts: the fast path that package transcode
// takes stops at the first maximal subpart of a surrogate's RFC 2279
// form for an encoder that reads RFC 3629 UTF-8, and at the whole form
// for the pivot encoder.
func TestTransformUntilBadSubparts(t *testing.T) {
	src := []byte("ab\xed\xa0\x80c")
	dst := make([]byte, 16)
	for _, pivot := range []bool{false, true} {
		tr := singlebyte.Windows1252.EncodeTransformer().(*encoding.Transformer)
		want := encoding.Bad{Len: 1, Kind: encoding.Surrogate, Rune: -1}
		if pivot {
			tr = singlebyte.Windows1252.EncodePivotTransformer().(*encoding.Transformer)
			want.Len = 3
		}
		nd, ns, bad, err := engine.UntilBad(tr, dst, src, true)
		if err != nil || nd != 2 || ns != 2 || bad != want {
			t.Errorf("pivot %v: nd %d ns %d bad %+v err %v; want 2 2 %+v", pivot, nd, ns, bad, err, want)
		}
	}
}
