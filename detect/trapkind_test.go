package detect

import (
	"math/rand"
	"testing"
	"unicode/utf8"
)

// TestTrapKind measures the detector on inputs of the kind of the corpus's
// trap samples, made afresh: two to four GB 2312 characters whose bytes
// look like two-byte UTF-8 (a lead byte C0–DF, a trail byte A1–BF) with at
// least one overlong lead C0 or C1, so that they are not UTF-8. The
// characters are drawn at random, not from text, so a reading as another
// CJK encoding or as a single-byte one is often as likely; the test
// reports how often GBK is chosen and fails below a floor a little under
// the rate measured when it was written (76.4%; 73.3% before the Thai
// trigram model, the Good-Turing costs and the encoding prior).
func TestTrapKind(t *testing.T) {
	gbk := getTables().encs["gbk"]
	if gbk == nil {
		t.Skip("no GBK codec")
	}
	rng := rand.New(rand.NewSource(9))
	const n = 2000
	right := 0
	lost := map[string]int{}
	for made := 0; made < n; {
		k := 2 + rng.Intn(3)
		var b []byte
		overlong := false
		for i := 0; i < k; i++ {
			lead := byte(0xC0 + rng.Intn(32))
			overlong = overlong || lead < 0xC2
			b = append(b, lead, byte(0xA1+rng.Intn(31)))
		}
		if !overlong || utf8.Valid(b) || !gbk.valid(b, true) {
			continue
		}
		made++
		want, err := gbk.decode(nil, b, true)
		if err != nil {
			t.Fatal(err)
		}
		best := Detect(b).Best()
		if best.Encoding == "utf-8" {
			t.Fatalf("% x: reported as UTF-8", b)
		}
		got, ok := decodeAs(best.Encoding, best.BOM, b)
		if ok && got == string(want) {
			right++
		} else {
			lost[best.Encoding]++
		}
	}
	rate := float64(right) / n
	t.Logf("GBK chosen for %.1f%% of %d UTF-8-shaped GBK strings; lost to %v", 100*rate, n, lost)
	if rate < 0.70 {
		t.Errorf("GBK chosen for %.1f%% of UTF-8-shaped GBK strings, below 70%%", 100*rate)
	}
}
