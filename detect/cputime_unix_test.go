//go:build unix

package detect

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, which a machine busy
// with other work inflates less than the wall-clock time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
