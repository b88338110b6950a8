package mapread

import "golang.org/x/sys/unix"

// mapRange maps n bytes of fd from off, with the page tables filled in
// at once from the page cache (MADV_POPULATE_READ): fault by fault would
// cost a trap every 16 pages. The map is marked random-access first, so
// that filling it in does not go through the readahead logic page by page
// (in profiles of MAP_POPULATE that took up to a third of the time of
// ucs validate, in spin locks); instead, when some of the window is not in
// the page cache, the whole window is asked for with one readahead
// (FADV_WILLNEED), which reads it in large requests.
func mapRange(fd int, off int64, n int) ([]byte, error) {
	m, err := unix.Mmap(fd, off, n, unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	if !cached(fd, off, n) {
		unix.Fadvise(fd, off, int64(n), unix.FADV_WILLNEED)
	}
	unix.Madvise(m, unix.MADV_RANDOM)
	// Linux 5.14 and later; before, the pages fault in as they are read.
	unix.Madvise(m, unix.MADV_POPULATE_READ)
	return m, nil
}

// cached reports whether the n bytes of fd from off are all in the page
// cache. It asks cachestat (Linux 6.5 and later), which counts the pages
// a large folio at a time: FADV_WILLNEED looks every page up even when
// all are there, which cost a sixth of the time of a window mapped from
// the cache. Where cachestat is missing it reports false.
func cached(fd int, off int64, n int) bool {
	var st unix.Cachestat_t
	r := unix.CachestatRange{Off: uint64(off), Len: uint64(n)}
	if unix.Cachestat(uint(fd), &r, &st, 0) != nil {
		return false
	}
	page := uint64(unix.Getpagesize())
	first := uint64(off) / page
	last := (uint64(off) + uint64(n) + page - 1) / page
	return st.Cache >= last-first
}
