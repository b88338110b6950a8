//go:build linux

package mb_test

import (
	"runtime"
	"testing"

	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// BenchmarkDecode2 runs the fast path alone, driven over each corpus file
// as a codec drives it (see drive), with the vector Decode2 and with the
// scalar code, and reports GB/s of CPU time beside the wall-clock figure:
//
//	go test ./encoding/internal/mb -run XXX -bench Decode2 -count 5
func BenchmarkDecode2(b *testing.B) {
	for _, c := range dbcsCases {
		file := c.file
		if c.name == "GB18030" {
			file = "legacy/Chinese-Lipsum.gb18030.txt"
		}
		src := enctest.Corpus(b, file)
		tab := c.table()
		dst := make([]byte, 2*len(src)+200)
		for _, f := range []struct {
			name string
			fn   func(dst, src []byte, t *mb.Pairs) (int, int)
		}{{"vector", mb.Decode2}, {"scalar", mb.Decode2Scalar}} {
			b.Run(f.name+"/"+c.name, func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.SetBytes(int64(len(src)))
				c0 := threadCPU(b)
				for b.Loop() {
					drive(f.fn, dst, src, tab)
				}
				if cpu := threadCPU(b) - c0; cpu > 0 {
					b.ReportMetric(float64(b.N)*float64(len(src))/cpu.Seconds()/1e9, "GB/s-cpu")
				}
			})
		}
	}
}
