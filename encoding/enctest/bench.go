package enctest

import (
	"testing"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/internal/testfiles"
)

// Corpus reads a file of the shared benchmark corpus (bench/corpus/...).
func Corpus(tb testing.TB, rel string) []byte {
	tb.Helper()
	return testfiles.Corpus(tb, rel)
}

// Bench runs t over src once per iteration, with b.SetBytes(len(src)):
// the figure is MB/s of input.
func Bench(b *testing.B, t transform.Transformer, src []byte) {
	b.Helper()
	dst := make([]byte, 4*len(src)+64)
	t.Reset()
	if _, _, err := t.Transform(dst, src, true); err != nil {
		b.Fatalf("transform: %v", err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t.Reset()
		t.Transform(dst, src, true)
	}
}
