package main

import (
	"bytes"
	"os"
	"testing"
)

func readData(t *testing.T) []byte {
	t.Helper()
	src, err := os.ReadFile("data/Unassigned-ranges.mjs")
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestGenerated checks that the committed table is the generator's output
// from the pinned data, byte for byte.
func TestGenerated(t *testing.T) {
	got, err := generate(readData(t))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../../unicode32_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("ldap/unicode32_table.go is not the generator's output: run go generate in ldap/")
	}
}

// TestRanges checks the decoded data against facts of Unicode 3.2.0.
func TestRanges(t *testing.T) {
	un, err := parseRanges(readData(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(un) != 386 {
		t.Errorf("%d unassigned ranges, want 386", len(un))
	}
	in := func(rs []span, r rune) bool {
		for _, s := range rs {
			if s.lo <= r && r <= s.hi {
				return true
			}
		}
		return false
	}
	as := assigned(un)
	for _, c := range []struct {
		r        rune
		assigned bool
	}{
		{0x0000, true}, {0x0220, true}, {0x0221, false}, // U+0221 came in Unicode 4.0
		{0x20AC, true}, {0x20B1, true}, {0x20B2, false}, // U+20B1 PESO SIGN came in 3.2, U+20B2 in 4.1
		{0x4DB5, true}, {0x4DB6, false}, {0x9FA5, true}, {0x9FA6, false}, // CJK ideographs of 3.2
		{0xAC00, true}, {0xD7A3, true}, {0xD7A4, false}, // Hangul syllables
		{0xD800, true}, {0xE000, true}, {0xFFFE, false}, // surrogates (Cs) and private use (Co) are assigned categories
		{0x10000, false}, {0x10300, true}, {0x1D400, true}, {0x20000, true}, {0x2A6D6, true}, {0x2A6D7, false},
		{0xE0001, true}, {0xF0000, true}, {0x10FFFD, true}, {0x10FFFF, false},
	} {
		if in(as, c.r) != c.assigned || in(un, c.r) == c.assigned {
			t.Errorf("U+%04X: assigned %v, want %v", c.r, in(as, c.r), c.assigned)
		}
	}
}

// TestPinned checks that the generator refuses data whose SHA-256 is not
// the pinned one.
func TestPinned(t *testing.T) {
	src := bytes.Clone(readData(t))
	src[len(src)-5] ^= 1
	if _, err := generate(src); err == nil {
		t.Fatal("generate accepted changed data")
	}
}
