package htmlcharset_test

import (
	"encoding/xml"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/ucskit/ucs/htmlcharset"
)

// NewReader decodes an HTTP response body to UTF-8, from the encoding its
// Content-Type header or its <meta> element declares.
func ExampleNewReader() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=Shift_JIS")
		io.WriteString(w, "<p>\x93\xfa\x96\x7b\x8c\xea</p>") // 日本語
	}))
	defer srv.Close()

	resp, err := http.Get(srv.URL)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	r, err := htmlcharset.NewReader(resp.Body, resp.Header.Get("Content-Type"))
	if err != nil {
		log.Fatal(err)
	}
	body, err := io.ReadAll(r)
	fmt.Println(string(body), err)
	// Output: <p>日本語</p> <nil>
}

func ExampleDetermineEncoding() {
	page := []byte(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=koi8-r">`)
	_, name, certain := htmlcharset.DetermineEncoding(page, "text/html")
	fmt.Println(name, certain)

	_, name, certain = htmlcharset.DetermineEncoding(page, "text/html; charset=windows-1251")
	fmt.Println(name, certain)

	// Nothing declared: x/net would say windows-1252; the detector reads
	// the text.
	undeclared := []byte("<p>\xf7\xde\xc5\xd2\xc1 \xd7\xc5\xde\xc5\xd2\xcf\xcd \xcd\xd9 \xc4\xcf\xcc\xc7\xcf \xc7\xd5\xcc\xd1\xcc\xc9.</p>")
	_, name, certain = htmlcharset.DetermineEncoding(undeclared, "")
	fmt.Println(name, certain)
	// Output:
	// koi8-r false
	// windows-1251 true
	// koi8-r false
}

// Web labels follow the WHATWG Encoding Standard: latin1 is windows-1252.
func ExampleLookup() {
	for _, label := range []string{"latin1", "UTF-16", " sjis ", "x-user-defined", "utf-32"} {
		e, name := htmlcharset.Lookup(label)
		fmt.Printf("%q: %q %v\n", label, name, e != nil)
	}
	// Output:
	// "latin1": "windows-1252" true
	// "UTF-16": "utf-16le" true
	// " sjis ": "shift_jis" true
	// "x-user-defined": "x-user-defined" true
	// "utf-32": "" false
}

// NewReaderLabel fits xml.Decoder.CharsetReader.
func ExampleNewReaderLabel() {
	doc := "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><w>caf\xe9</w>"
	d := xml.NewDecoder(strings.NewReader(doc))
	d.CharsetReader = htmlcharset.NewReaderLabel
	var w string
	err := d.Decode(&w)
	fmt.Println(w, err)
	// Output: café <nil>
}
