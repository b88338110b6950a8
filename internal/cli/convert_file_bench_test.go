//go:build unix

package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/internal/testfiles"
)

// The command on a file of 64 MB (made at run time, read from the page
// cache), as it runs on a user's file: the file is mapped, and two
// goroutines share the work where the conversion allows. Besides MB/s of
// wall-clock time, cpu-ms/op is the CPU time of the whole process (all its
// threads) per run.

func benchFile(b *testing.B, data []byte) string {
	b.Helper()
	p := filepath.Join(b.TempDir(), "in")
	if err := os.WriteFile(p, bytes.Repeat(data, 64<<20/len(data)+1), 0o644); err != nil {
		b.Fatal(err)
	}
	return p
}

func benchConvertFile(b *testing.B, path string, args ...string) {
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	args = append(args, path)
	cpu0 := benchCPU()
	for b.Loop() {
		env := &Env{Stdin: bytes.NewReader(nil), Stdout: io.Discard, Stderr: io.Discard}
		if code := Main(env, args); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
	if cpu := benchCPU() - cpu0; cpu0 > 0 {
		b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/op")
	}
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "procs")
}

func corpusText(b *testing.B, name string) []byte {
	d, err := os.ReadFile(filepath.Join(testfiles.Shared(b, "bench/corpus"), name))
	if err != nil {
		b.Fatal(err)
	}
	return d
}

func BenchmarkConvertFileUTF8ToUTF16LE(b *testing.B) {
	benchConvertFile(b, benchFile(b, benchInput(b)), "convert", "-f", "utf-8", "-t", "utf-16le")
}

func BenchmarkConvertFileGBKToUTF8(b *testing.B) {
	gbk, err := charset.MustLookup("gbk").Codec.AppendEncode(nil, corpusText(b, "Chinese-Lipsum.utf8.txt"))
	if err != nil {
		b.Fatal(err)
	}
	benchConvertFile(b, benchFile(b, gbk), "convert", "-f", "gbk", "-t", "utf-8")
}

func BenchmarkValidateFileUTF8(b *testing.B) {
	benchConvertFile(b, benchFile(b, benchInput(b)), "validate")
}
