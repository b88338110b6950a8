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

func ExampleRune() {
	fmt.Println(width.Rune('a'), width.Rune('汉'), width.Rune('\u0301'), width.Rune('\u200B'))
	// Output: 1 2 0 0
}

func ExampleOptions_Bytes() {
	fmt.Println(width.Options{}.Bytes([]byte("ＡＢＣ")))
	// Output: 6
}

func ExampleOptions_Rune() {
	fmt.Println(width.Options{}.Rune('─'), width.Options{AmbiguousWide: true}.Rune('─'))
	// Output: 1 2
}

func ExampleOptions_Truncate() {
	s, w := width.Options{AmbiguousWide: true}.Truncate("αβγδ", 5)
	fmt.Println(s, w)
	// Output: αβ 4
}

func ExampleOptions_Clusters() {
	width.Options{}.Clusters("e\u0301汉\U0001F1EC\U0001F1E7", func(c width.Cluster) bool {
		fmt.Printf("%+q %d\n", c.Text, c.Width)
		return true
	})
	// Output:
	// "e\u0301" 1
	// "\u6c49" 2
	// "\U0001f1ec\U0001f1e7" 2
}

func ExampleOptions_Prefix() {
	// The last cluster may still grow (a combining mark may follow), so a
	// streaming reader keeps it for the next chunk.
	cols, n := width.Options{}.Prefix([]byte("汉字e"), false)
	fmt.Println(cols, n)
	// Output: 4 6
}

func ExampleLastBoundary() {
	fmt.Println(width.LastBoundary([]byte("abe\u0301")))
	// Output: 2
}
