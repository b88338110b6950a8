package simplifiedchinese

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/simd"
)

// convertAll decodes (or encodes) src with c under the Replace policy and
// under Fail, and returns the outputs and the error of Fail, in one
// string to compare.
func convertAll(c *encoding.Codec, src []byte, enc bool) string {
	var rep, fail []byte
	var rerr, ferr error
	if enc {
		rep, rerr = c.WithPolicy(encoding.Replace).AppendEncode(nil, src)
		fail, ferr = c.AppendEncode(nil, src)
	} else {
		rep, rerr = c.WithPolicy(encoding.Replace).AppendDecode(nil, src)
		fail, ferr = c.AppendDecode(nil, src)
	}
	return fmt.Sprintf("%q %v | %q %v", rep, rerr, fail, ferr)
}

// FuzzSupplementaryKernels decodes the fuzzer's input, after a run of
// 0–63 supplementary characters so that it falls at every place of the
// kernels' blocks, and encodes its UTF-8 form (the input as text, and the
// replace decoding), under every kernel, and fails when a vector kernel's
// outputs or errors differ from the scalar kernel's.
func FuzzSupplementaryKernels(f *testing.F) {
	for _, s := range []string{
		"\x95\x32\x82\x36\x94\x39\xF0\x38", "\xE3\x32\x9A\x35\xE3\x32\x9A\x36abc", "\x84\x31\xA4\x39\x90\x30\x81\x30",
		"\x94\x39\xF0\x2F\x94\x39\xF0", "\xBA\xBA\x81\x30\x81\x30 \x80\xFF", "\U0001F600\U00010000\U0010FFFF\xF4\x90\x80\x80",
	} {
		for _, pos := range []uint8{0, 1, 15, 16, 31} {
			f.Add([]byte(s), pos)
		}
	}
	run := bytes.Repeat([]byte("\x95\x32\x82\x36\x94\x39\xF0\x38"), 32)
	f.Fuzz(func(t *testing.T, data []byte, pos uint8) {
		src := append(bytes.Clone(run[:4*int(pos%64)]), data...)
		text, _ := GB18030.WithPolicy(encoding.Replace).AppendDecode(nil, src)
		type result struct{ dec, enc, enc2 string }
		var want result
		for i, k := range append([]string{"scalar"}, simd.Kernels()...) {
			restore, ok := simd.ForceKernel(k)
			if !ok {
				t.Fatalf("cannot force kernel %s", k)
			}
			got := result{
				convertAll(GB18030, src, false),
				convertAll(GB18030, src, true),
				convertAll(GB18030, text, true),
			}
			restore()
			if i == 0 {
				want = got
			} else if got != want {
				t.Fatalf("% x: kernel %s gives\n%v\nthe scalar kernel\n%v", src, k, got, want)
			}
		}
	})
}
