package ber

import (
	"bytes"
	"math"
	"testing"
)

func TestLengthsAndRead(t *testing.T) {
	for _, n := range []int{0, 1, 127, 128, 255, 256, 65535, 65536, 1 << 24} {
		content := bytes.Repeat([]byte{'x'}, n)
		b := AppendTLV(nil, TagOctetString, content)
		wantHdr := map[bool]int{true: 2}[n < 128]
		if n >= 128 {
			wantHdr = 2
			for m := n; m > 0xFF; m >>= 8 {
				wantHdr++
			}
			wantHdr++
		}
		if len(b)-n != wantHdr {
			t.Errorf("length %d: header of %d bytes, want %d", n, len(b)-n, wantHdr)
		}
		e, rest, err := Read(b, 0)
		if err != nil || len(rest) != 0 || len(e.Content) != n || e.Tag != TagOctetString {
			t.Errorf("length %d: %v", n, err)
		}
	}
	for _, bad := range [][]byte{{}, {0x04}, {0x04, 0x80}, {0x04, 0x85, 0, 0, 0, 0, 1}, {0x04, 0x02, 'a'}, {0x1F, 0x01, 0x00}, {0x04, 0x82, 0x01}} {
		if _, _, err := Read(bad, 0); err == nil {
			t.Errorf("% x accepted", bad)
		}
	}
	// Long form is accepted on reading.
	if e, _, err := Read([]byte{0x04, 0x81, 0x01, 'a'}, 0); err != nil || string(e.Content) != "a" {
		t.Errorf("long form: %v", err)
	}
}

func TestIntegers(t *testing.T) {
	for _, v := range []int64{0, 1, -1, 127, 128, -128, -129, 255, 256, 1 << 31, -(1 << 31), math.MaxInt64, math.MinInt64} {
		b := AppendInteger(nil, TagInteger, v)
		e, _, err := Read(b, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReadInteger(e)
		if err != nil || got != v {
			t.Errorf("%d: % x → %d %v", v, b, got, err)
		}
	}
	if _, err := ReadInteger(Element{Content: []byte{0x00, 0x01}}); err == nil {
		t.Error("non-minimal integer accepted")
	}
	if b := AppendBoolean(nil, 0x84, true); !bytes.Equal(b, []byte{0x84, 0x01, 0xFF}) {
		t.Errorf("TRUE: % x", b)
	}
}

// FuzzRead: Read never panics, and what it reads re-encodes (shortest
// length form) to something it reads back the same.
func FuzzRead(f *testing.F) {
	f.Add([]byte{0x30, 0x03, 0x02, 0x01, 0x05})
	f.Add([]byte{0x04, 0x84, 0, 0, 0, 1, 'a'})
	f.Add([]byte{0x04, 0x80, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		e, _, err := Read(b, 0)
		if err != nil {
			return
		}
		again, rest, err := Read(AppendTLV(nil, e.Tag, e.Content), 0)
		if err != nil || len(rest) != 0 || again.Tag != e.Tag || !bytes.Equal(again.Content, e.Content) {
			t.Fatalf("re-encoding: %v", err)
		}
		ReadInteger(e)
	})
}
