package charset

import (
	"math/rand/v2"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// TestEveryEncoderPolicies runs enctest.EncodePolicies over every charset
// that can encode: under every policy, malformed UTF-8 after ASCII,
// Latin, Hangul and CJK text gives the error, the replacements, the
// skipped text or the escapes its pieces give on their own, read back by
// the charset's decoder; the output does not depend on how the input is
// split; and a stateful encoder's output ends in its initial state. The
// ISO-2022-KR, ISO-2022-CN and HZ encoders once wrote no replacement at
// all for malformed input after a shifted run. The RFC 2279 forms of
// surrogates and of values beyond U+10FFFF are malformed UTF-8 to every
// encoder but the 31-bit ones (ucs-4, utf-8-rfc2279), which are not
// checked on them: every encoder once read each as one sequence, where
// the UTF-8 decoder reports one error per maximal subpart.
func TestEveryEncoderPolicies(t *testing.T) {
	n := 0
	for _, cs := range List() {
		if !cs.CanEncode() {
			continue
		}
		n++
		wide := legacy31(cs)
		t.Run(cs.Name, func(t *testing.T) {
			for _, in := range enctest.EncodeInputs() {
				if in.Wide && wide {
					continue
				}
				enctest.EncodePolicies(t, cs.Codec, in)
				// A replacement of one's own (Latin-1 has ¤, ASCII
				// has not), and another escape style.
				enctest.EncodePolicies(t, cs.Codec.With(encoding.Options{Replacement: "¤", Escape: encoding.EscapeXML}), in)
			}
		})
	}
	if n < 100 {
		t.Fatalf("only %d charsets can encode", n)
	}
}

// TestEveryEncoderPoliciesRandom runs enctest.EncodePolicies over every
// charset that can encode on random strings of characters of several
// scripts, shift and escape bytes, and malformed UTF-8, whose malformed
// sequences the UTF-8 decoder finds. It found ISO-2022-JP writing
// ESC ( B ESC $ B, which its decoder rejects, where a character it
// cannot encode was skipped between two of JIS X 0208.
func TestEveryEncoderPoliciesRandom(t *testing.T) {
	alphabet := []string{"a", "é", "한", "中", "か", "€", "\U0001F600", "ｱ", "¥", "~", "\\", "+", "-", " ", "\n",
		"\x1b", "\x0e", "\x80", "\xff", "\xe6\xb1", "\xc3", "\xf0\x9f", "\xc0\xaf",
		"\xed\xa0\x80", "\xed\xbf", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80"}
	n := 80
	if testing.Short() {
		n = 10
	}
	r := rand.New(rand.NewPCG(5, 17))
	utf8 := MustLookup("utf-8").Codec
	inputs := make([]enctest.EncodeInput, n)
	for i := range inputs {
		var s string
		for k := 1 + r.IntN(7); k > 0; k-- {
			s += alphabet[r.IntN(len(alphabet))]
		}
		var bad []enctest.Span
		c := utf8.With(encoding.Options{Invalid: encoding.Replace, Report: func(e *encoding.Error) {
			bad = append(bad, enctest.Span{Offset: int(e.Offset), Len: e.Len, Kind: e.Kind})
		}})
		if _, err := c.AppendDecode(nil, []byte(s)); err != nil {
			t.Fatal(err)
		}
		// A lead that only the RFC 2279 form allows: the 31-bit encoders
		// may read a value there.
		wide := false
		for _, b := range bad {
			switch b.Kind {
			case encoding.Surrogate, encoding.OutOfRange, encoding.Obsolete5ByteLead, encoding.Obsolete6ByteLead:
				wide = true
			}
		}
		inputs[i] = enctest.EncodeInput{Text: s, Bad: bad, Wide: wide}
	}
	for _, cs := range List() {
		if !cs.CanEncode() {
			continue
		}
		wide := legacy31(cs)
		t.Run(cs.Name, func(t *testing.T) {
			for _, in := range inputs {
				if in.Wide && wide {
					continue
				}
				enctest.EncodePolicies(t, cs.Codec, in)
			}
		})
	}
}
