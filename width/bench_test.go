package width

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ucskit/ucs/internal/testfiles"
)

// BenchmarkBytes measures each UTF-8 text of the shared corpus.
func BenchmarkBytes(b *testing.B) {
	paths, _ := filepath.Glob(filepath.Join(testfiles.Shared(b, "bench/corpus"), "*.utf8.txt"))
	for _, p := range paths {
		text, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.TrimSuffix(filepath.Base(p), ".utf8.txt"), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				Options{}.Bytes(text)
			}
		})
	}
}
