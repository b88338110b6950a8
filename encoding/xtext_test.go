package encoding_test

import (
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

func TestFromXText(t *testing.T) {
	c := encoding.FromXText("ibm037", charmap.CodePage037)
	if c.Name() != "ibm037" || !c.CanEncode() {
		t.Fatalf("%s, CanEncode %v", c.Name(), c.CanEncode())
	}
	enctest.TestPairs(t, c, []enctest.Pair{
		{Name: "hello", Encoded: []byte{0xC8, 0x85, 0x93, 0x93, 0x96, 0x40, 0x5A}, Text: "Hello !"},
		{Name: "latin-1", Encoded: []byte{0x43, 0x51, 0x81}, Text: "äéa"},
	}, true)
	// x/text's encoder reports a character the code page lacks.
	if _, err := c.AppendEncode(nil, []byte("€")); err == nil {
		t.Error("€ encoded into code page 037")
	}
}
