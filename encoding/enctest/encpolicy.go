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
	pc := &policyCheck{tb: tb, c: c, strict: c.WithPolicy(encoding.Fail), opts: c.Options(), text: in.Text}
	repl := pc.opts.Replacement
	if repl == "" {
		repl = "\uFFFD"
	}
	if _, err := pc.encode(repl); err != nil {
		repl = "?"
	}
	pc.replPiece = pc.piece(repl)
	if !pc.expect(in) {
		return
	}
	// Fresh outputs concatenate when "x" twice reads back as "xx" (not so
	// for the encoders that write a byte order mark first).
	pc.x, _ = pc.encode("x")
	xx, err := pc.decode(append(append([]byte(nil), pc.x...), pc.x...))
	pc.xPiece = pc.piece("x")
	pc.concat = err == nil && xx == pc.xPiece+pc.xPiece
	for _, pol := range []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Skip, encoding.Escape} {
		pc.check(pol)
	}
}

// policyCheck is the state of one EncodePolicies call.
type policyCheck struct {
	tb        testing.TB
	c, strict *encoding.Codec
	opts      encoding.Options
	text      string
	replPiece string // the replacement as it reads back
	// bads are the bad sequences in order: the malformed spans, and the
	// characters the encoder cannot encode alone (r set).
	bads []badItem
	want map[encoding.Policy]string // each policy's output, read back
	// x is "x" encoded afresh; concat is true when fresh outputs
	// concatenate.
	x      []byte
	xPiece string
	concat bool
}

type badItem struct {
	Span
	r rune
}

func (pc *policyCheck) encode(s string) ([]byte, error) {
	r := Whole(pc.strict.EncodeTransformer(), []byte(s))
	return r.Out, r.Err
}

func (pc *policyCheck) decode(b []byte) (string, error) {
	r := Whole(pc.strict.DecodeTransformer(), b)
	return string(r.Out), r.Err
}

// piece is what s reads back as when encoded on its own.
func (pc *policyCheck) piece(s string) string {
	out, err := pc.encode(s)
	if err != nil {
		pc.tb.Fatalf("%s cannot encode %q: %v", pc.c.Name(), s, err)
	}
	text, err := pc.decode(out)
	if err != nil {
		pc.tb.Fatalf("%s cannot decode its encoding % X of %q: %v", pc.c.Name(), out, s, err)
	}
	return text
}

// expect works out the bad sequences of in and what each policy's output
// reads back as. It reports false, after an error, when a character is
// neither encoded nor unmappable.
func (pc *policyCheck) expect(in EncodeInput) bool {
	pc.want = map[encoding.Policy]string{}
	var failText string // the text before the first bad sequence
	text := in.Text
	for i, next := 0, 0; i < len(text); {
		if next < len(in.Bad) && in.Bad[next].Offset == i {
			sp := in.Bad[next]
			next++
			pc.bads = append(pc.bads, badItem{sp, -1})
			pc.want[encoding.Replace] += pc.replPiece
			for _, b := range []byte(text[sp.Offset : sp.Offset+sp.Len]) {
				pc.want[encoding.Escape] += pc.piece(string(pc.opts.Escape.AppendByte(nil, b)))
			}
			i += sp.Len
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		ch := text[i : i+n]
		if _, err := pc.encode(ch); err != nil {
			if !pc.unmappable(ch, r, n, err) {
				return false
			}
			pc.bads = append(pc.bads, badItem{Span{i, n, encoding.Unmappable}, r})
		} else {
			p := pc.piece(ch)
			for _, pol := range []encoding.Policy{encoding.Replace, encoding.Skip, encoding.Escape} {
				pc.want[pol] += p
			}
			if len(pc.bads) == 0 {
				failText += p
			}
		}
		i += n
	}
	pc.want[encoding.Fail] = failText
	if len(pc.bads) == 0 {
		pc.want[encoding.Fail] = pc.want[encoding.Skip]
	}
	return true
}

// unmappable checks that the encoder's error err for the character ch (r,
// n bytes) says it is unmappable, and adds what Replace and Escape write
// for it.
func (pc *policyCheck) unmappable(ch string, r rune, n int, err error) bool {
	var e *encoding.Error
	if !errors.As(err, &e) || e.Kind != encoding.Unmappable || e.Rune != r || e.Offset != 0 || e.Len != n {
		pc.tb.Errorf("%s encode %+q: %v, want it encoded or unmappable", pc.c.Name(), ch, err)
		return false
	}
	pc.want[encoding.Replace] += pc.replPiece
	ref := r
	if (r == 0x0E || r == 0x0F || r == 0x1B) && (pc.opts.Escape == encoding.EscapeXML || pc.opts.Escape == encoding.EscapeXMLHex) {
		// A reference to SO, SI or ESC would bring it back in the
		// reader's hands: encoders that cannot write them refer to
		// U+FFFD (see encoding.Bad's RefRune).
		ref = 0xFFFD
	}
	pc.want[encoding.Escape] += pc.piece(string(pc.opts.Escape.AppendRune(nil, ref)))
	return true
}

// check runs the encoder under pol and compares with what expect worked
// out: the error or output, the reports, the final state and every
// streaming schedule.
func (pc *policyCheck) check(pol encoding.Policy) {
	var reports []*encoding.Error
	o := pc.opts
	o.Invalid, o.Unmappable = pol, pol
	o.Report = func(e *encoding.Error) { reports = append(reports, e) }
	cc := pc.c.With(o)
	name := fmt.Sprintf("%s encode %+q, policy %v", pc.c.Name(), pc.text, pol)
	whole := Whole(cc.EncodeTransformer(), []byte(pc.text))
	if !pc.checkError(name, pol, whole.Err) {
		return
	}
	if got, err := pc.decode(whole.Out); err != nil || got != pc.want[pol] {
		pc.tb.Errorf("%s: output % X reads back as %+q (%v), want %+q", name, whole.Out, got, err, pc.want[pol])
		return
	}
	if !pc.checkReports(name, pol, reports) {
		return
	}
	if pc.concat {
		joined := append(append([]byte(nil), whole.Out...), pc.x...)
		if got, err := pc.decode(joined); err != nil || got != pc.want[pol]+pc.xPiece {
			pc.tb.Errorf("%s: output % X does not end in the initial state: with %q encoded after it, it reads back as %+q (%v)", name, whole.Out, "x", got, err)
			return
		}
	}
	if sched, got := schedules(cc, []byte(pc.text), whole); sched != "" {
		pc.tb.Errorf("%s, %s: got % X (%v), in one piece % X (%v)", name, sched, got.Out, got.Err, whole.Out, whole.Err)
	}
}

// checkError checks the error of a whole run under pol: the first bad
// sequence under Fail, none otherwise.
func (pc *policyCheck) checkError(name string, pol encoding.Policy, err error) bool {
	if pol == encoding.Fail && len(pc.bads) > 0 {
		var e *encoding.Error
		b := pc.bads[0]
		if !errors.As(err, &e) || e.Offset != int64(b.Offset) || e.Len != b.Len || e.Kind != b.Kind || e.Rune != b.r {
			pc.tb.Errorf("%s: error %v, want %v at byte %d (length %d, rune %X)", name, err, b.Kind, b.Offset, b.Len, b.r)
			return false
		}
		return true
	}
	if err != nil {
		pc.tb.Errorf("%s: %v", name, err)
		return false
	}
	return true
}

// checkReports checks that every bad sequence was reported once, in order.
func (pc *policyCheck) checkReports(name string, pol encoding.Policy, reports []*encoding.Error) bool {
	if pol == encoding.Fail {
		return true
	}
	if len(reports) != len(pc.bads) {
		pc.tb.Errorf("%s: %d reports, want %d", name, len(reports), len(pc.bads))
		return false
	}
	for i, e := range reports {
		if b := pc.bads[i]; e.Offset != int64(b.Offset) || e.Len != b.Len || e.Kind != b.Kind {
			pc.tb.Errorf("%s: report %d is %v, want %v at byte %d", name, i, e, b.Kind, b.Offset)
			break
		}
	}
	return true
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
