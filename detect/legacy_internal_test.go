package detect

import (
	"math/rand"
	"testing"
)

// TestScoreHighMatchesScore checks the position-based scorer against the
// byte-by-byte reference on random text.
func TestScoreHighMatchesScore(t *testing.T) {
	tb := getTables()
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 200; n++ {
		b := make([]byte, rng.Intn(64))
		for i := range b {
			if rng.Intn(3) == 0 {
				b[i] = byte(0x80 + rng.Intn(128))
			} else {
				b[i] = byte(0x20 + rng.Intn(95))
			}
		}
		var pos []int32
		for i, c := range b {
			if c >= 0x80 {
				pos = append(pos, int32(i))
			}
		}
		e := tb.readings().singles[rng.Intn(len(tb.readings().singles))]
		p := e.pairs[rng.Intn(len(e.pairs))]
		hi, lo := p.score(b)
		if got := p.scoreHigh(b, pos, 1<<30); got != hi {
			t.Fatalf("%s/%s %q: scoreHigh %d, score %d", e.name, p.m.tag, b, got, hi)
		}
		if got := asciiScore(p.m, b); got != lo {
			t.Fatalf("%s/%s %q: asciiScore %d, score %d", e.name, p.m.tag, b, got, lo)
		}
	}
}

// TestASCIIStepsMatchScore checks the counted ASCII scorer against the
// direct one.
func TestASCIIStepsMatchScore(t *testing.T) {
	tb := getTables()
	rng := rand.New(rand.NewSource(2))
	for n := 0; n < 200; n++ {
		b := make([]byte, rng.Intn(80))
		for i := range b {
			if rng.Intn(4) == 0 {
				b[i] = byte(0x80 + rng.Intn(128))
			} else {
				b[i] = byte(rng.Intn(128))
			}
		}
		var a asciiSteps
		a.count(b)
		m := tb.models[rng.Intn(len(tb.models))]
		if m.cjk {
			continue
		}
		if got, want := a.score(m), asciiScore(m, b); got != want {
			t.Fatalf("%s %q: counted %d, direct %d", m.tag, b, got, want)
		}
	}
}
