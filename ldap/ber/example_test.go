package ber_test

import (
	"errors"
	"fmt"

	"github.com/ucskit/ucs/ldap/ber"
)

// An LDAP equality filter (cn=Babs) in BER: a context-specific constructed
// element [3] holding two OCTET STRINGs.
func ExampleAppendTLV() {
	var content []byte
	content = ber.AppendString(content, ber.TagOctetString, "cn")
	content = ber.AppendString(content, ber.TagOctetString, "Babs")
	b := ber.AppendTLV(nil, 0xA3, content)
	fmt.Printf("% X\n", b)
	// Output: A3 0A 04 02 63 6E 04 04 42 61 62 73
}

// Read decodes one element and returns the rest; errors carry the offset.
func ExampleRead() {
	b := []byte{0xA3, 0x0A, 0x04, 0x02, 'c', 'n', 0x04, 0x04, 'B', 'a', 'b', 's'}
	el, rest, err := ber.Read(b, 0)
	fmt.Printf("tag %02X constructed %v, %d content bytes, %d left, %v\n", el.Tag, el.Constructed(), len(el.Content), len(rest), err)
	for in := el.Content; len(in) > 0; {
		var s ber.Element
		s, in, _ = ber.Read(in, el.ContentOffset+len(el.Content)-len(in))
		fmt.Printf("at %d: %q\n", s.Offset, s.Content)
	}
	_, _, err = ber.Read([]byte{0x04, 0x05, 'a'}, 0)
	var e *ber.Error
	fmt.Println(errors.As(err, &e), err)
	// Output:
	// tag A3 constructed true, 10 content bytes, 0 left, <nil>
	// at 2: "cn"
	// at 6: "Babs"
	// true ber: at byte 1: length 5 runs past the end of the data (1 octets left)
}
