package width_test

import (
	"fmt"

	"github.com/ucskit/ucs/width"
)

func ExampleString() {
	fmt.Println(width.String("abc"), width.String("汉字"), width.String("e\u0301"), width.String("\U0001F600"))
	// Output: 3 4 1 2
}

func ExampleOptions_String() {
	fmt.Println(width.String("αβγ"), width.Options{AmbiguousWide: true}.String("αβγ"))
	// Output: 3 6
}

func ExampleTruncate() {
	s, w := width.Truncate("汉字テキスト", 5)
	fmt.Println(s, w)
	// Output: 汉字 4
}
