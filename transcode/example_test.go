package transcode_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/transcode"
)

// Copy converts a stream and says where it stopped.
func ExampleCopy() {
	gbk := charset.MustLookup("gbk").Codec
	latin1 := charset.MustLookup("iso-8859-1").Codec
	in, _ := gbk.AppendEncode(nil, []byte("Prix: 5 €\r\nCafé\r\n价格\r\n"))

	var out bytes.Buffer
	_, err := transcode.Copy(&out, bytes.NewReader(in), gbk, latin1, transcode.Options{Newline: transcode.LF})
	var e *transcode.Error
	if errors.As(err, &e) {
		fmt.Printf("line %d, column %d, byte %d: %s %s\n", e.Line, e.Column, e.Offset, e.Kind, encoding.FormatRune(e.Rune))
	}
	fmt.Println(err)

	// With a policy, the conversion goes on and Report hears of each
	// malformed sequence it handled.
	opts := transcode.Options{
		Invalid:    encoding.Replace,
		Unmappable: encoding.Escape, Escape: encoding.EscapeXML,
		Report: func(e *transcode.Error) { fmt.Println("fixed:", e) },
	}
	st, err := transcode.Copy(os.Stdout, strings.NewReader("ok\xFF €\n"), charset.MustLookup("utf-8").Codec, charset.MustLookup("us-ascii").Codec, opts)
	fmt.Println(st.In, st.Out, st.Fixed, err)
	// Output:
	// line 1, column 9, byte 8: unmappable U+20AC
	// 1:9: byte 8: unmappable (U+20AC cannot be encoded in iso-8859-1)
	// fixed: 1:3: byte 2: invalid-byte (bytes FF)
	// ok&#65533; &#8364;
	// 8 19 1 <nil>
}

// NewReader is the io.Reader form.
func ExampleNewReader() {
	sjis := charset.MustLookup("shift_jis").Codec
	utf8 := charset.MustLookup("utf-8").Codec
	r := transcode.NewReader(strings.NewReader("\x93\xfa\x96\x7b\x8c\xea"), sjis, utf8, transcode.Options{})
	defer r.Close()
	b, err := io.ReadAll(r)
	fmt.Println(string(b), err)
	// Output: 日本語 <nil>
}

// Decode hands on decoded text with the position of its start, and each
// bad sequence the policy handled with its own.
func ExampleDecoder() {
	in := []byte("Grüße\r\nna\xEFve\r\n")
	d := transcode.Decoder{
		From:    charset.MustLookup("utf-8").Codec,
		Invalid: encoding.Replace,
		Name:    "notes.txt",
		Report: func(e *transcode.Error) error {
			fmt.Println("fixed:", e)
			return nil
		},
	}
	st, err := d.Decode(bytes.NewReader(in), func(text []byte, at transcode.Position) error {
		fmt.Printf("%d:%d (byte %d): %q\n", at.Line, at.Column, at.Offset, text)
		return nil
	})
	fmt.Println(st.Fixed, err)
	// Output:
	// 1:1 (byte 0): "Grüße\r\nna"
	// fixed: notes.txt:2:3: byte 11: bad-continuation (bytes EF)
	// 2:3 (byte 11): "�ve\r\n"
	// 1 <nil>
}
