package korean_test

import (
	"fmt"

	"github.com/ucskit/ucs/encoding/korean"
)

func ExampleEUCKR() {
	b, _ := korean.EUCKR.AppendEncode(nil, []byte("한국어 똠"))
	fmt.Printf("% X\n", b)
	// Output: C7 D1 B1 B9 BE EE 20 8C 63
}
