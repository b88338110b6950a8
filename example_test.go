package ucs_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/detect"
	"github.com/ucskit/ucs/encoding"
)

// Find a charset by name, decode strictly, and learn where bad input is.
func Example() {
	cs, err := charset.Lookup("Shift_JIS")
	if err != nil {
		fmt.Println(err)
		return
	}
	r := transform.NewReader(strings.NewReader("\x93\xfa\x96\x7b\x8c\xea\x82"), cs.Codec.NewDecoder())
	text, err := io.ReadAll(r)
	fmt.Printf("%s\n", text)
	var e *encoding.Error
	if errors.As(err, &e) {
		fmt.Printf("byte %d: %s\n", e.Offset, e.Kind)
	}
	// Output:
	// 日本語
	// byte 6: truncated
}

// Guess the encoding of unlabelled bytes, then decode with the best guess.
func Example_detect() {
	b := []byte("\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0! \xdd\xf2\xee \xf2\xe5\xea\xf1\xf2 \xed\xe0 \xf0\xf3\xf1\xf1\xea\xee\xec \xff\xe7\xfb\xea\xe5.")
	best := detect.Detect(b).Best()
	text, err := best.Charset.Codec.AppendDecode(nil, b)
	fmt.Println(best.Encoding, string(text), err)
	// Output: windows-1251 Привет, мир! Это текст на русском языке. <nil>
}
