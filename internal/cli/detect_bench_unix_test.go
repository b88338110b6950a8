//go:build unix

package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ucskit/ucs/detect"
)

// BenchmarkDetectFile runs ucs detect on a file of clean UTF-8 text (the
// committed French and Russian samples, repeated) of 4 and 64 KiB. The
// difference from the same benchmark without the mojibake hint is the
// cost of the hint on text that has none.
func BenchmarkDetectFile(b *testing.B) {
	for _, sample := range []string{"French", "Russian-Lipsum"} {
		text, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", sample+".utf8.txt"))
		if err != nil {
			b.Fatal(err)
		}
		for _, size := range []int{4 << 10, 64 << 10} {
			buf := bytes.Repeat(text, size/len(text)+1)[:size]
			// End on a line so that no character is cut.
			buf = buf[:bytes.LastIndexByte(buf, '\n')+1]
			name := filepath.Join(b.TempDir(), "in.txt")
			if err := os.WriteFile(name, buf, 0o644); err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/%dKiB", sample, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(buf)))
				env := &Env{Stdin: bytes.NewReader(nil), Stdout: io.Discard, Stderr: io.Discard}
				Main(env, []string{"detect", name}) // the detector's tables are built at first use
				cpu := benchCPU()
				for b.Loop() {
					if code := Main(env, []string{"detect", name}); code != ExitOK {
						b.Fatalf("exit %d", code)
					}
				}
				reportCPU(b, cpu)
			})
		}
	}
}

// BenchmarkMojibakeHint is the hint alone: the repair's check of every
// line of a clean 4 or 64 KiB sample.
func BenchmarkMojibakeHint(b *testing.B) {
	for _, sample := range []string{"French", "Russian-Lipsum"} {
		text, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", sample+".utf8.txt"))
		if err != nil {
			b.Fatal(err)
		}
		for _, size := range []int{4 << 10, 64 << 10} {
			buf := bytes.Repeat(text, size/len(text)+1)[:size]
			buf = buf[:bytes.LastIndexByte(buf, '\n')+1]
			b.Run(fmt.Sprintf("%s/%dKiB", sample, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(buf)))
				mojibakeIn(detect.Candidate{Encoding: "utf-8"}, detect.Sample{Bytes: buf[:100], Whole: true})
				cpu := benchCPU()
				for b.Loop() {
					if m := mojibakeIn(detect.Candidate{Encoding: "utf-8"}, detect.Sample{Bytes: buf, Whole: true}); m != nil {
						b.Fatalf("clean text given a hint: %+v", m)
					}
				}
				reportCPU(b, cpu)
			})
		}
	}
}

// benchCPU returns the CPU time the process has used (user and system):
// unlike the wall clock, it does not grow when other processes share the
// cores. It is 0 where the system does not tell.
func benchCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per operation since start.
func reportCPU(b *testing.B, start time.Duration) {
	if start > 0 {
		b.ReportMetric(float64(benchCPU()-start)/float64(b.N), "cpu-ns/op")
	}
}
