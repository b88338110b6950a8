//go:build !linux

package singlebyte

import "time"

// threadCPUTime is not available here: the benchmarks report wall-clock
// figures only.
func threadCPUTime() time.Duration { return 0 }
