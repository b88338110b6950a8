package iconvtest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding/traditionalchinese"
)

// euctwCodes are the sequences TestEUCTWSweep decodes: every byte 80–FF,
// every two bytes 80–FF 21–FF, and every four-byte code 8E A1–B0 A1–FE
// A1–FE.
func euctwCodes() [][]byte {
	var seqs [][]byte
	for b := 0x80; b < 0x100; b++ {
		seqs = append(seqs, []byte{byte(b)})
		for t := 0x21; t < 0x100; t++ {
			seqs = append(seqs, []byte{byte(b), byte(t)})
		}
	}
	for p := 0xA1; p <= 0xB0; p++ {
		for r := 0xA1; r <= 0xFE; r++ {
			for c := 0xA1; c <= 0xFE; c++ {
				seqs = append(seqs, []byte{0x8E, byte(p), byte(r), byte(c)})
			}
		}
	}
	return seqs
}

// iconvLines decodes each sequence on a line of its own with iconv -c.
func iconvLines(t *testing.T, from string, seqs [][]byte) []string {
	var in bytes.Buffer
	for _, s := range seqs {
		in.Write(s)
		in.WriteByte('\n')
	}
	out, _ := runIconv(t, from, "UTF-8", in.Bytes(), true)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(seqs) {
		t.Fatalf("iconv %s gave %d lines for %d sequences", from, len(lines), len(seqs))
	}
	return lines
}

// TestEUCTWSweep decodes every one-, two- and four-byte sequence of EUC-TW
// with iconv and ucs: the same character, or no character in both. iconv
// -c drops the first byte of a sequence it cannot decode and goes on with
// the next, so where ucs reports an error iconv's line must be what the
// rest of the sequence decodes to on its own.
func TestEUCTWSweep(t *testing.T) {
	iconvPath(t)
	seqs := euctwCodes()
	lines := iconvLines(t, "EUC-TW", seqs)
	tails := make([][]byte, len(seqs))
	for i, s := range seqs {
		tails[i] = s[1:]
	}
	tailLines := iconvLines(t, "EUC-TW", tails)
	same, bad := 0, 0
	for i, s := range seqs {
		got, err := traditionalchinese.EUCTW.AppendDecode(nil, s)
		if err != nil {
			bad++
			if lines[i] != tailLines[i] {
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
	t.Logf("%d sequences: %d decode to the same character, %d are errors in ucs and not characters in iconv", len(seqs), same, bad)
	if same < 61309 {
		t.Fatalf("only %d sequences decode to a character", same)
	}
}

// TestEUCTWEncode encodes every code point U+0080–U+3FFFF (glibc's EUC-TW
// has none beyond) on a line of its own with iconv -c and ucs: the same
// bytes, or none in both.
func TestEUCTWEncode(t *testing.T) {
	iconvPath(t)
	var in bytes.Buffer
	var rs []rune
	for r := rune(0x80); r <= 0x3FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		rs = append(rs, r)
		in.WriteString(string(r))
		in.WriteByte('\n')
	}
	out, _ := runIconv(t, "UTF-8", "EUC-TW", in.Bytes(), true)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(rs) {
		t.Fatalf("iconv gave %d lines for %d code points", len(lines), len(rs))
	}
	n := 0
	for i, r := range rs {
		got, err := traditionalchinese.EUCTW.AppendEncode(nil, []byte(string(r)))
		if err != nil {
			got = nil
		}
		if !bytes.Equal(got, []byte(lines[i])) {
			t.Errorf("%U: ucs % X (%v), iconv % X", r, got, err, lines[i])
			continue
		}
		if len(got) > 0 {
			n++
		}
	}
	t.Logf("%d code points: %d encoded as iconv does, the others unmappable in both", len(rs), n)
	if n < 50000 {
		t.Fatalf("only %d code points encoded", n)
	}
}
