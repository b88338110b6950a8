package enctest

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPUTime returns the CPU time (user and system) of the calling
// thread, or 0 when it cannot be read.
func threadCPUTime() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
