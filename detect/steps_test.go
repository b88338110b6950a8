package detect

import (
	"math/rand/v2"
	"testing"
)

// TestScoreStepsAgreesWithScoreHigh checks that summing the counted steps
// gives exactly scoreHigh's unlimited sum, under every reading, on random
// bytes and on text-like runs of non-ASCII bytes.
func TestScoreStepsAgreesWithScoreHigh(t *testing.T) {
	tab := getTables()
	rng := rand.New(rand.NewPCG(1, 2))
	var h highSteps
	for trial := range 6 {
		b := make([]byte, 3000)
		for i := range b {
			switch {
			case trial%2 == 0:
				b[i] = byte(rng.IntN(256))
			case rng.IntN(3) == 0:
				b[i] = " etaoinsr,."[rng.IntN(11)]
			default:
				b[i] = 0x80 + byte(rng.IntN(128))
			}
		}
		var pos []int32
		for i, c := range b {
			if c >= 0x80 && i > 0 {
				pos = append(pos, int32(i))
			}
		}
		pos = pos[trial*10:] // as the second round, which starts anywhere
		h.count(b, pos)
		n := 0
		for _, e := range tab.readings().singles {
			for _, p := range e.pairs {
				if p.m.tri != nil {
					continue
				}
				n++
				if got, want := p.scoreSteps(&h), p.scoreHigh(b, pos, 1<<30); got != want {
					t.Fatalf("trial %d, %s/%s: scoreSteps %d, scoreHigh %d", trial, e.name, p.m.tag, got, want)
				}
			}
		}
		if n == 0 {
			t.Fatal("no reading without trigrams")
		}
	}
}
