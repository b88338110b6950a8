package detect

import (
	"bytes"
	"testing"
)

// FuzzDetect checks that detection never panics, that confidences lie in
// [0, 1] in order, and that every candidate decodes the input.
func FuzzDetect(f *testing.F) {
	for _, s := range []string{
		"", "Bush hid the facts", "\xC1\xAA\xCD\xA8", "\xEF\xBB\xBFa", "\xFF\xFEa\x00",
		"caf\xe9", "\x1b$B$3$s$K$A$O\x1b(B", "\x81\x30\x81\x30", "\x00\x00\xFE\xFF",
		// UTF-8-shaped, with overlong leads (shape.go)
		"\xC5\xA4\xC1\xAD\xC5\xBE", "~{VP~}", "+ZeVnLIqe-", "\x1b$)A\x0eVP\x0f", "\xD0\x9F\xD1\x80\xFF\xD0\xB8", "\xC1\xAA\xCD\xA8\r\n", "\xC0\x80", "a\xC1\xBF\xDF\xBF",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		res := Detect(b)
		for i, c := range res.Candidates {
			if c.Confidence < 0 || c.Confidence > 1 || (i > 0 && c.Confidence > res.Candidates[i-1].Confidence) {
				t.Fatalf("% X: confidences %+v", b, res.Candidates)
			}
			if c.Invalid > 0 {
				if c.Encoding != "utf-8" || c.FirstInvalid < 0 || c.FirstInvalid >= int64(len(b)) {
					t.Fatalf("% X: candidate %+v with malformed sequences", b, c)
				}
				continue
			}
			if _, ok := decodeAs(c.Encoding, c.BOM, b); !ok {
				t.Fatalf("% X: candidate %s does not decode the input", b, c.Encoding)
			}
		}
		if c := DetectPrefix(b).Best(); c.Encoding == "us-ascii" && !asciiOnly(b) {
			t.Fatalf("% X: us-ascii for a prefix with a non-ASCII byte", b)
		}
		if _, err := DetectReader(bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
	})
}

func asciiOnly(b []byte) bool { return simdASCII(b) == len(b) }

// FuzzDetector checks the streaming form: fed in two pieces, split
// anywhere, a Detector agrees with Detect on an input it examines whole,
// and its answer for the first piece alone never panics nor claims
// us-ascii for a non-ASCII byte.
func FuzzDetector(f *testing.F) {
	for _, s := range []string{"", "caf\xe9", "\xEF\xBB\xBFab", "~{VP~}", "\x1b$B$3$s\x1b(B", "\xD0\x9F\xD1\x80\xFF"} {
		f.Add([]byte(s), uint16(1))
	}
	f.Fuzz(func(t *testing.T, b []byte, split uint16) {
		if len(b) > ReaderPrefix {
			return
		}
		k := int(split) % (len(b) + 1)
		d := NewDetector()
		d.Feed(b[:k], false)
		if c := d.Result().Best(); c.Encoding == "us-ascii" && !asciiOnly(b[:k]) {
			t.Fatalf("% X: us-ascii for a prefix with a non-ASCII byte", b[:k])
		}
		d.Feed(b[k:], true)
		got, want := d.Result(), Detect(b)
		if len(got.Candidates) != len(want.Candidates) || (len(got.Candidates) > 0 && got.Best() != want.Best()) {
			t.Fatalf("% X split at %d: Detector %+v, Detect %+v", b, k, got.Best(), want.Best())
		}
	})
}

// FuzzValidUTF16 compares the SIMD path of validUTF16 with the scalar
// check.
func FuzzValidUTF16(f *testing.F) {
	f.Add([]byte("G\x00r\x00\xf6\x00\x3d\xd8\x00\xde"), true)
	f.Add(bytes.Repeat([]byte{0x3d, 0xd8, 0x00, 0xde, 0x41, 0x00}, 30), false)
	f.Fuzz(func(t *testing.T, b []byte, be bool) {
		for _, atEOF := range []bool{true, false} {
			if got, want := validUTF16(b, be, atEOF), validUTF16Scalar(b, be, atEOF); got != want {
				t.Fatalf("% X (be %v, atEOF %v): %v, scalar %v", b, be, atEOF, got, want)
			}
		}
	})
}
