package enctest

import (
	"runtime"
	"testing"
	"time"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/internal/testfiles"
)

// Corpus reads a file of the shared benchmark corpus (bench/corpus/...).
func Corpus(tb testing.TB, rel string) []byte {
	tb.Helper()
	return testfiles.Corpus(tb, rel)
}

// Bench runs t over src once per iteration, with b.SetBytes(len(src)):
// the figure is MB/s of input. It also reports the throughput by the CPU
// time of the benchmark's thread (cpu-MB/s, on Linux), which a loaded
// machine disturbs less.
func Bench(b *testing.B, t transform.Transformer, src []byte) {
	b.Helper()
	dst := make([]byte, 4*len(src)+64)
	t.Reset()
	if _, _, err := t.Transform(dst, src, true); err != nil {
		b.Fatalf("transform: %v", err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := threadCPUTime()
	for i := 0; i < b.N; i++ {
		t.Reset()
		t.Transform(dst, src, true)
	}
	cpu := threadCPUTime() - cpu0
	b.StopTimer()
	if cpu > 0 {
		b.ReportMetric(float64(len(src))*float64(b.N)/1e6/(float64(cpu)/float64(time.Second)), "cpu-MB/s")
	}
}

// BenchFunc runs f once per iteration, with b.SetBytes(n): the figure is
// MB/s of n bytes of input per call. Like Bench, it also reports the
// throughput by the CPU time of the benchmark's thread (cpu-MB/s, on
// Linux).
func BenchFunc(b *testing.B, n int, f func()) {
	b.Helper()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.SetBytes(int64(n))
	b.ResetTimer()
	cpu0 := threadCPUTime()
	for i := 0; i < b.N; i++ {
		f()
	}
	cpu := threadCPUTime() - cpu0
	b.StopTimer()
	if cpu > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/1e6/(float64(cpu)/float64(time.Second)), "cpu-MB/s")
	}
}

// WithMalformedUTF8 returns text with an ill-formed UTF-8 sequence after
// every 61 bytes, of a kind that changes each time (overlong, surrogate,
// truncated, beyond U+10FFFF, invalid byte, bad continuation, lone
// continuation): input for the paths that explain malformed UTF-8. A
// sequence may cut a character of text.
func WithMalformedUTF8(text []byte) []byte {
	bad := [][]byte{{0xC0, 0xAF}, {0xED, 0xA0, 0x80}, {0xE0, 0x80}, {0xF4, 0x90}, {0xFF}, {0xE1, 0x80, 'x'}, {0x80}}
	var out []byte
	for i := 0; i < len(text); i += 61 {
		out = append(out, text[i:min(i+61, len(text))]...)
		out = append(out, bad[(i/61)%len(bad)]...)
	}
	return out
}
