package charset_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"

	"github.com/ucskit/ucs/charset"
	"golang.org/x/text/transform"
)

// Any registry codec is an x/text encoding.Encoding, so it plugs into the
// standard library wherever a charset reader is wanted.
func ExampleLookup_xmlCharsetReader() {
	doc := []byte("<?xml version=\"1.0\" encoding=\"GBK\"?><msg>\xba\xba\xd7\xd6</msg>")
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.CharsetReader = func(label string, r io.Reader) (io.Reader, error) {
		cs, err := charset.Lookup(label)
		if err != nil {
			return nil, err
		}
		return transform.NewReader(r, cs.Codec.NewDecoder()), nil
	}
	var msg string
	if err := d.Decode(&msg); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(msg)
	// Output: 汉字
}

// Lookup suggests the closest names for a label it does not know.
func ExampleLookup_unknown() {
	_, err := charset.Lookup("shift-jsi")
	fmt.Println(err)
	// Output: unknown encoding "shift-jsi" (did you mean "shift_jis"?); 'ucs list' shows every encoding
}
