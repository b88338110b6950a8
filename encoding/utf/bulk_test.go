package utf

import (
	"bytes"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
)

func TestBulkFunctions(t *testing.T) {
	for _, s := range sampleTexts {
		b := []byte(s)
		units := utf16.Encode([]rune(s))
		if got := UTF16LenFromUTF8(b); got != len(units) {
			t.Errorf("UTF16LenFromUTF8(%q) = %d, want %d", s, got, len(units))
		}
		if got := RuneCount(b); got != utf8.RuneCount(b) {
			t.Errorf("RuneCount(%q) = %d", s, got)
		}
		for _, o := range []ByteOrder{LittleEndian, BigEndian} {
			w, err := AppendUTF16FromUTF8([]byte("x"), b, o)
			if err != nil || w[0] != 'x' || len(w) != 1+2*len(units) {
				t.Fatalf("AppendUTF16FromUTF8(%q, %v) = % X, %v", s, o, w, err)
			}
			if got := UTF8LenFromUTF16(w[1:], o); got != len(b) {
				t.Errorf("UTF8LenFromUTF16(%q, %v) = %d, want %d", s, o, got, len(b))
			}
			back, err := AppendUTF8FromUTF16(nil, w[1:], o)
			if err != nil || string(back) != s {
				t.Errorf("AppendUTF8FromUTF16 round trip of %q: %q, %v", s, back, err)
			}
			w32, err := AppendUTF32FromUTF8(nil, b, o)
			if err != nil || len(w32) != 4*utf8.RuneCount(b) {
				t.Errorf("AppendUTF32FromUTF8(%q) = % X, %v", s, w32, err)
			}
			back, err = AppendUTF8FromUTF32(nil, w32, o)
			if err != nil || string(back) != s {
				t.Errorf("AppendUTF8FromUTF32 round trip of %q: %q, %v", s, back, err)
			}
		}
	}
	latin := make([]byte, 256)
	for i := range latin {
		latin[i] = byte(i)
	}
	u := AppendUTF8FromLatin1([]byte("<"), latin)
	want := "<"
	for i := 0; i < 256; i++ {
		want += string(rune(i))
	}
	if string(u) != want {
		t.Fatalf("AppendUTF8FromLatin1 = %q", u)
	}
	back, err := AppendLatin1FromUTF8(nil, u[1:])
	if err != nil || !bytes.Equal(back, latin) {
		t.Fatalf("AppendLatin1FromUTF8 = % X, %v", back, err)
	}
	_, err = AppendLatin1FromUTF8(nil, []byte("ab汉"))
	if e, ok := err.(*encoding.Error); !ok || e.Kind != encoding.Unmappable || e.Rune != '汉' || e.Offset != 2 {
		t.Errorf("AppendLatin1FromUTF8(汉) error = %v", err)
	}
	_, err = AppendLatin1FromUTF8(nil, []byte("ab\xC0\xAF"))
	if e, ok := err.(*encoding.Error); !ok || e.Kind != encoding.Overlong || e.Offset != 2 {
		t.Errorf("AppendLatin1FromUTF8(overlong) error = %v", err)
	}
}

// TestUTF8LenFromUTF16Orders checks that both byte orders count any input,
// lone surrogates and an odd last byte included, the same way.
func TestUTF8LenFromUTF16Orders(t *testing.T) {
	units := []uint16{0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF}
	for n := 0; n < 300; n++ {
		le := make([]byte, 0, 2*n+1)
		be := make([]byte, 0, 2*n+1)
		want := 0
		for i := 0; i < n; i++ {
			u := units[(i*7+n)%len(units)]
			le = append(le, byte(u), byte(u>>8))
			be = append(be, byte(u>>8), byte(u))
			switch {
			case u < 0x80:
				want++
			case u < 0x800 || (u >= 0xD800 && u < 0xE000):
				want += 2
			default:
				want += 3
			}
		}
		if n%2 == 1 {
			le, be = append(le, 0xD8), append(be, 0xD8)
		}
		gotLE, gotBE := UTF8LenFromUTF16(le, LittleEndian), UTF8LenFromUTF16(be, BigEndian)
		if gotLE != want || gotBE != want {
			t.Fatalf("%d units: little-endian %d, big-endian %d, want %d", n, gotLE, gotBE, want)
		}
	}
}
