package detect

import (
	"math/rand"
	"testing"
)

// TestMultiWalkAgreesWithDecoder checks the rule multiScored relies on to
// skip the decoder: when the walk through an encoding's tables accepts the
// input and met no sequence longer than two bytes (long false), the
// decoder accepts it too. The inputs are characters the tables hold, drawn
// at random, with ASCII between them, sometimes a random byte, and cut
// anywhere.
func TestMultiWalkAgreesWithDecoder(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, e := range getTables().readings().multis {
		mt := e.table()
		var chars [][]byte
		for c := 0x80; c < 0x100; c++ {
			if mt.single[c] != bad {
				chars = append(chars, []byte{byte(c)})
			}
		}
		for i, v := range mt.pair {
			if v != bad {
				chars = append(chars, []byte{byte(i>>8 + 0x80), byte(i)})
			}
		}
		checked := 0
		for round := 0; round < 3000; round++ {
			var b []byte
			for k := rng.Intn(40); k > 0; k-- {
				switch r := rng.Intn(10); {
				case r < 6:
					b = append(b, chars[rng.Intn(len(chars))]...)
				case r < 9:
					b = append(b, byte(0x20+rng.Intn(0x5F)))
				default:
					b = append(b, byte(rng.Intn(256)))
				}
			}
			if len(b) > 0 && rng.Intn(4) == 0 {
				b = b[:rng.Intn(len(b))]
			}
			for _, atEOF := range []bool{true, false} {
				_, ok, long := mt.score(b, 0, atEOF, &asciiTrailCost)
				if ok && !long {
					checked++
					if !e.valid(b, atEOF) {
						t.Fatalf("%s: the walk accepts % x (atEOF %v) without the decoder, which refuses it", e.name, b, atEOF)
					}
				}
			}
		}
		if checked < 1000 {
			t.Errorf("%s: only %d inputs checked", e.name, checked)
		}
	}
}
