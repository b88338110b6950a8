package mb

import (
	"bytes"
	"math/rand"
	"testing"
	"unicode/utf8"
)

// testPairs is a double-byte code shaped like GBK (leads 81–FE, trails
// 40–7E and 80–FE) whose pointer p is the character U+4E00+p, except that
// every 37th pointer has no character, and pointers from 10000 on are
// beyond the BMP (so not in the fast table).
func testPairs() (*Pairs, *[256]uint16, *[256]uint16, []uint32) {
	var lead, trail [256]uint16
	for i := range lead {
		lead[i], trail[i] = Invalid, Invalid
		if i >= 0x81 && i <= 0xFE {
			lead[i] = uint16(i-0x81) * 190
		}
		if i >= 0x40 && i <= 0x7E {
			trail[i] = uint16(i - 0x40)
		} else if i >= 0x80 && i <= 0xFE {
			trail[i] = uint16(i - 0x41)
		}
	}
	idx := make([]uint32, 126*190)
	for p := range idx {
		switch {
		case p%37 == 0:
		case p >= 10000:
			idx[p] = 0x20000 + uint32(p)
		default:
			idx[p] = 0x4E00 + uint32(p)
		}
	}
	tab := PackLenTable32(idx)
	return NewPairs(&lead, &trail, tab), &lead, &trail, tab
}

// refDecode2 decodes what Decode2 may decode, one character at a time,
// and stops where Decode2 must stop at the latest.
func refDecode2(src []byte, lead, trail *[256]uint16, tab []uint32) (out []byte, bounds []int) {
	i := 0
	for i < len(src) {
		bounds = append(bounds, i)
		c := src[i]
		if c < 0x80 {
			out = append(out, c)
			i++
			continue
		}
		if i+1 >= len(src) {
			break
		}
		p := int(lead[c]) + int(trail[src[i+1]])
		if p >= len(tab) || tab[p] == 0 {
			break
		}
		r := Unpack(tab[p] & 0xFFFFFF)
		out = utf8.AppendRune(out, r)
		i += 2
	}
	if i == len(src) {
		bounds = append(bounds, i)
	}
	return out, bounds
}

func TestDecode2(t *testing.T) {
	pairs, lead, trail, tab := testPairs()
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 20000; n++ {
		// Text with a varying share of ASCII and of bad or slow codes.
		size := rng.Intn(80)
		ascii, bad := rng.Intn(10), rng.Intn(40)
		var src []byte
		for len(src) < size {
			switch k := rng.Intn(10 + bad); {
			case k < ascii:
				src = append(src, byte(rng.Intn(0x80)))
			case k < 10:
				p := rng.Intn(10000)
				lo, tr := p/190, p%190
				if tr < 0x3F {
					tr += 0x40
				} else {
					tr += 0x41
				}
				src = append(src, byte(lo+0x81), byte(tr))
			default:
				src = append(src, byte(rng.Intn(256)))
			}
		}
		want, bounds := refDecode2(src, lead, trail, tab)
		for _, room := range []int{0, 7, 8, 31, 32, 40, 4*len(src) + 32} {
			dst := make([]byte, room)
			nDst, nSrc := Decode2(dst, src, pairs)
			if nSrc > len(src) || nDst > room {
				t.Fatalf("% x, room %d: Decode2 = %d, %d beyond the buffers", src, room, nDst, nSrc)
			}
			pos := -1
			for k, b := range bounds {
				if b == nSrc {
					pos = k
				}
			}
			if pos < 0 {
				t.Fatalf("% x, room %d: Decode2 stopped at %d, not a character boundary the reference reaches (%v)", src, room, nSrc, bounds)
			}
			got, _ := refDecode2(src[:nSrc], lead, trail, tab)
			if !bytes.Equal(dst[:nDst], got) || !bytes.HasPrefix(want, got) {
				t.Fatalf("% x, room %d: Decode2 wrote % x for %d bytes, want % x", src, room, dst[:nDst], nSrc, got)
			}
		}
	}
}

func TestDecode2Progress(t *testing.T) {
	// On valid text with room to spare, Decode2 leaves at most the last
	// twenty-three bytes and runs of ASCII to the caller.
	pairs, _, _, _ := testPairs()
	var src []byte
	for p := 1; p < 10000; p++ {
		if p%37 == 0 {
			continue
		}
		lo, tr := p/190, p%190
		if tr < 0x3F {
			tr += 0x40
		} else {
			tr += 0x41
		}
		src = append(src, byte(lo+0x81), byte(tr))
		if p%5 == 0 {
			src = append(src, ' ')
		}
	}
	dst := make([]byte, 2*len(src)+32)
	_, nSrc := Decode2(dst, src, pairs)
	if nSrc < len(src)-23 {
		t.Errorf("Decode2 stopped at %d of %d", nSrc, len(src))
	}
	if a := testing.AllocsPerRun(10, func() { Decode2(dst, src, pairs) }); a != 0 {
		t.Errorf("Decode2 allocates %v times", a)
	}
}

// refEncode2 encodes what Encode2 may encode, one character at a time:
// ASCII, and three-byte UTF-8 whose code in enc is not 0 and that is not
// skip. It stops where Encode2 must stop at the latest.
func refEncode2(src []byte, enc *[65536]uint16, skip uint16) (out []byte, bounds []int) {
	i := 0
	for i < len(src) {
		bounds = append(bounds, i)
		if src[i] < 0x80 {
			out = append(out, src[i])
			i++
			continue
		}
		r, n := utf8.DecodeRune(src[i:])
		if n != 3 || r == utf8.RuneError && !bytes.HasPrefix(src[i:], []byte("\uFFFD")) {
			break
		}
		v := enc[r]
		if v == 0 || uint16(r) == skip {
			break
		}
		out = append(out, byte(v>>8), byte(v))
		i += 3
	}
	if i == len(src) {
		bounds = append(bounds, i)
	}
	return out, bounds
}

func TestEncode2(t *testing.T) {
	// Every code point from U+0800 on whose low six bits are not 5 has a
	// code; U+8000 is the character to skip.
	enc := new([65536]uint16)
	for r := 0x80; r < 0x10000; r++ {
		if r%64 != 5 && (r < 0xD800 || r > 0xDFFF) {
			enc[r] = uint16(0x8140 + r%0x7000)
		}
	}
	const skip = 0x8000
	rng := rand.New(rand.NewSource(2))
	for n := 0; n < 20000; n++ {
		size := rng.Intn(80)
		ascii, other := rng.Intn(10), rng.Intn(40)
		var src []byte
		for len(src) < size {
			switch k := rng.Intn(10 + other); {
			case k < ascii:
				src = append(src, byte(rng.Intn(0x80)))
			case k < 10:
				src = utf8.AppendRune(src, rune(0x800+rng.Intn(0xF800)))
			case k < 13:
				src = utf8.AppendRune(src, rune(rng.Intn(0x800)))
			case k < 15:
				src = utf8.AppendRune(src, skip)
			case k < 17:
				// Overlong and surrogate forms.
				src = append(src, 0xE0, byte(0x80+rng.Intn(0x20)), 0x80+byte(rng.Intn(0x40)))
			case k < 19:
				src = append(src, 0xED, byte(0xA0+rng.Intn(0x20)), 0x80+byte(rng.Intn(0x40)))
			default:
				src = append(src, byte(rng.Intn(256)))
			}
		}
		want, bounds := refEncode2(src, enc, skip)
		for _, room := range []int{0, 3, 4, 7, 8, 9, 2*len(src) + 8} {
			dst := make([]byte, room)
			nDst, nSrc := Encode2(dst, src, enc, skip)
			if nSrc > len(src) || nDst > room {
				t.Fatalf("% x, room %d: Encode2 = %d, %d beyond the buffers", src, room, nDst, nSrc)
			}
			pos := -1
			for k, b := range bounds {
				if b == nSrc {
					pos = k
				}
			}
			if pos < 0 {
				t.Fatalf("% x, room %d: Encode2 stopped at %d, not a boundary the reference reaches (%v)", src, room, nSrc, bounds)
			}
			got, _ := refEncode2(src[:nSrc], enc, skip)
			if !bytes.Equal(dst[:nDst], got) || !bytes.HasPrefix(want, got) {
				t.Fatalf("% x, room %d: Encode2 wrote % x for %d bytes, want % x", src, room, dst[:nDst], nSrc, got)
			}
		}
	}
}
