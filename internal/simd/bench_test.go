package simd

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The benchmarks run every op over every file of the shared corpus with
// every kernel: Benchmark<Op>/<kernel>/<file>, in bytes of input per
// second. scripts/bench.sh turns them into the table of BENCHMARKS.md.

// benchInput gives the input of an op for a corpus file (UTF-8 text):
// converted once to the op's source form.
func benchInput(b *testing.B, op, name string) []byte {
	data := corpusFile(b, name)
	if op == "ascii" && name != "Latin-Lipsum.utf8.txt" {
		return nil // ASCIIPrefix stops at the first non-ASCII byte
	}
	if op == "utf8-to-latin1" || op == "latin1-to-utf8" {
		if name != "French.utf8.txt" && name != "Latin-Lipsum.utf8.txt" {
			return nil
		}
		data = latin1Subset(data)
	}
	if op == "utf16le-length" {
		op = "utf16le-to-utf8"
	}
	return sourceForm(op, data)
}

func shortName(name string) string {
	name = strings.TrimSuffix(name, ".utf8.txt")
	return strings.TrimSuffix(name, "-Lipsum")
}

func benchOp(b *testing.B, op string, run func(dst, src []byte)) {
	for _, k := range Kernels() {
		b.Run(k, func(b *testing.B) {
			for _, name := range corpusNames(b) {
				src := benchInput(b, op, name)
				if src == nil {
					continue
				}
				b.Run(shortName(name), func(b *testing.B) {
					restore, _ := ForceKernel(k)
					defer restore()
					dst := make([]byte, 4*len(src)+64)
					b.SetBytes(int64(len(src)))
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
					cpu0 := threadCPU()
					n := 0
					b.ResetTimer()
					for b.Loop() {
						run(dst, src)
						n++
					}
					// On a busy machine wall-clock time counts the time
					// other processes held the CPU; the thread's CPU time
					// does not. Both are reported.
					if cpu := threadCPU() - cpu0; cpu > 0 {
						b.ReportMetric(float64(n)*float64(len(src))/cpu.Seconds()/1e9, "cpuGB/s")
					}
				})
			}
		})
	}
}

func BenchmarkValidateUTF8(b *testing.B) {
	benchOp(b, "validate-utf8", func(_, src []byte) {
		if !ValidUTF8(src) {
			b.Fatal("invalid")
		}
	})
}

// BenchmarkValidateUTF8Lines is validation with the count of line feeds
// (ValidateUTF8Lines); BenchmarkValidateThenCount does the same work in
// two passes, as it was done before.
func BenchmarkValidateUTF8Lines(b *testing.B) {
	benchOp(b, "validate-utf8-lines", func(_, src []byte) {
		if n, _, _, _ := ValidateUTF8Lines(src); n != len(src) {
			b.Fatal("invalid")
		}
	})
}

func BenchmarkValidateThenCount(b *testing.B) {
	benchOp(b, "validate-then-count", func(_, src []byte) {
		if !ValidUTF8(src) {
			b.Fatal("invalid")
		}
		benchSink += bytes.Count(src, []byte{'\n'})
	})
}

var benchSink int

func BenchmarkASCIIPrefix(b *testing.B) {
	benchOp(b, "ascii", func(_, src []byte) { ASCIIPrefix(src) })
}

func benchConv(b *testing.B, op string, f func(dst, src []byte) (int, int)) {
	benchOp(b, op, func(dst, src []byte) {
		if _, n := f(dst, src); n != len(src) {
			b.Fatalf("%s stopped at %d of %d", op, n, len(src))
		}
	})
}

func BenchmarkUTF8ToUTF16LE(b *testing.B) { benchConv(b, "utf8-to-utf16le", UTF8ToUTF16LE) }
func BenchmarkUTF16LEToUTF8(b *testing.B) { benchConv(b, "utf16le-to-utf8", UTF16LEToUTF8) }
func BenchmarkUTF8ToUTF32LE(b *testing.B) { benchConv(b, "utf8-to-utf32le", UTF8ToUTF32LE) }
func BenchmarkUTF32LEToUTF8(b *testing.B) { benchConv(b, "utf32le-to-utf8", UTF32LEToUTF8) }
func BenchmarkLatin1ToUTF8(b *testing.B)  { benchConv(b, "latin1-to-utf8", Latin1ToUTF8) }
func BenchmarkUTF8ToLatin1(b *testing.B)  { benchConv(b, "utf8-to-latin1", UTF8ToLatin1) }

func BenchmarkRuneCount(b *testing.B) {
	benchOp(b, "lengths", func(_, src []byte) { RuneCount(src) })
}

func BenchmarkUTF16LenFromUTF8(b *testing.B) {
	benchOp(b, "lengths", func(_, src []byte) { UTF16LenFromUTF8(src) })
}

// BenchmarkUTF8LenFromUTF16LE runs over the UTF-16LE form of each file, in
// bytes of that form per second.
func BenchmarkUTF8LenFromUTF16LE(b *testing.B) {
	benchOp(b, "utf16le-length", func(_, src []byte) { UTF8LenFromUTF16LE(src) })
}

// threadCPU returns the CPU time of the calling thread (0 where the
// system cannot tell).
func threadCPU() time.Duration { return threadCPUTime() }

// The assume-valid variants, over the same inputs as their validating
// twins (compare BenchmarkUTF8ToUTF16LE with BenchmarkUTF8ToUTF16LEValid).

func benchValid(b *testing.B, op string, f func(dst, src []byte) int) {
	benchOp(b, op, func(dst, src []byte) { f(dst, src) })
}

func BenchmarkUTF8ToUTF16LEValid(b *testing.B) {
	benchValid(b, "utf8-to-utf16le", UTF8ToUTF16LEValid)
}
func BenchmarkUTF16LEToUTF8Valid(b *testing.B) {
	benchValid(b, "utf16le-to-utf8", UTF16LEToUTF8Valid)
}
func BenchmarkUTF8ToUTF32LEValid(b *testing.B) {
	benchValid(b, "utf8-to-utf32le", UTF8ToUTF32LEValid)
}
func BenchmarkUTF32LEToUTF8Valid(b *testing.B) {
	benchValid(b, "utf32le-to-utf8", UTF32LEToUTF8Valid)
}
func BenchmarkUTF8ToLatin1Valid(b *testing.B) {
	benchValid(b, "utf8-to-latin1", UTF8ToLatin1Valid)
}
