package detect

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runDetect times Detect over the inputs, reporting the processor time per
// call as cpu-ns/op besides the usual wall-clock ns/op.
func runDetect(b *testing.B, in [][]byte) {
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		Detect(in[i%len(in)])
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// corpusInputs returns the samples of the detection corpus of at most
// maxSize bytes.
func corpusInputs(b *testing.B, maxSize int) [][]byte {
	dir, samples := readCorpus(b)
	var in [][]byte
	for _, s := range samples {
		if s.size > maxSize {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, s.path))
		if err != nil {
			b.Fatal(err)
		}
		in = append(in, data)
	}
	return in
}

// BenchmarkDetect measures one detection of a corpus sample of at most
// 4 KiB (ns/op is the time per sample).
func BenchmarkDetect(b *testing.B) {
	in := corpusInputs(b, 4096)
	for _, d := range in {
		Detect(d) // build the tables outside the timing
	}
	total := 0
	for _, d := range in {
		total += len(d)
	}
	b.SetBytes(int64(total / len(in)))
	runDetect(b, in)
}

// BenchmarkDetectLegacy is BenchmarkDetect restricted to samples that reach
// the statistical stage (no BOM, not UTF).
func BenchmarkDetectLegacy(b *testing.B) {
	var in [][]byte
	for _, d := range corpusInputs(b, 4096) {
		if c := Detect(d).Best(); len(c.Encoding) < 3 || c.Encoding[:3] != "utf" {
			in = append(in, d)
		}
	}
	runDetect(b, in)
}

// BenchmarkDetect4K is BenchmarkDetect restricted to the samples of 2 to
// 4 KiB, the top of the range the speed goal covers.
func BenchmarkDetect4K(b *testing.B) {
	var in [][]byte
	for _, d := range corpusInputs(b, 4096) {
		if len(d) >= 2048 {
			in = append(in, d)
		}
	}
	for _, d := range in {
		Detect(d)
	}
	runDetect(b, in)
}

// BenchmarkDetectUTF8 is BenchmarkDetect restricted to the samples
// answered as UTF-8 without a byte-order mark: the SIMD validation and the
// language guess on the first characters.
func BenchmarkDetectUTF8(b *testing.B) {
	var in [][]byte
	for _, d := range corpusInputs(b, 4096) {
		if c := Detect(d).Best(); c.Encoding == "utf-8" && !c.BOM {
			in = append(in, d)
		}
	}
	runDetect(b, in)
}

// asciiFile is a seekable input of size bytes of ASCII log lines, made on
// the fly, so that a huge input costs no memory.
type asciiFile struct {
	size, off int64
}

const asciiFileLine = "2026-11-25T10:00:00Z INFO request served in 12ms path=/index.html\n"

// asciiFileBlock repeats the line; a block starts at every multiple of
// the line's length.
var asciiFileBlock = []byte(strings.Repeat(asciiFileLine, 1024))

func (f *asciiFile) ReadAt(p []byte, off int64) (int, error) {
	if off >= f.size {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && off+int64(n) < f.size {
		at := off + int64(n)
		k := copy(p[n:min(len(p), n+int(f.size-at))], asciiFileBlock[at%int64(len(asciiFileLine)):])
		n += k
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func (f *asciiFile) Read(p []byte) (int, error) {
	n, err := f.ReadAt(p, f.off)
	f.off += int64(n)
	return n, err
}

func (f *asciiFile) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += f.off
	case io.SeekEnd:
		off += f.size
	}
	f.off = off
	return off, nil
}

// BenchmarkDetectReaderASCII measures DetectReader on seekable ASCII
// inputs of 8 MiB and 256 MiB: the work is bounded, so the two take about
// the same time.
func BenchmarkDetectReaderASCII(b *testing.B) {
	getTables().readings() // build the tables outside the timing
	for _, size := range []int64{8 << 20, 256 << 20} {
		b.Run(fmt.Sprintf("%dMiB", size>>20), func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				if _, err := DetectReader(&asciiFile{size: size}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}
