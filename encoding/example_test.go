package encoding_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/utf"
)

// A codec is strict by default: decoding stops at the first malformed
// sequence, and the *Error says where it is and what is wrong.
func ExampleError() {
	_, err := utf.UTF8.AppendDecode(nil, []byte("caf\xC3\xA9 \xE2\x82 ok"))
	var e *encoding.Error
	if errors.As(err, &e) {
		fmt.Println("offset:", e.Offset, "length:", e.Len, "kind:", e.Kind)
		fmt.Printf("bytes: % X\n", e.Bytes)
	}
	fmt.Println(err)
	// Output:
	// offset: 6 length: 2 kind: bad-continuation
	// bytes: E2 82
	// utf-8: byte 6: bad-continuation (bytes E2 82)
}

// Every codec is an x/text encoding.Encoding, so transform.NewReader
// decodes a stream with it; the error offset counts from the start of the
// stream, whatever the buffer sizes.
func ExampleCodec_NewDecoder() {
	gbk := []byte("\xC4\xE3\xBA\xC3\xA3\xAC\xCA\xC0\xBD\xE7") // 你好，世界
	r := transform.NewReader(strings.NewReader(string(gbk)), simplifiedchinese.GBK.NewDecoder())
	text, err := io.ReadAll(r)
	fmt.Println(string(text), err)
	// Output: 你好，世界 <nil>
}

// Policies choose what happens to bad input instead of failing, and
// Options.Report sees every sequence a policy handles.
func ExampleOptions() {
	in := []byte("a\xFFb\xC0\x80c")
	for _, p := range []encoding.Policy{encoding.Replace, encoding.Skip, encoding.Escape} {
		out, err := utf.UTF8.WithPolicy(p).AppendDecode(nil, in)
		fmt.Printf("%-7s %+q %v\n", p, out, err)
	}
	var changed []string
	report := func(e *encoding.Error) { changed = append(changed, fmt.Sprintf("%d:%s", e.Offset, e.Kind)) }
	codec := utf.UTF8.With(encoding.Options{Invalid: encoding.Replace, Report: report})
	out, _ := codec.AppendDecode(nil, in)
	fmt.Printf("%+q %v\n", out, changed)
	// Output:
	// replace "a\ufffdb\ufffd\ufffdc" <nil>
	// skip    "abc" <nil>
	// escape  "a\\xFFb\\xC0\\x80c" <nil>
	// "a\ufffdb\ufffd\ufffdc" [1:invalid-byte 3:overlong 4:unexpected-continuation]
}

// An encoder reports the character it cannot encode; the Escape policy
// writes it as a character reference instead.
func ExampleCodec_With() {
	_, err := simplifiedchinese.GB2312.AppendEncode(nil, []byte("温度 25℃ ☃"))
	fmt.Println(err)
	xml := simplifiedchinese.GB2312.With(encoding.Options{Unmappable: encoding.Escape, Escape: encoding.EscapeXML})
	out, _ := xml.AppendEncode(nil, []byte("☃"))
	fmt.Printf("%s\n", out)
	// Output:
	// euc-cn: byte 13: U+2603 cannot be encoded
	// &#9731;
}
