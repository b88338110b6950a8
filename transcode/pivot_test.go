package transcode_test

import (
	"bytes"
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
