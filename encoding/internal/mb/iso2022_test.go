package mb

import (
	"math/rand"
	"testing"
)

// TestASCII7 compares ASCII7 with a byte loop on random 7-bit text with
// shifts and high bytes at every position.
func TestASCII7(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		src := make([]byte, rng.Intn(40))
		for j := range src {
			src[j] = byte(0x20 + rng.Intn(0x60))
		}
		if len(src) > 0 && rng.Intn(2) == 0 {
			src[rng.Intn(len(src))] = []byte{0x1B, 0x0E, 0x0F, 0x80, 0xFF, 0x0D, 0x0C, 0x1A}[rng.Intn(8)]
		}
		want := 0
		for want < len(src) && src[want] < 0x80 && src[want] != 0x1B && src[want] != 0x0E && src[want] != 0x0F {
			want++
		}
		dst := make([]byte, len(src))
		if got := ASCII7(dst, src); got != want || string(dst[:got]) != string(src[:got]) {
			t.Fatalf("% X: %d, want %d", src, got, want)
		}
	}
}

// TestRun94 checks Decode94 and Encode94 against one code at a time over
// a table of every 94×94 code, random runs with a stop anywhere.
func TestRun94(t *testing.T) {
	var lead, trail [256]uint16
	for i := range lead {
		lead[i], trail[i] = Invalid, Invalid
		if i >= 0xA1 && i <= 0xFE {
			lead[i], trail[i] = uint16(i-0xA1)*94, uint16(i-0xA1)
		}
	}
	tab := make([]uint32, 94*94)
	enc := new([65536]uint16)
	for p := range tab {
		if p%7 == 3 {
			continue // holes
		}
		r := rune(0x4E00 + p)
		tab[p] = PackLen(r)
		enc[r] = uint16(p/94+0xA1)<<8 | uint16(p%94+0xA1)
	}
	pairs := NewPairs(&lead, &trail, tab)
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 5000; i++ {
		var src, text []byte
		n := rng.Intn(20)
		for j := 0; j < n; j++ {
			p := rng.Intn(94 * 94)
			if p%7 == 3 {
				p++
			}
			src = append(src, byte(p/94+0x21), byte(p%94+0x21))
			text = append(text, string(rune(0x4E00+p))...)
		}
		// Stop at a shift, a byte outside 21–7E, or a hole of the table
		// (21 24 is pointer 3).
		stop := []byte{0x0F, 0x20, 0x7F, 0x80, 0xA1, '!'}[rng.Intn(6)]
		src = append(src, stop, '$')
		dst := make([]byte, len(text)+8)
		nd, ns := Decode94(dst, src, pairs)
		if ns != 2*n || string(dst[:nd]) != string(text) {
			t.Fatalf("Decode94(% X) = %d, %d (%q), want %d, %q", src, nd, ns, dst[:nd], 2*n, text)
		}
		text = append(text, 'a')
		out := make([]byte, len(src))
		nd, ns = Encode94(out, text, enc)
		if ns != len(text)-1 || string(out[:nd]) != string(src[:2*n]) {
			t.Fatalf("Encode94(%q) = %d, %d (% X), want % X", text, nd, ns, out[:nd], src[:2*n])
		}
	}
}
