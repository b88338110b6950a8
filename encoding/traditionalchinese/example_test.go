package traditionalchinese_test

import (
	"fmt"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
)

func ExampleBig5() {
	b, _ := traditionalchinese.Big5.AppendEncode(nil, []byte("中文"))
	fmt.Printf("% X\n", b)
	// WHATWG's error recovery: the bad trail 20 is a space again.
	s, _ := traditionalchinese.Big5.WithPolicy(encoding.Replace).AppendDecode(nil, []byte("\xA4\x20x"))
	fmt.Printf("%+q\n", s)
	// Output:
	// A4 A4 A4 E5
	// "\ufffd x"
}

func ExampleCP950() {
	s, _ := traditionalchinese.CP950.AppendDecode(nil, []byte("\xA4\xA4\xFA\x40"))
	fmt.Printf("%q\n", s)
	// Output: "中\ue000"
}
