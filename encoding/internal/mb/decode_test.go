package mb

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"golang.org/x/text/transform"
)

// testChars is a CharDecoder over the code of testPairs, with the shapes
// the real codecs have: 80 is a single byte that decodes to two code
// points (four bytes of UTF-8), FF is invalid, and FE 30 x is a three-byte
// code of U+00C0+x (x 30–39).
type testChars struct {
	lead, trail *[256]uint16
	dec         []uint32
}

func (c testChars) DecodeChar(src []byte) (uint32, int, int, encoding.Kind) {
	switch src[0] {
	case 0x80:
		return 0xC3 | 0x8A<<8 | 0xCC<<16 | 0x84<<24, 4, 1, encoding.KindNone // U+00CA U+0304
	case 0xFF:
		return Invalid1()
	}
	if len(src) < 2 {
		return More()
	}
	if src[0] == 0xFE && src[1] == 0x30 {
		if len(src) < 3 {
			return More()
		}
		if x := src[2]; x >= 0x30 && x <= 0x39 {
			return Char(Pack(0xC0+rune(x-0x30)), 3)
		}
		return Mismatch(src[2], 3)
	}
	p := int(c.lead[src[0]]) + int(c.trail[src[1]])
	if p >= len(c.dec) || c.dec[p] == 0 {
		return Mismatch(src[1], 2)
	}
	return Char(c.dec[p], 2)
}

// decodeAll runs Decode over src in two calls split at split, with a
// destination of size bytes (grown when no progress is possible), and
// returns the output and the first bad sequence's offset and Bad.
func decodeAll(t *testing.T, fast *Pairs, cd CharDecoder, src []byte, split, size int) ([]byte, int, encoding.Bad) {
	t.Helper()
	var out []byte
	pending := []byte{}
	off := 0
	for ci, ch := range [][]byte{src[:split], src[split:]} {
		pending = append(pending, ch...)
		atEOF := ci == 1
		for {
			dst := make([]byte, size)
			nd, ns, bad, err := Decode(dst, pending, atEOF, fast, cd)
			out = append(out, dst[:nd]...)
			pending = pending[ns:]
			off += ns
			if bad.Kind != encoding.KindNone {
				return out, off, bad
			}
			if errors.Is(err, transform.ErrShortDst) {
				if nd == 0 && ns == 0 {
					size++
				}
				continue
			}
			if err == transform.ErrShortSrc && atEOF {
				t.Fatalf("% X: ErrShortSrc at the end of the input", src)
			}
			if err != nil && err != transform.ErrShortSrc {
				t.Fatalf("% X: %v", src, err)
			}
			if err == nil && len(pending) > 0 {
				t.Fatalf("% X: stopped with %d bytes left", src, len(pending))
			}
			break
		}
	}
	return out, off, encoding.Bad{}
}

// TestDecode checks the shared decode loop on inputs of every shape the
// codecs give it, split at every position and written through every
// destination size, with and without the fast path: the output, the
// offset of the bad sequence, and its length and kind.
func TestDecode(t *testing.T) {
	fast, lead, trail, _ := testPairs()
	var idx [126 * 190]uint32
	for p := range idx {
		switch {
		case p%37 == 0:
		case p >= 10000:
			idx[p] = Pack(0x20000 + rune(p))
		default:
			idx[p] = Pack(0x4E00 + rune(p))
		}
	}
	cd := testChars{lead, trail, idx[:]}
	long := bytes.Repeat([]byte("\x81\x41\xB0\xA1 a\xC8\xFE"), 12) // fast path at work
	for _, tc := range []struct {
		src  []byte
		want string
		off  int
		bad  encoding.Bad
	}{
		{[]byte("ab\x81\x41c"), "ab\u4e01c", 0, encoding.Bad{}},
		{[]byte("\x80x"), "\u00ca\u0304x", 0, encoding.Bad{}},
		{[]byte("\xFE\x30\x35\xFE\x30\x39"), "\u00c5\u00c9", 0, encoding.Bad{}},
		{[]byte("\xC8\xFE"), string(rune(0x20000 + (0xC8-0x81)*190 + 0xFE - 0x41)), 0, encoding.Bad{}},
		{[]byte("a\xFFb"), "a", 1, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}},
		{[]byte("a\x81"), "a", 1, encoding.Bad{Len: 1, Kind: encoding.Truncated, Rune: -1}},
		{[]byte("a\xFE\x30"), "a", 1, encoding.Bad{Len: 2, Kind: encoding.Truncated, Rune: -1}},
		{[]byte("a\xFE\x30\x41"), "a", 1, encoding.Bad{Len: 2, Kind: encoding.InvalidSequence, Rune: -1}},
		{[]byte("a\xFE\x30\x81"), "a", 1, encoding.Bad{Len: 3, Kind: encoding.InvalidSequence, Rune: -1}},
		{[]byte("a\x81\x8Bb"), "a", 1, encoding.Bad{Len: 2, Kind: encoding.InvalidSequence, Rune: -1}}, // pointer 74: no character
		{[]byte("a\x81\x20b"), "a", 1, encoding.Bad{Len: 1, Kind: encoding.InvalidSequence, Rune: -1}}, // ASCII trail
		{append(append([]byte{}, long...), 0xFF), "", len(long), encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}},
	} {
		want := tc.want
		if want == "" {
			w, _, _ := decodeAll(t, nil, cd, tc.src[:len(tc.src)-1], 0, 400)
			want = string(w)
		}
		for _, f := range []*Pairs{nil, fast} {
			for split := 0; split <= len(tc.src); split++ {
				for size := 1; size <= 9; size++ {
					out, off, bad := decodeAll(t, f, cd, tc.src, split, size)
					if string(out) != want || bad != tc.bad || (bad.Kind != encoding.KindNone && off != tc.off) {
						t.Fatalf("% X (fast %v) split %d dst %d: got %q at %d %+v, want %q at %d %+v",
							tc.src, f != nil, split, size, out, off, bad, want, tc.off, tc.bad)
					}
				}
			}
		}
	}
}

// TestDecodeAllocs pins zero allocations in the loop.
func TestDecodeAllocs(t *testing.T) {
	fast, lead, trail, _ := testPairs()
	cd := CharDecoder(testChars{lead, trail, PackTable32(make([]uint32, 126*190))})
	src := bytes.Repeat([]byte("ab\x80c"), 100)
	dst := make([]byte, 4*len(src))
	if n := testing.AllocsPerRun(100, func() { Decode(dst, src, true, fast, cd) }); n != 0 {
		t.Errorf("Decode allocates %v times per call", n)
	}
}
