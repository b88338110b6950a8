package charset_test

import (
	"fmt"

	"github.com/ucskit/ucs/charset"
)

// Lookup follows the WHATWG labels, except that latin1, iso-8859-1, ascii
// and us-ascii name the true ISO-8859-1 and US-ASCII (WHATWG: windows-1252),
// hz-gb-2312 and iso-2022-kr name real codecs (WHATWG: the replacement
// encoding), and unicode-1-1-utf-8 names a decode-only charset that
// refuses the withdrawn Unicode 1.1 Hangul block (WHATWG: UTF-8).
func ExampleLookup_legacyLabels() {
	for _, label := range []string{"latin1", "ascii", "cp1252", "gb2312", "CP936", "cp20936", "tis-620", "hz-gb-2312", "iso-2022-cn", "unicode-1-1-utf-8"} {
		c, err := charset.Lookup(label)
		if err != nil {
			fmt.Println(label, err)
			continue
		}
		fmt.Printf("%-18s → %s (encodes: %v)\n", label, c.Name, c.CanEncode())
	}
	// Output:
	// latin1             → iso-8859-1 (encodes: true)
	// ascii              → us-ascii (encodes: true)
	// cp1252             → windows-1252 (encodes: true)
	// gb2312             → gbk (encodes: true)
	// CP936              → gbk (encodes: true)
	// cp20936            → euc-cn (encodes: true)
	// tis-620            → windows-874 (encodes: true)
	// hz-gb-2312         → hz-gb-2312 (encodes: true)
	// iso-2022-cn        → iso-2022-cn (encodes: true)
	// unicode-1-1-utf-8  → unicode-1-1-utf-8 (encodes: false)
}

// A legacy charset's codec is strict: it reports the first malformed
// sequence with its byte offset.
func ExampleLookup_strictDecoding() {
	c := charset.MustLookup("gbk")
	text, err := c.Codec.AppendDecode(nil, []byte("\xba\xba\xd7\xd6 \x81\x28"))
	fmt.Printf("%q\n%v\n", text, err)
	// Output:
	// "汉字 "
	// gbk: byte 5: invalid-sequence (bytes 81)
}
