//go:build linux

package mb_test

import (
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
	"golang.org/x/text/transform"
)

// threadCPU is the CPU time the calling thread has used.
func threadCPU(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCPU decodes each legacy file of the shared corpus and encodes
// its UTF-8 text, like the codec packages' benchmarks, and reports
// gigabytes of input per second of the thread's CPU time (GB/s-cpu)
// beside the wall-clock figure, which a loaded machine makes unsteady:
//
//	go test ./encoding/internal/mb -run XXX -bench CPU -count 5
func BenchmarkCPU(b *testing.B) {
	for _, bc := range []struct {
		name  string
		codec *encoding.Codec
		file  string
	}{
		{"GBK", simplifiedchinese.GBK, "legacy/Chinese-Lipsum.gbk.txt"},
		{"GB18030", simplifiedchinese.GB18030, "legacy/Chinese-Lipsum.gb18030.txt"},
		{"GB18030-Emoji", simplifiedchinese.GB18030, "legacy/Emoji-Lipsum.gb18030.txt"},
		{"Big5", traditionalchinese.Big5, "legacy/Chinese-Lipsum.big5.txt"},
		{"Shift_JIS", japanese.ShiftJIS, "legacy/Japanese-Lipsum.sjis.txt"},
		{"EUC-JP", japanese.EUCJP, "legacy/Japanese-Lipsum.eucjp.txt"},
		{"EUC-KR", korean.EUCKR, "legacy/Korean-Lipsum.euckr.txt"},
	} {
		src := enctest.Corpus(b, bc.file)
		text, err := bc.codec.AppendDecode(nil, src)
		if err != nil {
			b.Fatal(err)
		}
		for _, op := range []struct {
			name string
			in   []byte
			enc  bool
		}{{"decode", src, false}, {"encode", text, true}} {
			b.Run(op.name+"/"+bc.name, func(b *testing.B) {
				t := bc.codec.DecodeTransformer()
				if op.enc {
					t = bc.codec.EncodeTransformer()
				}
				benchCPU(b, t, op.in)
			})
		}
	}
}

// benchCPU runs t over in once per iteration and reports gigabytes of
// input per second of the thread's CPU time (GB/s-cpu).
func benchCPU(b *testing.B, t transform.Transformer, in []byte) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	dst := make([]byte, 4*len(in)+64)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	c0 := threadCPU(b)
	for b.Loop() {
		t.Reset()
		if _, n, err := t.Transform(dst, in, true); err != nil || n != len(in) {
			b.Fatalf("transform: %d of %d bytes: %v", n, len(in), err)
		}
	}
	if cpu := threadCPU(b) - c0; cpu > 0 {
		b.ReportMetric(float64(b.N)*float64(len(in))/cpu.Seconds()/1e9, "GB/s-cpu")
	}
}

// BenchmarkCPUMalformed measures the paths that classify UTF-8 one
// character at a time: the EUC-KR encoder under the replace policy on
// Korean text with an ill-formed sequence every 61 bytes (mb.PivotRune
// and DecodeRune explain each), and the ISO-2022-JP encoder, which reads
// every non-ASCII character with DecodeRune. GB/s-cpu as in BenchmarkCPU.
func BenchmarkCPUMalformed(b *testing.B) {
	text, err := korean.EUCKR.AppendDecode(nil, enctest.Corpus(b, "legacy/Korean-Lipsum.euckr.txt"))
	if err != nil {
		b.Fatal(err)
	}
	mixed := enctest.WithMalformedUTF8(text)
	jtext, err := japanese.ShiftJIS.AppendDecode(nil, enctest.Corpus(b, "legacy/Japanese-Lipsum.sjis.txt"))
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name  string
		codec *encoding.Codec
		in    []byte
	}{
		{"EUC-KR-replace", korean.EUCKR.WithPolicy(encoding.Replace), mixed},
		{"ISO-2022-JP", japanese.ISO2022JP, jtext},
	} {
		b.Run("encode/"+bc.name, func(b *testing.B) { benchCPU(b, bc.codec.EncodeTransformer(), bc.in) })
	}
}

// BenchmarkDecodeRune reads the Korean text with an ill-formed sequence
// every 61 bytes one character at a time with DecodeRune, as the
// ISO-2022-JP encoder and the replacement codec do. GB/s-cpu as in
// BenchmarkCPU.
func BenchmarkDecodeRune(b *testing.B) {
	text, err := korean.EUCKR.AppendDecode(nil, enctest.Corpus(b, "legacy/Korean-Lipsum.euckr.txt"))
	if err != nil {
		b.Fatal(err)
	}
	mixed := enctest.WithMalformedUTF8(text)
	for _, in := range []struct {
		name string
		p    []byte
	}{{"valid", text}, {"malformed", mixed}} {
		b.Run(in.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.SetBytes(int64(len(in.p)))
			sum := 0
			c0 := threadCPU(b)
			for b.Loop() {
				for i := 0; i < len(in.p); {
					r, n, k := mb.DecodeRune(in.p[i:], true)
					sum += int(r) + int(k)
					i += n
				}
			}
			if cpu := threadCPU(b) - c0; cpu > 0 {
				b.ReportMetric(float64(b.N)*float64(len(in.p))/cpu.Seconds()/1e9, "GB/s-cpu")
			}
			if sum == 0 {
				b.Fatal("nothing read")
			}
		})
	}
}
