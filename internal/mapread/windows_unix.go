//go:build unix

package mapread

import (
	"io"
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Windows maps a file a window at a time.
type Windows struct {
	f      *os.File
	base   int64 // file offset of input offset 0
	size   int64 // input bytes, from base to the end of the file
	window int
	mapped []byte // the current map, or nil
	mapOff int64  // input offset of mapped[0] (mapped starts on a page)
	pos    int64  // input offset handed on so far
}

// Open returns windows of about window bytes over f from its current
// offset, or nil when f is not a regular file with at least minSize bytes
// left or cannot be mapped.
func Open(f *os.File, window int, minSize int64) *Windows {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return nil
	}
	cur, err := f.Seek(0, io.SeekCurrent)
	if err != nil || st.Size()-cur < max(minSize, 1) {
		return nil
	}
	page := int64(os.Getpagesize())
	if window < int(4*page) {
		window = int(4 * page)
	}
	// Some file systems have regular files that cannot be mapped (or a
	// descriptor may not allow it): those are read.
	probe, err := unix.Mmap(int(f.Fd()), cur&^(page-1), int(page), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil
	}
	unix.Munmap(probe)
	return &Windows{f: f, base: cur, size: st.Size() - cur, window: window}
}

// At returns the input from offset off to the end of a window: at least
// one byte more than the previous window held from off on, unless the
// input ends. eof is true when the bytes reach the end of the file as it
// was when Open was called. The previous window is unmapped: its bytes
// must no longer be used.
func (w *Windows) At(off int64) (b []byte, eof bool, err error) {
	w.unmap()
	if off >= w.size {
		return nil, true, nil
	}
	page := int64(os.Getpagesize())
	// The map starts on a page: the file offset of off rounded down.
	fileOff := w.base + off
	start := fileOff &^ (page - 1)
	end := min(start+int64(w.window), w.base+w.size)
	m, err := mapRange(int(w.f.Fd()), start, int(end-start))
	if err != nil {
		return nil, false, err
	}
	w.mapped = m
	w.mapOff = start - w.base
	skip := fileOff - start
	w.pos = end - w.base
	return m[skip:], end == w.base+w.size, nil
}

// Contains reports whether addr is in the current map (a fault there is
// the file's, not a bug).
func (w *Windows) Contains(addr uintptr) bool {
	if len(w.mapped) == 0 {
		return false
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(w.mapped)))
	return addr >= lo && addr < lo+uintptr(cap(w.mapped))
}

// Close unmaps the last window and leaves the file's offset after the
// last byte handed on, as reading would have.
func (w *Windows) Close() {
	w.unmap()
	w.f.Seek(w.base+w.pos, io.SeekStart)
}

func (w *Windows) unmap() {
	if w.mapped != nil {
		unix.Munmap(w.mapped)
		w.mapped = nil
	}
}
