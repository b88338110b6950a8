package fix

import (
	"strings"
	"testing"

	"github.com/ucskit/ucs/internal/testfiles"
)

// benchLines returns the lines of a file of the shared benchmark corpus,
// skipping the benchmark when the shared folder is absent.
func benchLines(b *testing.B, name string) []string {
	return strings.Split(string(testfiles.ReadShared(b, "bench/corpus/"+name)), "\n")
}

var benchFiles = []string{"Latin-Lipsum", "French", "Russian-Lipsum", "Chinese-Lipsum", "Japanese-Lipsum", "Korean-Lipsum", "Arabic-Lipsum", "Hebrew-Lipsum", "Hindi-Lipsum", "Emoji-Lipsum"}

func runLines(b *testing.B, lines []string) {
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	b.SetBytes(int64(n))
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, l := range lines {
			String(l, Options{})
		}
	}
	// MB/s of CPU time as well: on a shared machine the wall clock
	// counts the time other processes held the core.
	if c := cpuTime() - c0; c > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/c.Seconds()/1e6, "cpu-MB/s")
	}
}

// BenchmarkClean measures correct text, line by line as ucs fix reads it.
func BenchmarkClean(b *testing.B) {
	for _, f := range benchFiles {
		b.Run(f, func(b *testing.B) { runLines(b, benchLines(b, f+".utf8.txt")) })
	}
}

// BenchmarkMojibake measures the same text after UTF-8 was read as
// windows-1252 (Latin and Chinese) or windows-1251 (Russian).
func BenchmarkMojibake(b *testing.B) {
	for _, c := range []struct{ file, page string }{{"French", "windows-1252"}, {"Russian-Lipsum", "windows-1251"}, {"Chinese-Lipsum", "windows-1252"}} {
		b.Run(c.file, func(b *testing.B) {
			lines := benchLines(b, c.file+".utf8.txt")
			var bad []string
			for _, l := range lines {
				if g, ok := misread(l, "utf-8", c.page); ok {
					bad = append(bad, g)
				}
			}
			runLines(b, bad)
		})
	}
}

// BenchmarkJoinedLine measures a long correct Russian line that breaks
// case inside a word: the committed sample's last line (it has no final
// newline) joined to its first, 1,292 bytes, as ucs detect's mojibake
// hint meets it when a sample is repeated. It once went on to the
// detector.
func BenchmarkJoinedLine(b *testing.B) {
	text := string(testfiles.ReadTestdata(b, "corpus/Russian-Lipsum.utf8.txt"))
	lines := strings.Split(text+text, "\n")
	l := lines[len(lines)/2]
	if len(l) != 1292 {
		b.Fatalf("the joined line has %d bytes, want 1292", len(l))
	}
	runLines(b, []string{l})
}
