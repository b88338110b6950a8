package traditionalchinese

import (
	"bytes"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

func TestISO2022CNHarness(t *testing.T) {
	enctest.TestPairs(t, ISO2022CN, []enctest.Pair{
		{Name: "GB 2312", Encoded: []byte("\x1b$)A\x0eVP\x0fa"), Text: "中a"},
		{Name: "plane 1", Encoded: []byte("\x1b$)G\x0eT/Dc\x0fa"), Text: "們中a"},
		{Name: "redesignation", Encoded: []byte("\x1b$)A\x0eVP\x1b$)GT/Dc\x0f"), Text: "中們中"},
		{Name: "plane 2", Encoded: []byte("a\x1b$*H\x1bN!!\x1b$)A\x0eX?\x0fb"), Text: "a乂乜b"},
		{Name: "plane 2 twice", Encoded: []byte("a\x1b$*H\x1bN!!\x1bN!!b"), Text: "a乂乂b"},
		{Name: "lines", Encoded: []byte("\x1b$)A\x0eVP\x1b$*H\x1bN!!VP\x0fb\n\x1b$*H\x1bN!!"), Text: "中乂中b\n乂"},
		{Name: "line by line", Encoded: []byte("\x1b$)A\x0eVP\x0f\n\x1b$)A\x0eVP\x0f"), Text: "中\n中"},
		{Name: "ASCII", Encoded: []byte("abc\r\n"), Text: "abc\r\n"},
		{Name: "empty", Encoded: nil, Text: ""},
	}, true)
	enctest.TestMalformed(t, ISO2022CN, []enctest.Malformed{
		{Name: "8-bit", Input: []byte("a\xd6\xd0b"), Replace: "a\uFFFD\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "other escape", Input: []byte("a\x1b$)Cb"), Replace: "a\uFFFD$)Cb", Offset: 1, Kind: encoding.InvalidEscape},
		{Name: "SS3 in ISO-2022-CN", Input: []byte("a\x1bO!!"), Replace: "a\uFFFDO!!", Offset: 1, Kind: encoding.InvalidEscape},
		{Name: "line end shifted out", Input: []byte("\x1b$)A\x0eVP\n\x0fa"), Replace: "中\uFFFDa", Offset: 7, Kind: encoding.InvalidByte},
		{Name: "bad trail", Input: []byte("\x1b$)A\x0eV\x0f"), Replace: "\uFFFD", Offset: 5, Kind: encoding.InvalidSequence},
		{Name: "unassigned", Input: []byte("\x1b$)A\x0e*!\x0f"), Replace: "\uFFFD", Offset: 5, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("\x1b$)A\x0eV"), Replace: "\uFFFD", Offset: 5, Kind: encoding.Truncated},
		{Name: "SS2 truncated", Input: []byte("a\x1bN!"), Replace: "a\uFFFD", Offset: 1, Kind: encoding.Truncated},
		{Name: "SS2 bad byte", Input: []byte("a\x1bN!\nb"), Replace: "a\uFFFD\nb", Offset: 1, Kind: encoding.InvalidSequence},
		{Name: "escape cut", Input: []byte("a\x1b$)"), Replace: "a\uFFFD$)", Offset: 1, Kind: encoding.InvalidEscape},
	})
	enctest.TestMalformed(t, ISO2022CNEXT, []enctest.Malformed{
		{Name: "SO undesignated", Input: []byte("a\x0e!!"), Replace: "a\uFFFD!!", Offset: 1, Kind: encoding.InvalidEscape},
		{Name: "SS3 undesignated", Input: []byte("a\x1bO!!"), Replace: "a\uFFFD!!", Offset: 1, Kind: encoding.InvalidEscape},
	})
	enctest.TestMalformed(t, ISO2022CN, []enctest.Malformed{
		{Name: "ISO-IR-165 in ISO-2022-CN", Input: []byte("\x1b$)E\x0e!!"), Replace: "\uFFFD$)E\u3000", Offset: 0, Kind: encoding.InvalidEscape},
	})
	// ISO-IR-165 in -EXT: GB 2312 with additions (row 0A is ASCII, 28 3B
	// ɑ); glibc's encoder tries it before plane 1, but after plane 2.
	ir := string(rune(isoir165Index[(0x28-0x21)*94+0x3B-0x21]))
	enctest.TestPairs(t, ISO2022CNEXT, []enctest.Pair{
		{Name: "ISO-IR-165", Encoded: []byte("\x1b$)E\x0e(;\x0f"), Text: ir},
		{Name: "ISO-IR-165 and GB 2312", Encoded: []byte("\x1b$)A\x0eVP\x1b$)E(;VP\x0f"), Text: "中" + ir + "中"},
	}, false)
	for _, c := range []*encoding.Codec{ISO2022CN, ISO2022CNEXT} {
		text := []byte("中文 繁體 們 乂乜 丨 a~b\n\U0002000B 香港 \u00e9\U0001F600 \x0e 終\n")
		in, err := c.WithPolicy(encoding.Skip).AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		enctest.Streaming(t, c, false, in, 10)
		enctest.Streaming(t, c.WithPolicy(encoding.Replace), true, text, 10)
		enctest.Streaming(t, c.WithPolicy(encoding.Escape), true, text, 10)
		for _, b := range enctest.MalformedBytes() {
			enctest.Policies(t, c, false, b)
			enctest.Streaming(t, c.WithPolicy(encoding.Replace), false, b, 3)
		}
		// The replacement leaves the SO set first, so the "?" is ASCII.
		got, err := c.WithPolicy(encoding.Replace).AppendEncode(nil, []byte("中ก中"))
		if err != nil || !bytes.Equal(got, []byte("\x1b$)A\x0eVP\x0f?\x0eVP\x0f")) {
			t.Errorf("%s replace: %q, %v", c, got, err)
		}
		got, err = c.With(encoding.Options{Unmappable: encoding.Escape, Escape: encoding.EscapeXML}).AppendEncode(nil, []byte("a\x0eb"))
		if err != nil || string(got) != "a&#65533;b" {
			t.Errorf("%s SO as a reference: %q, %v", c, got, err)
		}
	}
}

// TestISO2022CNEXTPlanes writes a character of plane 3 by SS3 in
// ISO-2022-CN-EXT, and finds it unmappable in ISO-2022-CN.
func TestISO2022CNEXTPlanes(t *testing.T) {
	// The first character of plane 3 that no other set has.
	tab := getCN()
	var r rune
	var code string
	for p := 2 * 8836; p < 3*8836 && code == ""; p++ {
		c := rune(euctwIndex[p])
		if c != 0 && c <= 0xFFFF && tab.gbEnc[c] == 0 && tab.cns.enc[c] == 0 && tab.plane2(c) == 0 && tab.irEnc[c] == 0 {
			r, code = c, string([]byte{byte(p%8836/94 + 0x21), byte(p%94 + 0x21)})
		}
	}
	want := "a\x1b$+I\x1bO" + code + "\x1bO" + code + "b\n\x1b$+I\x1bO" + code
	got, err := ISO2022CNEXT.AppendEncode(nil, []byte("a"+string(r)+string(r)+"b\n"+string(r)))
	if err != nil || string(got) != want {
		t.Fatalf("%U: %q, %v; want %q", r, got, err, want)
	}
	back, err := ISO2022CNEXT.AppendDecode(nil, got)
	if err != nil || string(back) != "a"+string(r)+string(r)+"b\n"+string(r) {
		t.Errorf("decode: %q, %v", back, err)
	}
	if _, err := ISO2022CN.AppendEncode(nil, []byte(string(r))); err == nil {
		t.Errorf("ISO-2022-CN encoded %U of plane 3", r)
	}
	// Planes 4–7 by their designations.
	for plane := 4; plane <= 7; plane++ {
		for p := (plane - 1) * 8836; p < plane*8836; p++ {
			if euctwIndex[p] == 0 {
				continue
			}
			code := []byte{0x1b, '$', '+', byte('I' + plane - 3), 0x1b, 'O', byte(p%8836/94 + 0x21), byte(p%94 + 0x21)}
			got, err := ISO2022CNEXT.AppendDecode(nil, code)
			if err != nil || []rune(string(got))[0] != rune(euctwIndex[p]) {
				t.Errorf("plane %d: % X: %q, %v", plane, code, got, err)
			}
			break
		}
	}
}

// TestISO2022CNEveryCode decodes every code of GB 2312 and of CNS planes 1
// and 2, as ISO-2022-CN writes them, against the tables, and encodes back
// every character whose first set is that one.
func TestISO2022CNEveryCode(t *testing.T) {
	tab := getCN()
	n := 0
	for p := 0; p < 8836; p++ {
		row, cell := byte(p/94+0x21), byte(p%94+0x21)
		for _, s := range []struct {
			code []byte
			want uint32
		}{
			{[]byte{0x1b, '$', ')', 'A', so, row, cell, si}, tab.gbDec[p]},
			{[]byte{0x1b, '$', ')', 'G', so, row, cell, si}, tab.cns.dec[p]},
			{[]byte{0x1b, 'N', row, cell}, tab.cns.dec[8836+p]},
		} {
			got, err := ISO2022CN.AppendDecode(nil, s.code)
			if s.want == 0 {
				if err == nil {
					t.Errorf("% X decodes to %q", s.code, got)
				}
				continue
			}
			n++
			r := []rune(string(got))
			if err != nil || len(r) != 1 || r[0] != mb.Unpack(s.want) {
				t.Errorf("% X: %q, %v; want %U", s.code, got, err, mb.Unpack(s.want))
				continue
			}
			back, err := ISO2022CN.AppendDecode(nil, mustEncode(t, got))
			if err != nil || !bytes.Equal(back, got) {
				t.Errorf("%q does not round-trip: %q, %v", got, back, err)
			}
		}
	}
	if n < 7445+5401+7650 {
		t.Errorf("%d codes", n)
	}
}

func mustEncode(t *testing.T, s []byte) []byte {
	t.Helper()
	b, err := ISO2022CN.AppendEncode(nil, s)
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return b
}

func TestISO2022CNZeroAllocs(t *testing.T) {
	text := bytes.Repeat([]byte("中文 繁體 們 乂乜 abc\n"), 50)
	for _, c := range []*encoding.Codec{ISO2022CN, ISO2022CNEXT} {
		enc, err := c.AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		enctest.TestZeroAllocs(t, "decode", c.DecodeTransformer(), enc)
		enctest.TestZeroAllocs(t, "encode", c.EncodeTransformer(), text)
	}
}

var iso2022cnSamples = [][]byte{
	[]byte("\x1b$)A\x0eVP\x0fa"), []byte("\x1b$)G\x0eT/Dc\x1b$)AVP\x0f\n"), []byte("\x1b$*H\x1bN!!"),
	[]byte("\x1b$+I\x1bO!."), []byte("\x1b$)"), []byte("\x0e\x0e\x0f\x0f"), []byte("\x1bN!"),
	{0x0e, 0x30}, {0x80, 0x0e, 0xff}, []byte("\x1b$)E\x0e!!"), []byte("\x0eVP\nVP"),
}

func FuzzISO2022CN(f *testing.F) {
	for _, s := range enctest.Seeds(iso2022cnSamples, nil) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		enctest.CheckFuzz(t, ISO2022CN, data, nil)
		enctest.CheckFuzz(t, ISO2022CNEXT, data, nil)
	})
}

func TestWriteISO2022CNSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzISO2022CN", enctest.Seeds(iso2022cnSamples, nil))
}
