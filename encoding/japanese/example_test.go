package japanese_test

import (
	"fmt"

	"github.com/ucskit/ucs/encoding/japanese"
)

func ExampleShiftJIS() {
	b, _ := japanese.ShiftJIS.AppendEncode(nil, []byte("日本語"))
	fmt.Printf("% X\n", b)
	// Output: 93 FA 96 7B 8C EA
}

func ExampleEUCJP() {
	b, _ := japanese.EUCJP.AppendEncode(nil, []byte("日本語ｱ"))
	fmt.Printf("% X\n", b)
	// Output: C6 FC CB DC B8 EC 8E B1
}

func ExampleISO2022JP() {
	b, _ := japanese.ISO2022JP.AppendEncode(nil, []byte("a日本"))
	fmt.Printf("%q\n", b)
	// ESC % G switches to UTF-8 until ESC % @.
	s, _ := japanese.ISO2022JP.AppendDecode(nil, []byte("\x1b%G\xc3\xa9\x1b%@!"))
	fmt.Printf("%q\n", s)
	// Output:
	// "a\x1b$BF|K\\\x1b(B"
	// "é!"
}
