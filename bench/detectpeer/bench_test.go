package detectpeer

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/detect"
	"github.com/ucskit/ucs/internal/testfiles"
)

const sampleSize = 4096

// class is a kind of input: the text it is made from and how it is encoded.
type class struct {
	name, text, enc string
	bom             bool
}

var classes = []class{
	{"bom-utf16le", "Russian-Lipsum", "utf-16le", true},
	{"bom-utf8", "Chinese-Lipsum", "utf-8", true},
	{"utf8-latin", "French", "utf-8", false},
	{"utf8-cyrillic", "Russian-Lipsum", "utf-8", false},
	{"utf8-cjk", "Japanese-Lipsum", "utf-8", false},
	{"utf8-korean", "Korean-Lipsum", "utf-8", false},
	{"utf8-arabic", "Arabic-Lipsum", "utf-8", false},
	{"utf8-hebrew", "Hebrew-Lipsum", "utf-8", false},
	{"utf8-hindi", "Hindi-Lipsum", "utf-8", false},
	{"utf8-emoji", "Emoji-Lipsum", "utf-8", false},
	{"utf16le-cyrillic", "Russian-Lipsum", "utf-16le", false},
	{"utf16le-cjk", "Chinese-Lipsum", "utf-16le", false},
	{"euc-jp", "Japanese-Lipsum", "euc-jp", false},
	{"shift_jis", "Japanese-Lipsum", "shift_jis", false},
	{"gbk", "Chinese-Lipsum", "gbk", false},
	{"euc-kr", "Korean-Lipsum", "euc-kr", false},
	{"windows-1251", "Russian-Lipsum", "windows-1251", false},
	{"windows-1252", "French", "windows-1252", false},
}

// sample encodes the start of the text as c says, up to sampleSize bytes,
// skipping characters the encoding lacks.
func sample(tb testing.TB, c class) []byte {
	dir := testfiles.Shared(tb, "bench/corpus")
	text, err := os.ReadFile(filepath.Join(dir, c.text+".utf8.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	var out []byte
	switch c.enc {
	case "utf-8":
		if c.bom {
			out = append(out, 0xEF, 0xBB, 0xBF)
		}
		for _, r := range string(text) {
			if len(out)+len(string(r)) > sampleSize {
				break
			}
			out = append(out, string(r)...)
		}
		return out
	case "utf-16le":
		if c.bom {
			out = append(out, 0xFF, 0xFE)
		}
		for _, r := range string(text) {
			u := utf16.Encode([]rune{r})
			if len(out)+2*len(u) > sampleSize {
				break
			}
			for _, x := range u {
				out = append(out, byte(x), byte(x>>8))
			}
		}
		return out
	}
	cs, err := charset.Lookup(c.enc)
	if err != nil {
		tb.Fatal(err)
	}
	for _, r := range string(text) {
		b, err := cs.Codec.AppendEncode(nil, []byte(string(r)))
		if err != nil {
			continue
		}
		if len(out)+len(b) > sampleSize {
			break
		}
		out = append(out, b...)
	}
	return out
}

// TestAnswers shows what each detector answers on each class.
func TestAnswers(t *testing.T) {
	u := NewUchardet()
	defer u.Close()
	for _, c := range classes {
		b := sample(t, c)
		best := detect.Detect(b).Best()
		t.Logf("%-18s %5d bytes  ucs %-12s %.2f  uchardet %s", c.name, len(b), best.Encoding, best.Confidence, u.Detect(b))
	}
}

// BenchmarkDetect4K times one detection of a 4 KiB sample of each class,
// by ucs and by uchardet.
func BenchmarkDetect4K(b *testing.B) {
	u := NewUchardet()
	defer u.Close()
	for _, c := range classes {
		in := sample(b, c)
		detect.Detect(in) // build the tables outside the timing
		b.Run(c.name+"/ucs", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			start := cpuTime()
			for b.Loop() {
				detect.Detect(in)
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
		b.Run(c.name+"/uchardet", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			start := cpuTime()
			for b.Loop() {
				u.Detect(in)
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the processor time the process has used, which a machine busy
// with other work inflates less than the wall-clock time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
