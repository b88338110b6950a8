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

// TestBig5HKSCSTable decodes every two-byte code (lead 81–FE, trail 40–7E
// and A1–FE) and checks it against the pinned glibc table (not the
// generated one); every character encodes back to its code, the last one
// when it has two.
func TestBig5HKSCSTable(t *testing.T) {
	data, err := os.ReadFile("../../internal/gen/data/glibc-BIG5-HKSCS.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint16]string{}
	for _, l := range strings.Split(string(data), "\n") {
		var c uint16
		var r, r2 rune
		switch n, _ := fmt.Sscanf(l, "0x%X\t0x%X 0x%X", &c, &r, &r2); n {
		case 2:
			want[c] = string(r)
		case 3:
			want[c] = string(r) + string(r2)
		}
	}
	if len(want) != 18463 {
		t.Fatalf("%d codes in the table, want 18463", len(want))
	}
	last := map[string]uint16{}
	n := 0
	for lead := 0x81; lead <= 0xFE; lead++ {
		for trail := 0x40; trail <= 0xFE; trail++ {
			if trail > 0x7E && trail < 0xA1 {
				continue
			}
			c := uint16(lead<<8 | trail)
			code := []byte{byte(lead), byte(trail)}
			got, err := Big5HKSCS.AppendDecode(nil, code)
			s, ok := want[c]
			if !ok {
				if err == nil {
					t.Errorf("% X decodes to %q; the table has no character", code, got)
				}
				continue
			}
			n++
			if err != nil || string(got) != s {
				t.Errorf("% X → %q, %v; want %q", code, got, err, s)
			}
			last[s] = c
		}
	}
	if n != len(want) {
		t.Fatalf("%d codes decoded, the table has %d", n, len(want))
	}
	for s, c := range last {
		enc, err := Big5HKSCS.AppendEncode(nil, []byte(s))
		if err != nil || !bytes.Equal(enc, []byte{byte(c >> 8), byte(c)}) {
			t.Errorf("%q → % X, %v; want %04X", s, enc, err, c)
		}
	}
}

func TestBig5HKSCSHarness(t *testing.T) {
	enctest.TestPairs(t, Big5HKSCS, []enctest.Pair{
		{Name: "Big5", Encoded: []byte("\xa4\xa4\xa4\xe5a"), Text: "中文a"},
		{Name: "HKSCS", Encoded: []byte("\x87\x40\x88\x66\x88\xa7\xfe\xfe"), Text: string([]rune{0x43F0, 0xCA, 0xEA, rune(big5hkscsIndex[(0xFE-0x81)*157+0xFE-0x62])})},
		{Name: "letter and mark", Encoded: []byte("\x88\x62\x88\x64\x88\xa3\x88\xa5"), Text: "Ê\u0304Ê\u030Cê\u0304ê\u030C"},
		{Name: "letter, other mark", Encoded: []byte("\x88\x66x\x88\xa7"), Text: "Êxê"},
		{Name: "80", Encoded: []byte("a\x80b"), Text: "a\u0080b"},
		{Name: "box drawing", Encoded: []byte("\xf9\xf9\xf9\xe9"), Text: "\u2550\u255E"},
	}, true)
	enctest.TestMalformed(t, Big5HKSCS, []enctest.Malformed{
		{Name: "FF", Input: []byte("a\xffb"), Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "bad trail ASCII", Input: []byte("\xa4\x20x"), Replace: "\uFFFD x", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "unassigned", Input: []byte("\x8e\x69"), Replace: "\uFFFDi", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("\xa4\xa4\xa4"), Replace: "中\uFFFD", Offset: 2, Kind: encoding.Truncated},
	})
	text := []byte("中文 香港 \u43F0 Ê\u0304Ê ê\u030C ê\u0301 \U00027267 a\\b \u00e9\U0001F600 正體字 \u2550Ê")
	in, err := Big5HKSCS.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	enctest.Streaming(t, Big5HKSCS, false, in, 10)
	enctest.Streaming(t, Big5HKSCS.WithPolicy(encoding.Replace), true, text, 10)
	for _, b := range enctest.MalformedBytes() {
		enctest.Policies(t, Big5HKSCS, false, b)
		enctest.Streaming(t, Big5HKSCS.WithPolicy(encoding.Replace), false, b, 3)
	}
	for _, b := range enctest.MalformedUTF8() {
		enctest.Policies(t, Big5HKSCS, true, b)
	}
	if enctest.Policies(t, Big5HKSCS, true, text) == 0 {
		t.Fatal("expected unmappable characters")
	}
	// WHATWG's Big5 cannot write the HKSCS characters below A1.
	if _, err := Big5.AppendEncode(nil, []byte("\u43F0")); err == nil {
		t.Error("Big5 encodes U+43F0")
	}
}

func TestBig5HKSCSZeroAllocs(t *testing.T) {
	text := []byte(strings.Repeat("中文 香港 \u43F0 Ê\u0304 \U00027267 abc ", 64))
	enc, err := Big5HKSCS.AppendEncode(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	enctest.TestZeroAllocs(t, "decode", Big5HKSCS.DecodeTransformer(), enc)
	enctest.TestZeroAllocs(t, "encode", Big5HKSCS.EncodeTransformer(), text)
}

var big5hkscsSamples = [][]byte{
	[]byte("中文 繁體"), {0x87, 0x40}, {0x88, 0x62, 0x88, 0x64}, {0x88, 0x66}, {0xFE, 0xFE}, {0x80},
	{0xA4, 0x20}, {0xF9, 0xF9}, []byte("\U00027267\u2550Ê\u0304Ê"), {0x81}, {0x8E, 0x69},
}

func FuzzBig5HKSCS(f *testing.F) {
	for _, s := range enctest.Seeds(big5hkscsSamples, nil) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, Big5HKSCS, data, nil) })
}

func TestWriteBig5HKSCSSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzBig5HKSCS", enctest.Seeds(big5hkscsSamples, nil))
}
