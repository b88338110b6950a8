package iconvtest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
)

// TestBig5HKSCSSweep decodes every byte 80–FF and every pair 80–FF ×
// 21–FF with glibc's iconv (BIG5-HKSCS) and ucs (Big5HKSCS), each on a
// line of its own: the same characters (two for the four codes of a
// letter and a combining mark), or an error in ucs where iconv -c, which
// drops only the first byte of a bad code, gives what the trail decodes
// to on its own, or what ucs decodes when it skips the bad bytes.
func TestBig5HKSCSSweep(t *testing.T) {
	iconvPath(t)
	var seqs, tails [][]byte
	for b := 0x80; b < 0x100; b++ {
		seqs = append(seqs, []byte{byte(b)})
		tails = append(tails, nil)
		for c := 0x21; c < 0x100; c++ {
			seqs = append(seqs, []byte{byte(b), byte(c)})
			tails = append(tails, []byte{byte(c)})
		}
	}
	lines := iconvLines(t, "BIG5-HKSCS", seqs)
	tailLines := iconvLines(t, "BIG5-HKSCS", tails)
	same, bad := 0, 0
	for i, s := range seqs {
		got, err := traditionalchinese.Big5HKSCS.AppendDecode(nil, s)
		if err != nil {
			bad++
			skipped, _ := traditionalchinese.Big5HKSCS.WithPolicy(encoding.Skip).AppendDecode(nil, s)
			if lines[i] != tailLines[i] && lines[i] != string(skipped) {
				t.Errorf("% X: ucs: %v; iconv decodes it to %s", s, err, runes(lines[i]))
			}
			continue
		}
		if string(got) != lines[i] {
			t.Errorf("% X: ucs %s, iconv %s", s, runes(string(got)), runes(lines[i]))
			continue
		}
		same++
	}
	t.Logf("%d sequences: %d decode alike, %d are errors in ucs and not characters in iconv", len(seqs), same, bad)
	if same < 18463 {
		t.Fatalf("only %d sequences decode", same)
	}
}

// TestBig5HKSCSEncode encodes every code point U+0080–U+3FFFF on a line of
// its own with glibc's iconv -c and ucs: the same bytes, or none in both;
// then Ê and ê before each combining mark and before other characters,
// which glibc's encoder writes as one code when it can.
func TestBig5HKSCSEncode(t *testing.T) {
	iconvPath(t)
	var in bytes.Buffer
	var texts []string
	for r := rune(0x80); r <= 0x3FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		texts = append(texts, string(r))
	}
	for _, l := range []string{"\u00ca", "\u00ea"} {
		for _, m := range []string{"\u0304", "\u030c", "\u0301", "a", "\u00ca", "\u00ea"} {
			texts = append(texts, l+m, "x"+l+m+l)
		}
	}
	for _, s := range texts {
		in.WriteString(s)
		in.WriteByte('\n')
	}
	out, _ := runIconv(t, "UTF-8", "BIG5-HKSCS", in.Bytes(), true)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(texts) {
		t.Fatalf("iconv gave %d lines for %d texts", len(lines), len(texts))
	}
	n := 0
	for i, s := range texts {
		got, err := traditionalchinese.Big5HKSCS.AppendEncode(nil, []byte(s))
		if err != nil {
			// iconv -c leaves out what it cannot write.
			got, _ = traditionalchinese.Big5HKSCS.WithPolicy(encoding.Skip).AppendEncode(nil, []byte(s))
		}
		if !bytes.Equal(got, []byte(lines[i])) {
			t.Errorf("%+q: ucs % X (%v), iconv % X", s, got, err, lines[i])
			continue
		}
		if len(got) > 0 {
			n++
		}
	}
	t.Logf("%d texts: %d encoded as iconv does, the others unmappable in both", len(texts), n)
	if n < 18000 {
		t.Fatalf("only %d texts encoded", n)
	}
}
