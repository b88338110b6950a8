package iconvtest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
)

// pairs7 returns every pair of bytes 21–7E, each between shift sequences
// open and close and on a line of its own.
func pairs7(open, close string) []byte {
	var b bytes.Buffer
	for c1 := 0x21; c1 <= 0x7E; c1++ {
		for c2 := 0x21; c2 <= 0x7E; c2++ {
			b.WriteString(open)
			b.WriteByte(byte(c1))
			b.WriteByte(byte(c2))
			b.WriteString(close)
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// compareLines decodes in line by line with c (a line it cannot decode
// whole is empty) and compares each line with the reference's; known gives the
// reason for each known difference, by line.
func compareLines(t *testing.T, c *encoding.Codec, in, ref []byte, name string, known map[string]string) int {
	lines := bytes.Split(bytes.TrimSuffix(in, []byte("\n")), []byte("\n"))
	refLines := strings.Split(strings.TrimSuffix(string(ref), "\n"), "\n")
	if len(lines) != len(refLines) {
		t.Fatalf("%s: %d lines, the reference %d", c, len(lines), len(refLines))
	}
	n := 0
	for i, l := range lines {
		got, err := c.AppendDecode(nil, l)
		if err != nil {
			got = nil
		}
		if why, ok := known[string(l)]; ok && string(got) != refLines[i] {
			t.Logf("%s: %q: ucs %q, %s %q: %s", c, l, got, name, refLines[i], why)
		} else if string(got) != refLines[i] {
			t.Errorf("%s: %q decodes to %q, %s to %q", c, l, got, name, refLines[i])
		}
		if len(got) > 0 {
			n++
		}
	}
	return n
}

// TestISO2022KRBothWays decodes every two-byte code of KS X 1001 with
// iconv and ucs, and encodes every character with both.
func TestISO2022KRBothWays(t *testing.T) {
	iconvPath(t)
	in := append([]byte("\x1b$)C"), pairs7("\x0e", "\x0f")...)
	ref, _ := runIconv(t, "ISO-2022-KR", "UTF-8", in, true)
	n := compareLines(t, korean.ISO2022KR, in[4:], ref, "iconv", map[string]string{
		"\x0e\x22\x68\x0f": "A2 E8: U+327E ㉾, added by KS X 1001:2002; WHATWG's EUC-KR index (ucs's table) lacks it",
	})
	t.Logf("%d codes decode in both", n)
	if _, err := korean.ISO2022KR.AppendDecode(nil, in); err == nil {
		t.Fatal("every pair decoded: the table should have holes")
	}
	text, _ := korean.ISO2022KR.WithPolicy(encoding.Skip).AppendDecode(nil, in)
	want, err := runIconv(t, "UTF-8", "ISO-2022-KR", text, false)
	if err != nil {
		t.Fatal(err)
	}
	got, err := korean.ISO2022KR.AppendEncode(nil, text)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("encoding every character: %v, differs from iconv at byte %d", err, firstDiff(got, want))
	}
}

// TestHZBothWays decodes every two-byte code with CPython's hz codec and
// ucs, and encodes every character with both.
func TestHZBothWays(t *testing.T) {
	in := pairs7("~{", "~}")
	ref := runPython(t, `import sys
for line in sys.stdin.buffer.read().split(b"\n")[:-1]:
    try:
        print(line.decode(sys.argv[1]))
    except UnicodeDecodeError:
        print()
`, "hz", in)
	n := compareLines(t, simplifiedchinese.HZGB2312, in, ref, "CPython", map[string]string{
		"~{!$~}": "A1 A4: ucs uses GBK's (and WHATWG's) U+00B7, CPython's gb2312 (and glibc) U+30FB",
		"~{!*~}": "A1 AA: ucs uses GBK's (and WHATWG's) U+2014, CPython's gb2312 (and glibc) U+2015",
	})
	t.Logf("%d codes decode in both", n)
	text, _ := simplifiedchinese.HZGB2312.WithPolicy(encoding.Skip).AppendDecode(nil, in)
	// CPython cannot encode the two characters ucs reads differently (see
	// above): leave them out.
	text = bytes.ReplaceAll(bytes.ReplaceAll(text, []byte("\u00b7"), nil), []byte("\u2014"), nil)
	want := runPython(t, `import sys
sys.stdout.buffer.write(sys.stdin.buffer.read().decode("utf-8").encode(sys.argv[1]))
`, "hz", text)
	got, err := simplifiedchinese.HZGB2312.AppendEncode(nil, text)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("encoding every character: %v, differs from CPython at byte %d", err, firstDiff(got, want))
	}
}

// TestJohabEncode encodes every character Johab decodes with iconv and
// ucs (TestTableSweep decodes every code with both): byte for byte the
// same, the backslash aside (ucs keeps 5C ASCII; glibc reads it as ₩ and
// writes U+005C as 5C too).
func TestJohabEncode(t *testing.T) {
	iconvPath(t)
	seqs, dec := codes(korean.Johab)
	text := []byte(strings.Join(dec, "\n"))
	want, err := runIconv(t, "UTF-8", "JOHAB", text, false)
	if err != nil {
		t.Fatal(err)
	}
	got, err := korean.Johab.AppendEncode(nil, text)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("encoding the %d characters: %v; differs from iconv at byte %d", len(seqs), err, firstDiff(got, want))
	}
	t.Logf("%d characters encoded as iconv does", len(seqs))
}
