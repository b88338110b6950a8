//go:build unix

package mapread

import (
	"io"
	"os"
	"runtime"
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
	// ahead, when set (more than one processor), maps and fills in the
	// next window in another goroutine while the current one is read, and
	// unmaps the previous one there too: the reader's goroutine then makes
	// no system call of the map's in the common case. next is the result
	// of that goroutine, nil when none is under way.
	ahead bool
	next  chan mapped
	hits  int // windows taken from the map made ahead (for the tests)
}

// mapped is a window mapped ahead: the map of the file bytes from off.
type mapped struct {
	m   []byte
	off int64 // file offset of m[0]
	err error
}

// overlap is how far the window mapped ahead starts before the end of
// the current one: the reader asks for the next window from the first
// byte it has not used up, which is a few bytes before the end (an
// incomplete character). A reader that leaves more gets its window
// mapped when it asks.
const overlap = 64 << 10

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
	return &Windows{f: f, base: cur, size: st.Size() - cur, window: window, ahead: runtime.GOMAXPROCS(0) > 1}
}

// At returns the input from offset off to the end of a window: at least
// one byte more than the previous window held from off on, unless the
// input ends. eof is true when the bytes reach the end of the file as it
// was when Open was called. The previous window is unmapped: its bytes
// must no longer be used.
func (w *Windows) At(off int64) (b []byte, eof bool, err error) {
	old := w.mapped
	w.mapped = nil
	if off >= w.size {
		w.release(old)
		return nil, true, nil
	}
	page := int64(os.Getpagesize())
	fileOff := w.base + off
	var m []byte
	var start int64
	if w.next != nil {
		r := <-w.next
		w.next = nil
		switch {
		case r.err == nil && r.off <= fileOff && fileOff < r.off+int64(len(r.m)) && r.off+int64(len(r.m)) > w.base+w.pos:
			m, start = r.m, r.off
			w.hits++
		case r.err == nil:
			unix.Munmap(r.m)
		}
	}
	if m == nil {
		// The map starts on a page: the file offset of off rounded down.
		start = fileOff &^ (page - 1)
		end := min(start+int64(w.window), w.base+w.size)
		if m, err = mapRange(int(w.f.Fd()), start, int(end-start)); err != nil {
			w.release(old)
			return nil, false, err
		}
	}
	end := start + int64(len(m))
	w.mapped = m
	w.mapOff = start - w.base
	w.pos = end - w.base
	eof = end == w.base+w.size
	if w.ahead && !eof {
		// The next window starts a little before this one ends (see
		// overlap), on a page.
		next := max(end-min(overlap, int64(w.window)/4), start+page) &^ (page - 1)
		nend := min(next+int64(w.window), w.base+w.size)
		ch := make(chan mapped, 1)
		w.next = ch
		fd := int(w.f.Fd())
		go func() {
			if old != nil {
				unix.Munmap(old)
			}
			m, err := mapRange(fd, next, int(nend-next))
			ch <- mapped{m: m, off: next, err: err}
		}()
	} else {
		w.release(old)
	}
	return m[fileOff-start:], eof, nil
}

// release unmaps m, if any.
func (w *Windows) release(m []byte) {
	if m != nil {
		unix.Munmap(m)
	}
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

// Close unmaps the last window (and the one mapped ahead) and leaves the
// file's offset after the last byte handed on, as reading would have.
func (w *Windows) Close() {
	w.release(w.mapped)
	w.mapped = nil
	if w.next != nil {
		if r := <-w.next; r.err == nil {
			unix.Munmap(r.m)
		}
		w.next = nil
	}
	w.f.Seek(w.base+w.pos, io.SeekStart)
}

// FileOffset returns the file offset of input offset 0.
func (w *Windows) FileOffset() int64 { return w.base }

// Size returns the number of input bytes: from the offset of the file
// when Open was called to its end as it was then.
func (w *Windows) Size() int64 { return w.size }

// ReadAt reads the len(p) input bytes from input offset off into p,
// with pread: a reader that takes a piece of the input into a buffer of
// its own, beside the windows. It is safe to call from several
// goroutines at once (not beside At or Close). It returns ErrChanged
// when the file ends before them (it shrank).
func (w *Windows) ReadAt(p []byte, off int64) error {
	if off < 0 || off+int64(len(p)) > w.size {
		return ErrChanged
	}
	for len(p) > 0 {
		k, err := w.f.ReadAt(p, w.base+off)
		if k == 0 && err != nil {
			if err == io.EOF {
				return ErrChanged
			}
			return err
		}
		p, off = p[k:], off+int64(k)
	}
	return nil
}

// Handed tells w that the input up to offset off was handed on by other
// means than At (ReadAt): Close leaves the file's offset after it.
func (w *Windows) Handed(off int64) { w.pos = max(w.pos, off) }
