package korean

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/internal/simd"
)

func TestISO2022KRHarness(t *testing.T) {
	enctest.TestPairs(t, ISO2022KR, []enctest.Pair{
		{Name: "가a", Encoded: []byte("\x1b$)C\x0e\x30\x21\x0fa"), Text: "가a"},
		{Name: "lines", Encoded: []byte("\x1b$)C\x0e\x30\x21\x0f\n\x0e\x30\x21\x0f"), Text: "가\n가"},
		{Name: "ASCII", Encoded: []byte("\x1b$)Cabc"), Text: "abc"},
		{Name: "gaps", Encoded: []byte("\x1b$)C\x0e\x30\x21\x0f \x0e\x30\x21\x0f\x00\x0e\x30\x21\x0f. \x0e\x30\x21\x0f"), Text: "가 가\x00가. 가"},
		{Name: "empty", Encoded: nil, Text: ""},
	}, true)
	enctest.TestMalformed(t, ISO2022KR, []enctest.Malformed{
		{Name: "8-bit", Input: []byte("a\xb0\xa1b"), Replace: "a\uFFFD\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "other escape", Input: []byte("a\x1b$)Ab"), Replace: "a\uFFFD$)Ab", Offset: 1, Kind: encoding.InvalidEscape},
		{Name: "line end in KS X 1001", Input: []byte("\x0e\x30\x21\n\x0fa"), Replace: "가\uFFFDa", Offset: 3, Kind: encoding.InvalidByte},
		{Name: "bad trail", Input: []byte("\x0e\x30\x0f"), Replace: "\uFFFD", Offset: 1, Kind: encoding.InvalidSequence},
		{Name: "unassigned", Input: []byte("\x0e\x22\x6f\x0f"), Replace: "\uFFFD", Offset: 1, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("\x0e\x30"), Replace: "\uFFFD", Offset: 1, Kind: encoding.Truncated},
	})
	text := []byte("한국어 텍스트 a~b\n똠방각하 \u00e9\U0001F600 \x0e 끝")
	in, err := ISO2022KR.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	enctest.Streaming(t, ISO2022KR, false, in, 10)
	enctest.Streaming(t, ISO2022KR.WithPolicy(encoding.Replace), true, text, 10)
	enctest.Streaming(t, ISO2022KR.WithPolicy(encoding.Escape), true, text, 10)
	for _, b := range enctest.MalformedBytes() {
		enctest.Policies(t, ISO2022KR, false, b)
		enctest.Streaming(t, ISO2022KR.WithPolicy(encoding.Replace), false, b, 3)
	}
	// The replacement leaves KS X 1001 first, so the "?" is ASCII.
	got, err := ISO2022KR.WithPolicy(encoding.Replace).AppendEncode(nil, []byte("가똠é가"))
	if err != nil || !bytes.Equal(got, []byte("\x1b$)C\x0e\x30\x21\x0f??\x0e\x30\x21\x0f")) {
		// 똠 is UHC only: not KS X 1001.
		t.Errorf("replace: %q, %v", got, err)
	}
	got, err = ISO2022KR.With(encoding.Options{Unmappable: encoding.Escape, Escape: encoding.EscapeXML}).AppendEncode(nil, []byte("a\x0eb"))
	if err != nil || string(got) != "\x1b$)Ca&#65533;b" {
		t.Errorf("SO as a reference: %q, %v", got, err)
	}
}

// TestISO2022KRAllKSX1001 encodes and decodes every character of KS X
// 1001 (the EUC-KR codes A1–FE A1–FE, € and ® of the 1998 edition included).
func TestISO2022KRAllKSX1001(t *testing.T) {
	n := 0
	for lead := 0xA1; lead <= 0xFE; lead++ {
		for trail := 0xA1; trail <= 0xFE; trail++ {
			r, err := EUCKR.AppendDecode(nil, []byte{byte(lead), byte(trail)})
			if err != nil {
				continue
			}
			n++
			want := []byte{0x1b, '$', ')', 'C', 0x0e, byte(lead - 0x80), byte(trail - 0x80), 0x0f}
			got, err := ISO2022KR.AppendEncode(nil, r)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%q: % X, %v; want % X", r, got, err, want)
			}
			back, err := ISO2022KR.AppendDecode(nil, want)
			if err != nil || !bytes.Equal(back, r) {
				t.Fatalf("% X: %q, %v; want %q", want, back, err, r)
			}
		}
	}
	if n != 8226 { // 8224, and € and ® added by KS X 1001:1998
		t.Errorf("%d characters in KS X 1001, want 8226", n)
	}
}

var iso2022krSamples = [][]byte{
	[]byte("\x1b$)C\x0e\x30\x21\x0fa"), []byte("\x0e\x30\x21\n"), []byte("\x1b$)"), []byte("\x1b$)C\x1b$)C"),
	[]byte("\x0e\x0e\x0f\x0f"), []byte("\x0e\x22\x6f"), {0x0e, 0x30}, {0x80, 0x0e, 0xff},
	// Longer than a 64-byte block of the vector path, clean and faulty.
	iso2022krRandom(rand.New(rand.NewPCG(5, 6)), 300, 0), iso2022krRandom(rand.New(rand.NewPCG(7, 8)), 300, 8),
	iso2022krRandomText(rand.New(rand.NewPCG(5, 6)), 300, 0), iso2022krRandomText(rand.New(rand.NewPCG(7, 8)), 300, 8),
}

func FuzzISO2022KR(f *testing.F) {
	for _, s := range enctest.Seeds(iso2022krSamples, nil) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		enctest.CheckFuzz(t, ISO2022KR, data, nil)
		// The block paths (when the CPU has them) against the scalar loops.
		got := iso2022krResults(data, len(data)/2, 4*len(data)+64)
		restore, _ := simd.ForceKernel("scalar")
		want := iso2022krResults(data, len(data)/2, 4*len(data)+64)
		restore()
		if !sameResults(got, want) {
			t.Fatalf("%q: got %v, the scalar decoder %v", data, got, want)
		}
		got = iso2022krEncodeResults(data, len(data)/2, 4*len(data)+64)
		restore, _ = simd.ForceKernel("scalar")
		want = iso2022krEncodeResults(data, len(data)/2, 4*len(data)+64)
		restore()
		if !sameResults(got, want) {
			t.Fatalf("%q: encoded, got %v, the scalar encoder %v", data, got, want)
		}
	})
}

func TestWriteISO2022KRSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzISO2022KR", enctest.Seeds(iso2022krSamples, nil))
}
