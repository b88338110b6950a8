package mapread

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestCached checks the page cache test that decides whether a window is
// read ahead: a file just written is in the cache, the same file after
// its pages were written out and dropped is not, and a range of it read
// again is, while the rest is still out.
func TestCached(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	data := make([]byte, 64*os.Getpagesize())
	for i := range data {
		data[i] = byte(i)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fd := int(f.Fd())
	var st unix.Cachestat_t
	if err := unix.Cachestat(uint(fd), &unix.CachestatRange{Len: 1}, &st, 0); errors.Is(err, unix.ENOSYS) {
		t.Skip("no cachestat on this kernel")
	}
	page := os.Getpagesize()
	if !cached(fd, 0, len(data)) {
		t.Fatal("a file just written: not in the page cache")
	}
	if !cached(fd, 100, len(data)-200) {
		t.Fatal("a range off page edges of a file just written: not in the page cache")
	}
	if err := unix.Fdatasync(fd); err != nil {
		t.Fatal(err)
	}
	if err := unix.Fadvise(fd, 0, 0, unix.FADV_DONTNEED); err != nil {
		t.Fatal(err)
	}
	if cached(fd, 0, len(data)) {
		t.Skip("the page cache kept the file after FADV_DONTNEED")
	}
	// Read pages 8 to 15 back, with no readahead around them.
	if err := unix.Fadvise(fd, 0, 0, unix.FADV_RANDOM); err != nil {
		t.Fatal(err)
	}
	if _, err := f.ReadAt(make([]byte, 8*page), int64(8*page)); err != nil {
		t.Fatal(err)
	}
	if !cached(fd, int64(8*page), 8*page) {
		t.Error("pages just read: not in the page cache")
	}
	if cached(fd, int64(8*page)+1, 8*page) {
		t.Error("a range one byte into a dropped page: reported in the page cache")
	}
	if cached(fd, 0, len(data)) {
		t.Error("a file with dropped pages: reported in the page cache")
	}
}
