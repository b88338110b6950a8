package mb

import (
	"math/rand"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"golang.org/x/text/transform"
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

// starStepper copies lower-case ASCII in Run, writes a star for one other
// byte per Step, and reports a digit as invalid.
type starStepper struct{ runs, steps int }

func (u *starStepper) Run(dst, src []byte) (int, int) {
	u.runs++
	n := 0
	for n < len(src) && n < len(dst) && src[n] >= 'a' && src[n] <= 'z' {
		dst[n] = src[n]
		n++
	}
	return n, n
}

func (u *starStepper) Step(dst, src []byte, atEOF bool) (int, int, encoding.Bad, error) {
	u.steps++
	if len(dst) == 0 {
		return 0, 0, encoding.Bad{}, transform.ErrShortDst
	}
	if src[0] >= '0' && src[0] <= '9' {
		return 0, 0, encoding.Bad{Kind: encoding.InvalidByte, Len: 1}, nil
	}
	dst[0] = '*'
	return 1, 1, encoding.Bad{}, nil
}

func TestRunSteps(t *testing.T) {
	for _, c := range []struct {
		src, want   string
		dst         int
		kind        encoding.Kind
		err         error
		runs, steps int
	}{
		{"ab-cd", "ab*cd", 10, encoding.KindNone, nil, 2, 1},
		{"ab-cd7ef", "ab*cd", 10, encoding.InvalidByte, nil, 2, 2},
		{"ab-cd", "ab", 2, encoding.KindNone, transform.ErrShortDst, 1, 1},
		{"", "", 10, encoding.KindNone, nil, 0, 0},
	} {
		u := &starStepper{}
		dst := make([]byte, c.dst)
		nDst, nSrc, bad, err := RunSteps(u, dst, []byte(c.src), true)
		if got := string(dst[:nDst]); got != c.want {
			t.Errorf("%q: wrote %q, want %q", c.src, got, c.want)
		}
		if bad.Kind != c.kind || err != c.err || u.runs != c.runs || u.steps != c.steps {
			t.Errorf("%q: bad %v err %v after %d runs and %d steps, want %v %v %d %d", c.src, bad.Kind, err, u.runs, u.steps, c.kind, c.err, c.runs, c.steps)
		}
		if nSrc != nDst {
			t.Errorf("%q: read %d, wrote %d", c.src, nSrc, nDst)
		}
	}
}
