package charset

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"golang.org/x/text/transform"
)

// contractInputs are adversarial inputs for every decoder: the 31-bit
// values of UCS-4 and RFC 2279 that UTF-8 cannot carry (surrogates, values
// above U+10FFFF, 5- and 6-byte forms) in every byte order, overlong and
// truncated UTF-8, lone and paired surrogates in UTF-16, escapes of the
// stateful encodings, and random bytes.
func contractInputs() [][]byte {
	in := [][]byte{
		{0x00, 0x00, 0xD8, 0x00}, {0x00, 0xD8, 0x00, 0x00},
		{0x7F, 0xFF, 0xFF, 0xFF}, {0xFF, 0xFF, 0xFF, 0x7F},
		{0x00, 0x11, 0x00, 0x00}, {0x00, 0x00, 0x11, 0x00},
		{0x00, 0x00, 0xDF, 0xFF, 0x00, 0x00, 0x00, 0x41},
		{0xF4, 0x90, 0x80, 0x80}, {0xED, 0xA0, 0x80}, {0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80},
		{0xF8, 0x88, 0x80, 0x80, 0x80}, {0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF},
		{0xFC, 0x84, 0x80, 0x80, 0x80, 0x80}, {0xC0, 0x80}, {0xC0, 0xAF}, {0xF4, 0xB4, 0xB5, 0x93, 0x5A},
		{0xE0, 0x80}, {0xFE, 0xFF, 0xD8, 0x00}, {0xFF, 0xFE, 0x00, 0xD8}, {0x00, 0xDC, 0x41, 0x00},
		[]byte("+2ADcAA-"), []byte("+2AA-"), []byte("+/v8-"), []byte("\x1b$B\x24\x22\x1b(B"), []byte("~{\x80~}"),
		[]byte("\x81\x30\x81\x30\x84\x31\xA4\x39\xE3\x32\x9A\x35\xFE\x39\xFE\x39"),
		{0x80}, {0xFF}, {0x00},
	}
	r := rand.New(rand.NewPCG(3, 13))
	for i := 0; i < 64; i++ {
		b := make([]byte, 1+r.IntN(64))
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		in = append(in, b)
	}
	// Every 4-byte value whose bytes come from a short adversarial list.
	vals := []byte{0x00, 0x11, 0x7F, 0xD8, 0xFF}
	for _, a := range vals {
		for _, b := range vals {
			for _, c := range vals {
				for _, d := range vals {
					in = append(in, []byte{a, b, c, d})
				}
			}
		}
	}
	return in
}

// TestDecodersWriteUTF8 checks x/text's Decoder contract on every
// registered codec: what a decoder reached through NewDecoder (read with
// transform.NewReader, whole and one byte at a time) writes is valid
// UTF-8, under every error policy; an input it cannot decode is an error,
// never bytes that are not UTF-8. (The ucs-4 and utf-8-rfc2279 decoders
// once copied surrogate values and values above U+10FFFF to their output
// in the 31-bit RFC 2279 form.)
func TestDecodersWriteUTF8(t *testing.T) {
	inputs := contractInputs()
	for _, cs := range List() {
		for _, p := range []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Skip, encoding.Escape} {
			codec := cs.Codec.WithPolicy(p)
			for _, in := range inputs {
				for _, oneByte := range []bool{false, true} {
					var src io.Reader = bytes.NewReader(in)
					if oneByte {
						src = iotest.OneByteReader(src)
					}
					out, err := io.ReadAll(transform.NewReader(src, codec.NewDecoder()))
					if !utf8.Valid(out) {
						t.Errorf("%s, policy %v, one byte at a time %v: % X decodes to % X, not UTF-8 (error %v)", cs.Name, p, oneByte, in, out, err)
					}
					if err != nil && p != encoding.Fail && !errors.Is(err, io.ErrUnexpectedEOF) {
						var e *encoding.Error
						if errors.As(err, &e) {
							t.Errorf("%s, policy %v: % X: an error under a policy that handles it: %v", cs.Name, p, in, err)
						}
					}
				}
				// The bulk forms follow the same contract.
				if out, _ := codec.AppendDecode(nil, in); !utf8.Valid(out) {
					t.Errorf("%s, policy %v: AppendDecode(% X) = % X, not UTF-8", cs.Name, p, in, out)
				}
				if out, _, _ := transform.Bytes(codec.NewDecoder(), in); !utf8.Valid(out) {
					t.Errorf("%s, policy %v: Decoder.Bytes(% X) = % X, not UTF-8", cs.Name, p, in, out)
				}
			}
		}
	}
}
