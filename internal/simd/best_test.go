package simd

import (
	"flag"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	_ "unsafe" // for go:linkname
)

// nanotime reads the monotonic clock alone, as simdutf's benchmark tool
// reads std::chrono::steady_clock; time.Now reads the wall clock too, which
// costs about twice as much inside every timed sample.
//
//go:linkname nanotime runtime.nanotime
func nanotime() int64

// BenchmarkBest/<Op>/<kernel>/<file> runs the same kernels over the same
// inputs as Benchmark<Op>, but times every sample on its own, by the
// monotonic wall clock, and reports the fastest as bestGB/s (bytes of
// input per second). That is the statistic of simdutf's benchmark tool,
// and a sample is formed as it forms one: a single call, or, when a call
// takes under 4 µs, the smallest power of two of calls that takes at least
// that long (reported as calls/sample), the time divided by their number.
// scripts/peer-bench.sh runs it with -benchtime=2000x, simdutf's 2000
// iterations, so the two sides compare like with like. The mean over the
// same samples is reported too: meanGB/s by the wall clock, cpuGB/s by the
// thread's CPU time (ns/op and MB/s are per sample).
//
// It runs only with an iteration count for -benchtime (such as 2000x), and
// only the SIMD kernels, which are what it compares: with a time-based
// -benchtime, as in `go test -bench .` or scripts/bench.sh, it is skipped
// rather than measuring everything a second time.
func BenchmarkBest(b *testing.B) {
	if f := flag.Lookup("test.benchtime"); f == nil || !strings.HasSuffix(f.Value.String(), "x") {
		b.Skip("BenchmarkBest counts samples: run it with -benchtime Nx (scripts/peer-bench.sh uses 2000x)")
	}
	for _, o := range bestOps() {
		b.Run(o.name, func(b *testing.B) {
			for _, k := range Kernels() {
				if k == "scalar" {
					continue
				}
				b.Run(k, func(b *testing.B) {
					for _, name := range corpusNames(b) {
						src := benchInput(b, o.op, name)
						if src == nil {
							continue
						}
						b.Run(shortName(name), func(b *testing.B) { benchBest(b, k, o, src) })
					}
				})
			}
		})
	}
}

// bestOp is one operation of BenchmarkBest: run converts src into dst and
// reports whether it took all of src.
type bestOp struct {
	name, op string
	run      func(dst, src []byte) bool
}

func bestOps() []bestOp {
	conv := func(f func(dst, src []byte) (int, int)) func(dst, src []byte) bool {
		return func(dst, src []byte) bool { _, n := f(dst, src); return n == len(src) }
	}
	valid := func(f func(dst, src []byte) int) func(dst, src []byte) bool {
		return func(dst, src []byte) bool { f(dst, src); return true }
	}
	return []bestOp{
		{"ValidateUTF8", "validate-utf8", func(_, src []byte) bool { return ValidUTF8(src) }},
		{"UTF8ToUTF16LE", "utf8-to-utf16le", conv(UTF8ToUTF16LE)},
		{"UTF16LEToUTF8", "utf16le-to-utf8", conv(UTF16LEToUTF8)},
		{"UTF8ToUTF32LE", "utf8-to-utf32le", conv(UTF8ToUTF32LE)},
		{"UTF32LEToUTF8", "utf32le-to-utf8", conv(UTF32LEToUTF8)},
		{"Latin1ToUTF8", "latin1-to-utf8", conv(Latin1ToUTF8)},
		{"UTF8ToLatin1", "utf8-to-latin1", conv(UTF8ToLatin1)},
		{"UTF8ToUTF16LEValid", "utf8-to-utf16le", valid(UTF8ToUTF16LEValid)},
		{"UTF16LEToUTF8Valid", "utf16le-to-utf8", valid(UTF16LEToUTF8Valid)},
		{"UTF8ToUTF32LEValid", "utf8-to-utf32le", valid(UTF8ToUTF32LEValid)},
		{"UTF32LEToUTF8Valid", "utf32le-to-utf8", valid(UTF32LEToUTF8Valid)},
		{"UTF8ToLatin1Valid", "utf8-to-latin1", valid(UTF8ToLatin1Valid)},
	}
}

func benchBest(b *testing.B, kernel string, o bestOp, src []byte) {
	restore, ok := ForceKernel(kernel)
	defer restore()
	if !ok {
		b.Skipf("this CPU cannot run %s", kernel)
	}
	dst := make([]byte, 4*len(src)+64)
	if !o.run(dst, src) {
		b.Fatalf("%s stopped before the end of its input", o.name)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	calls := bestCalls(o, dst, src)
	b.SetBytes(int64(calls * len(src)))
	best := time.Duration(1<<63 - 1)
	var wall time.Duration
	n := 0
	cpu0 := threadCPU()
	b.ResetTimer()
	for b.Loop() {
		t0 := nanotime()
		ok := true
		for range calls {
			ok = o.run(dst, src) && ok
		}
		d := time.Duration(nanotime() - t0)
		if !ok {
			b.Fatalf("%s stopped before the end of its input", o.name)
		}
		wall += d
		n++
		if d < best {
			best = d
		}
	}
	cpu := threadCPU() - cpu0
	b.StopTimer()
	if n == 0 {
		return
	}
	size := float64(calls * len(src))
	b.ReportMetric(float64(calls), "calls/sample")
	if best > 0 {
		b.ReportMetric(size/best.Seconds()/1e9, "bestGB/s")
	}
	if wall > 0 {
		b.ReportMetric(float64(n)*size/wall.Seconds()/1e9, "meanGB/s")
	}
	if cpu > 0 {
		b.ReportMetric(float64(n)*size/cpu.Seconds()/1e9, "cpuGB/s")
	}
}

// bestSample is the shortest sample BenchmarkBest times, as in simdutf's
// benchmark tool: below it the clock's resolution and the cost of reading
// it weigh on the figure.
const bestSample = 4 * time.Microsecond

// bestCalls returns the number of calls of a sample: 1, doubled while one
// timed run of that many calls takes under bestSample.
func bestCalls(o bestOp, dst, src []byte) int {
	n := 1
	for n < 1<<20 {
		t0 := nanotime()
		for range n {
			o.run(dst, src)
		}
		if time.Duration(nanotime()-t0) >= bestSample {
			break
		}
		n *= 2
	}
	return n
}

// TestBestOps checks that BenchmarkBest measures the ops whose names
// scripts/peer-bench.sh asks for, each taking all of a valid input.
func TestBestOps(t *testing.T) {
	text := []byte("Grüße, Привет, 你好, 😀 and plain ASCII: the quick brown fox. ")
	latin := []byte("Grüße à Paris, déjà vu. ")
	seen := map[string]bool{}
	for _, o := range bestOps() {
		if seen[o.name] {
			t.Fatalf("op %s listed twice", o.name)
		}
		seen[o.name] = true
		in := text
		if o.op == "utf8-to-latin1" || o.op == "latin1-to-utf8" {
			in = latin
		}
		src := sourceForm(o.op, in)
		for _, k := range Kernels() {
			restore, _ := ForceKernel(k)
			ok := o.run(make([]byte, 4*len(src)+64), src)
			restore()
			if !ok {
				t.Errorf("%s/%s stopped before the end of its input", o.name, k)
			}
		}
	}
	for _, name := range []string{"ValidateUTF8", "UTF8ToUTF16LE", "UTF16LEToUTF8", "UTF8ToUTF32LE", "UTF32LEToUTF8",
		"UTF8ToUTF16LEValid", "UTF16LEToUTF8Valid", "UTF8ToUTF32LEValid", "UTF32LEToUTF8Valid", "Latin1ToUTF8", "UTF8ToLatin1"} {
		if !seen[name] {
			t.Errorf("BenchmarkBest lacks %s, which scripts/peer-bench.sh compares", name)
		}
	}
}

// BenchmarkBestSizes/<Op>/<kernel>/<size> is BenchmarkBest on the first
// size bytes of the ASCII Latin file (64 B to 4 KiB, and all of it): with
// the time per call against the size it shows the fixed cost of a call,
// the wrapper's and the kernel's set-up and the bytes after the last
// whole window. Like BenchmarkBest it runs only with -benchtime Nx.
func BenchmarkBestSizes(b *testing.B) {
	if f := flag.Lookup("test.benchtime"); f == nil || !strings.HasSuffix(f.Value.String(), "x") {
		b.Skip("BenchmarkBestSizes counts samples: run it with -benchtime Nx")
	}
	for _, o := range bestOps() {
		if o.name == "UTF16LEToUTF8" || o.name == "UTF32LEToUTF8" || strings.HasSuffix(o.name, "ToUTF8Valid") {
			continue
		}
		b.Run(o.name, func(b *testing.B) {
			full := benchInput(b, o.op, "Latin-Lipsum.utf8.txt")
			if full == nil {
				b.Skip("no Latin file")
			}
			for _, k := range Kernels() {
				if k == "scalar" {
					continue
				}
				b.Run(k, func(b *testing.B) {
					for _, n := range []int{64, 256, 1024, 4096, len(full)} {
						b.Run(strconv.Itoa(n), func(b *testing.B) { benchBest(b, k, o, full[:n]) })
					}
				})
			}
		})
	}
}
