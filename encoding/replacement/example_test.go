package replacement_test

import (
	"fmt"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/replacement"
)

func ExampleReplacement() {
	s, _ := replacement.Replacement.WithPolicy(encoding.Replace).AppendDecode(nil, []byte("~{<:Ky2;S{#,~}"))
	fmt.Printf("%+q\n", s)
	// Output: "\ufffd"
}

func ExampleUnicode11UTF8() {
	_, err := replacement.Unicode11UTF8.AppendDecode(nil, []byte("ok \u3400"))
	fmt.Println(err)
	// Output: unicode-1-1-utf-8: byte 3: invalid-sequence (bytes E3 90 80)
}
