package singlebyte_test

import (
	"fmt"

	"github.com/ucskit/ucs/encoding/singlebyte"
)

// ISO8859_1 is true ISO-8859-1: bytes 80–9F are C1 controls, not
// windows-1252's punctuation.
func Example_latin1() {
	// True ISO-8859-1: 80–9F are C1 controls, not windows-1252's punctuation.
	s, _ := singlebyte.ISO8859_1.AppendDecode(nil, []byte{0x80, 0xE9})
	w, _ := singlebyte.Windows1252.AppendDecode(nil, []byte{0x80, 0xE9})
	fmt.Printf("%q %q\n", s, w)
	// Output: "\u0080é" "€é"
}

func ExampleUSASCII() {
	_, err := singlebyte.USASCII.AppendDecode(nil, []byte("caf\xe9"))
	fmt.Println(err)
	// Output: us-ascii: byte 3: invalid-byte (bytes E9)
}

func ExampleWindows1251() {
	b, _ := singlebyte.Windows1251.AppendEncode(nil, []byte("Привет"))
	fmt.Printf("% X\n", b)
	// Output: CF F0 E8 E2 E5 F2
}

func ExampleIBM437() {
	s, _ := singlebyte.IBM437.AppendDecode(nil, []byte{0xC9, 0xCD, 0xBB})
	fmt.Println(string(s))
	// Output: ╔═╗
}
