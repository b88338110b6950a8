package detect

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// scorePartsByPosition is the first and second bigram rounds of
// scoreParts with the head summed position by position under every
// reading (no counted steps in the first round): the reference that the
// counted head must agree with.
func scorePartsByPosition(finalists []quick, sample []byte, ae *asciiEvidence) []part {
	var pos []int32
	for i, c := range sample {
		if c >= 0x80 {
			pos = append(pos, int32(i))
		}
	}
	var parts []part
	head, tail := pos, pos[:0]
	if len(pos) > firstRound {
		head, tail = pos[:firstRound], pos[firstRound:]
	}
	for _, f := range finalists {
		lo := ae.of(f.p.m)
		parts = append(parts, part{f.p, 0, lo, f.dup})
		if f.p.m.latin && lo < ae.refASCII {
			ae.refASCII = lo
		}
	}
	foreign := ae.foreign()
	for i := range parts {
		if lo := parts[i].lo; !parts[i].p.m.latin || lo > foreign {
			parts[i].lo = foreign
		}
	}
	bestHead := int32(1 << 30)
	for i := range parts {
		limit := int32(1 << 30)
		if len(tail) > 0 {
			limit = bestHead + roundMargin - parts[i].lo
		}
		if d := parts[i].dup; d >= 0 {
			parts[i].hi = parts[d].hi
		} else {
			parts[i].hi = parts[i].p.scoreHigh(sample, head, limit)
		}
		bestHead = min(bestHead, parts[i].hi+parts[i].lo)
	}
	if len(tail) > 0 {
		var more []int32
		var kept []part
		for i, p := range parts {
			more = append(more, 0)
			if p.hi+p.lo > bestHead+roundMargin {
				continue
			}
			if p.dup >= 0 {
				more[i] = more[p.dup]
			} else {
				more[i] = p.p.scoreHigh(sample, tail, 1<<30)
			}
			p.hi += more[i]
			kept = append(kept, p)
		}
		parts = kept
	}
	return parts
}

// TestHeadStepsAgreeWithPositions checks that the first bigram round,
// which counts the head's steps past its first positions once and sums
// them per reading, keeps the same readings with the same costs as the
// sum position by position, on CJK-like, Cyrillic-like, Latin-like and
// random samples, long ones (with a second round) and short ones.
func TestHeadStepsAgreeWithPositions(t *testing.T) {
	tab := getTables()
	rng := rand.New(rand.NewPCG(7, 8))
	gen := sampleMakers(rng)
	counted := 0
	for name, g := range gen {
		for _, n := range []int{40, 300, 900, 4096} {
			for _, lead := range []bool{false, true} {
				b := g(n)
				if lead {
					b = append([]byte{0xC1}, b...) // a non-ASCII byte at position 0
				}
				w := getScratch(tab)
				var hist [256]uint32
				for _, c := range b {
					hist[c]++
				}
				w.present = w.present[:0]
				for c := 0x80; c < 256; c++ {
					if hist[c] > 0 {
						w.present = append(w.present, byte(c))
					}
				}
				ae := newASCIIEvidence(tab, b, w)
				finalists := slices.Clone(quickRound(tab, &hist, w.present, &ae, w))
				if ae.ref != nil {
					ae.refASCII = ae.of(ae.ref)
				}
				ae2 := ae
				want := scorePartsByPosition(finalists, b, &ae2)
				got := slices.Clone(scoreParts(finalists, b, &ae, w))
				scratchPool.Put(w)
				var pos int
				for _, c := range b {
					if c >= 0x80 {
						pos++
					}
				}
				if min(pos, firstRound) > headPrefix && countsPay(got) {
					counted++
				}
				if len(got) != len(want) {
					t.Fatalf("%s, %d bytes: %d readings kept, by position %d", name, len(b), len(got), len(want))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s, %d bytes: reading %d is %s/%s hi %d lo %d, by position %s/%s hi %d lo %d", name, len(b), i,
							got[i].p.e.name, got[i].p.m.tag, got[i].hi, got[i].lo, want[i].p.e.name, want[i].p.m.tag, want[i].hi, want[i].lo)
					}
				}
			}
		}
	}
	if counted == 0 {
		t.Fatal("no sample took the counted head")
	}
}

// sampleMakers returns makers of samples of n bytes or a little more:
// CJK-like, Cyrillic-like, Latin-like and random.
func sampleMakers(rng *rand.Rand) map[string]func(n int) []byte {
	return map[string]func(n int) []byte{
		"cjk": func(n int) []byte { // two-byte characters A1–FE, some spaces
			var b []byte
			for len(b) < n {
				if rng.IntN(6) == 0 {
					b = append(b, ' ')
				}
				b = append(b, 0xB0+byte(rng.IntN(0x19)), 0xA1+byte(rng.IntN(0x5E)))
			}
			return b
		},
		"cyrillic": func(n int) []byte { // words of letters C0–FF
			var b []byte
			for len(b) < n {
				for range 1 + rng.IntN(8) {
					b = append(b, 0xC0+byte(rng.IntN(64)))
				}
				b = append(b, " ,."[rng.IntN(3)])
			}
			return b
		},
		"latin": func(n int) []byte { // ASCII words with a few accented letters
			var b []byte
			for len(b) < n {
				c := "etaoinsrhl"[rng.IntN(10)]
				if rng.IntN(8) == 0 {
					c = "\xE9\xE8\xE0\xF4\xE7\xFC"[rng.IntN(6)]
				}
				b = append(b, c)
				if rng.IntN(6) == 0 {
					b = append(b, ' ')
				}
			}
			return b
		},
		"random": func(n int) []byte {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(rng.IntN(256))
			}
			return b
		},
	}
}

// TestCostFloorSkipsNoFinalist checks that quickRound, which passes over
// a single-byte encoding when the sum of its cost floor is past the bound,
// keeps the same finalists at the same costs as without that shortcut
// (every floor zero), and that each floor is the lowest cost of its pairs.
func TestCostFloorSkipsNoFinalist(t *testing.T) {
	tab := buildTables()
	singles := tab.readings().singles
	for _, e := range singles {
		for c := range 128 {
			low := e.pairs[0].cost[128+c]
			for _, p := range e.pairs {
				low = min(low, p.cost[128+c])
			}
			if e.floor[c] != low {
				t.Fatalf("%s: floor of %#x is %d, lowest cost %d", e.name, 0x80+c, e.floor[c], low)
			}
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	type sample struct {
		name string
		b    []byte
	}
	var samples []sample
	for name, g := range sampleMakers(rng) {
		for _, n := range []int{300, 4096} {
			samples = append(samples, sample{name, g(n)})
		}
	}
	run := func(b []byte) []quick {
		w := getScratch(tab)
		defer scratchPool.Put(w)
		var hist [256]uint32
		for _, c := range b {
			hist[c]++
		}
		w.present = w.present[:0]
		for c := 0x80; c < 256; c++ {
			if hist[c] > 0 {
				w.present = append(w.present, byte(c))
			}
		}
		ae := newASCIIEvidence(tab, b, w)
		return slices.Clone(quickRound(tab, &hist, w.present, &ae, w))
	}
	want := make([][]quick, len(samples))
	floors := make([][128]int32, len(singles))
	for i, e := range singles {
		floors[i] = e.floor
		e.floor = [128]int32{}
	}
	for i, s := range samples {
		want[i] = run(s.b)
	}
	for i, e := range singles {
		e.floor = floors[i]
	}
	for i, s := range samples {
		if got := run(s.b); !slices.Equal(got, want[i]) {
			t.Fatalf("%s, %d bytes: finalists differ with the cost floors", s.name, len(s.b))
		}
		if len(want[i]) == 0 {
			t.Fatalf("%s, %d bytes: no finalist", s.name, len(s.b))
		}
	}
}
