package japanese

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// x0213Want reads the pinned glibc table (not the generated one): EUC code
// → the text it stands for.
func x0213Want(t *testing.T) map[uint32]string {
	data, err := os.ReadFile("../../internal/gen/data/glibc-EUC-JISX0213.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint32]string{}
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "#") || l == "" {
			continue
		}
		var c uint32
		var r1, r2 rune
		if n, _ := fmt.Sscanf(l, "0x%X\t0x%X+0x%X", &c, &r1, &r2); n == 3 {
			want[c] = string([]rune{r1, r2})
		} else if n, _ := fmt.Sscanf(l, "0x%X\t0x%X", &c, &r1); n == 2 {
			want[c] = string(r1)
		} else {
			t.Fatalf("bad line %q", l)
		}
	}
	return want
}

// x0213SJIS returns the Shift_JIS-2004 code of an EUC-JIS-2004 one, by
// JIS X 0213 Annex 1's arithmetic (written independently of the codec's
// tables): plane 1 as Shift_JIS; plane 2 rows 1, 8, 3, 4, 5, 12, 13, 14,
// 15 on leads F0–F4 and rows 78–94 on F4–FC.
func x0213SJIS(c uint32) []byte {
	if c>>8 == 0x8E {
		return []byte{byte(c)}
	}
	row, cell := int(c>>8&0xFF)-0xA0, int(c&0xFF)-0xA0
	var lead int
	if c>>16 == 0x8F {
		switch {
		case row == 1 || row == 8:
			lead = 0xF0
		case row == 3 || row == 4:
			lead = 0xF1
		case row == 5 || row == 12:
			lead = 0xF2
		case row == 13 || row == 14:
			lead = 0xF3
		case row == 15:
			lead = 0xF4
		default:
			lead = (row + 0x19B) / 2
		}
	} else if row <= 62 {
		lead = (row + 0x101) / 2
	} else {
		lead = (row + 0x181) / 2
	}
	first := row%2 == 1
	if c>>16 == 0x8F {
		first = row == 1 || row == 3 || row == 5 || row == 13 || row == 15 || row >= 78 && row%2 == 1
	}
	trail := cell + 0x9E
	if first {
		trail = cell + 0x3F
		if cell >= 64 {
			trail++
		}
	}
	return []byte{byte(lead), byte(trail)}
}

// TestJISX0213Table decodes every code of EUC-JIS-2004 and Shift_JIS-2004
// and checks it against the pinned glibc table; every character (and every
// base with its mark) encodes back to its code.
func TestJISX0213Table(t *testing.T) {
	want := x0213Want(t)
	if len(want) != 11296 {
		t.Fatalf("%d codes in the table, want 11296", len(want))
	}
	var codes []uint32
	for l := uint32(0xA1); l <= 0xFE; l++ {
		for c := uint32(0xA1); c <= 0xFE; c++ {
			codes = append(codes, l<<8|c, 0x8F<<16|l<<8|c)
		}
		codes = append(codes, 0x8E<<8|l)
	}
	n := 0
	for _, c := range codes {
		euc := []byte{byte(c >> 8), byte(c)}
		if c > 0xFFFF {
			euc = []byte{0x8F, byte(c >> 8), byte(c)}
		}
		s, ok := want[c]
		got, err := EUCJIS2004.AppendDecode(nil, euc)
		if !ok {
			if err == nil {
				t.Errorf("% X decodes to %q; the table has no character", euc, got)
			}
			continue
		}
		n++
		if err != nil || string(got) != s {
			t.Errorf("% X → %q, %v; want %q", euc, got, err, s)
		}
		if enc, err := EUCJIS2004.AppendEncode(nil, []byte(s)); err != nil || !bytes.Equal(enc, euc) {
			t.Errorf("%q → % X, %v; want % X", s, enc, err, euc)
		}
		sj := x0213SJIS(c)
		if got, err := ShiftJIS2004.AppendDecode(nil, sj); err != nil || string(got) != s {
			t.Errorf("Shift_JIS-2004 % X → %q, %v; want %q", sj, got, err, s)
		}
		if enc, err := ShiftJIS2004.AppendEncode(nil, []byte(s)); err != nil || !bytes.Equal(enc, sj) {
			t.Errorf("Shift_JIS-2004 %q → % X, %v; want % X", s, enc, err, sj)
		}
	}
	if n != len(want) {
		t.Fatalf("%d codes decoded, the table has %d", n, len(want))
	}
}

func TestJISX0213Harness(t *testing.T) {
	enctest.TestPairs(t, EUCJIS2004, []enctest.Pair{
		{Name: "plane 1", Encoded: []byte("\xa4\xa2\xb0\xa1a\\~"), Text: "あ亜a\\~"},
		{Name: "plane 2 and supplementary", Encoded: []byte("\x8f\xa1\xa1\x8f\xa1\xa3\xae\xa2"), Text: "\U00020089\u4E0F\U0002000B"},
		{Name: "pairs", Encoded: []byte("\xa4\xf7\xa4\xab\xab\xe5\xab\xe4\xab\xc4"), Text: "か\u309Aか\u02E9\u02E5\u02E9æ\u0300"},
		{Name: "katakana", Encoded: []byte("\x8e\xb1x"), Text: "ｱx"},
	}, true)
	enctest.TestPairs(t, ShiftJIS2004, []enctest.Pair{
		{Name: "plane 1", Encoded: []byte("\x82\xa0\x88\x9fa\\~"), Text: "あ亜a¥‾"},
		{Name: "plane 2", Encoded: []byte("\xf0\x40\xf0\x42"), Text: "\U00020089\u4E0F"},
		{Name: "pairs", Encoded: []byte("\x82\xf5\x82\xa9\x86\x85"), Text: "か\u309Aか\u02E9\u02E5"},
		{Name: "katakana", Encoded: []byte("\xb1x"), Text: "ｱx"},
		{Name: "trail 5C and 7E", Encoded: []byte("\x83\x5c\x83\x7e\\"), Text: "ソミ¥"},
	}, true)
	enctest.TestMalformed(t, EUCJIS2004, []enctest.Malformed{
		{Name: "80", Input: []byte("a\x80b"), Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "bad trail ASCII", Input: []byte("\xa4\x20x"), Replace: "\uFFFD x", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "empty cell", Input: []byte("\xa4\xfc"), Replace: "\uFFFD", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "empty plane 2 cell", Input: []byte("\x8f\xa2\xa1"), Replace: "\uFFFD", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("\xa4\xa2\xa4"), Replace: "あ\uFFFD", Offset: 2, Kind: encoding.Truncated},
		{Name: "truncated pair", Input: []byte("\xa4\xf7\xa4"), Replace: "か\u309A\uFFFD", Offset: 2, Kind: encoding.Truncated},
		{Name: "truncated 8F", Input: []byte("a\x8f\xa1"), Replace: "a\uFFFD", Offset: 1, Kind: encoding.Truncated},
		{Name: "8E E0", Input: []byte("\x8e\xe0"), Replace: "\uFFFD", Offset: 0, Kind: encoding.InvalidSequence},
	})
	enctest.TestMalformed(t, ShiftJIS2004, []enctest.Malformed{
		{Name: "80", Input: []byte("a\x80b"), Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte},
		{Name: "A0", Input: []byte("\xa0"), Replace: "\uFFFD", Offset: 0, Kind: encoding.InvalidByte},
		{Name: "FD", Input: []byte("\xfd\\"), Replace: "\uFFFD¥", Offset: 0, Kind: encoding.InvalidByte},
		{Name: "bad trail ASCII", Input: []byte("\x82\x20x"), Replace: "\uFFFD x", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "bad trail 7F", Input: []byte("\x82\x7f"), Replace: "\uFFFD\x7f", Offset: 0, Kind: encoding.InvalidSequence},
		{Name: "truncated", Input: []byte("\\\x82"), Replace: "¥\uFFFD", Offset: 1, Kind: encoding.Truncated},
	})
	text := []byte("日本語 か\u309Aか゚き゚ ˩˥˩ æ\u0300 𠂉 \U000200B4 ｶﾀｶﾅ ¥‾ a\\b~ \u00e9\U0001F600 \u309A 正")
	for _, c := range []*encoding.Codec{EUCJIS2004, ShiftJIS2004} {
		in, err := c.WithPolicy(encoding.Skip).AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		enctest.Streaming(t, c, false, in, 10)
		enctest.Streaming(t, c.WithPolicy(encoding.Replace), true, text, 10)
		for _, b := range enctest.MalformedBytes() {
			enctest.Policies(t, c, false, b)
			enctest.Streaming(t, c.WithPolicy(encoding.Replace), false, b, 3)
		}
		for _, b := range enctest.MalformedUTF8() {
			enctest.Policies(t, c, true, b)
			enctest.Policies(t, c, true, append([]byte("か"), b...))
		}
		if enctest.Policies(t, c, true, text) == 0 {
			t.Fatal("expected unmappable characters")
		}
	}
}

// TestJISX0213Unmappable checks the errors of the encoders: a mark with
// no base, characters JIS X 0213 lacks, and U+00A5 in EUC-JIS-2004.
func TestJISX0213Unmappable(t *testing.T) {
	for _, tc := range []struct {
		c    *encoding.Codec
		in   string
		off  int64
		char rune
	}{
		{EUCJIS2004, "a\u309A", 1, 0x309A},
		{EUCJIS2004, "か\u309A\u309A", 6, 0x309A},
		{EUCJIS2004, "x¥", 1, 0xA5},
		{ShiftJIS2004, "ab😀", 2, 0x1F600},
		{ShiftJIS2004, "か\u0E01", 3, 0x0E01},
	} {
		_, err := tc.c.AppendEncode(nil, []byte(tc.in))
		var e *encoding.Error
		if !errors.As(err, &e) || e.Offset != tc.off || e.Rune != tc.char || e.Kind != encoding.Unmappable {
			t.Errorf("%s %q: %v; want U+%04X unmappable at %d", tc.c.Name(), tc.in, err, tc.char, tc.off)
		}
	}
}

func TestJISX0213ZeroAllocs(t *testing.T) {
	text := []byte(strings.Repeat("日本語の文章 か゚ 𠂉 abc ｱ ", 64))
	for _, c := range []*encoding.Codec{EUCJIS2004, ShiftJIS2004} {
		enc, err := c.AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		enctest.TestZeroAllocs(t, c.Name()+" decode", c.DecodeTransformer(), enc)
		enctest.TestZeroAllocs(t, c.Name()+" encode", c.EncodeTransformer(), text)
	}
}

var x0213Samples = [][]byte{
	[]byte("\xa4\xf7\xa4\xab\xab\xe5\xab\xe4\xab\xc4"), {0x8f, 0xa1, 0xa1}, {0x8f, 0xa2, 0xa1}, {0x8e, 0xb1}, {0x8e, 0xe0},
	{0x8f, 0xa1}, {0xa4}, {0xa4, 0x20}, {0x80, 0xa0, 0xfd, 0xff},
	[]byte("\x82\xf5\x82\xa9\x86\x85\\~\x83\x5c\x83\x7e"), {0xf0, 0x40}, {0xfc, 0xf4}, {0x82, 0x7f}, {0xa4, 0xfc}, {0xb1},
	[]byte("日本語 か\u309Aか゚ ˩˥˩ æ\u0300 𠂉 ｶﾀｶﾅ ¥‾ \u309A"),
}

// canonSJIS2004 applies Shift_JIS-2004's one-way mappings: the encoder
// writes U+005C and U+007E as 5C and 7E, which decode to U+00A5 and U+203E.
func canonSJIS2004(r rune) rune {
	switch r {
	case '\\':
		return 0xA5
	case '~':
		return 0x203E
	}
	return r
}

func FuzzEUCJIS2004(f *testing.F) {
	for _, s := range enctest.Seeds(x0213Samples, nil) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, EUCJIS2004, data, nil) })
}

func FuzzShiftJIS2004(f *testing.F) {
	for _, s := range enctest.Seeds(x0213Samples, nil) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { enctest.CheckFuzz(t, ShiftJIS2004, data, canonSJIS2004) })
}

func TestWriteJISX0213Seeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzEUCJIS2004", enctest.Seeds(x0213Samples, nil))
	enctest.WriteSeeds(t, "FuzzShiftJIS2004", enctest.Seeds(x0213Samples, nil))
}
