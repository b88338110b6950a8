package transcode

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/mapread"
)

// smallWindows makes every input of the test a mapped one, in windows of
// four pages, so that characters and bad sequences fall on their edges.
func smallWindows(t *testing.T) { windows(t, 4*os.Getpagesize()) }

// windows makes every input of the test a mapped one, in windows of
// size bytes.
func windows(t *testing.T, size int) {
	w, m := mapWindow, mapMin
	mapWindow, mapMin = size, 1
	t.Cleanup(func() { mapWindow, mapMin = w, m })
}

func writeTemp(t *testing.T, b []byte) *os.File {
	t.Helper()
	name := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

type copyResult struct {
	out   []byte
	st    Stats
	err   string
	fixed []string
}

func copyWith(r io.Reader, from, to *encoding.Codec, opts Options) copyResult {
	var res copyResult
	opts.Report = func(e *Error) { res.fixed = append(res.fixed, e.Error()) }
	var out bytes.Buffer
	st, err := Copy(&out, r, from, to, opts)
	res.out, res.st = out.Bytes(), st
	if err != nil {
		res.err = err.Error()
	}
	return res
}

// TestMappedSameAsRead converts inputs from a mapped file and from a
// reader and wants the same output, statistics, errors and reports, with
// bad sequences planted on both sides of every window edge.
//
// A window larger than the decoder's step (chunkSize) makes the decoder
// take a window in several calls.
func TestMappedSameAsRead(t *testing.T) {
	page := os.Getpagesize()
	t.Run("small", func(t *testing.T) { smallWindows(t); mappedSameAsRead(t, 4*page, 3000) })
	t.Run("large", func(t *testing.T) { windows(t, 2*chunkSize+page); mappedSameAsRead(t, 2*chunkSize+page, 30000) })
}

func mappedSameAsRead(t *testing.T, window, lines int) {
	for _, from := range []string{"utf-8", "gbk", "utf-16le"} {
		text := []byte(strings.Repeat("Grüße, 世界! Привет. 😀 abc\n", lines))
		if from == "gbk" {
			text = []byte(strings.Repeat("Grü, 世界! Привет. abc\n", lines))
		}
		clean, err := cs(from).AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		inputs := map[string][]byte{"clean": clean}
		for _, d := range []int{-3, -2, -1, 0, 1, 2} {
			b := bytes.Clone(clean)
			for at := window + d; at < len(b); at += window * 3 {
				b[at] = 0xFF
			}
			// and on the edges of the pieces that the identity path
			// shares between two goroutines
			for _, at := range []int{5*chunkSize + d, 8*chunkSize + d} {
				if at < len(b) {
					b[at] = 0xC3
				}
			}
			inputs["bad"+string(rune('3'+d))] = b
		}
		for name, in := range inputs {
			for _, to := range []string{"utf-8", "utf-16le", "gb18030"} {
				for _, pol := range []encoding.Policy{encoding.Fail, encoding.Replace} {
					opts := Options{Invalid: pol, Unmappable: encoding.Replace}
					want := copyWith(bytes.NewReader(in), cs(from), cs(to), opts)
					got := copyWith(writeTemp(t, in), cs(from), cs(to), opts)
					if want.err != "" {
						// Stopped early: the reads went as far as
						// their buffer, the map as far as its window.
						got.st.In, want.st.In = 0, 0
					}
					if !bytes.Equal(got.out, want.out) || got.st != want.st || got.err != want.err || strings.Join(got.fixed, "\n") != strings.Join(want.fixed, "\n") {
						t.Errorf("%s %s→%s %v: mapped: %d bytes, %+v, %q, %d reports; read: %d bytes, %+v, %q, %d reports",
							name, from, to, pol, len(got.out), got.st, got.err, len(got.fixed), len(want.out), want.st, want.err, len(want.fixed))
					}
				}
			}
		}
	}
}

// TestMappedFromOffset reads a file from where its offset stands, and
// leaves the offset at the end, as reading does.
func TestMappedFromOffset(t *testing.T) {
	smallWindows(t)
	copyFromOffset(t)
}

// copyFromOffset copies a UTF-8 file to UTF-8 from an offset into it, and
// checks the text, the bytes read and the file's offset after the copy
// (after the last byte read, as reading would leave it).
func copyFromOffset(t *testing.T) {
	t.Helper()
	text := []byte(strings.Repeat("0123456789 ünïcödé\n", 5000))
	f := writeTemp(t, text)
	const skip = 12345
	if _, err := f.Seek(skip, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	st, err := Copy(&out, f, cs("utf-8"), cs("utf-8"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), text[skip:]) || st.In != int64(len(text)-skip) {
		t.Errorf("got %d bytes (In %d), want %d", out.Len(), st.In, len(text)-skip)
	}
	if pos, _ := f.Seek(0, io.SeekCurrent); pos != int64(len(text)) {
		t.Errorf("file offset %d after the copy, want %d", pos, len(text))
	}
}

// TestMappedFileShrinks truncates the input while it is mapped: the
// decoder must stop with mapread.ErrChanged, not crash on the fault.
func TestMappedFileShrinks(t *testing.T) {
	smallWindows(t)
	text := []byte(strings.Repeat("abcdefgh ünïcödé 世界\n", 20000))
	f := writeTemp(t, text)
	calls := 0
	d := Decoder{From: cs("utf-8")}
	_, err := d.Decode(f, func([]byte, Position) error {
		calls++
		if calls == 1 {
			return os.Truncate(f.Name(), 0)
		}
		return nil
	})
	if !errors.Is(err, mapread.ErrChanged) {
		t.Fatalf("Decode of a file truncated under it: %v, want %v", err, mapread.ErrChanged)
	}
}
