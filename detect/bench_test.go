package detect

import (
	"os"
	"path/filepath"
	"testing"
)

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
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Detect(in[i%len(in)])
	}
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
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Detect(in[i%len(in)])
	}
}
