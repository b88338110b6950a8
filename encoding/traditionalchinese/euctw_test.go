package traditionalchinese

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// TestEUCTWTable decodes every two-byte code A1–FE A1–FE and every
// four-byte code 8E A1–B0 A1–FE A1–FE and checks it against the pinned
// glibc table (not the generated one); every character encodes back to
// its two-byte code, or to the four-byte code of the first plane that has
// it.
func TestEUCTWTable(t *testing.T) {
	data, err := os.ReadFile("../../internal/gen/data/glibc-EUC-TW.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint32]rune{}
	for _, l := range strings.Split(string(data), "\n") {
		var c uint32
		var r rune
		if n, _ := fmt.Sscanf(l, "0x%X\t0x%X", &c, &r); n == 2 {
			want[c] = r
		}
	}
	if len(want) != 61309 {
		t.Fatalf("%d codes in the table, want 61309", len(want))
	}
	first := map[rune]uint32{} // the code the encoder writes
	var codes []uint32
	for l := uint32(0xA1); l <= 0xFE; l++ {
		for c := uint32(0xA1); c <= 0xFE; c++ {
			codes = append(codes, l<<8|c)
		}
	}
	for p := uint32(0xA1); p <= 0xB0; p++ {
		for l := uint32(0xA1); l <= 0xFE; l++ {
			for c := uint32(0xA1); c <= 0xFE; c++ {
				codes = append(codes, 0x8E<<24|p<<16|l<<8|c)
			}
		}
	}
	n := 0
	for _, c := range codes {
		code := []byte{byte(c >> 8), byte(c)}
		if c > 0xFFFF {
			code = []byte{0x8E, byte(c >> 16), byte(c >> 8), byte(c)}
		}
		got, err := EUCTW.AppendDecode(nil, code)
		r, ok := want[c]
		if !ok {
			if err == nil {
				t.Errorf("% X decodes to %q; the table has no character", code, got)
			}
			continue
		}
		n++
		if err != nil || string(got) != string(r) {
			t.Errorf("% X → %q, %v; want %U", code, got, err, r)
		}
		if _, ok := first[r]; !ok {
			first[r] = c
		}
	}
	if n != len(want) {
		t.Fatalf("%d codes decoded, the table has %d", n, len(want))
	}
	for r, c := range first {
		code := []byte{byte(c >> 8), byte(c)}
		if c > 0xFFFF {
			code = []byte{0x8E, byte(c >> 16), byte(c >> 8), byte(c)}
		}
		enc, err := EUCTW.AppendEncode(nil, []byte(string(r)))
		if err != nil || !bytes.Equal(enc, code) {
			t.Errorf("%U → % X, %v; want % X", r, enc, err, code)
		}
	}
}

func TestEUCTWHarness(t *testing.T) {
	enctest.TestPairs(t, EUCTW, []enctest.Pair{
		{Name: "plane 1", Encoded: []byte("\xc4\xa1a\\\xa1\xa1\xa4\xbf"), Text: "一a\\\u3000卄"},
		{Name: "planes 2, 3, 15", Encoded: []byte("\x8e\xa2\xa1\xa1\x8e\xa3\xa1\xa1\x8e\xaf\xa1\xa1"), Text: "乂\u4E28\U00020002"},
		{Name: "supplementary", Encoded: []byte("x\x8e\xa4\xa1\xa1"), Text: "x𠂆"},
	}, true)
	enctest.TestMalformed(t, EUCTW, []enctest.Malformed{
		{Name: "80", Input: []byte("a\x80b"), Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "bad trail ASCII", Input: []byte("\xc4\x20x"), Replace: "\uFFFD x", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "empty cell", Input: []byte("\xfe\xfe"), Replace: "\uFFFD", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "truncated two", Input: []byte("\xc4\xa1\xc4"), Replace: "一\uFFFD", Offset: 2, Kind: encoding.Truncated},
		{Name: "truncated four", Input: []byte("a\x8e\xa2\xa1"), Replace: "a\uFFFD", Offset: 1, Kind: encoding.Truncated},
		{Name: "plane 8", Input: []byte("\x8e\xa8\xa1\xa1"), Replace: "\uFFFD\u3000", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "8E ASCII", Input: []byte("\x8e\xa2a"), Replace: "\uFFFDa", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "empty four", Input: []byte("\x8e\xa3\xfe\xfe"), Replace: "\uFFFD", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "FF", Input: []byte("\xff\xa1"), Replace: "\uFFFD\uFFFD", Offset: 0, Kind: encoding.InvalidByte},
	})
	text := []byte("中文 臺灣 乂 \u4E28 𠂆 \U00020062 卄 a\\b \u00e9\U0001F600 正體字")
	in, err := EUCTW.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	enctest.Streaming(t, EUCTW, false, in, 10)
	enctest.Streaming(t, EUCTW.WithPolicy(encoding.Replace), true, text, 10)
	for _, b := range enctest.MalformedBytes() {
		enctest.Policies(t, EUCTW, false, b)
		enctest.Streaming(t, EUCTW.WithPolicy(encoding.Replace), false, b, 3)
	}
	for _, b := range enctest.MalformedUTF8() {
		enctest.Policies(t, EUCTW, true, b)
	}
	if enctest.Policies(t, EUCTW, true, text) == 0 {
		t.Fatal("expected unmappable characters")
	}
}

func TestEUCTWZeroAllocs(t *testing.T) {
	text := []byte(strings.Repeat("中文 臺灣 乂 𠂆 abc ", 64))
	enc, err := EUCTW.AppendEncode(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	enctest.TestZeroAllocs(t, "decode", EUCTW.DecodeTransformer(), enc)
	enctest.TestZeroAllocs(t, "encode", EUCTW.EncodeTransformer(), text)
}

var euctwSamples = [][]byte{
	[]byte("\xc4\xa1a\\\xa1\xa1"), {0x8e, 0xa2, 0xa1, 0xa1}, {0x8e, 0xa4, 0xa1, 0xa1}, {0x8e, 0xaf, 0xa1, 0xa1},
	{0x8e, 0xa1, 0xc4, 0xa1}, {0x8e, 0xa8, 0xa1, 0xa1}, {0x8e, 0xa2, 0x20}, {0x8e}, {0x8e, 0xa3}, {0xc4, 0x20},
	{0x80}, {0xff}, {0xfe, 0xfe}, {0xc4},
}

func FuzzEUCTW(f *testing.F) {
	for _, s := range enctest.Seeds(euctwSamples, nil) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, EUCTW, data, nil) })
}

func TestWriteEUCTWSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzEUCTW", enctest.Seeds(euctwSamples, nil))
}
