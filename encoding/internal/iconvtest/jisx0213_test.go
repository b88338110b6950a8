package iconvtest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/japanese"
)

// x0213Codecs are the JIS X 0213 codecs and glibc's names for them.
var x0213Codecs = []struct {
	codec *encoding.Codec
	iconv string
}{
	{japanese.EUCJIS2004, "EUC-JISX0213"},
	{japanese.ShiftJIS2004, "SHIFT_JISX0213"},
}

// x0213Codes are the sequences TestJISX0213Sweep decodes: every byte but
// the newline, every two bytes 80–FF 21–FF, and every three-byte code
// 8F A1–FE A1–FE.
func x0213Codes() [][]byte {
	var seqs [][]byte
	for b := 0; b < 0x100; b++ {
		if b != '\n' {
			seqs = append(seqs, []byte{byte(b)})
		}
	}
	for b := 0x80; b < 0x100; b++ {
		for t := 0x21; t < 0x100; t++ {
			seqs = append(seqs, []byte{byte(b), byte(t)})
		}
	}
	for r := 0xA1; r <= 0xFE; r++ {
		for c := 0xA1; c <= 0xFE; c++ {
			seqs = append(seqs, []byte{0x8F, byte(r), byte(c)})
		}
	}
	return seqs
}

// TestJISX0213Sweep decodes every one-, two- and three-byte sequence of
// EUC-JIS-2004 and Shift_JIS-2004 with iconv and ucs: the same characters
// (one, or a base and its combining mark), or none in both. Where ucs
// reports an error, iconv -c's line must be what the rest of the sequence
// decodes to on its own (iconv -c drops the first byte and goes on), or
// what ucs decodes when it drops the bad bytes (a single-byte character
// followed by a lone lead byte).
func TestJISX0213Sweep(t *testing.T) {
	iconvPath(t)
	seqs := x0213Codes()
	tails := make([][]byte, len(seqs))
	for i, s := range seqs {
		tails[i] = s[1:]
	}
	for _, c := range x0213Codecs {
		t.Run(c.iconv, func(t *testing.T) {
			lines := iconvLines(t, c.iconv, seqs)
			tailLines := iconvLines(t, c.iconv, tails)
			same, pairs, bad := 0, 0, 0
			for i, s := range seqs {
				got, err := c.codec.AppendDecode(nil, s)
				if err != nil {
					bad++
					skipped, _ := c.codec.WithPolicy(encoding.Skip).AppendDecode(nil, s)
					if lines[i] != tailLines[i] && lines[i] != string(skipped) {
						t.Errorf("% X: ucs: %v; iconv decodes it to %s", s, err, runes(lines[i]))
					}
					continue
				}
				if string(got) != lines[i] {
					t.Errorf("% X: ucs %s, iconv %s", s, runes(string(got)), runes(lines[i]))
					continue
				}
				if rs := []rune(lines[i]); len(rs) == 2 && (rs[1] == 0x309A || rs[1] == 0x300 || rs[1] == 0x301 || rs[1] == 0x2E5 || rs[1] == 0x2E9) {
					pairs++
				}
				same++
			}
			t.Logf("%d sequences: %d decode as iconv does (%d of them to a base and a mark), %d are errors in ucs and not characters in iconv", len(seqs), same, pairs, bad)
			if same < 11233 || pairs < 25 {
				t.Fatalf("only %d sequences decode to characters, %d to pairs", same, pairs)
			}
		})
	}
}

// TestJISX0213Encode encodes every code point U+0001–U+2FFFF but the
// newline (glibc's JIS X 0213 has none beyond) on a line of its own with
// iconv -c and ucs: the same bytes, or none in both.
func TestJISX0213Encode(t *testing.T) {
	iconvPath(t)
	var in bytes.Buffer
	var rs []rune
	for r := rune(1); r <= 0x2FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF || r == '\n' {
			continue
		}
		rs = append(rs, r)
		in.WriteString(string(r))
		in.WriteByte('\n')
	}
	for _, c := range x0213Codecs {
		t.Run(c.iconv, func(t *testing.T) {
			out, _ := runIconv(t, "UTF-8", c.iconv, in.Bytes(), true)
			lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			if len(lines) != len(rs) {
				t.Fatalf("iconv gave %d lines for %d code points", len(lines), len(rs))
			}
			n := 0
			for i, r := range rs {
				got, err := c.codec.AppendEncode(nil, []byte(string(r)))
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
			if n < 11000 {
				t.Fatalf("only %d code points encoded", n)
			}
		})
	}
}

// TestJISX0213Combining encodes, with iconv -c and ucs, every base
// character of a combining sequence followed by every mark of one (and by
// a letter, and at the end of the text), and every mark after every other
// mark: the same bytes. This is where the encoders hold a character back.
func TestJISX0213Combining(t *testing.T) {
	iconvPath(t)
	bases := map[rune]bool{}
	marks := map[rune]bool{}
	var b0, m0 []rune
	for _, s := range []string{"か゚", "き゚", "く゚", "け゚", "こ゚", "カ゚", "キ゚", "ク゚", "ケ゚", "コ゚", "セ゚", "ツ゚", "ト゚", "ㇷ゚",
		"æ̀", "ɔ̀", "ɔ́", "ʌ̀", "ʌ́", "ə̀", "ə́", "ɚ̀", "ɚ́", "˩˥", "˥˩"} {
		r := []rune(s)
		if !bases[r[0]] {
			bases[r[0]] = true
			b0 = append(b0, r[0])
		}
		if !marks[r[1]] {
			marks[r[1]] = true
			m0 = append(m0, r[1])
		}
	}
	var texts []string
	for _, b := range b0 {
		texts = append(texts, string(b), string(b)+"a", string(b)+"か")
		for _, m := range m0 {
			texts = append(texts, string(b)+string(m), string(b)+string(m)+string(m), "x"+string(b)+string(m)+string(b))
			for _, m2 := range m0 {
				texts = append(texts, string(m)+string(m2)+string(b))
			}
		}
	}
	texts = append(texts, "˩˥˩", "˥˩˥˩˥", "か゚゚か゚")
	for _, c := range x0213Codecs {
		t.Run(c.iconv, func(t *testing.T) {
			n := 0
			for _, s := range texts {
				// Both drop what they cannot encode (U+309A on its own).
				want, _ := runIconv(t, "UTF-8", c.iconv, []byte(s), true)
				got, _ := c.codec.WithPolicy(encoding.Skip).AppendEncode(nil, []byte(s))
				if !bytes.Equal(got, want) {
					t.Errorf("%q: ucs % X, iconv % X", s, got, want)
					continue
				}
				n++
			}
			t.Logf("%d texts encoded as iconv does", n)
		})
	}
}
