package simplifiedchinese

import (
	"bytes"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

func TestHZHarness(t *testing.T) {
	enctest.TestPairs(t, HZGB2312, []enctest.Pair{
		{Name: "RFC 1843", Encoded: []byte("~{<:Ky2;S{#,NpJ)l6HK!#~}"), Text: "己所不欲，勿施於人。"},
		{Name: "tilde", Encoded: []byte("a~~b"), Text: "a~b"},
		{Name: "lines", Encoded: []byte("~{VPND~} a~~b\n~{VP~}"), Text: "中文 a~b\n中"},
		{Name: "empty", Encoded: nil, Text: ""},
		{Name: "cell 94", Encoded: []byte("~{!~~}"), Text: "〓"},
	}, true)
	enctest.TestPairs(t, HZGB2312, []enctest.Pair{
		{Name: "continuation", Encoded: []byte("a~\nb"), Text: "ab"},
		{Name: "no ~} at the end", Encoded: []byte("~{VP"), Text: "中"},
	}, false)
	enctest.TestMalformed(t, HZGB2312, []enctest.Malformed{
		{Name: "8-bit", Input: []byte("a\xd6\xd0b"), Replace: "a\uFFFD\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "bad escape", Input: []byte("a~xb"), Replace: "a\uFFFDxb", Offset: 1, Kind: encoding.InvalidEscape},
		{Name: "~} in ASCII", Input: []byte("a~}b"), Replace: "a\uFFFD}b", Offset: 1, Kind: encoding.InvalidEscape},
		{Name: "line end in GB", Input: []byte("~{VP\n~}a"), Replace: "中\uFFFDa", Offset: 4, Kind: encoding.InvalidByte},
		{Name: "unassigned", Input: []byte("~{*!~}"), Replace: "\uFFFD", Offset: 2, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("~{V"), Replace: "\uFFFD", Offset: 2, Kind: encoding.Truncated},
		{Name: "lone tilde", Input: []byte("a~"), Replace: "a\uFFFD", Offset: 1, Kind: encoding.Truncated},
	})
	text := []byte("中文文本 a~b\n汉字 \u00e9\U0001F600 ～ 終")
	in, err := HZGB2312.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	enctest.Streaming(t, HZGB2312, false, in, 10)
	enctest.Streaming(t, HZGB2312.WithPolicy(encoding.Replace), true, text, 10)
	enctest.Streaming(t, HZGB2312.WithPolicy(encoding.Escape), true, text, 10)
	for _, b := range enctest.MalformedBytes() {
		enctest.Policies(t, HZGB2312, false, b)
		enctest.Streaming(t, HZGB2312.WithPolicy(encoding.Replace), false, b, 3)
	}
	got, err := HZGB2312.WithPolicy(encoding.Replace).AppendEncode(nil, []byte("中€中"))
	if err != nil || !bytes.Equal(got, []byte("~{VP~}?~{VP~}")) {
		t.Errorf("replace: %q, %v", got, err)
	}
}

// TestHZAllGB2312 encodes and decodes every character of GB 2312.
func TestHZAllGB2312(t *testing.T) {
	n := 0
	for row := 1; row <= 94; row++ {
		for cell := 1; cell <= 94; cell++ {
			r, ok := QuweiToRune(row, cell)
			if !ok {
				continue
			}
			n++
			want := []byte{'~', '{', byte(row + 0x20), byte(cell + 0x20), '~', '}'}
			got, err := HZGB2312.AppendEncode(nil, []byte(string(r)))
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%U: %q, %v; want %q", r, got, err, want)
			}
			back, err := HZGB2312.AppendDecode(nil, want)
			if err != nil || string(back) != string(r) {
				t.Fatalf("%q: %q, %v", want, back, err)
			}
		}
	}
	if n != 7445 {
		t.Errorf("%d characters, want 7445", n)
	}
}

var hzSamples = [][]byte{
	[]byte("~{<:Ky2;S{#,~}"), []byte("a~~b~\nc"), []byte("~{VP\n"), []byte("~x~}~"), []byte("~{*!~}"),
	{'~', '{', 0x80, 0xff}, []byte("~{V"),
}

func FuzzHZ(f *testing.F) {
	for _, s := range enctest.Seeds(hzSamples, nil) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, HZGB2312, data, nil) })
}

func TestWriteHZSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzHZ", enctest.Seeds(hzSamples, nil))
}
