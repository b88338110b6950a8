package enctest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
)

// CheckFuzz checks the properties every legacy codec keeps on any input
// data:
//
//   - no policy panics or breaks the transformer contract, decoding or
//     encoding;
//   - fail and replace agree: the strict decoder's output before its first
//     error, followed by U+FFFD, is a prefix of the replacing decoder's
//     output, and the error lies inside the input;
//   - decode(encode(x)) == canon(x) for the text x made of the characters
//     of data (read as UTF-8) that the codec can encode one by one, where
//     canon applies the codec's documented one-way mappings (nil: none).
func CheckFuzz(t *testing.T, c *encoding.Codec, data []byte, canon func(rune) rune) {
	strict := c.WithPolicy(encoding.Fail)
	fail, ferr := strict.AppendDecode(nil, data)
	rep, rerr := c.WithPolicy(encoding.Replace).AppendDecode(nil, data)
	if rerr != nil {
		t.Fatalf("%s: replace decoding % X: %v", c.Name(), data, rerr)
	}
	if !utf8.Valid(rep) || !utf8.Valid(fail) {
		t.Fatalf("%s: decoder output is not UTF-8 for % X", c.Name(), data)
	}
	if ferr != nil {
		var e *encoding.Error
		if !errors.As(ferr, &e) || e.Offset < 0 || int(e.Offset)+e.Len > len(data) || e.Len < 0 {
			t.Fatalf("%s: bad error %v for % X", c.Name(), ferr, data)
		}
		if !bytes.HasPrefix(rep, append(fail, "\uFFFD"...)) {
			t.Fatalf("%s: % X: fail output %q + U+FFFD is not a prefix of replace output %q", c.Name(), data, fail, rep)
		}
	} else if !bytes.Equal(fail, rep) {
		t.Fatalf("%s: valid input % X decodes to %q strictly, %q replacing", c.Name(), data, fail, rep)
	}
	for _, p := range []encoding.Policy{encoding.Skip, encoding.Escape} {
		if _, err := c.WithPolicy(p).AppendDecode(nil, data); err != nil {
			t.Fatalf("%s: %v decoding % X: %v", c.Name(), p, data, err)
		}
	}
	if !c.CanEncode() {
		return
	}
	for _, p := range []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Skip, encoding.Escape} {
		c.WithPolicy(p).AppendEncode(nil, data)
	}
	var x, want []byte
	core := c.NewEncoderCore()
	var buf [64]byte
	var one [4]byte
	for _, r := range string(data) {
		if r == utf8.RuneError {
			continue
		}
		core.Reset()
		if _, _, bad, err := core.Convert(buf[:], utf8.AppendRune(one[:0], r), true); err != nil || bad.Kind != encoding.KindNone {
			continue
		}
		x = utf8.AppendRune(x, r)
		if canon != nil {
			r = canon(r)
		}
		want = utf8.AppendRune(want, r)
	}
	enc, err := strict.AppendEncode(nil, x)
	if err != nil {
		t.Fatalf("%s: encoding encodable text %q: %v", c.Name(), x, err)
	}
	back, err := strict.AppendDecode(nil, enc)
	if err != nil || !bytes.Equal(back, want) {
		t.Fatalf("%s: %q → % X → %q, %v; want %q", c.Name(), x, enc, back, err, want)
	}
}

// WriteSeeds writes seeds as the fuzz seed corpus of target under
// testdata/fuzz, in the file format of go test. The tests call it only
// when UCS_WRITE_SEEDS is set.
func WriteSeeds(t *testing.T, target string, seeds [][]byte) {
	if os.Getenv("UCS_WRITE_SEEDS") == "" {
		return
	}
	dir := filepath.Join("testdata", "fuzz", target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range seeds {
		body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(s)) + ")\n"
		sum := sha256.Sum256([]byte(body))
		if err := os.WriteFile(filepath.Join(dir, hex.EncodeToString(sum[:8])), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Seeds returns a seed list for a codec's fuzz target: the given samples,
// the malformed inputs, and slices of a corpus file.
func Seeds(samples [][]byte, corpus []byte) [][]byte {
	out := append([][]byte(nil), samples...)
	for i, m := range MalformedBytes() {
		if i%211 == 0 {
			out = append(out, m)
		}
	}
	for i := 0; i+64 <= len(corpus) && i < 64*8; i += 64 {
		out = append(out, corpus[i:i+64])
	}
	return out
}
