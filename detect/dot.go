package detect

// dotHighScalar returns the sum of hist[i]*cost[i] in int32 arithmetic:
// the unigram cost of the non-ASCII bytes of a sample (hist counts each
// byte 80–FF) under a single-byte reading (cost is its cost per byte).
// dotHigh is the same, with vector instructions where the CPU has them.
func dotHighScalar(hist *[128]uint32, cost *[128]int32) int32 {
	var s0, s1, s2, s3 int32
	for i := 0; i < 128; i += 4 {
		s0 += int32(hist[i]) * cost[i]
		s1 += int32(hist[i+1]) * cost[i+1]
		s2 += int32(hist[i+2]) * cost[i+2]
		s3 += int32(hist[i+3]) * cost[i+3]
	}
	return s0 + s1 + s2 + s3
}
