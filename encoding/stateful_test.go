package encoding_test

import (
	"errors"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/singlebyte"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
	"github.com/ucskit/ucs/encoding/utf"
)

// TestEncodeReplacementAfterShift: the replacement of malformed input is
// written whole after text that left a stateful encoder shifted. Asked for
// U+FFFD, which these targets lack, the core wrote only the shift back to
// ASCII (or the ISO-2022-KR designation) and reported it unmappable; the
// Transformer kept those bytes as the replacement and dropped the "?".
func TestEncodeReplacementAfterShift(t *testing.T) {
	for _, tc := range []struct {
		c        *encoding.Codec
		in, want string
	}{
		{korean.ISO2022KR, "한\x80", "\x1b$)C\x0eGQ\x0f?"},
		{korean.ISO2022KR, "한\x80한", "\x1b$)C\x0eGQ\x0f?\x0eGQ\x0f"},
		{korean.ISO2022KR, "\xff", "\x1b$)C?"},
		{simplifiedchinese.HZGB2312, "中\x80", "~{VP~}?"},
		{simplifiedchinese.HZGB2312, "é\x80b", "~{(&~}?b"},
		{traditionalchinese.ISO2022CN, "日本\xc3", "\x1b$)A\x0eHU1>\x0f?"},
		{japanese.ISO2022JP, "か\x80か", "\x1b$B$+\x1b(B?\x1b$B$+\x1b(B"},
		{utf.UTF7, "한\x80", "+1Vz//Q-"},
	} {
		for _, size := range []int{1, 3, 64} {
			r := enctest.Drive(tc.c.WithPolicy(encoding.Replace).EncodeTransformer(), [][]byte{[]byte(tc.in)}, size)
			if r.Err != nil || string(r.Out) != tc.want {
				t.Errorf("%s %+q, dst %d: got %+q, %v; want %+q", tc.c.Name(), tc.in, size, r.Out, r.Err, tc.want)
			}
		}
	}
}

// TestEncodeReplacementWhole: an encoder writes its replacement text
// whole or not at all. A text the target can represent only in part
// ("a€" in Latin-1) gives "?", not its first part; a text that ends in a
// character the core holds back for a possible combining mark (か in
// EUC-JIS-2004) is written, not lost.
func TestEncodeReplacementWhole(t *testing.T) {
	for _, tc := range []struct {
		c              *encoding.Codec
		repl, in, want string
	}{
		{singlebyte.ISO8859_1, "a€", "x\x80y", "x?y"},
		{singlebyte.ISO8859_1, "¤", "x\x80y", "x\xa4y"},
		{japanese.EUCJIS2004, "か", "x\x80y", "x\xa4\xaby"},
		// The replacement's か does not take the mark that follows it
		// (か゚ is A4 F7); the mark alone is unmappable and replaced too.
		{japanese.EUCJIS2004, "か", "\x80\u309a", "\xa4\xab\xa4\xab"},
	} {
		c := tc.c.With(encoding.Options{Invalid: encoding.Replace, Unmappable: encoding.Replace, Replacement: tc.repl})
		got, err := c.AppendEncode(nil, []byte(tc.in))
		if err != nil || string(got) != tc.want {
			t.Errorf("%s replacement %q, %+q: got %+q, %v; want %+q", c.Name(), tc.repl, tc.in, got, err, tc.want)
		}
	}
}

// TestEncodeFailEndsStream: under Fail, a stateful encoder's output ends
// in its initial state, so that the text before the error reads back
// whole, in every schedule; the error's Output counts the bytes before
// the bad sequence.
func TestEncodeFailEndsStream(t *testing.T) {
	for _, tc := range []struct {
		c        *encoding.Codec
		in, want string
		offset   int64
		output   int64
	}{
		{korean.ISO2022KR, "한\x80", "\x1b$)C\x0eGQ\x0f", 3, 7},
		{simplifiedchinese.HZGB2312, "中\x80", "~{VP~}", 3, 4},
		{traditionalchinese.ISO2022CN, "中\xc3", "\x1b$)A\x0eVP\x0f", 3, 7},
		{japanese.ISO2022JP, "か\x80", "\x1b$B$+\x1b(B", 3, 5},
		{utf.UTF7, "한\x80", "+1Vw-", 3, 3},
	} {
		for _, size := range []int{1, 2, 64} {
			r := enctest.Drive(tc.c.EncodeTransformer(), [][]byte{[]byte(tc.in)}, size)
			var e *encoding.Error
			if !errors.As(r.Err, &e) || string(r.Out) != tc.want || e.Offset != tc.offset || e.Output != tc.output {
				t.Errorf("%s %+q, dst %d: got %+q, %v (%+v); want %+q, error at %d after %d bytes",
					tc.c.Name(), tc.in, size, r.Out, r.Err, e, tc.want, tc.offset, tc.output)
			}
		}
	}
}
