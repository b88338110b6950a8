package singlebyte

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/simd"
)

// kernelInput makes about n bytes for codec c: in legacy form (runs of
// ASCII and of bytes with a character, now and then any byte) or in
// UTF-8 (runs of ASCII and of the page's characters, now and then
// another character or an ill-formed sequence).
func kernelInput(r *rand.Rand, m *charmap, n int, legacy bool) []byte {
	var high []byte
	for i, cp := range m.high {
		if cp != 0 {
			high = append(high, byte(0x80+i))
		}
	}
	out := make([]byte, 0, n+4)
	for len(out) < n {
		run := 1 + r.IntN(100)
		switch k := r.IntN(16); {
		case k < 5 || len(high) == 0:
			for i := 0; i < run; i++ {
				out = append(out, byte(0x20+r.IntN(0x5F)))
			}
		case k < 15:
			for i := 0; i < run; i++ {
				b := high[r.IntN(len(high))]
				if legacy {
					out = append(out, b)
				} else {
					out = utf8.AppendRune(out, rune(m.high[b-0x80]))
				}
			}
		default:
			if legacy {
				out = append(out, byte(r.IntN(256)))
			} else if r.IntN(2) == 0 {
				out = utf8.AppendRune(out, rune(0x80+r.IntN(0x3000)))
			} else {
				bad := []string{"\x80", "\xC0\x80", "\xC3", "\xE2\x82", "\xED\xA0\x80", "\xFF"}
				out = append(out, bad[r.IntN(len(bad))]...)
			}
		}
	}
	return out
}

// convertAll runs t over src into destinations of size dstSize at a
// time, as a stream, and returns the output and the error.
func convertAll(t transform.Transformer, src []byte, dstSize int) ([]byte, error) {
	var out []byte
	dst := make([]byte, dstSize)
	t.Reset()
	for {
		nDst, nSrc, err := t.Transform(dst, src, true)
		out = append(out, dst[:nDst]...)
		src = src[nSrc:]
		if errors.Is(err, transform.ErrShortDst) && (nDst > 0 || nSrc > 0) {
			continue
		}
		return out, err
	}
}

// TestKernels converts random text of every code page in every policy
// with every kernel of internal/simd, whole and as a stream into small
// destinations, and checks that the kernels agree with the scalar one
// byte for byte, errors and their offsets included, and that replacing
// decodes byte by byte as the table says.
func TestKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	policies := []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Skip, encoding.Escape}
	for _, c := range all {
		d := c.NewDecoderCore().(*decoder)
		m := d.m
		for _, legacy := range []bool{true, false} {
			for _, n := range []int{63, 64, 65, 200, 1000, 5000} {
				src := kernelInput(r, m, n, legacy)
				for _, p := range policies {
					cp := c.WithPolicy(p)
					for _, size := range []int{len(src)*3 + 64, 300, 64} {
						var want []byte
						var wantErr error
						for i, k := range simd.Kernels() {
							restore, ok := simd.ForceKernel(k)
							if !ok {
								t.Fatalf("cannot force kernel %s", k)
							}
							var got []byte
							var err error
							if legacy {
								got, err = convertAll(cp.DecodeTransformer(), src, size)
							} else {
								got, err = convertAll(cp.EncodeTransformer(), src, size)
							}
							restore()
							if i == 0 {
								want, wantErr = got, err
								continue
							}
							if !bytes.Equal(got, want) || errString(err) != errString(wantErr) {
								t.Fatalf("%s, %v, legacy %v, dst %d: kernel %s gives %q, %v; kernel %s gives %q, %v",
									c, p, legacy, size, k, got, err, simd.Kernels()[0], want, wantErr)
							}
						}
						if legacy && p == encoding.Replace {
							var oracle []byte
							for _, b := range src {
								if cp, ok := m.t.DecodeByte(b); ok {
									oracle = utf8.AppendRune(oracle, cp)
								} else {
									oracle = utf8.AppendRune(oracle, utf8.RuneError)
								}
							}
							if !bytes.Equal(want, oracle) || wantErr != nil {
								t.Fatalf("%s, replace, dst %d: decodes %q, %v; want %q", c, size, want, wantErr, oracle)
							}
						}
					}
				}
			}
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
