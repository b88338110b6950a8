package charset_test

import (
	"fmt"

	"golang.org/x/text/encoding/charmap"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
)

// Register adds an encoding of one's own, here x/text's EBCDIC code page
// 037, to the names Lookup knows. A program does this once, in an init
// function.
func ExampleRegister() {
	if _, err := charset.Lookup("ibm037"); err != nil { // not registered yet
		err := charset.Register(&charset.Charset{
			Name:      "ibm037",
			Aliases:   []string{"ebcdic-cp-us", "cp037", "csibm037"},
			MIB:       2028,
			Codec:     encoding.FromXText("ibm037", charmap.CodePage037),
			Family:    "ebcdic",
			Summary:   "EBCDIC for the USA and Canada (x/text's table)",
			CodePages: []int{37},
		})
		if err != nil {
			fmt.Println(err)
		}
	}
	c, err := charset.Lookup("EBCDIC-CP-US")
	if err != nil {
		fmt.Println(err)
		return
	}
	text, err := c.Codec.AppendDecode(nil, []byte{0xC8, 0x85, 0x93, 0x93, 0x96, 0x5A})
	fmt.Println(c.Name, string(text), err)

	// The built-in labels keep their meaning.
	err = charset.Register(&charset.Charset{Name: "my-latin1", Aliases: []string{"latin1"}, Codec: c.Codec})
	fmt.Println(err)
	// Output:
	// ibm037 Hello! <nil>
	// charset: label "latin1" claimed by iso-8859-1 and my-latin1
}
