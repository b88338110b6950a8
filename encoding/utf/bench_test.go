package utf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/internal/testfiles"
)

// corpus returns the UTF-8 lipsum files of the benchmark corpus, by
// script name.
func corpus(b *testing.B) map[string][]byte {
	b.Helper()
	dir := testfiles.Shared(b, "bench/corpus")
	files, _ := filepath.Glob(filepath.Join(dir, "*.utf8.txt"))
	m := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".utf8.txt")
		m[strings.TrimSuffix(name, "-Lipsum")] = data
	}
	if len(m) == 0 {
		b.Fatal("no *.utf8.txt files in the benchmark corpus")
	}
	return m
}

// benchTransform runs enctest.Bench (MB/s of input, and cpu-MB/s by the
// thread's CPU time) over the decoder or the encoder of c.
func benchTransform(b *testing.B, c *encoding.Codec, decode bool, src []byte) {
	tr := c.EncodeTransformer()
	if decode {
		tr = c.DecodeTransformer()
	}
	enctest.Bench(b, tr, src)
}

// BenchmarkValidate measures Valid over each script of the corpus.
func BenchmarkValidate(b *testing.B) {
	for name, data := range corpus(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for i := 0; i < b.N; i++ {
				if !Valid(data) {
					b.Fatal("invalid")
				}
			}
		})
	}
}

// BenchmarkDecode measures each decoder (input in its encoding, output
// UTF-8) and BenchmarkEncode each encoder (input UTF-8), with throughput
// in bytes of input.
func BenchmarkDecode(b *testing.B) {
	for name, data := range corpus(b) {
		for _, c := range allCodecs() {
			enc, err := c.AppendEncode(nil, data)
			if err != nil {
				continue // UCS-2 cannot encode the emoji text
			}
			b.Run(name+"/"+c.Name(), func(b *testing.B) { benchTransform(b, c, true, enc) })
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	for name, data := range corpus(b) {
		for _, c := range allCodecs() {
			if _, err := c.AppendEncode(nil, data); err != nil {
				continue
			}
			b.Run(name+"/"+c.Name(), func(b *testing.B) { benchTransform(b, c, false, data) })
		}
	}
}

// BenchmarkFromValid measures each assume-valid function (fast) beside
// its validating twin (checked) on each script of the corpus, with
// throughput in bytes of input (cpu-MB/s by the thread's CPU time) and dst
// preallocated (neither allocates).
func BenchmarkFromValid(b *testing.B) {
	for _, c := range validCases() {
		for name, data := range corpus(b) {
			if c.name == "Latin1FromValidUTF8" {
				data = latin1Text(data)
			}
			src, ok := c.prep(data)
			if !ok || len(src) == 0 {
				continue
			}
			dst := make([]byte, 0, 4*len(src)+64) // room for either function
			b.Run(c.name+"/"+name+"/fast", func(b *testing.B) {
				enctest.BenchFunc(b, len(src), func() { c.fast(dst, src) })
			})
			b.Run(c.name+"/"+name+"/checked", func(b *testing.B) {
				enctest.BenchFunc(b, len(src), func() {
					if _, err := c.slow(dst, src); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}

// BenchmarkMalformed measures the paths that explain ill-formed UTF-8:
// the UTF-8 decoder and the UTF-16LE encoder under the replace policy, on
// the Chinese text with an ill-formed sequence every 61 bytes. cpu-MB/s is
// throughput by the thread's CPU time.
func BenchmarkMalformed(b *testing.B) {
	text := corpus(b)["Chinese"]
	mixed := enctest.WithMalformedUTF8(text)
	b.Run("decode/UTF-8", func(b *testing.B) {
		enctest.Bench(b, UTF8.WithPolicy(encoding.Replace).DecodeTransformer(), mixed)
	})
	b.Run("encode/UTF-16LE", func(b *testing.B) {
		enctest.Bench(b, UTF16LE.WithPolicy(encoding.Replace).EncodeTransformer(), mixed)
	})
}
