package enctest_test

import (
	"fmt"

	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/encoding/utf"
)

// Drive runs a transformer over input cut into chunks, with a destination
// buffer of the given size, the way a stream would feed it; Whole runs it
// over the input at once. A codec must give the same result both ways.
func ExampleDrive() {
	src := []byte("h\x00\xE9\x00\x3D\xD8\x00\xDE") // "hé😀" in UTF-16LE
	whole := enctest.Whole(utf.UTF16LE.NewDecoder(), src)
	chunks := [][]byte{src[:1], src[1:5], src[5:7], src[7:]}
	split := enctest.Drive(utf.UTF16LE.NewDecoder(), chunks, 3)
	fmt.Println(string(whole.Out), string(split.Out), split.Err)
	// Output: hé😀 hé😀 <nil>
}

// ErrOffset gives the byte offset of the error a transformer reported, or
// -1.
func ExampleResult_ErrOffset() {
	r := enctest.Whole(utf.UTF8.NewDecoder(), []byte("ok\xFF"))
	fmt.Println(r.ErrOffset(), r.Err)
	// Output: 2 utf-8: byte 2: invalid-byte (bytes FF)
}
