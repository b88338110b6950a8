//go:build !unix

package mapread

import "os"

// Windows maps a file a window at a time; on this platform there is no
// mmap and Open always returns nil.
type Windows struct{}

// Open returns nil: files are read, not mapped, here.
func Open(*os.File, int, int64) *Windows { return nil }

// At is never called: Open returns no Windows.
func (*Windows) At(int64) ([]byte, bool, error) { return nil, true, nil }

// Contains reports false.
func (*Windows) Contains(uintptr) bool { return false }

// Close does nothing.
func (*Windows) Close() {}

// FileOffset is never called: Open returns no Windows.
func (*Windows) FileOffset() int64 { return 0 }

// Size is never called: Open returns no Windows.
func (*Windows) Size() int64 { return 0 }

// ReadAt is never called: Open returns no Windows.
func (*Windows) ReadAt([]byte, int64) error { return ErrChanged }

// Handed is never called: Open returns no Windows.
func (*Windows) Handed(int64) {}
