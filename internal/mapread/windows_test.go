//go:build unix

package mapread

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
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
