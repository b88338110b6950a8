//go:build !linux

package mbtest

import "time"

func threadCPUTime() time.Duration { return 0 }
