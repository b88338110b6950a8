package transcode

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/mapread"
)

// The spread (spread.go) must change nothing but the speed: UTF-8 files
// are decoded and copied with it (small pieces, so that there are many)
// and without it (one processor), and the text, the place of every
// chunk, every report and the result must be the same. Characters of two,
// three and four bytes fall across every edge of the pieces, and bad
// bytes are planted on both sides of the edges.

// smallSpread makes the spread take pieces of p bytes from inputs of min
// bytes on, with windows of window bytes after it.
func smallSpread(t *testing.T, p, min int64, window int) {
	sp, sm, ca := spreadPiece, spreadMin, cutAhead
	spreadPiece, spreadMin, cutAhead = p, min, 300
	t.Cleanup(func() { spreadPiece, spreadMin, cutAhead = sp, sm, ca })
	windows(t, window)
}

// spreadCase is an input, and whether it is spread to its end (valid,
// and with places to cut every piece).
type spreadCase struct {
	laneCase
	valid bool
}

func spreadCases() []spreadCase {
	// Lines of one-, two-, three- and four-byte characters whose lengths
	// are prime to the pieces', so that the edges fall at every place in
	// a character.
	text := []byte(strings.Repeat("ab é 世界 😀 x\n", 3001))
	cases := []spreadCase{{laneCase{"clean", "utf-8", text, nil}, true}}
	const p = 1000
	for _, d := range []int{-4, -3, -2, -1, 0, 1, 2, 3} {
		b := bytes.Clone(text)
		for _, at := range []int{3*p + d, 10*p + d, 27*p + d} {
			b[at] = 0xFF
		}
		cases = append(cases, spreadCase{laneCase{fmt.Sprintf("bad%+d", d), "utf-8", b, nil}, false})
	}
	// A lead byte cut off at the end, and a continuation byte at the
	// start.
	cases = append(cases, spreadCase{laneCase{"cut at end", "utf-8", append(bytes.Clone(text), "世"[:2]...), nil}, false})
	cases = append(cases, spreadCase{laneCase{"continuation first", "utf-8", append([]byte{0x80}, text...), nil}, false})
	// A byte order mark (UTF-8 text: it is handed on).
	cases = append(cases, spreadCase{laneCase{"bom", "utf-8", append([]byte("\ufeff"), text...), nil}, true})
	// Only line ends, and one long line.
	cases = append(cases, spreadCase{laneCase{"newlines", "utf-8", bytes.Repeat([]byte("\n"), 40*p+7), nil}, true})
	cases = append(cases, spreadCase{laneCase{"one line", "utf-8", []byte(strings.Repeat("é世😀", 9000)), nil}, true})

	// Double-byte input, cut after bytes below 0x30: lines whose
	// lengths are prime to the pieces', with runs longer than cutAhead
	// (in the tests) with no such byte.
	for _, from := range []string{"gbk", "big5", "shift_jis", "euc-kr"} {
		var line string
		switch from {
		case "gbk", "big5":
			line = "ab 世界, 中文字 x\n"
		case "shift_jis":
			line = "ab 日本語, テキスト x\n"
		case "euc-kr":
			line = "ab 한국어, 텍스트 x\n"
		}
		long := strings.Repeat(strings.Fields(line)[1], 700) // no byte below 0x30
		enc := func(s string) []byte {
			b, err := cs(from).AppendEncode(nil, []byte(s))
			if err != nil {
				panic(err)
			}
			return b
		}
		clean := enc(strings.Repeat(line, 2001) + long + strings.Repeat(line, 1000))
		cases = append(cases, spreadCase{laneCase{"clean", from, clean, nil}, false})
		cases = append(cases, spreadCase{laneCase{"short lines", from, enc(strings.Repeat(line, 3001)), nil}, true})
		for _, d := range []int{-2, -1, 0, 1, 2} {
			b := bytes.Clone(clean)
			for _, x := range []int{3 * p, 10 * p, 27 * p} {
				if c := cutAfter(b, x, len(b)); c >= 0 && c+d < len(b) {
					b[c+d] = 0xFF
				}
			}
			cases = append(cases, spreadCase{laneCase{fmt.Sprintf("bad%+d", d), from, b, nil}, false})
		}
		b := bytes.Clone(clean)
		b[len(b)-1] = 0x81 // a lead byte cut off at the end
		cases = append(cases, spreadCase{laneCase{"cut at end", from, b, nil}, false})
	}
	return cases
}

func TestSpreadSameAsSequential(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	smallSpread(t, 1000, 1, 4*os.Getpagesize())
	spreadSameAsSequential(t)
}

// TestSpreadOutOfOrder holds back every third piece, so that the pieces
// after it are read first and wait for it.
func TestSpreadOutOfOrder(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	smallSpread(t, 1000, 1, 4*os.Getpagesize())
	spreadHook = func(k int64) {
		if k%3 == 1 {
			time.Sleep(100 * time.Microsecond)
		}
	}
	defer func() { spreadHook = nil }()
	spreadSameAsSequential(t)
}

func spreadSameAsSequential(t *testing.T) {
	var spread int
	for _, c := range spreadCases() {
		for _, pol := range []encoding.Policy{encoding.Fail, encoding.Replace} {
			opts := Options{Invalid: pol}
			want := sequentially(func() copyResult { return copyWith(writeTemp(t, c.in), cs(c.from), cs("utf-8"), opts) })
			got := copyWith(writeTemp(t, c.in), cs(c.from), cs("utf-8"), opts)
			if !bytes.Equal(got.out, want.out) || !sameStats(got.st, want.st, got.err != "" && want.err != "") || got.err != want.err || strings.Join(got.fixed, "\n") != strings.Join(want.fixed, "\n") {
				t.Errorf("%s %v: spread: %d bytes, %+v, %q, %d reports; sequential: %d bytes, %+v, %q, %d reports",
					c.name, pol, len(got.out), got.st, got.err, len(got.fixed), len(want.out), want.st, want.err, len(want.fixed))
			}
			wantTrace := sequentially(func() string { return decodeTrace(t, c.laneCase, pol) })
			var pieces int
			reached := int64(-1)
			spreadEnd = func(done int64) { reached = done }
			spreadHookCount(&pieces, func() {
				if got := decodeTrace(t, c.laneCase, pol); got != wantTrace {
					t.Errorf("%s decoded %v: spread and sequential differ:\n%.2000s\n---\n%.2000s", c.name, pol, got, wantTrace)
				}
			})
			spreadEnd = nil
			spread += pieces
			// Valid input is spread to its end (the map takes none of it).
			if c.valid && reached != int64(len(c.in)) {
				t.Errorf("%s: valid UTF-8 of %d bytes spread up to %d", c.name, len(c.in), reached)
			}
		}
	}
	if spread == 0 {
		t.Error("no input was spread")
	}
}

// spreadHookCount runs fn counting the pieces the spread reads, beside
// the hook already set.
func spreadHookCount(n *int, fn func()) {
	var mu sync.Mutex
	old := spreadHook
	spreadHook = func(k int64) {
		mu.Lock()
		*n++
		mu.Unlock()
		if old != nil {
			old(k)
		}
	}
	defer func() { spreadHook = old }()
	fn()
}

// TestSpreadFromOffset reads a file from an offset: the pieces are read
// at the file offsets of the input's.
func TestSpreadFromOffset(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	smallSpread(t, 1000, 1, 4*os.Getpagesize())
	var pieces int
	spreadHookCount(&pieces, func() { copyFromOffset(t) })
	if pieces == 0 {
		t.Fatal("the input was not spread")
	}
}

// TestSpreadFileShrinks truncates the input while it is spread: the
// decoder must stop with mapread.ErrChanged, and every goroutine of the
// spread must end.
func TestSpreadFileShrinks(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	smallSpread(t, 4096, 1, 4*os.Getpagesize())
	text := []byte(strings.Repeat("abcdefgh ünïcödé 世界\n", 20000))
	f := writeTemp(t, text)
	before := runtime.NumGoroutine()
	var once sync.Once
	spreadHook = func(k int64) {
		if k == 5 {
			once.Do(func() { os.Truncate(f.Name(), 0) })
		}
	}
	defer func() { spreadHook = nil }()
	d := Decoder{From: cs("utf-8")}
	_, err := d.Decode(f, func([]byte, Position) error { return nil })
	if !errors.Is(err, mapread.ErrChanged) {
		t.Errorf("Decode of a file truncated while spread: %v, want %v", err, mapread.ErrChanged)
	}
	if n := goroutinesAfter(before); n > before {
		t.Errorf("%d goroutines after Decode, %d before", n, before)
	}
}

// TestSpreadStops checks that an error of the sink, and one of the
// source's Step (an interrupt), stop the spread with that error, and that
// its goroutines end.
func TestSpreadStops(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	smallSpread(t, 1000, 1, 4*os.Getpagesize())
	text := []byte(strings.Repeat("abcdefgh ünïcödé 世界\n", 20000))
	stop := errors.New("stop")
	before := runtime.NumGoroutine()

	calls := 0
	d := Decoder{From: cs("utf-8")}
	_, err := d.Decode(writeTemp(t, text), func([]byte, Position) error {
		if calls++; calls == 7 {
			return stop
		}
		return nil
	})
	if err != stop || calls != 7 {
		t.Errorf("sink error at its 7th call: Decode returned %v after %d calls", err, calls)
	}

	steps := 0
	src := stepSource{FileSource: mapread.FileSource{F: writeTemp(t, text)}, step: func(n int) error {
		if steps++; steps == 2 {
			return stop
		}
		return nil
	}}
	_, err = d.Decode(src, func([]byte, Position) error { return nil })
	if err != stop {
		t.Errorf("Step error: Decode returned %v", err)
	}
	if n := goroutinesAfter(before); n > before {
		t.Errorf("%d goroutines after Decode, %d before", n, before)
	}
}

// stepSource is a mapread.Source whose Step is step.
type stepSource struct {
	mapread.FileSource
	step func(int) error
}

func (s stepSource) Read(p []byte) (int, error) { return s.F.Read(p) }
func (s stepSource) Step(n int) error           { return s.step(n) }

// goroutinesAfter waits a little for goroutines to end and returns how
// many there are, or want as soon as there are no more.
func goroutinesAfter(want int) int {
	n := runtime.NumGoroutine()
	for i := 0; i < 100 && n > want; i++ {
		time.Sleep(time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

// FuzzSpread decodes arbitrary bytes from a file, spread in pieces of 4
// to 67 bytes and sequentially, and compares the traces: text, places of
// the chunks, reports and result. The high bits of p choose the encoding:
// UTF-8, or a double-byte one cut after bytes below 0x30.
func FuzzSpread(f *testing.F) {
	f.Add([]byte("ab \xca\xc0\xbd\xe7, \xd6\xd0 x\n\xca\xc0,\xbd"), byte(64))
	f.Add([]byte("\x82\xa0\x82\xa2,\x82\n\x81\x40\x82\xa0\x82"), byte(130))
	for _, s := range []string{
		"ab é 世界 😀 x\n\n",
		strings.Repeat("é世😀\n", 20),
		"abcdefg\xFFhijklmnop\xC3",
		"\x80\x80\x80\x80abcdefgh",
		strings.Repeat("\xE4\xB8\x96", 30) + "\xE4\xB8",
	} {
		f.Add([]byte(s), byte(0))
		f.Add([]byte(s), byte(3))
	}
	f.Fuzz(func(t *testing.T, in []byte, p byte) {
		if len(in) == 0 {
			return
		}
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
		smallSpread(t, 4+int64(p%64), 1, 4*os.Getpagesize())
		from := []string{"utf-8", "gbk", "shift_jis", "big5"}[p/64]
		c := laneCase{"fuzz", from, in, nil}
		for _, pol := range []encoding.Policy{encoding.Fail, encoding.Replace} {
			want := sequentially(func() string { return decodeTrace(t, c, pol) })
			if got := decodeTrace(t, c, pol); got != want {
				t.Fatalf("%s % X in pieces of %d, %v: spread and sequential differ:\n%s\n---\n%s", from, in, 4+p%64, pol, got, want)
			}
		}
	})
}

// TestSpreadSinkPanics checks that a panic of the sink, which the spread
// calls from one of its goroutines, reaches the caller of Decode, where
// it can be recovered, and that the goroutines end.
func TestSpreadSinkPanics(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	smallSpread(t, 1000, 1, 4*os.Getpagesize())
	text := []byte(strings.Repeat("abcdefgh ünïcödé 世界\n", 20000))
	before := runtime.NumGoroutine()
	calls := 0
	got := func() (p any) {
		defer func() { p = recover() }()
		d := Decoder{From: cs("utf-8")}
		d.Decode(writeTemp(t, text), func([]byte, Position) error {
			if calls++; calls == 5 {
				panic("sink")
			}
			return nil
		})
		return nil
	}()
	if got != "sink" || calls != 5 {
		t.Errorf("a sink that panics at its 5th call: recovered %v after %d calls", got, calls)
	}
	if n := goroutinesAfter(before); n > before {
		t.Errorf("%d goroutines after Decode, %d before", n, before)
	}
}
