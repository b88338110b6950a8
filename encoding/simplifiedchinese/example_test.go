package simplifiedchinese_test

import (
	"fmt"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
)

func ExampleQuweiToRune() {
	r, ok := simplifiedchinese.QuweiToRune(16, 1)
	fmt.Printf("%c %v\n", r, ok)
	_, ok = simplifiedchinese.QuweiToRune(10, 1) // row 10 is empty
	fmt.Println(ok)
	// Output:
	// 啊 true
	// false
}

func ExampleRuneToQuwei() {
	row, cell, ok := simplifiedchinese.RuneToQuwei('汉')
	fmt.Println(simplifiedchinese.FormatQuwei(row, cell), ok)
	fmt.Printf("% X\n", simplifiedchinese.QuweiToEUCCN(row, cell))
	// Output:
	// 2626 true
	// BA BA
}

func ExampleParseQuwei() {
	row, cell, err := simplifiedchinese.ParseQuwei("1601")
	fmt.Println(row, cell, err)
	_, _, err = simplifiedchinese.ParseQuwei("1001")
	fmt.Println(err)
	// Output:
	// 16 1 <nil>
	// quwei code "1001": GB 2312 has no character at row 10, cell 1
}

func ExampleQuweiToEUCCN() {
	fmt.Printf("% X\n", simplifiedchinese.QuweiToEUCCN(16, 1))
	// Output: B0 A1
}

func ExampleFormatQuwei() {
	fmt.Println(simplifiedchinese.FormatQuwei(1, 1))
	// Output: 0101
}

func ExampleGB18030() {
	b, _ := simplifiedchinese.GB18030.AppendEncode(nil, []byte("汉字€\U0001F600"))
	fmt.Printf("% X\n", b)
	s, _ := simplifiedchinese.GB18030.AppendDecode(nil, b)
	fmt.Println(string(s))
	// Output:
	// BA BA D7 D6 A2 E3 94 39 FC 36
	// 汉字€😀
}

func ExampleGBK() {
	// Strict by default: the first unencodable character stops encoding.
	_, err := simplifiedchinese.GBK.AppendEncode(nil, []byte("汉\U0001F600"))
	fmt.Println(err)
	b, _ := simplifiedchinese.GBK.WithPolicy(encoding.Replace).AppendEncode(nil, []byte("汉\U0001F600"))
	fmt.Printf("% X\n", b)
	// Output:
	// gbk: byte 3: U+1F600 cannot be encoded
	// BA BA 3F
}
