package cli

import (
	"os"
	"syscall"
	"time"
)

func atime(st os.FileInfo) time.Time {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return time.Unix(s.Atim.Sec, s.Atim.Nsec)
	}
	return st.ModTime()
}
