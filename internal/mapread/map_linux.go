package mapread

import "golang.org/x/sys/unix"

// mapRange maps n bytes of fd from off, with the page tables filled in
// at once from the page cache (MADV_POPULATE_READ): fault by fault would
// cost a trap every 16 pages. The map is marked random-access first, so
// that filling it in does not go through the readahead logic page by page
// (in profiles of MAP_POPULATE that took up to a third of the time of
// ucs validate, in spin locks); instead the whole window is asked for
// with one readahead (FADV_WILLNEED), which costs a look-up when it is
// already in the page cache and reads it in large requests when not.
func mapRange(fd int, off int64, n int) ([]byte, error) {
	m, err := unix.Mmap(fd, off, n, unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	unix.Fadvise(fd, off, int64(n), unix.FADV_WILLNEED)
	unix.Madvise(m, unix.MADV_RANDOM)
	// Linux 5.14 and later; before, the pages fault in as they are read.
	unix.Madvise(m, unix.MADV_POPULATE_READ)
	return m, nil
}
