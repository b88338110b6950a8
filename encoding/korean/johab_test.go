package korean

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// TestJohabTable decodes every two-byte code (lead 84–F9, trail 31–FE) and
// checks it against the pinned glibc table (not the generated one), and
// encodes every character back to its code.
func TestJohabTable(t *testing.T) {
	data, err := os.ReadFile("../../internal/gen/data/glibc-JOHAB.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint16]rune{}
	for _, l := range strings.Split(string(data), "\n") {
		var c uint16
		var r rune
		if n, _ := fmt.Sscanf(l, "0x%X\t0x%X", &c, &r); n == 2 {
			want[c] = r
		}
	}
	if len(want) != 17049 {
		t.Fatalf("%d codes in the table, want 17049", len(want))
	}
	for lead := 0x84; lead <= 0xF9; lead++ {
		for trail := 0x31; trail <= 0xFE; trail++ {
			code := []byte{byte(lead), byte(trail)}
			got, err := Johab.AppendDecode(nil, code)
			r, ok := want[uint16(lead<<8|trail)]
			if !ok {
				if err == nil && (len(got) != 1 || got[0] != byte(trail)) {
					t.Errorf("% X decodes to %q; the table has no character", code, got)
				}
				continue
			}
			if err != nil || string(got) != string(r) {
				t.Errorf("% X → %q, %v; want %U", code, got, err, r)
			}
			enc, err := Johab.AppendEncode(nil, got)
			if err != nil || !bytes.Equal(enc, code) {
				t.Errorf("%U → % X, %v; want % X", r, enc, err, code)
			}
		}
	}
}

func TestJohabHarness(t *testing.T) {
	enctest.TestPairs(t, Johab, []enctest.Pair{
		{Name: "Hangul", Encoded: []byte("\x88\x61a\\\xd0\x65\x8a\x82\xb4\xe1"), Text: "가a\\한국어"},
		{Name: "jamo, Hanja, symbols", Encoded: []byte("\x88\x41\xe0\x31\xd9\x31"), Text: "ㄱ伽\u3000"},
	}, true)
	enctest.TestMalformed(t, Johab, []enctest.Malformed{
		{Name: "80", Input: []byte("a\x80b"), Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "bad trail ASCII", Input: []byte("\x88\x20x"), Replace: "\uFFFD x", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("\x88\x61\x88"), Replace: "가\uFFFD", Offset: 2, Kind: encoding.Truncated},
		{Name: "FA", Input: []byte("\xfa\xa1"), Replace: "\uFFFD\uFFFD", Offset: 0, Kind: encoding.InvalidByte},
	})
	text := []byte("한국어 텍스트 ㄱㄴ 伽 \u3000 a\\b \u00e9\U0001F600 똠방각하")
	in, err := Johab.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	enctest.Streaming(t, Johab, false, in, 10)
	enctest.Streaming(t, Johab.WithPolicy(encoding.Replace), true, text, 10)
	for _, b := range enctest.MalformedBytes() {
		enctest.Policies(t, Johab, false, b)
		enctest.Streaming(t, Johab.WithPolicy(encoding.Replace), false, b, 3)
	}
	for _, b := range enctest.MalformedUTF8() {
		enctest.Policies(t, Johab, true, b)
	}
	if enctest.Policies(t, Johab, true, text) == 0 {
		t.Fatal("expected unmappable characters")
	}
}

var johabSamples = [][]byte{
	[]byte("\x88\x61a\\\xd0\x65"), {0x88, 0x41}, {0xe0, 0x31}, {0xd9, 0x31}, {0x84, 0x42}, {0x88, 0x20}, {0x80}, {0xff},
	{0xf9, 0xfe}, {0x88},
}

func FuzzJohab(f *testing.F) {
	for _, s := range enctest.Seeds(johabSamples, nil) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, Johab, data, nil) })
}

func TestWriteJohabSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzJohab", enctest.Seeds(johabSamples, nil))
}
