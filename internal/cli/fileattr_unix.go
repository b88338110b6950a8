//go:build unix

package cli

import (
	"os"
	"syscall"
	"time"
)

// linkCount returns the number of hard links of the file st describes.
func linkCount(st os.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Nlink)
	}
	return 1
}

// keepOwner gives f the owner and group of st, as far as allowed: the
// group alone when the owner cannot be changed, nothing when neither can.
func keepOwner(f *os.File, st os.FileInfo) {
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if f.Chown(int(s.Uid), int(s.Gid)) != nil {
		f.Chown(-1, int(s.Gid))
	}
}

// processAlive reports whether a process with this id exists.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}

// umask returns the process's file mode creation mask.
func umask() os.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m)
}

// accessTime returns the last access time of the file st describes.
func accessTime(st os.FileInfo) time.Time {
	return atime(st)
}

// writable reports whether this process may write the existing file path.
func writable(path string) bool {
	return syscall.Access(path, 2 /* W_OK */) == nil
}
