package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/internal/testfiles"
)

// benchInput is about 8 MB of the UTF-8 corpus, all scripts mixed.
func benchInput(b *testing.B) []byte {
	paths, _ := filepath.Glob(filepath.Join(testfiles.Shared(b, "bench/corpus"), "*.utf8.txt"))
	var seed []byte
	for _, p := range paths {
		d, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		seed = append(seed, d...)
	}
	return bytes.Repeat(seed, 8<<20/len(seed)+1)
}

func benchConvert(b *testing.B, in []byte, args ...string) {
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		env := &Env{Stdin: bytes.NewReader(in), Stdout: io.Discard, Stderr: io.Discard}
		if code := Main(env, args); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

func BenchmarkConvertUTF8ToUTF16LE(b *testing.B) {
	benchConvert(b, benchInput(b), "convert", "-f", "utf-8", "-t", "utf-16le")
}

func BenchmarkConvertGBKToUTF8(b *testing.B) {
	zh, err := os.ReadFile(filepath.Join(testfiles.Shared(b, "bench/corpus"), "Chinese-Lipsum.utf8.txt"))
	if err != nil {
		b.Fatal(err)
	}
	gbk, err := charset.MustLookup("gbk").Codec.AppendEncode(nil, zh)
	if err != nil {
		b.Fatal(err)
	}
	benchConvert(b, bytes.Repeat(gbk, 8<<20/len(gbk)+1), "convert", "-f", "gbk", "-t", "utf-8")
}

func BenchmarkValidateUTF8(b *testing.B) {
	benchConvert(b, benchInput(b), "validate")
}
