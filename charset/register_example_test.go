package charset_test

import (
	"fmt"

	"golang.org/x/text/encoding/charmap"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
)

// Register adds an encoding of one's own, here x/text's table of EBCDIC
// code page 037 under a name of the program's, to the names Lookup knows.
// A program does this once, in an init function.
func ExampleRegister() {
	if _, err := charset.Lookup("x-xtext-ibm037"); err != nil { // not registered yet
		_, err := charset.Register(charset.Spec{
			Charset: charset.Charset{
				Name:      "x-xtext-ibm037",
				Codec:     encoding.FromXText("x-xtext-ibm037", charmap.CodePage037),
				Family:    "ebcdic",
				Summary:   "EBCDIC for the USA and Canada (x/text's table)",
				Structure: charset.SingleByte,
			},
			Aliases: []string{"xtext-037", "xtext-ebcdic-cp-us"},
		})
		if err != nil {
			fmt.Println(err)
		}
	}
	c, err := charset.Lookup("XTEXT_EBCDIC_CP_US")
	if err != nil {
		fmt.Println(err)
		return
	}
	text, err := c.Codec.AppendDecode(nil, []byte{0xC8, 0x85, 0x93, 0x93, 0x96, 0x5A})
	fmt.Println(c.Name, string(text), err)
	fmt.Println(c.Aliases(), c.CodePages())

	// The built-in labels keep their meaning.
	_, err = charset.Register(charset.Spec{Charset: charset.Charset{Name: "my-latin1", Codec: c.Codec}, Aliases: []string{"latin1"}})
	fmt.Println(err)
	// Output:
	// x-xtext-ibm037 Hello! <nil>
	// [xtext-037 xtext-ebcdic-cp-us] []
	// charset: label "latin1" claimed by iso-8859-1 and my-latin1
}
