//go:build amd64 && gc && !purego

package simd

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestWordFormShuf applies each shuffle of wordFormShuf, as VPSHUFB does,
// to four dwords built from words of the key's lengths the way
// WORDS16TOUTF8 builds them, and compares the result and byte 15 with
// the words' UTF-8 forms.
func TestWordFormShuf(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 8))
	ranges := [3][2]int{{0, 0x7F}, {0x80, 0x7FF}, {0x800, 0xFFFF}}
	for k := range wordFormShuf {
		if k&(k>>1)&0x55 != 0 {
			continue // a pair of bits 3: no word has that key
		}
		for round := 0; round < 20; round++ {
			var dwords [16]byte
			var want []byte
			for i := 0; i < 4; i++ {
				c := ranges[(k>>(2*i))&3]
				w := c[0] + r.IntN(c[1]-c[0]+1)
				if w >= 0xD800 && w <= 0xDFFF {
					w -= 0x800
				}
				b3 := byte(0xC0 | w>>6)
				if w >= 0x800 {
					b3 = byte(0x80 | w>>6&0x3F)
				}
				copy(dwords[4*i:], []byte{byte(w & 0x7F), byte(0x80 | w&0x3F), byte(0xE0 | w>>12), b3})
				want = utf8.AppendRune(want, rune(w))
			}
			shuf := wordFormShuf[k]
			var got [16]byte
			for j, s := range shuf {
				if s&0x80 == 0 {
					got[j] = dwords[s&15]
				}
			}
			if n := int(shuf[15]); n != len(want) || !bytes.Equal(got[:n], want) {
				t.Fatalf("key %08b: % X (length %d), want % X", k, got[:n], n, want)
			}
		}
	}
}
