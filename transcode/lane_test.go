package transcode

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/mapread"
)

// The lanes (a second goroutine taking every other piece of a mapped
// window) must change nothing but the speed: each input is converted
// and decoded from a mapped file with one processor (no lane, the
// sequential path) and with two, and the output, statistics, error and
// every report (offsets, lines, columns) must be the same. Bad sequences
// and unencodable characters are planted on both sides of the pieces'
// edges, inside the pieces of the lane, and at their ends.

// laneCase is one input: its encoding, bytes and the targets to try.
type laneCase struct {
	name, from string
	in         []byte
	to         []string
}

func laneCases(t *testing.T, window int) []laneCase {
	text := strings.Repeat("Grüße, 世界! Привет. abc def\n", window*5/2/36)
	var cases []laneCase
	// UTF-8 input: the identity path's pieces end chunkSize bytes apart
	// from the start of a window (moved back to the start of a
	// character).
	u := []byte(text)
	utf8To := []string{"utf-8", "utf-16le", "gbk", "utf-7"}
	cases = append(cases, laneCase{"clean", "utf-8", u, utf8To})
	for _, d := range []int{-3, -2, -1, 0, 1, 2, 3} {
		b := bytes.Clone(u)
		for _, at := range []int{chunkSize + d, 2*chunkSize + d, 3*chunkSize + d, 7*chunkSize + d, window + 3*chunkSize + d} {
			b[at] = 0xFF
		}
		cases = append(cases, laneCase{fmt.Sprintf("bad%+d", d), "utf-8", b, utf8To})
	}
	// A bad byte in the middle, and an unencodable character at the end,
	// of a piece of the lane (the second and fourth pieces of a window).
	b := bytes.Clone(u)
	b[chunkSize+chunkSize/2] = 0x80
	cases = append(cases, laneCase{"bad in lane", "utf-8", b, utf8To})
	b = bytes.Clone(u)
	at := 4*chunkSize - 4
	for b[at]&0xC0 == 0x80 {
		at--
	}
	copy(b[at:], "😀") // four bytes, like the characters it overwrites
	for i := at + 4; b[i]&0xC0 == 0x80; i++ {
		b[i] = 'x'
	}
	cases = append(cases, laneCase{"emoji at lane end", "utf-8", b, []string{"utf-16le", "gbk"}})
	// GBK input: the pieces start after the first byte below 0x30 from
	// chunkSize bytes on.
	g, err := cs("gbk").AppendEncode(nil, []byte(strings.ReplaceAll(text, "ß", "s")))
	if err != nil {
		t.Fatal(err)
	}
	gbkTo := []string{"utf-8", "utf-16le"}
	cases = append(cases, laneCase{"clean", "gbk", g, gbkTo})
	var cuts []int
	for x := chunkSize; x < len(g) && len(cuts) < 6; x += chunkSize {
		c := cutAfter(g, x, len(g))
		cuts = append(cuts, c)
		x = c
	}
	for _, d := range []int{-2, -1, 0, 1, 2} {
		b := bytes.Clone(g)
		for _, c := range cuts {
			b[c+d] = 0xFF
		}
		cases = append(cases, laneCase{fmt.Sprintf("bad%+d", d), "gbk", b, gbkTo})
	}
	b = bytes.Clone(g)
	b[(cuts[0]+cuts[1])/2] = 0x80 // a lone lead byte or a bad trail in the lane's piece
	b[len(b)-1] = 0x81            // an incomplete code at the end
	cases = append(cases, laneCase{"bad in lane", "gbk", b, gbkTo})
	return cases
}

// sequentially runs fn with one processor: no lane, no window mapped
// ahead.
func sequentially[T any](fn func() T) T {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	return fn()
}

func TestLanesSameAsSequential(t *testing.T) {
	lanesSameAsSequential(t)
}

// TestLanesSameAsSequentialNoSpread runs the same inputs with the spread
// of files (spread.go) turned off: UTF-8 and GBK then take the lanes.
func TestLanesSameAsSequentialNoSpread(t *testing.T) {
	noSpread(t)
	lanesSameAsSequential(t)
}

// noSpread turns the spread off for the test.
func noSpread(t *testing.T) {
	m := spreadMin
	spreadMin = math.MaxInt64
	t.Cleanup(func() { spreadMin = m })
}

// sameStats compares the statistics of two runs. When both stopped at an
// error, the bytes read count what was read ahead of the place it stopped
// at, which depends on the way the input was read (windows, lanes or
// spread), and are left out.
func sameStats(got, want Stats, stopped bool) bool {
	if stopped {
		got.In, want.In = 0, 0
	}
	return got == want
}

// TestLanesLate slows the lanes down so that the pass reaches pieces
// before the lane starts on them, and does them itself.
func TestLanesLate(t *testing.T) {
	var pieces atomic.Int64
	laneHook = func() {
		if pieces.Add(1)%3 != 0 {
			time.Sleep(200 * time.Microsecond)
		}
	}
	defer func() { laneHook = nil }()
	lanesSameAsSequential(t)
	if pieces.Load() == 0 {
		t.Error("no lane ran")
	}
}

func lanesSameAsSequential(t *testing.T) {
	if runtime.NumCPU() < 2 {
		t.Log("one CPU: the lanes run on it in turn")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	window := 8 * chunkSize
	windows(t, window)
	for _, c := range laneCases(t, window) {
		for _, to := range c.to {
			for _, pol := range []encoding.Policy{encoding.Fail, encoding.Replace} {
				opts := Options{Invalid: pol, Unmappable: pol}
				want := sequentially(func() copyResult { return copyWith(writeTemp(t, c.in), cs(c.from), cs(to), opts) })
				got := copyWith(writeTemp(t, c.in), cs(c.from), cs(to), opts)
				if !bytes.Equal(got.out, want.out) || !sameStats(got.st, want.st, got.err != "" && want.err != "") || got.err != want.err || strings.Join(got.fixed, "\n") != strings.Join(want.fixed, "\n") {
					t.Errorf("%s %s→%s %v: with lanes: %d bytes, %+v, %q, %d reports; without: %d bytes, %+v, %q, %d reports",
						c.name, c.from, to, pol, len(got.out), got.st, got.err, len(got.fixed), len(want.out), want.st, want.err, len(want.fixed))
				}
			}
		}
		// The decoder alone (as ucs validate runs it), with the positions
		// of every chunk.
		for _, pol := range []encoding.Policy{encoding.Fail, encoding.Replace} {
			want := sequentially(func() string { return decodeTrace(t, c, pol) })
			if got := decodeTrace(t, c, pol); got != want {
				t.Errorf("%s %s decoded %v: with lanes and without differ:\n%.2000s\n---\n%.2000s", c.name, c.from, pol, got, want)
			}
		}
	}
}

// decodeTrace decodes c's input from a mapped file and describes every
// report, the text (its length and a hash) and the result. The chunks'
// lengths differ with the lanes (a piece the lane decoded is one chunk),
// so they are not in it; instead the line and column of each chunk must
// be those of the text before it, and for UTF-8 input its offset too.
func decodeTrace(t *testing.T, c laneCase, pol encoding.Policy) string {
	var sb strings.Builder
	d := Decoder{From: cs(c.from), Invalid: pol, Report: func(e *Error) error {
		fmt.Fprintf(&sb, "report %v\n", e)
		return nil
	}}
	var text []byte
	place := Position{Line: 1, Column: 1}
	st, err := d.Decode(writeTemp(t, c.in), func(b []byte, at Position) error {
		if at.Line != place.Line || at.Column != place.Column || (c.from == "utf-8" && pol == encoding.Fail && at.Offset != int64(len(text))) {
			t.Errorf("%s %s: a chunk at %+v after %d bytes of text, which end at line %d column %d", c.name, c.from, at, len(text), place.Line, place.Column)
		}
		place.Advance(b)
		text = append(text, b...)
		return nil
	})
	if err != nil {
		// What was read ahead of the error depends on the way (see
		// sameStats); for UTF-8 it covers at least the text handed on.
		if c.from == "utf-8" && st.In < int64(len(text)) {
			t.Errorf("%s %s: %d bytes read, fewer than the %d of text handed on", c.name, c.from, st.In, len(text))
		}
		st.In = -1
	}
	fmt.Fprintf(&sb, "text %d %x\nstats %+v\nerr %v\n", len(text), crc(text), st, err)
	return sb.String()
}

func crc(b []byte) uint64 {
	var h uint64 = 14695981039346656037
	for _, c := range b {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// TestLaneFileShrinks truncates a mapped input from inside the lane's
// goroutine, before it starts on its first piece: whichever goroutine
// meets the fault, the decoder must stop with mapread.ErrChanged, not
// crash, and the lane must end.
func TestLaneFileShrinks(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	noSpread(t) // UTF-8 and GBK are spread otherwise (TestSpreadFileShrinks)
	windows(t, 8*chunkSize)
	for _, from := range []string{"utf-8", "gbk"} {
		text := []byte(strings.Repeat("abcdefgh, 世界. ", 400000))
		in, err := cs(from).AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		f := writeTemp(t, in)
		var once sync.Once
		started := make(chan struct{})
		laneHook = func() {
			once.Do(func() {
				os.Truncate(f.Name(), 0)
				close(started)
			})
		}
		// The pass waits, at its first text, for the lane to start: on a
		// busy machine it could do every piece before the lane's
		// goroutine gets a processor.
		first := true
		d := Decoder{From: cs(from)}
		_, err = d.Decode(f, func([]byte, Position) error {
			if first {
				first = false
				select {
				case <-started:
				case <-time.After(10 * time.Second):
				}
			}
			return nil
		})
		laneHook = nil
		if !errors.Is(err, mapread.ErrChanged) {
			t.Errorf("%s: Decode of a file truncated under its lane: %v, want %v", from, err, mapread.ErrChanged)
		}
		var ran bool
		once.Do(func() { ran = true })
		if ran {
			t.Errorf("%s: no lane ran", from)
		}
	}
}
