package korean

import (
	"bytes"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

func ptrBytes(p int) []byte { return []byte{byte(p/190 + 0x81), byte(p%190 + 0x41)} }

func TestIndexEveryPointer(t *testing.T) {
	idx := enctest.Index(t, "euc-kr")
	first := enctest.FirstPointers(idx, nil)
	n := 0
	for p := 0; p < len(euckrIndex); p++ {
		r, ok := idx[p]
		got, err := EUCKR.AppendDecode(nil, ptrBytes(p))
		if !ok {
			if err == nil {
				t.Errorf("pointer %d (% X) has no code point, decoded %q", p, ptrBytes(p), got)
			}
			continue
		}
		if err != nil || string(got) != string(r) {
			t.Fatalf("pointer %d: %q, %v; want U+%04X", p, got, err, r)
		}
		enc, err := EUCKR.AppendEncode(nil, got)
		if err != nil || !bytes.Equal(enc, ptrBytes(first[r])) {
			t.Fatalf("U+%04X: % X, %v", r, enc, err)
		}
		n++
	}
	if n != 17048 {
		t.Fatalf("%d pointers", n)
	}
	var codes [][]byte
	var texts []string
	for p := 0; p < len(euckrIndex); p++ {
		if r, ok := idx[p]; ok && first[r] == p {
			codes = append(codes, ptrBytes(p))
			texts = append(texts, string(r))
		}
	}
	for _, step := range []int{0, 1, 2, 5} {
		enctest.Concat(t, EUCKR, codes, texts, step, true)
	}
}

func TestWHATWGErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"\xB0\xA1", "U+AC00"},
		{"\x81\x41", "U+AC02"},
		{"\xB0\x20", "U+FFFD U+0020"},
		{"\xB0\x7F", "U+FFFD U+007F"},
		{"\xB0\xFF", "U+FFFD"},
		{"\x80\x41", "U+FFFD U+0041"},
		{"\xB0", "U+FFFD"},
	} {
		got, err := EUCKR.WithPolicy(encoding.Replace).AppendDecode(nil, []byte(tc.in))
		if err != nil || enctest.Runes(got) != tc.want {
			t.Errorf("% X: %s, %v; want %s", tc.in, enctest.Runes(got), err, tc.want)
		}
	}
}

func TestHarness(t *testing.T) {
	text := []byte("한국어 EUC-KR: 똠방각하 \u00A1 漢字 \U0001F600")
	in, _ := EUCKR.WithPolicy(encoding.Skip).AppendEncode(nil, text)
	enctest.Streaming(t, EUCKR, false, in, 10)
	enctest.Streaming(t, EUCKR.WithPolicy(encoding.Replace), true, text, 10)
	for _, b := range enctest.MalformedBytes() {
		enctest.Policies(t, EUCKR, false, b)
	}
	for _, b := range enctest.MalformedUTF8() {
		enctest.Policies(t, EUCKR, true, b)
	}
	if enctest.Policies(t, EUCKR, true, text) == 0 {
		t.Fatal("expected unmappable characters")
	}
}
