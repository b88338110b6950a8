package encoding_test

import (
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/utf8class"
)

// TestUTF8ClassKinds checks that the UTF-8 classifier's kinds carry
// encoding.Kind's numbers, which the codecs rely on when they convert one
// to the other.
func TestUTF8ClassKinds(t *testing.T) {
	for _, tc := range []struct {
		c utf8class.Kind
		k encoding.Kind
	}{
		{utf8class.None, encoding.KindNone},
		{utf8class.InvalidByte, encoding.InvalidByte},
		{utf8class.UnexpectedContinuation, encoding.UnexpectedContinuation},
		{utf8class.Overlong, encoding.Overlong},
		{utf8class.Surrogate, encoding.Surrogate},
		{utf8class.OutOfRange, encoding.OutOfRange},
		{utf8class.Obsolete5ByteLead, encoding.Obsolete5ByteLead},
		{utf8class.Obsolete6ByteLead, encoding.Obsolete6ByteLead},
		{utf8class.BadContinuation, encoding.BadContinuation},
		{utf8class.Truncated, encoding.Truncated},
	} {
		if encoding.Kind(tc.c) != tc.k {
			t.Errorf("utf8class kind %d is encoding.Kind %v, want %v", tc.c, encoding.Kind(tc.c), tc.k)
		}
	}
}
