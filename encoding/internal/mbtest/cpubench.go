package mbtest

import (
	"runtime"
	"syscall"
	"time"

	"golang.org/x/text/transform"
)

// CPUTime runs t over src iters times and returns the thread CPU time per
// run: on a shared machine it varies far less than wall time.
func CPUTime(t transform.Transformer, src []byte, iters int) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	dst := make([]byte, 4*len(src)+64)
	best := time.Duration(1 << 62)
	for round := 0; round < 5; round++ {
		var a, b syscall.Rusage
		syscall.Getrusage(1, &a) // RUSAGE_THREAD
		for i := 0; i < iters; i++ {
			t.Reset()
			t.Transform(dst, src, true)
		}
		syscall.Getrusage(1, &b)
		d := time.Duration(b.Utime.Nano()+b.Stime.Nano()-a.Utime.Nano()-a.Stime.Nano()) / time.Duration(iters)
		best = min(best, d)
	}
	return best
}
