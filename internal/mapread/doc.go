// Package mapread reads a regular file through a memory map, one window at
// a time, so that a stream of a large file costs no copy from the page
// cache and only a window's worth of resident memory.
//
// A reader that stands for a regular file says so by implementing Source
// (an *os.File is one by itself, through FileSource). Platforms without
// mmap, and files that cannot be mapped (pipes, devices, empty or small
// files), get no Windows, and the caller reads as usual.
//
// A mapped file that shrinks while it is read would fault on access; the
// caller runs its loop under Guard, which turns that fault into
// ErrChanged instead of a crash.
//
// Windows also reads pieces of the same input with pread (ReadAt), for
// callers that spread a file over several goroutines, each copying its
// pieces into a buffer of its own: for a file read once from end to end,
// that copy costs less than the page tables of a map.
package mapread

import (
	"errors"
	"os"
)

// Source is a reader of a regular file that may be read through a memory
// map instead of its Read method.
type Source interface {
	// MappedFile returns the file, read from its current offset.
	MappedFile() *os.File
	// Step is called before each window is mapped, with the number of
	// bytes done with since the last call (0 before the first window);
	// an error stops the reading, as a read error would.
	Step(n int) error
}

// FileSource is the Source of a plain *os.File.
type FileSource struct{ F *os.File }

// MappedFile returns s.F.
func (s FileSource) MappedFile() *os.File { return s.F }

// Step does nothing.
func (FileSource) Step(int) error { return nil }

// ErrChanged is the error of a read of a file that shrank while it was
// mapped.
var ErrChanged = errors.New("the file shrank while it was being read")
