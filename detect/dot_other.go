//go:build !amd64 || !gc || purego

package detect

// dotHigh returns the sum of hist[i]*cost[i] in int32 arithmetic.
func dotHigh(hist *[128]uint32, cost *[128]int32) int32 { return dotHighScalar(hist, cost) }

// denseMin returns the number of distinct non-ASCII bytes from which
// quickRound sums over all of them with dotHigh.
func denseMin() int { return 64 }
