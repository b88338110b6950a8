package traditionalchinese

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

func ptrBytes(p int) []byte { v := pointerBytes(p); return []byte{byte(v >> 8), byte(v)} }

// TestIndexEveryPointer decodes every pointer of index big5 (read from the
// shared copy) and re-encodes it as WHATWG's encoder says.
func TestIndexEveryPointer(t *testing.T) {
	idx := enctest.Index(t, "big5")
	first := enctest.FirstPointers(idx, func(p int) bool { return p >= (0xA1-0x81)*157 })
	last := map[rune]int{}
	for p, r := range idx {
		if p >= (0xA1-0x81)*157 && p > last[r] {
			last[r] = p
		}
	}
	n := 0
	for p := 0; p < 19782; p++ {
		r, ok := idx[p]
		got, err := Big5.AppendDecode(nil, ptrBytes(p))
		switch p {
		case 1133, 1135, 1164, 1166:
			want := map[int]string{1133: "\u00CA\u0304", 1135: "\u00CA\u030C", 1164: "\u00EA\u0304", 1166: "\u00EA\u030C"}[p]
			if err != nil || string(got) != want {
				t.Errorf("pointer %d: %q, %v", p, got, err)
			}
			continue
		}
		if !ok {
			if err == nil {
				t.Errorf("pointer %d (% X) has no code point, decoded %q", p, ptrBytes(p), got)
			}
			continue
		}
		if err != nil || string(got) != string(r) {
			t.Fatalf("pointer %d (% X): %q, %v; want U+%04X", p, ptrBytes(p), got, err, r)
		}
		enc, err := Big5.AppendEncode(nil, got)
		wp, ok := first[r]
		switch r {
		case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
			wp = last[r]
		}
		if !ok {
			if err == nil {
				t.Fatalf("U+%04X (HKSCS below A1) encoded as % X", r, enc)
			}
			continue
		}
		if err != nil || !bytes.Equal(enc, ptrBytes(wp)) {
			t.Fatalf("U+%04X: % X, %v; want % X", r, enc, err, ptrBytes(wp))
		}
		n++
	}
	if n < 14000 {
		t.Fatalf("only %d round trips", n)
	}
	var codes [][]byte
	var texts []string
	for p := (0xA1 - 0x81) * 157; p < 19782; p++ {
		if r, ok := idx[p]; ok && (first[r] == p || last[r] == p) {
			switch r {
			case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
				if last[r] != p {
					continue
				}
			default:
				if first[r] != p {
					continue
				}
			}
			codes = append(codes, ptrBytes(p))
			texts = append(texts, string(r))
		}
	}
	for _, step := range []int{0, 1, 2, 5} {
		enctest.Concat(t, Big5, codes, texts, step, true)
	}
}

// TestWHATWGErrors checks WHATWG's error recovery: a bad trail that is
// ASCII is decoded again.
func TestWHATWGErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"\x81\x40", "U+FFFD U+0040"}, // pointer 0: no code point, 40 decoded again
		{"\xA4\x40", "U+4E00"},        // 一
		{"\xA4\x41\xA4", "U+4E59 U+FFFD"},
		{"\xA4\x20", "U+FFFD U+0020"},
		{"\xA4\x80", "U+FFFD"},
		{"\x80\x41", "U+FFFD U+0041"},
		{"\xFF\x41", "U+FFFD U+0041"},
		{"\x87\x40", "U+43F0"},
		{"\x88\x62\x88\x64", "U+00CA U+0304 U+00CA U+030C"},
		{"\xFE\xFE", "U+79D4"},
	} {
		got, err := Big5.WithPolicy(encoding.Replace).AppendDecode(nil, []byte(tc.in))
		if err != nil || enctest.Runes(got) != tc.want {
			t.Errorf("% X: %s, %v; want %s", tc.in, enctest.Runes(got), err, tc.want)
		}
	}
}

func TestHarness(t *testing.T) {
	text := []byte("中文 Big5: 繁體字 ÊÊ̄ \U00027267 𠀀")
	in, _ := Big5.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	enctest.Streaming(t, Big5, false, in, 10)
	enctest.Streaming(t, Big5.WithPolicy(encoding.Replace), true, text, 10)
	for _, b := range enctest.MalformedBytes() {
		enctest.Policies(t, Big5, false, b)
	}
	for _, b := range enctest.MalformedUTF8() {
		enctest.Policies(t, Big5, true, b)
	}
	if enctest.Policies(t, Big5, true, text) == 0 {
		t.Fatal("expected unmappable characters")
	}
}

// TestCP950Table compares CP950 with the ICU table it comes from, mapping
// by mapping: round trips both ways, bytes → Unicode fallbacks decode
// only, best-fit fallbacks never.
func TestCP950Table(t *testing.T) {
	data, err := os.ReadFile("../../internal/gen/data/windows-950-2000.ucm")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[int]int{}
	for _, line := range strings.Split(string(data), "\n") {
		fs := strings.Fields(line)
		if len(fs) != 3 || !strings.HasPrefix(fs[0], "<U") {
			continue
		}
		var cp uint32
		fmt.Sscanf(fs[0], "<U%X>", &cp)
		b, _ := hex.DecodeString(strings.ReplaceAll(fs[1], `\x`, ""))
		flag := fs[2]
		r := string(rune(cp))
		switch flag {
		case "|0":
			got, err := CP950.AppendDecode(nil, b)
			if err != nil || string(got) != r {
				t.Fatalf("% X → %q, %v; want U+%04X", b, got, err, cp)
			}
			enc, err := CP950.AppendEncode(nil, []byte(r))
			if err != nil || !bytes.Equal(enc, b) {
				t.Fatalf("U+%04X → % X, %v; want % X", cp, enc, err, b)
			}
		case "|3":
			got, err := CP950.AppendDecode(nil, b)
			if err != nil || string(got) != r {
				t.Fatalf("fallback % X → %q, %v; want U+%04X", b, got, err, cp)
			}
		case "|1":
			if enc, err := CP950.AppendEncode(nil, []byte(r)); err == nil && bytes.Equal(enc, b) {
				t.Fatalf("best-fit U+%04X → % X used", cp, b)
			}
		}
		counts[int(flag[1]-'0')]++
	}
	if counts[0] < 19000 || counts[3] != 10 || counts[1] < 400 {
		t.Fatalf("mappings seen: %v", counts)
	}
	// Where CP950 and WHATWG's Big5 part ways.
	for _, tc := range []struct{ in, cp950, big5 string }{
		{"\xF9\xF9", "U+2550", "U+2550"},
		{"\xA1\x45", "U+2027", "U+2027"},
		{"\x80", "U+0080", "U+FFFD"},
		{"\xFA\x40", "U+E000", "U+20547"},
		{"\x88\x62", "U+F325", "U+00CA U+0304"},
	} {
		got, _ := CP950.WithPolicy(encoding.Replace).AppendDecode(nil, []byte(tc.in))
		got2, _ := Big5.WithPolicy(encoding.Replace).AppendDecode(nil, []byte(tc.in))
		if enctest.Runes(got) != tc.cp950 || enctest.Runes(got2) != tc.big5 {
			t.Errorf("% X: cp950 %s, big5 %s; want %s, %s", tc.in, enctest.Runes(got), enctest.Runes(got2), tc.cp950, tc.big5)
		}
	}
}
