//go:build unix

package mapread

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestWindows maps a file from an offset in windows and reads every byte
// back, stepping by odd amounts so that windows start off page edges.
func TestWindows(t *testing.T) {
	data := make([]byte, 300_000)
	for i := range data {
		data[i] = byte(i * 7)
	}
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const skip = 1234
	f.Seek(skip, io.SeekStart)
	w := Open(f, 5*os.Getpagesize(), 1)
	if w == nil {
		t.Fatal("Open of a regular file: nil")
	}
	var got []byte
	var off int64
	for {
		b, eof, err := w.At(off)
		if err != nil {
			t.Fatal(err)
		}
		step := min(len(b), 9999)
		if eof {
			step = len(b)
		}
		got = append(got, b[:step]...)
		off += int64(step)
		if eof {
			break
		}
	}
	w.Close()
	if !bytes.Equal(got, data[skip:]) {
		t.Errorf("read %d bytes through the windows, not the file's %d from %d", len(got), len(data)-skip, skip)
	}
	if pos, _ := f.Seek(0, io.SeekCurrent); pos != int64(len(data)) {
		t.Errorf("offset after Close: %d, want %d", pos, len(data))
	}
}

// TestOpenRefuses: pipes, and files under the size asked, are read, not
// mapped.
func TestOpenRefuses(t *testing.T) {
	r, wp, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer wp.Close()
	if Open(r, 1<<20, 1) != nil {
		t.Error("Open of a pipe: not nil")
	}
	p := filepath.Join(t.TempDir(), "small")
	os.WriteFile(p, []byte("small"), 0o644)
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if Open(f, 1<<20, 1<<20) != nil {
		t.Error("Open of a file under minSize: not nil")
	}
	// A descriptor that may not read (written only) cannot be mapped.
	wo, err := os.OpenFile(p, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer wo.Close()
	if Open(wo, 1<<20, 1) != nil {
		t.Error("Open of a write-only descriptor: not nil")
	}
}

// TestWindowsAhead reads a file through windows mapped ahead, leaving
// unread bytes at each window's end from none to more than the overlap
// of the next window (which is then mapped anew), and from a file of a
// size that is no multiple of the window: every byte must come back, and
// both ways of getting a window must have been taken.
func TestWindowsAhead(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	page := os.Getpagesize()
	window := 8 * page
	data := make([]byte, 37*page+123)
	for i := range data {
		data[i] = byte(i*13 + i>>9)
	}
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, leave := range []int{0, 1, 3, window/4 - 1, window / 4, window/4 + 1, window / 2} {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		w := Open(f, window, 1)
		if w == nil || !w.ahead {
			t.Fatal("Open: no windows mapped ahead")
		}
		var got []byte
		var off int64
		for {
			b, eof, err := w.At(off)
			if err != nil {
				t.Fatal(err)
			}
			step := len(b)
			if !eof {
				step = max(len(b)-leave, 1)
			}
			got = append(got, b[:step]...)
			off += int64(step)
			if eof {
				break
			}
		}
		hits := w.hits
		w.Close()
		f.Close()
		if !bytes.Equal(got, data) {
			t.Fatalf("leaving %d bytes a window: read %d bytes, not the file's %d", leave, len(got), len(data))
		}
		if ahead := leave <= window/4; ahead != (hits > 0) {
			t.Errorf("leaving %d bytes a window: %d windows taken from the map made ahead", leave, hits)
		}
	}
}
