package utf

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

func fuzzSeeds(f *testing.F) {
	for _, s := range sampleTexts {
		f.Add([]byte(s))
	}
	for _, b := range [][]byte{
		{0xC0, 0x80}, {0x2F, 0xC0, 0xAE, 0x2E, 0x2F}, {0xED, 0xA0, 0x80}, {0xF4, 0x90, 0x80, 0x80},
		{0xF8, 0x88, 0x80, 0x80, 0x80}, {0xFE, 0xFF}, {0xFF, 0xFE, 0, 0}, {0x00, 0xD8}, {0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80},
		[]byte("+2D3cAQ-"), []byte("+AKM"), []byte("a+!b"), {0xEF, 0xBB, 0xBF, 'x'},
	} {
		f.Add(b)
	}
}

// FuzzDecode checks every UTF decoder on arbitrary input: no panic; the
// result is the same in every streaming schedule; under Replace the
// output is valid UTF-8 (31-bit forms aside); the strict decoder fails
// exactly when Replace had something to replace; what Fail decoded is a
// prefix of what Replace decoded.
func FuzzDecode(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 256 {
			in = in[:256]
		}
		for _, c := range allCodecs() {
			rep := enctest.CheckStreaming(t, c.Name()+" replace", c.WithPolicy(encoding.Replace).DecodeTransformer, in)
			strict := enctest.CheckStreaming(t, c.Name()+" fail", c.DecodeTransformer, in)
			if rep.Err != nil {
				t.Fatalf("%s: replace policy returned %v", c, rep.Err)
			}
			if !bytes.HasPrefix(rep.Out, strict.Out) {
				t.Fatalf("%s: fail output %q is not a prefix of replace output %q", c, strict.Out, rep.Out)
			}
			if c != UTF8RFC2279 && c != UCS4LE && c != UCS4BE && !utf8.Valid(rep.Out) {
				t.Fatalf("%s: replacement output is not valid UTF-8: % X", c, rep.Out)
			}
			if strict.Err == nil && !bytes.Equal(strict.Out, rep.Out) {
				t.Fatalf("%s: strict decode succeeded with %q but replace gave %q", c, strict.Out, rep.Out)
			}
			// A successful strict decode re-encodes to a form that decodes
			// to the same text.
			if strict.Err == nil && c.CanEncode() {
				enc, err := c.AppendEncode(nil, strict.Out)
				if err != nil {
					t.Fatalf("%s: re-encoding %q: %v", c, strict.Out, err)
				}
				back, err := c.AppendDecode(nil, enc)
				if err != nil || !bytes.Equal(back, strict.Out) {
					t.Fatalf("%s: round trip %q -> % X -> %q, %v", c, strict.Out, enc, back, err)
				}
			}
		}
		// The strict UTF-8 decoder agrees with unicode/utf8.
		if got, want := Valid(in), utf8.Valid(in); got != want {
			t.Fatalf("Valid(% X) = %v, unicode/utf8 says %v", in, got, want)
		}
		if err := Validate(in); (err == nil) != utf8.Valid(in) {
			t.Fatalf("Validate(% X) = %v", in, err)
		}
	})
}

// FuzzRoundTrip checks decode(encode(x)) == x for every valid text x and
// every codec that can represent it.
func FuzzRoundTrip(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		if !utf8.Valid(in) {
			in = bytes.ToValidUTF8(in, []byte("\uFFFD"))
		}
		if len(in) > 256 {
			in = in[:256]
			for !utf8.Valid(in) {
				in = in[:len(in)-1]
			}
		}
		for _, c := range allCodecs() {
			enc := enctest.CheckStreaming(t, c.Name()+" encode", c.EncodeTransformer, in)
			if enc.Err != nil {
				var e *encoding.Error
				if (c == UCS2LE || c == UCS2BE) && errorsAs(enc.Err, &e) && e.Kind == encoding.Unmappable && e.Rune > 0xFFFF {
					continue
				}
				t.Fatalf("%s: encode %q: %v", c, in, enc.Err)
			}
			dec := enctest.CheckStreaming(t, c.Name()+" decode", c.DecodeTransformer, enc.Out)
			if dec.Err != nil || !bytes.Equal(dec.Out, in) {
				t.Fatalf("%s: %q -> % X -> %q, %v", c, in, enc.Out, dec.Out, dec.Err)
			}
		}
	})
}

func errorsAs(err error, e **encoding.Error) bool {
	var x *encoding.Error
	ok := false
	if err != nil {
		x, ok = err.(*encoding.Error)
	}
	*e = x
	return ok
}
