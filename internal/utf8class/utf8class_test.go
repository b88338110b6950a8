package utf8class

import (
	"testing"
	"unicode/utf8"
)

// isPrefix reports whether p is a prefix of some well-formed UTF-8
// character (or a whole one). Only the second byte of a sequence has a
// range narrower than 80–BF, so a prefix of two bytes or more is one
// exactly when completing it with 80 bytes gives a character, and a lone
// lead is one when some second byte does.
func isPrefix(p []byte) bool {
	complete := func(q []byte) bool {
		for k := len(q); k <= 4; k++ {
			if utf8.FullRune(q) {
				r, n := utf8.DecodeRune(q)
				return n == len(q) && r != utf8.RuneError
			}
			q = append(q, 0x80)
		}
		return false
	}
	if len(p) == 1 {
		if p[0] < 0x80 {
			return true
		}
		for c := 0x80; c <= 0xBF; c++ {
			if complete([]byte{p[0], byte(c)}) {
				return true
			}
		}
		return false
	}
	return complete(append([]byte(nil), p...))
}

// reference is the definition of Unicode §3.9: the maximal subpart is the
// longest prefix of p that is a prefix of a well-formed character, or one
// byte when there is none.
func reference(p []byte) (valid bool, truncated bool, n int) {
	if r, size := utf8.DecodeRune(p); r != utf8.RuneError || size == 3 {
		return true, false, size
	}
	n = 1
	for k := min(len(p), 3); k >= 1; k-- {
		if isPrefix(p[:k]) {
			n = k
			break
		}
	}
	return false, n == len(p) && isPrefix(p), n
}

func check(t *testing.T, p []byte) {
	t.Helper()
	k, n := Classify(p)
	valid, truncated, want := reference(p)
	switch {
	case n != want:
		t.Fatalf("% X: Classify gives %d bytes (%d), want %d", p, n, k, want)
	case valid != (k == None):
		t.Fatalf("% X: Classify gives kind %d, valid %v", p, k, valid)
	case truncated != (k == Truncated):
		t.Fatalf("% X: Classify gives kind %d, truncated %v", p, k, truncated)
	}
	r, dn, dk := Decode(p)
	if dk != k || dn != n {
		t.Fatalf("% X: Decode gives %d/%d, Classify %d/%d", p, dk, dn, k, n)
	}
	if want, _ := utf8.DecodeRune(p); valid && r != want || !valid && r != -1 {
		t.Fatalf("% X: Decode gives %U", p, r)
	}
}

// TestMaximalSubpart compares Classify with the definition on every input
// of one and two bytes, and of three and four bytes with continuation
// bytes at the ends of their range or none.
func TestMaximalSubpart(t *testing.T) {
	tails := []byte{0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF}
	for a := 0; a < 256; a++ {
		check(t, []byte{byte(a)})
		for b := 0; b < 256; b++ {
			check(t, []byte{byte(a), byte(b)})
			for _, c := range tails {
				check(t, []byte{byte(a), byte(b), c})
				for _, d := range []byte{'A', 0x80, 0xBF} {
					check(t, []byte{byte(a), byte(b), c, d})
				}
			}
		}
	}
}

// TestKinds pins the kind of each class of ill-formed sequence.
func TestKinds(t *testing.T) {
	for _, tc := range []struct {
		in   string
		kind Kind
		n    int
	}{
		{"\x80", UnexpectedContinuation, 1},
		{"\xBF\x80", UnexpectedContinuation, 1},
		{"\xC0\xAF", Overlong, 1},
		{"\xC1\xBF", Overlong, 1},
		{"\xE0\x9F\xBF", Overlong, 1},
		{"\xF0\x8F\xBF\xBF", Overlong, 1},
		{"\xED\xA0\x80", Surrogate, 1},
		{"\xF4\x90\x80\x80", OutOfRange, 1},
		{"\xF5\x80", OutOfRange, 1},
		{"\xF8\x88\x80\x80\x80", Obsolete5ByteLead, 1},
		{"\xFC\x84\x80\x80\x80\x80", Obsolete6ByteLead, 1},
		{"\xFE", InvalidByte, 1},
		{"\xFF", InvalidByte, 1},
		{"\xC2A", BadContinuation, 1},
		{"\xE1\x80A", BadContinuation, 2},
		{"\xF1\x80\x80\xC0", BadContinuation, 3},
		{"\xF1\x80\x80", Truncated, 3},
		{"\xE0", Truncated, 1},
		{"\xE4\xB8\xAD", None, 3},
		{"A", None, 1},
	} {
		if k, n := Classify([]byte(tc.in)); k != tc.kind || n != tc.n {
			t.Errorf("% X: Classify gives %d/%d, want %d/%d", tc.in, k, n, tc.kind, tc.n)
		}
	}
}

// FuzzClassify compares Classify and Decode with the definition.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{"\xE0\x9F\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xF0\x90\x80", "\xC2A", "\xEF\xBF\xBD"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		if len(p) > 0 {
			check(t, p)
		}
	})
}

// The static table is StrictLead of every byte (go generate writes it;
// this catches a stale or hand-edited file).
func TestLeadsTable(t *testing.T) {
	for c := range 256 {
		if got, want := Leads[c], StrictLead(byte(c)); got != want {
			t.Errorf("Leads[%02X] = %+v, want %+v (run go generate)", c, got, want)
		}
	}
	if Leads['a'].Size != 1 || Leads[0xE0].Lo != 0xA0 || Leads[0xFF].Kind != InvalidByte {
		t.Error("the static table is not filled")
	}
}
