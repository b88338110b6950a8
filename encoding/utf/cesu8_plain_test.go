package utf

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"
)

// plainPrefixRef is plainPrefix by definition: character by character.
func plainPrefixRef(src []byte, room int, noNUL bool) int {
	n := 0
	for n < len(src) {
		r, size := utf8.DecodeRune(src[n:])
		if (r == utf8.RuneError && size <= 1) || size == 4 || (noNUL && r == 0) || n+size > room {
			break
		}
		n += size
	}
	return n
}

// TestPlainPrefix checks the fast path of CESU-8 and Modified UTF-8
// against its definition, on inputs long enough to take several steps,
// with four-byte characters, NULs, surrogate encodings and malformed
// bytes at random places (step boundaries included), and every kind of
// room.
func TestPlainPrefix(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pieces := []string{"a", "é", "汉", "ab c", "\u0800", "\uFFFD"}
	stops := []string{"😀", "\x00", "\xED\xA0\x80", "\xC0\x80", "\xFF", "\xE6\xB1"}
	for iter := 0; iter < 3000; iter++ {
		var b strings.Builder
		target := rng.Intn(40000)
		if iter%3 == 0 {
			target = rng.Intn(300)
		}
		for b.Len() < target {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		src := []byte(b.String())
		if rng.Intn(4) > 0 && len(src) > 0 {
			at := rng.Intn(len(src))
			for at > 0 && src[at]&0xC0 == 0x80 {
				at--
			}
			stop := stops[rng.Intn(len(stops))]
			src = append(src[:at:at], append([]byte(stop), src[at:]...)...)
		}
		room := len(src) + 10
		if rng.Intn(2) == 0 {
			room = rng.Intn(len(src) + 1)
		}
		for _, noNUL := range []bool{false, true} {
			got, want := plainPrefix(src, room, noNUL), plainPrefixRef(src, room, noNUL)
			if got != want {
				t.Fatalf("len %d room %d noNUL %v: got %d, want %d", len(src), room, noNUL, got, want)
			}
		}
	}
}

// TestPairRune compares the surrogate pair fast path of the CESU-8
// decoder with the reading of each surrogate by surrogate3.
func TestPairRune(t *testing.T) {
	for _, s0 := range []byte{0xEC, 0xED, 0xEE} {
		for s1 := 0x70; s1 < 0xD0; s1++ {
			for s4 := 0x70; s4 < 0xD0; s4++ {
				for _, s2 := range []byte{0x7F, 0x80, 0x9A, 0xBF, 0xC0} {
					s := []byte{s0, byte(s1), s2, 0xED, byte(s4), s2 ^ 0x3F}
					want := rune(0)
					hi, _ := surrogate3(s)
					lo, _ := surrogate3(s[3:])
					if hi >= 0xD800 && hi < 0xDC00 && lo >= 0xDC00 {
						want = 0x10000 + (hi-0xD800)<<10 + (lo - 0xDC00)
					}
					if got := pairRune(s); got != want {
						t.Fatalf("% X: pairRune %U, want %U", s, got, want)
					}
				}
			}
		}
	}
}
