package transcode_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/transcode"
)

// TestCopyPivotValue: a UCS-4 value beyond U+10FFFF reaches the output
// encoder through the 31-bit pivot as one sequence, so a target without it writes one replacement (Unmappable:
// Replace) or reports one error, not one per byte of its RFC 2279 form,
// which is what an encoder reading RFC 3629 UTF-8 makes of it.
func TestCopyPivotValue(t *testing.T) {
	in := []byte{0, 0, 0, 'a', 0, 0x11, 0, 0, 0, 0, 0, 'b', 0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0, 'c'}
	for _, to := range []string{"windows-1252", "gbk", "utf-16le"} {
		var out bytes.Buffer
		o, err := transcode.NewOutput(&out, cs(to), transcode.Options{Invalid: encoding.Replace, Unmappable: encoding.Replace})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := o.Copy(bytes.NewReader(in), cs("ucs-4be"), "in"); err != nil {
			t.Fatalf("%s: %v", to, err)
		}
		if err := o.Close(); err != nil {
			t.Fatal(err)
		}
		back, err := cs(to).AppendDecode(nil, out.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"utf-16le": "a\uFFFDb\uFFFDc"}[to]
		if want == "" {
			want = "a?b?c"
		}
		if string(back) != want {
			t.Errorf("ucs-4be to %s under replace: %q, want %q", to, back, want)
		}
	}
}

// TestCopyUTF8SurrogateToUCS4: UTF-8 input is strict, whatever the
// target: a surrogate's RFC 2279 form after the first chunk is an error
// when the output is UCS-4, which writes surrogate values from its own
// 31-bit pivot. The UTF-8 input once went straight into the UCS-4
// encoder after the first chunk, which wrote U+D800 and reported nothing.
func TestCopyUTF8SurrogateToUCS4(t *testing.T) {
	in := append(bytes.Repeat([]byte("a"), readSize+1000), "\xed\xa0\x80b"...)
	for _, to := range []string{"ucs-4be", "utf-8-rfc2279", "utf-16le"} {
		var out bytes.Buffer
		o, err := transcode.NewOutput(&out, cs(to), transcode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = o.Copy(bytes.NewReader(in), cs("utf-8"), "in")
		var e *transcode.Error
		if !errors.As(err, &e) {
			t.Errorf("utf-8 to %s: %v, want an error at the surrogate", to, err)
		}
	}
}
