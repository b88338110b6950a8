package enctest

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
)

// Span is a malformed sequence of an EncodeInput: its offset, its length
// (the maximal subpart that one replacement stands for) and its kind.
type Span struct {
	Offset, Len int
	Kind        encoding.Kind
}

// EncodeInput is UTF-8 text with malformed sequences, for EncodePolicies.
type EncodeInput struct {
	Text string
	Bad  []Span // the malformed sequences, in order
	// Wide is set when Text holds the RFC 2279 form of a surrogate value
	// or of a value beyond U+10FFFF: malformed UTF-8 to every encoder
	// but those whose repertoire goes beyond Unicode (UCS-4,
	// utf-8-rfc2279), which read them as characters and are not
	// checked on such inputs.
	Wide bool
}

// EncodeInputs returns the inputs of EncodePolicies: malformed UTF-8
// after ASCII, after Latin, Hangul and CJK text (which stateful encoders
// write shifted), at the start, between characters, and cut short at the
// end. Whether a character of the text is unmappable depends on the
// target; EncodePolicies asks the encoder.
func EncodeInputs() []EncodeInput {
	cont, inv, trunc, badc := encoding.UnexpectedContinuation, encoding.InvalidByte, encoding.Truncated, encoding.BadContinuation
	sur, oor := encoding.Surrogate, encoding.OutOfRange
	return []EncodeInput{
		{"a\x80", []Span{{1, 1, cont}}, false},
		{"한\x80", []Span{{3, 1, cont}}, false},
		{"é\x80b", []Span{{2, 1, cont}}, false},
		{"\xff", []Span{{0, 1, inv}}, false},
		{"日本\xc3", []Span{{6, 1, trunc}}, false},
		{"日本\xe6\xb1", []Span{{6, 2, trunc}}, false},
		{"한\xe6\xb1한\x80\x80a", []Span{{3, 2, badc}, {8, 1, cont}, {9, 1, cont}}, false},
		{"か\x80か", []Span{{3, 1, cont}}, false},
		{"中\xff中\xc3", []Span{{3, 1, inv}, {7, 1, trunc}}, false},
		{"\xc0\xaf\u00a0x", []Span{{0, 1, encoding.Overlong}, {1, 1, cont}}, false},
		{"か\x80\u309a", []Span{{3, 1, cont}}, false},
		{"x\x1b\x0e\x0f~\\¥‾ｱ\x80€\U0001F600", []Span{{14, 1, cont}}, false},
		{"a€b\U0001F600ñ", nil, false},
		{"中\U0001F600中\x1b中é\x80", []Span{{16, 1, cont}}, false},
		// Surrogates and values beyond U+10FFFF in the RFC 2279 form:
		// one error per maximal subpart, as the UTF-8 decoder reports.
		{"a\xed\xa0\x80b", []Span{{1, 1, sur}, {2, 1, cont}, {3, 1, cont}}, true},
		{"한\xed\xbf\xbf", []Span{{3, 1, sur}, {4, 1, cont}, {5, 1, cont}}, true},
		{"か\xf4\x90\x80\x80か", []Span{{3, 1, oor}, {4, 1, cont}, {5, 1, cont}, {6, 1, cont}}, true},
		{"\xf7\xbf\xbf\xbf中\xed\xa0", []Span{{0, 1, oor}, {1, 1, cont}, {2, 1, cont}, {3, 1, cont}, {7, 1, sur}, {8, 1, cont}}, true},
		{"x\xf8\x88\x80\x80\x80\xfd\xbf\xbf\xbf\xbf\xbfé", []Span{{1, 1, encoding.Obsolete5ByteLead}, {2, 1, cont}, {3, 1, cont}, {4, 1, cont}, {5, 1, cont},
			{6, 1, encoding.Obsolete6ByteLead}, {7, 1, cont}, {8, 1, cont}, {9, 1, cont}, {10, 1, cont}, {11, 1, cont}}, true},
	}
}

// EncodePolicies checks the encoder of c on in under the Fail, Replace,
// Skip and Escape policies, with the replacement text and escape style of
// c's options, against what the input's pieces give when
// encoded on their own, read back with the codec's strict decoder:
//
//   - Fail reports the first bad sequence (malformed, or a character the
//     encoder cannot encode alone) with its offset, length, kind and
//     rune, and its output reads back as the text before it;
//   - Replace writes one replacement per bad sequence (the options'
//     replacement, or U+FFFD, when the target has it, else "?") in the
//     target's own form, and reports each
//     bad sequence once to Options.Report;
//   - Skip writes the text alone; Escape writes the escapes;
//   - every output is the same when the input comes in two pieces split
//     anywhere, or byte by byte, through small destinations;
//   - every output ends in the encoder's initial state: when the codec's
//     fresh outputs can be concatenated at all, text encoded afresh after
//     it reads back unchanged.
//
// It reports with tb.Errorf, at most one failure per policy.
func EncodePolicies(tb testing.TB, c *encoding.Codec, in EncodeInput) {
	tb.Helper()
	strict := c.WithPolicy(encoding.Fail)
	encode := func(s string) ([]byte, error) {
		r := Whole(strict.EncodeTransformer(), []byte(s))
		return r.Out, r.Err
	}
	decode := func(b []byte) (string, error) {
		r := Whole(strict.DecodeTransformer(), b)
		return string(r.Out), r.Err
	}
	// piece is what s reads back as when encoded on its own.
	piece := func(s string) string {
		out, err := encode(s)
		if err != nil {
			tb.Fatalf("%s cannot encode %q: %v", c.Name(), s, err)
		}
		text, err := decode(out)
		if err != nil {
			tb.Fatalf("%s cannot decode its encoding % X of %q: %v", c.Name(), out, s, err)
		}
		return text
	}
	opts := c.Options()
	repl := opts.Replacement
	if repl == "" {
		repl = "\uFFFD"
	}
	if _, err := encode(repl); err != nil {
		repl = "?"
	}
	replPiece := piece(repl)

	// The bad sequences in order: the malformed spans, and the
	// characters the encoder cannot encode alone.
	type item struct {
		Span
		r rune
	}
	var bads []item
	want := map[encoding.Policy]string{}
	var failText string // the text before the first bad sequence
	text := in.Text
	for i, next := 0, 0; i < len(text); {
		if next < len(in.Bad) && in.Bad[next].Offset == i {
			sp := in.Bad[next]
			next++
			bads = append(bads, item{sp, -1})
			want[encoding.Replace] += replPiece
			for _, b := range []byte(text[sp.Offset : sp.Offset+sp.Len]) {
				want[encoding.Escape] += piece(string(opts.Escape.AppendByte(nil, b)))
			}
			i += sp.Len
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		ch := text[i : i+n]
		if _, err := encode(ch); err != nil {
			var e *encoding.Error
			if !errors.As(err, &e) || e.Kind != encoding.Unmappable || e.Rune != r || e.Offset != 0 || e.Len != n {
				tb.Errorf("%s encode %+q: %v, want it encoded or unmappable", c.Name(), ch, err)
				return
			}
			bads = append(bads, item{Span{i, n, encoding.Unmappable}, r})
			want[encoding.Replace] += replPiece
			ref := r
			if (r == 0x0E || r == 0x0F || r == 0x1B) && (opts.Escape == encoding.EscapeXML || opts.Escape == encoding.EscapeXMLHex) {
				// A reference to SO, SI or ESC would bring it back
				// in the reader's hands: encoders that cannot write
				// them refer to U+FFFD (see encoding.Bad's RefRune).
				ref = 0xFFFD
			}
			want[encoding.Escape] += piece(string(opts.Escape.AppendRune(nil, ref)))
		} else {
			p := piece(ch)
			for _, pol := range []encoding.Policy{encoding.Replace, encoding.Skip, encoding.Escape} {
				want[pol] += p
			}
			if len(bads) == 0 {
				failText += p
			}
		}
		i += n
	}
	want[encoding.Fail] = failText
	if len(bads) == 0 {
		want[encoding.Fail] = want[encoding.Skip]
	}

	// Fresh outputs concatenate when "x" twice reads back as "xx" (not so
	// for the encoders that write a byte order mark first).
	x, _ := encode("x")
	xx, err := decode(append(append([]byte(nil), x...), x...))
	xPiece := piece("x")
	concat := err == nil && xx == xPiece+xPiece

	for _, pol := range []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Skip, encoding.Escape} {
		var reports []*encoding.Error
		o := opts
		o.Invalid, o.Unmappable = pol, pol
		o.Report = func(e *encoding.Error) { reports = append(reports, e) }
		cc := c.With(o)
		name := fmt.Sprintf("%s encode %+q, policy %v", c.Name(), text, pol)
		whole := Whole(cc.EncodeTransformer(), []byte(text))
		if pol == encoding.Fail && len(bads) > 0 {
			var e *encoding.Error
			b := bads[0]
			if !errors.As(whole.Err, &e) || e.Offset != int64(b.Offset) || e.Len != b.Len || e.Kind != b.Kind || e.Rune != b.r {
				tb.Errorf("%s: error %v, want %v at byte %d (length %d, rune %X)", name, whole.Err, b.Kind, b.Offset, b.Len, b.r)
				continue
			}
		} else if whole.Err != nil {
			tb.Errorf("%s: %v", name, whole.Err)
			continue
		}
		if got, err := decode(whole.Out); err != nil || got != want[pol] {
			tb.Errorf("%s: output % X reads back as %+q (%v), want %+q", name, whole.Out, got, err, want[pol])
			continue
		}
		if pol != encoding.Fail && len(reports) != len(bads) {
			tb.Errorf("%s: %d reports, want %d", name, len(reports), len(bads))
			continue
		}
		for i, e := range reports {
			if b := bads[i]; e.Offset != int64(b.Offset) || e.Len != b.Len || e.Kind != b.Kind {
				tb.Errorf("%s: report %d is %v, want %v at byte %d", name, i, e, b.Kind, b.Offset)
				break
			}
		}
		if concat {
			joined := append(append([]byte(nil), whole.Out...), x...)
			if got, err := decode(joined); err != nil || got != want[pol]+xPiece {
				tb.Errorf("%s: output % X does not end in the initial state: with %q encoded after it, it reads back as %+q (%v)", name, whole.Out, "x", got, err)
				continue
			}
		}
		if sched, got := schedules(cc, []byte(text), whole); sched != "" {
			tb.Errorf("%s, %s: got % X (%v), in one piece % X (%v)", name, sched, got.Out, got.Err, whole.Out, whole.Err)
		}
	}
}

// schedules runs the encoder of c over src split in two at every place
// and byte by byte, through destinations of a few sizes, and returns the
// first schedule whose result differs from whole, with its result.
func schedules(c *encoding.Codec, src []byte, whole Result) (string, Result) {
	for split := 0; split <= len(src); split++ {
		for _, size := range []int{1, 2, 3, 5, 8, 64} {
			got := Drive(c.EncodeTransformer(), [][]byte{src[:split], src[split:]}, size)
			if !bytes.Equal(got.Out, whole.Out) || !sameError(got.Err, whole.Err) {
				return fmt.Sprintf("split at %d, dst %d", split, size), got
			}
		}
	}
	chunks := make([][]byte, len(src))
	for i := range src {
		chunks[i] = src[i : i+1]
	}
	got := Drive(c.EncodeTransformer(), chunks, 1)
	if !bytes.Equal(got.Out, whole.Out) || !sameError(got.Err, whole.Err) {
		return "byte by byte, dst 1", got
	}
	return "", Result{}
}
