package utf

import (
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"github.com/ucskit/ucs/internal/simd"
	"github.com/ucskit/ucs/internal/utf8class"
)

// classifierSeeds are the sequences where strict UTF-8 classifiers can
// disagree: each lead class with second bytes at its range's edges, cut
// short at every length, and the obsolete and invalid leads.
func classifierSeeds() [][]byte {
	var out [][]byte
	for _, lead := range []byte{0x41, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF} {
		for _, second := range []byte{0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0} {
			seq := []byte{lead, second, 0x80, 0x80, 'z'}
			for n := 1; n <= len(seq); n++ {
				out = append(out, append([]byte(nil), seq[:n]...))
			}
		}
	}
	return out
}

// FuzzClassifiers checks that the paths that explain ill-formed UTF-8
// agree on the sequence at the start of the input: the kind of an
// ill-formed sequence, the length of its maximal subpart, whether more
// input could complete it, and, for a well-formed character, its length
// and value. The decoders and encoders of encoding/utf, the multi-byte
// codecs' mb.DecodeRune and the explanation internal/simd gives after its
// kernels stop must give one verdict. All three ask internal/utf8class;
// this test guards how each turns its answer into its own (the end of the
// input, the kinds' numbers, the position after a kernel stops).
func FuzzClassifiers(f *testing.F) {
	for _, s := range classifierSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		if len(p) == 0 {
			return
		}
		if len(p) > 16 {
			p = p[:16]
		}
		checkClassifiers(t, p)
	})
}

// TestClassifiersSeeds runs the differential check over every seed and
// every one- and two-byte input, so that the agreement is checked without
// fuzzing too.
func TestClassifiersSeeds(t *testing.T) {
	for _, s := range classifierSeeds() {
		checkClassifiers(t, s)
	}
	for a := 0; a < 256; a++ {
		checkClassifiers(t, []byte{byte(a)})
		for b := 0; b < 256; b++ {
			checkClassifiers(t, []byte{byte(a), byte(b)})
			checkClassifiers(t, []byte{byte(a), byte(b), 0x80})
			checkClassifiers(t, []byte{byte(a), byte(b), 0x80, 0x80})
		}
	}
}

func checkClassifiers(t *testing.T, p []byte) {
	t.Helper()
	// encoding/utf. Its classify is called only at a byte that is not
	// ASCII.
	kind, n, incomplete := encoding.KindNone, 1, false
	if p[0] >= 0x80 {
		kind, n, incomplete = classify(p, &utf8class.Leads)
	}
	r, size, bad, inc := decodeRune(p, true)
	if inc {
		t.Fatalf("% X: decodeRune(atEOF) reported incomplete", p)
	}
	if kind == encoding.KindNone {
		if size != n || bad.Kind != encoding.KindNone {
			t.Fatalf("% X: classify says a character of %d bytes, decodeRune says size %d, %v", p, n, size, bad.Kind)
		}
	} else if bad.Kind != kind || bad.Len != n {
		t.Fatalf("% X: classify says %v/%d, decodeRune says %v/%d", p, kind, n, bad.Kind, bad.Len)
	}
	if _, _, _, inc := decodeRune(p, false); inc != incomplete {
		t.Fatalf("% X: classify incomplete=%v, decodeRune(!atEOF) incomplete=%v", p, incomplete, inc)
	}
	if incomplete != (kind == encoding.Truncated) {
		t.Fatalf("% X: classify incomplete=%v with kind %v", p, incomplete, kind)
	}

	// encoding/internal/mb.
	mr, mn, mk := mb.DecodeRune(p, true)
	if mk != kind || mn != n {
		t.Fatalf("% X: classify says %v/%d, mb.DecodeRune says %v/%d", p, kind, n, mk, mn)
	}
	if kind == encoding.KindNone {
		if want, _ := utf8.DecodeRune(p); mr != want || r != want {
			t.Fatalf("% X: mb.DecodeRune gives %U, decodeRune %U, want %U", p, mr, r, want)
		}
	} else if mr != -1 {
		t.Fatalf("% X: mb.DecodeRune gives rune %d for an ill-formed sequence", p, mr)
	}
	if _, mn, _ := mb.DecodeRune(p, false); (mn == 0) != incomplete {
		t.Fatalf("% X: classify incomplete=%v, mb.DecodeRune(!atEOF) n=%d", p, incomplete, mn)
	}

	// internal/simd: the verdict at the first sequence that is not a
	// complete character.
	off, sk, sn := simd.ValidateUTF8(p)
	if kind != encoding.KindNone {
		if off != 0 || sk != kind || sn != n {
			t.Fatalf("% X: classify says %v/%d at 0, simd.ValidateUTF8 says %v/%d at %d", p, kind, n, sk, sn, off)
		}
	} else if off < n {
		t.Fatalf("% X: classify says a character of %d bytes, simd.ValidateUTF8 stops at %d", p, n, off)
	}
	if off < len(p) {
		k2, n2, _ := classify(p[off:], &utf8class.Leads)
		if k2 != sk || n2 != sn {
			t.Fatalf("% X at %d: classify says %v/%d, simd.ValidateUTF8 says %v/%d", p, off, k2, n2, sk, sn)
		}
	}
}
