package detect

import (
	"testing"
)

// ebcdicBenchInputs returns EBCDIC inputs of the given size made from the
// texts in testdata/ebcdic (ebcdicSamples), each repeated to the size.
func ebcdicBenchInputs(b *testing.B, size int) [][]byte {
	t := &testing.T{}
	var in [][]byte
	for _, s := range ebcdicSamples(t) {
		if len(s.b) < 256 {
			continue
		}
		d := make([]byte, 0, size)
		for len(d) < size {
			d = append(d, s.b[:min(len(s.b), size-len(d))]...)
		}
		in = append(in, d)
	}
	if len(in) == 0 {
		b.Fatal("no EBCDIC inputs")
	}
	return in
}

// BenchmarkDetectEBCDIC measures one detection of EBCDIC text of 4 KiB
// and of 64 KiB (the models read at most ebcdicRunes bytes of it, so the
// two take about the same time), in the pages of ebcdicTestPages.
func BenchmarkDetectEBCDIC(b *testing.B) {
	for _, size := range []int{4 << 10, 64 << 10} {
		b.Run(sizeName(size), func(b *testing.B) {
			in := ebcdicBenchInputs(b, size)
			for _, d := range in {
				Detect(d) // build the tables outside the timing
			}
			b.SetBytes(int64(size))
			runDetect(b, in)
		})
	}
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return itoa(n>>20) + "MiB"
	}
	return itoa(n>>10) + "KiB"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
