//go:build unix && !linux

package mapread

import "golang.org/x/sys/unix"

// mapRange maps n bytes of fd from off; the pages fault in as they are
// read, with the system's readahead.
func mapRange(fd int, off int64, n int) ([]byte, error) {
	return unix.Mmap(fd, off, n, unix.PROT_READ, unix.MAP_SHARED)
}
