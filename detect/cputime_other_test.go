//go:build !unix

package detect

import "time"

// cpuTime reports no processor time where getrusage is missing; the
// benchmarks then show only wall-clock time.
func cpuTime() time.Duration { return 0 }
