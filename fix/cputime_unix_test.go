//go:build unix

package fix

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used (user and system),
// which, unlike the wall clock, does not grow when other processes share
// the machine's cores.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
