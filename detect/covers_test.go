package detect

import (
	"math/rand"
	"testing"
)

// TestCoveringTablesAgreeWithDecoder checks the rule multiScored relies on
// to confirm an extension (GB 18030 over GBK) without its decoder: when
// tableCovers says the extension's tables hold the base's, every input
// the base's walk accepts with no longer sequence is accepted by the
// extension's decoder. For the pairs it says no to, such an input must be
// found that the extension's decoder refuses, or tableCovers has missed a
// pair it could have said yes to. At least one pair must be covered.
func TestCoveringTablesAgreeWithDecoder(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	covered := 0
	for _, e := range getTables().readings().multis {
		if e.base == nil {
			continue
		}
		bt, et := e.base.table(), e.table()
		covers := tableCovers(et, bt)
		var chars [][]byte
		for c := 0x80; c < 0x100; c++ {
			if bt.single[c] != bad {
				chars = append(chars, []byte{byte(c)})
			}
		}
		for i, v := range bt.pair {
			if v != bad {
				chars = append(chars, []byte{byte(i>>8 + 0x80), byte(i)})
			}
		}
		checked, refused := 0, 0
		for round := 0; round < 3000; round++ {
			var b []byte
			for k := rng.Intn(60); k > 0; k-- {
				if rng.Intn(3) == 0 {
					b = append(b, byte(0x20+rng.Intn(0x5F)))
				} else {
					b = append(b, chars[rng.Intn(len(chars))]...)
				}
			}
			if len(b) > 0 && rng.Intn(4) == 0 {
				b = b[:rng.Intn(len(b))]
			}
			for _, atEOF := range []bool{true, false} {
				_, ok, long := bt.score(b, 0, atEOF, &asciiTrailCost)
				if !ok || long {
					continue
				}
				checked++
				if !e.valid(b, atEOF) {
					refused++
					if covers {
						t.Fatalf("%s over %s: the tables cover the base's, yet the decoder refuses % x (atEOF %v), which the base's walk accepts", e.name, e.base.name, b, atEOF)
					}
				}
			}
		}
		if checked < 1000 {
			t.Errorf("%s over %s: only %d inputs checked", e.name, e.base.name, checked)
		}
		if covers {
			covered++
		} else if refused == 0 {
			t.Logf("%s over %s: not covered, and no input refused", e.name, e.base.name)
		}
	}
	if covered == 0 {
		t.Fatal("no extension's tables cover its base's; multiScored never spares the decoder")
	}
}

// TestCoversBaseWaitsForBuiltTables checks that an extension asks its
// decoder, not its tables, until refusedLimit inputs have asked, and then
// answers as tableCovers does.
func TestCoversBaseWaitsForBuiltTables(t *testing.T) {
	var ext *enc
	for _, e := range getTables().readings().multis {
		if e.base != nil && e.ownPages {
			ext = e
			break
		}
	}
	if ext == nil {
		t.Skip("no extension with pages of its own")
	}
	// A fresh copy, so that other tests' use of the shared one does not count.
	e := &enc{encSpec: ext.encSpec, cs: ext.cs, newT: ext.newT, model: ext.model, block: ext.block, base: ext.base, idx: ext.idx, ownPages: true}
	for i := 0; i < refusedLimit; i++ {
		if e.coversBase() {
			t.Fatalf("%s: covered after %d inputs, before its tables were built", e.name, i)
		}
	}
	if e.mb.Load() != nil {
		t.Fatalf("%s: tables built before %d inputs asked", e.name, refusedLimit)
	}
	if got, want := e.coversBase(), tableCovers(e.table(), e.base.table()); got != want {
		t.Fatalf("%s: coversBase %v, tableCovers %v", e.name, got, want)
	}
}
