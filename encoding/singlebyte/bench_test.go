package singlebyte

import (
	"runtime"
	"testing"
	"time"

	xcharmap "golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

// benchFiles are the single-byte texts of the benchmarks: the legacy
// files of the shared corpus, and UTF-8 originals of other scripts
// encoded at run time (legacy == "").
var benchFiles = []struct {
	name   string
	codec  *encoding.Codec
	x      *xcharmap.Charmap
	legacy string // legacy file, or "" to encode utf8 with codec
	utf8   string // the UTF-8 original
}{
	{"windows-1251/Russian", Windows1251, xcharmap.Windows1251, "legacy/Russian-Lipsum.cp1251.txt", "Russian-Lipsum.utf8.txt"},
	{"koi8-r/Russian", KOI8R, xcharmap.KOI8R, "legacy/Russian-Lipsum.koi8r.txt", "Russian-Lipsum.utf8.txt"},
	{"ibm866/Russian", IBM866, xcharmap.CodePage866, "", "Russian-Lipsum.utf8.txt"},
	{"iso-8859-5/Russian", ISO8859_5, xcharmap.ISO8859_5, "", "Russian-Lipsum.utf8.txt"},
	{"windows-1255/Hebrew", Windows1255, xcharmap.Windows1255, "", "Hebrew-Lipsum.utf8.txt"},
	{"windows-1252/French", Windows1252, xcharmap.Windows1252, "", "French.utf8.txt"},
	{"windows-1252/ASCII", Windows1252, xcharmap.Windows1252, "", "Latin-Lipsum.utf8.txt"},
	{"iso-8859-1/French", ISO8859_1, xcharmap.ISO8859_1, "legacy/French.latin1.txt", "French.utf8.txt"},
	{"iso-8859-1/ASCII", ISO8859_1, xcharmap.ISO8859_1, "legacy/Latin-Lipsum.latin1.txt", "Latin-Lipsum.utf8.txt"},
	{"ibm037/French", IBM037, xcharmap.CodePage037, "", "French.utf8.txt"},
	{"ibm1047/ASCII", IBM1047, xcharmap.CodePage1047, "", "Latin-Lipsum.utf8.txt"},
	{"ibm1140/French", IBM1140, xcharmap.CodePage1140, "", "French.utf8.txt"},
	{"ibm858/French", IBM858, xcharmap.CodePage858, "", "French.utf8.txt"},
}

func legacyInput(b *testing.B, codec *encoding.Codec, legacy, utf8 string) []byte {
	if legacy != "" {
		return enctest.Corpus(b, legacy)
	}
	src, err := codec.AppendEncode(nil, enctest.Corpus(b, utf8))
	if err != nil {
		b.Fatalf("encoding %s: %v", utf8, err)
	}
	return src
}

// bench runs t over src and reports, besides the wall-clock MB/s, the
// throughput by the CPU time of the benchmark's thread (cpu-MB/s), which
// a loaded machine disturbs less: time spent waiting for a core does not
// count.
func bench(b *testing.B, t transform.Transformer, src []byte) {
	b.Helper()
	dst := make([]byte, 4*len(src)+64)
	t.Reset()
	if _, _, err := t.Transform(dst, src, true); err != nil {
		b.Fatalf("transform: %v", err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := threadCPUTime()
	for i := 0; i < b.N; i++ {
		t.Reset()
		t.Transform(dst, src, true)
	}
	cpu := threadCPUTime() - cpu0
	b.StopTimer()
	if cpu > 0 {
		b.ReportMetric(float64(len(src))*float64(b.N)/1e6/(float64(cpu)/float64(time.Second)), "cpu-MB/s")
	}
}

// BenchmarkDecode decodes the single-byte texts; x/text's figures are for
// comparison.
func BenchmarkDecode(b *testing.B) {
	for _, f := range benchFiles {
		src := legacyInput(b, f.codec, f.legacy, f.utf8)
		b.Run("ucs/"+f.name, func(b *testing.B) { bench(b, f.codec.DecodeTransformer(), src) })
		b.Run("xtext/"+f.name, func(b *testing.B) { bench(b, f.x.NewDecoder(), src) })
	}
}

// BenchmarkEncode encodes the UTF-8 originals.
func BenchmarkEncode(b *testing.B) {
	for _, f := range benchFiles {
		src := enctest.Corpus(b, f.utf8)
		b.Run("ucs/"+f.name, func(b *testing.B) { bench(b, f.codec.EncodeTransformer(), src) })
		b.Run("xtext/"+f.name, func(b *testing.B) { bench(b, f.x.NewEncoder(), src) })
	}
}
