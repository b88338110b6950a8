package detect

import (
	"math/rand"
	"testing"
)

// TestDotHigh compares dotHigh (the vector kernel where the CPU has one)
// with a plain sum, on random counts and costs, wrapping included.
func TestDotHigh(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var hist [128]uint32
	var cost [128]int32
	for round := 0; round < 2000; round++ {
		for i := range hist {
			switch round % 3 {
			case 0:
				hist[i], cost[i] = uint32(rng.Intn(5000)), int32(rng.Intn(256))
			case 1:
				hist[i], cost[i] = rng.Uint32(), int32(rng.Uint32())
			default:
				hist[i], cost[i] = 0, int32(rng.Intn(256))
				if rng.Intn(8) == 0 {
					hist[i] = uint32(rng.Intn(100))
				}
			}
		}
		var want int32
		for i := range hist {
			want += int32(hist[i]) * cost[i]
		}
		if got := dotHigh(&hist, &cost); got != want {
			t.Fatalf("round %d: dotHigh = %d, want %d", round, got, want)
		}
		if got := dotHighScalar(&hist, &cost); got != want {
			t.Fatalf("round %d: dotHighScalar = %d, want %d", round, got, want)
		}
	}
}
