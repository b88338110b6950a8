package detect_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/ucskit/ucs/detect"
)

func ExampleDetect() {
	// "Вчера вечером мы долго гуляли по набережной." in KOI8-R.
	b := []byte("\xf7\xde\xc5\xd2\xc1 \xd7\xc5\xde\xc5\xd2\xcf\xcd \xcd\xd9 \xc4\xcf\xcc\xc7\xcf " +
		"\xc7\xd5\xcc\xd1\xcc\xc9 \xd0\xcf \xce\xc1\xc2\xc5\xd2\xc5\xd6\xce\xcf\xca.")
	c := detect.Detect(b).Best()
	fmt.Println(c.Encoding, c.Language)
	// Output: koi8-r ru
}

func ExampleDetect_trap() {
	// The GBK bytes of 联通 look like UTF-8 but are not: C1 starts only
	// overlong forms.
	for _, c := range detect.Detect([]byte{0xC1, 0xAA, 0xCD, 0xA8}).Candidates {
		if c.Encoding == "utf-8" {
			fmt.Println("utf-8 is a candidate")
		}
	}
	fmt.Println(detect.Detect([]byte{0xC1, 0xAA, 0xCD, 0xA8}).Best().Encoding)
	// Output: gbk
}

func ExampleDetectReader() {
	res, err := detect.DetectReader(strings.NewReader("Grüße aus Köln"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Best().Encoding)
	// Output: utf-8
}

func ExampleResult_Best() {
	fmt.Println(detect.Detect([]byte("plain ASCII")).Best().Encoding)
	// Output: us-ascii
}

func ExampleDetectStream() {
	// Detect, then decode the whole stream with the best guess.
	in := strings.NewReader("\xEF\xBB\xBFna\xC3\xAFve caf\xC3\xA9")
	res, r, err := detect.DetectStream(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	best := res.Best()
	data, _ := io.ReadAll(r)
	text, err := best.Charset.Codec.AppendDecode(nil, data)
	fmt.Println(best.Encoding, best.BOM, string(text), err)
	// Output: utf-8 true naïve café <nil>
}
