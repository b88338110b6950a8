package detect

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/ucskit/ucs/charset"
)

// TestUTFAnswersBuildNoReadings checks that the answers which need no
// statistics (an empty input, ASCII, a byte-order mark, valid UTF-8) leave
// the legacy readings' tables unbuilt: building them is most of the cost
// of a first detection, which a command run once per file pays every time.
func TestUTFAnswersBuildNoReadings(t *testing.T) {
	for _, in := range [][]byte{
		nil,
		[]byte("hello world\n"),
		[]byte("hello wörld\n"),
		[]byte("\xEF\xBB\xBFhello\n"),
		encodeUTF16("hello wörld\n", false),
		append([]byte{0xFF, 0xFE}, encodeUTF16("hello wörld\n", false)...),
	} {
		tb := newTables()
		got := detectWith(tb, in, true, false)
		if tb.read != nil {
			t.Errorf("%q: the legacy readings' tables were built", in)
		}
		if want := Detect(in); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: fresh tables answer %v, the shared ones %v", in, got.Candidates, want.Candidates)
		}
	}
}

// TestFreshTablesAgree checks that tables built as an input needs them
// give the same answers, every candidate alike, as tables built in full:
// a multi-byte encoding's tables are built only for an input it decodes,
// and which ones exist must not change an answer.
func TestFreshTablesAgree(t *testing.T) {
	texts := []struct{ enc, text string }{
		{"windows-1252", "la maison était très belle, où nous étions à côté du château.\n"},
		{"windows-1252", "caf\u00e9 au lait\n"},
		{"windows-1251", "Съешь же ещё этих мягких французских булок, да выпей чаю.\n"},
		{"iso-8859-2", "Příliš žluťoučký kůň úpěl ďábelské ódy.\n"},
		{"gbk", "我们的检测器读取每一个字节，然后给出编码的答案。\n"},
		{"big5", "我們的檢測器讀取每一個位元組，然後給出編碼的答案。\n"},
		{"shift_jis", "文字コードの判定は、ファイルごとに一度だけ行われます。\n"},
		{"euc-jp", "文字コードの判定は、ファイルごとに一度だけ行われます。\n"},
		{"euc-kr", "문자 인코딩은 파일마다 한 번씩 판별됩니다.\n"},
		{"iso-2022-jp", "文字コードの判定は一度だけです。\n"},
	}
	full := buildTables()
	for _, e := range full.readings().multis {
		e.table()
	}
	for _, tc := range texts {
		in := encodeAs(t, tc.enc, tc.text)
		for _, n := range []int{len(in), 7} {
			b := in[:min(n, len(in))]
			atEOF := n >= len(in)
			got := detectWith(newTables(), b, atEOF, false)
			want := detectWith(full, b, atEOF, false)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %q (atEOF %v): fresh tables answer %v, complete ones %v", tc.enc, b, atEOF, got.Candidates, want.Candidates)
			}
		}
	}
}

// TestMultiTablesOnlyWhenDecoded checks that a Western line which no
// multi-byte encoding decodes (an accented letter before a space) builds
// none of their tables.
func TestMultiTablesOnlyWhenDecoded(t *testing.T) {
	in := encodeAs(t, "windows-1252", "un café au lait, s'il vous plaît\n")
	tb := newTables()
	got := detectWith(tb, in, true, false)
	if got.Best().Encoding != "windows-1252" {
		t.Fatalf("answered %v", got.Candidates)
	}
	for _, e := range tb.readings().multis {
		if e.valid(in, true) {
			t.Fatalf("%s decodes the input; the test needs one it does not", e.name)
		}
		if e.mb.Load() != nil {
			t.Errorf("%s: tables built for an input it does not decode", e.name)
		}
	}
}

// BenchmarkFirstDetect measures a detection with tables built from
// nothing, as a process run once per file does it: processor time per
// call as cpu-ns/op.
func BenchmarkFirstDetect(b *testing.B) {
	latin := strings.Repeat("la maison était très belle et où nous étions à côté du château élevé ", 60)
	for _, tc := range []struct {
		name string
		in   []byte
	}{
		{"utf8-line", []byte("hello wörld\n")},
		{"ascii-line", []byte("hello world\n")},
		{"latin1-line", []byte("hello w\xF6rld\n")},
		{"utf8-4k", []byte(latin[:strings.LastIndexByte(latin[:4096], ' ')+1])},
		{"windows-1252-4k", mustEncode(b, "windows-1252", latin)[:4096]},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for i := 0; i < b.N; i++ {
				detectWith(newTables(), tc.in, true, false)
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

func mustEncode(b *testing.B, name, s string) []byte {
	cs, err := charset.Lookup(name)
	if err != nil {
		b.Fatal(err)
	}
	out, err := cs.Codec.AppendEncode(nil, []byte(s))
	if err != nil {
		b.Fatalf("encoding as %s: %v", name, err)
	}
	return out
}

// TestFreshTablesConcurrent detects from several goroutines at once on
// tables that are being built as the inputs need them (run it with -race),
// and checks every answer against complete tables.
func TestFreshTablesConcurrent(t *testing.T) {
	var ins [][]byte
	for _, tc := range []struct{ enc, text string }{
		{"gbk", "我们的检测器读取每一个字节。\n"},
		{"big5", "我們的檢測器讀取每一個位元組。\n"},
		{"euc-kr", "문자 인코딩은 파일마다 판별됩니다.\n"},
		{"shift_jis", "文字コードの判定です。\n"},
		{"windows-1252", "un café au lait\n"},
		{"windows-1251", "Съешь же ещё этих булок.\n"},
	} {
		ins = append(ins, encodeAs(t, tc.enc, tc.text))
	}
	full := buildTables()
	for _, e := range full.readings().multis {
		e.table()
	}
	tb := newTables()
	got := make([]Result, len(ins))
	var wg sync.WaitGroup
	for i, in := range ins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = detectWith(tb, in, true, false)
		}()
	}
	wg.Wait()
	for i, in := range ins {
		if want := detectWith(full, in, true, false); !reflect.DeepEqual(got[i], want) {
			t.Errorf("%q: answered %v, complete tables %v", in, got[i].Candidates, want.Candidates)
		}
	}
}
