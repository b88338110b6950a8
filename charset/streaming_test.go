package charset

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"golang.org/x/text/transform"
)

// encoderInputs are pivot texts for every encoder: valid text of several
// scripts, the RFC 2279 forms of values beyond U+10FFFF and of surrogates
// (which reach encoders from UCS-4), malformed UTF-8, and sequences cut
// short.
var encoderInputs = [][]byte{
	[]byte("plain ASCII, Ünïcödé, Ελληνικά, 汉字, テキスト, 한국어, \U0001F600, €"),
	{0xF4, 0xB4, 0xB5, 0x93, 0x5A},
	{0x41, 0xF4, 0x90, 0x80, 0x80, 0x42},
	{0xF7, 0xBF, 0xBF, 0xBF}, {0xF8, 0x88, 0x80, 0x80, 0x80}, {0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF},
	{0xED, 0xA0, 0x80, 0x61}, {0xED, 0xB0, 0x80},
	{0xC0, 0x80, 0x2E}, {0xC0, 0xAF}, {0xE0, 0x80, 0xAF}, {0xF0, 0x80, 0x80, 0xAF},
	{0x61, 0xE6, 0xB1}, {0xE6, 0xB1, 0x62}, {0xF0, 0x9F, 0x98}, {0x80, 0x81}, {0xFE, 0xFF},
	[]byte("a\u00e9\u4e2d\U00020000z"),
}

// TestEveryCodecStreams runs every registered codec's decoder and encoder
// under every error policy through the enctest harness, which splits the
// input at every position, feeds it byte by byte and shrinks the
// destination: the output and the error (offset, length, kind) must not
// depend on where the input was split. The UTF-8 encoder once called
// F4 B4 B5 93 5A an unmappable U-00134D53 when it came in one piece and
// malformed bytes when it came byte by byte; the replacement decoder's
// error covered the first chunk when streaming, the whole input in one
// piece.
func TestEveryCodecStreams(t *testing.T) {
	decIn := contractInputs()
	if testing.Short() {
		decIn = decIn[:100]
	}
	for _, cs := range List() {
		for _, p := range []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Skip, encoding.Escape} {
			codec := cs.Codec.WithPolicy(p)
			for _, in := range decIn {
				enctest.CheckStreaming(t, fmt.Sprintf("%s decoder, policy %v", cs.Name, p), codec.DecodeTransformer, in)
				enctest.CheckStreaming(t, fmt.Sprintf("%s pivot decoder, policy %v", cs.Name, p), codec.DecodePivotTransformer, in)
			}
			if !codec.CanEncode() {
				continue
			}
			for _, in := range encoderInputs {
				enctest.CheckStreaming(t, fmt.Sprintf("%s encoder, policy %v", cs.Name, p), codec.EncodeTransformer, in)
			}
		}
	}
}

// legacy31 reports whether cs's encoder reads the 31-bit pivot through
// EncodeTransformer: the encoders whose repertoire goes beyond Unicode,
// which write surrogate values and values beyond U+10FFFF.
func legacy31(cs *Charset) bool {
	_, err := cs.Codec.AppendEncode(nil, []byte{0xF4, 0x90, 0x80, 0x80})
	return err == nil
}

// TestEncodersClassifyAlike checks that every encoder whose input is
// RFC 3629 UTF-8 classifies the pivot forms that are not Unicode
// characters as the UTF-8 decoder does, one error per maximal subpart:
// ED A0 80 (a surrogate) is three errors (surrogate, then two unexpected
// continuation bytes), F4 90 80 80 (beyond U+10FFFF) four, under Fail
// (offset, length, kind of the first) and under Replace (one replacement
// each, reported at the decoder's offsets, lengths and kinds). Through
// EncodePivotTransformer, the legacy counterpart, each is one sequence: a
// value beyond U+10FFFF an unmappable character (the value named), a
// surrogate value an error of kind surrogate. Only the 31-bit encoders
// (ucs-4, utf-8-rfc2279) read the pivot by default, and write these
// values. (The encoders once read the pivot by default: ED A0 80 was one
// error of 3 bytes where the decoder reported three.)
func TestEncodersClassifyAlike(t *testing.T) {
	cases := []struct {
		in   []byte
		kind encoding.Kind // through EncodePivotTransformer
		r    rune
	}{
		{[]byte{0xF4, 0x90, 0x80, 0x80}, encoding.Unmappable, 0x110000},
		{[]byte{0xF4, 0xB4, 0xB5, 0x93, 0x5A}, encoding.Unmappable, 0x134D53},
		{[]byte{0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF}, encoding.Unmappable, 0x7FFFFFFF},
		{[]byte{0xF8, 0x88, 0x80, 0x80, 0x80}, encoding.Unmappable, 0x200000},
		{[]byte{0xED, 0xA0, 0x80}, encoding.Surrogate, -1},
		{[]byte{0xED, 0xBF, 0xBF, 0x41}, encoding.Surrogate, -1},
		{[]byte{0xC0, 0x80}, encoding.Overlong, -1},
	}
	legacy := 0
	for _, cs := range List() {
		if !cs.CanEncode() {
			continue
		}
		wide := legacy31(cs)
		if wide {
			legacy++
		}
		for _, c := range cases {
			// The pivot reading: one sequence.
			_, _, err := transform.Bytes(cs.Codec.EncodePivotTransformer(), c.in)
			var e *encoding.Error
			if !errors.As(err, &e) {
				if !(err == nil && wide && c.kind != encoding.Overlong) {
					t.Errorf("%s pivot encoder, % X: %v, want an error of kind %v", cs.Name, c.in, err, c.kind)
				}
			} else if e.Kind != c.kind || e.Offset != 0 || (c.kind == encoding.Unmappable && e.Rune != c.r) {
				t.Errorf("%s pivot encoder, % X: %v (kind %v, rune %X), want kind %v (rune %X)", cs.Name, c.in, err, e.Kind, e.Rune, c.kind, c.r)
			}
			if wide {
				continue
			}
			// The strict reading: the decoder's maximal subparts.
			want := decoderErrors(t, c.in)
			_, _, err = transform.Bytes(cs.Codec.EncodeTransformer(), c.in)
			if !errors.As(err, &e) || e.Offset != want[0].Offset || e.Len != want[0].Len || e.Kind != want[0].Kind {
				t.Errorf("%s encoder, % X: %v, want the UTF-8 decoder's %v", cs.Name, c.in, err, want[0])
			}
			var got []*encoding.Error
			rep := cs.Codec.With(encoding.Options{Invalid: encoding.Replace, Unmappable: encoding.Replace,
				Report: func(e *encoding.Error) { got = append(got, e) }})
			if _, err := rep.AppendEncode(nil, c.in); err != nil {
				t.Errorf("%s encoder under replace, % X: %v", cs.Name, c.in, err)
				continue
			}
			if len(got) != len(want) {
				t.Errorf("%s encoder under replace, % X: %d errors reported, want the decoder's %d", cs.Name, c.in, len(got), len(want))
				continue
			}
			for i := range got {
				if got[i].Offset != want[i].Offset || got[i].Len != want[i].Len || got[i].Kind != want[i].Kind {
					t.Errorf("%s encoder under replace, % X: error %d = %v, want %v", cs.Name, c.in, i, got[i], want[i])
				}
			}
		}
	}
	if legacy != 3 {
		t.Errorf("%d encoders read the 31-bit pivot by default, want 3 (ucs-4be, ucs-4le, utf-8-rfc2279)", legacy)
	}
}

// decoderErrors returns the errors that the UTF-8 decoder reports on in
// under Replace, one per maximal subpart.
func decoderErrors(t *testing.T, in []byte) []*encoding.Error {
	t.Helper()
	var errs []*encoding.Error
	dec, _ := Lookup("utf-8")
	c := dec.Codec.With(encoding.Options{Invalid: encoding.Replace, Report: func(e *encoding.Error) { errs = append(errs, e) }})
	if _, err := c.AppendDecode(nil, in); err != nil || len(errs) == 0 {
		t.Fatalf("UTF-8 decoder, % X: %v, %d errors", in, err, len(errs))
	}
	return errs
}

// TestEncodersAgreeOnMalformed compares the first error of every encoder
// with utf-16le's on malformed and 31-bit pivot sequences between ASCII
// letters, which every encoder writes, read as RFC 3629 UTF-8
// (EncodeTransformer) and as the pivot (EncodePivotTransformer): all must
// report the same offset, length, kind and (for unmappable values) value. Only the 31-bit
// encoders (ucs-4, utf-8-rfc2279) may write what the others call
// unmappable or surrogate.
func TestEncodersAgreeOnMalformed(t *testing.T) {
	alphabet := []byte{0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0x41}
	var seqs [][]byte
	for _, a := range alphabet[:len(alphabet)-1] {
		seqs = append(seqs, []byte{a})
		for _, b := range alphabet {
			seqs = append(seqs, []byte{a, b})
			for _, c := range alphabet {
				seqs = append(seqs, []byte{a, b, c})
			}
		}
	}
	r := rand.New(rand.NewPCG(4, 13))
	for i := 0; i < 3000; i++ {
		s := make([]byte, 4+r.IntN(3))
		for j := range s {
			s[j] = alphabet[r.IntN(len(alphabet))]
		}
		s[0] = 0xF0 + byte(r.IntN(14))
		seqs = append(seqs, s)
	}
	if testing.Short() {
		seqs = seqs[:len(seqs)/4]
	}
	ref := MustLookup("utf-16le").Codec
	// The reference reads RFC 3629 UTF-8 as the UTF-8 decoder does.
	utf8 := MustLookup("utf-8").Codec
	for _, s := range seqs {
		in := append(append([]byte("a"), s...), 'b')
		_, _, encErr := transform.Bytes(ref.EncodeTransformer(), in)
		_, _, decErr := transform.Bytes(utf8.DecodeTransformer(), in)
		var ee, de *encoding.Error
		if errors.As(encErr, &ee) != errors.As(decErr, &de) || ee != nil &&
			(ee.Offset != de.Offset || ee.Len != de.Len || ee.Kind != de.Kind) {
			t.Errorf("utf-16le encoder, % X: %v; the UTF-8 decoder says %v", in, encErr, decErr)
		}
	}
	wide := map[string]bool{"utf-8-rfc2279": true, "ucs-4be": true, "ucs-4le": true}
	for _, cs := range List() {
		if !cs.CanEncode() || cs.Codec == ref {
			continue
		}
		// Both readings: RFC 3629 UTF-8 (EncodeTransformer, which the
		// 31-bit encoders do not have) and the 31-bit pivot.
		for _, pivot := range []bool{false, true} {
			if !pivot && wide[cs.Name] {
				continue
			}
			enc := func(c *encoding.Codec) transform.Transformer {
				if pivot {
					return c.EncodePivotTransformer()
				}
				return c.EncodeTransformer()
			}
			failures := 0
			for _, s := range seqs {
				in := append(append([]byte("a"), s...), 'b')
				_, _, wantErr := transform.Bytes(enc(ref), in)
				_, _, gotErr := transform.Bytes(enc(cs.Codec), in)
				var we, ge *encoding.Error
				errors.As(wantErr, &we)
				errors.As(gotErr, &ge)
				if we == nil || we.Offset != 1 {
					continue // a valid character first, which some cannot encode
				}
				if ge == nil && wide[cs.Name] && (we.Kind == encoding.Unmappable || we.Kind == encoding.Surrogate) {
					continue
				}
				if ge == nil || ge.Offset != we.Offset || ge.Len != we.Len || ge.Kind != we.Kind || ge.Rune != we.Rune {
					if wide[cs.Name] && ge != nil && we.Kind == encoding.Unmappable || wide[cs.Name] && we.Kind == encoding.Surrogate {
						continue // what utf-16le cannot write, they can: their error comes later
					}
					t.Errorf("%s encoder (pivot %v), % X: %v; utf-16le says %v", cs.Name, pivot, in, gotErr, wantErr)
					if failures++; failures > 5 {
						break
					}
				}
			}
		}
	}
}
