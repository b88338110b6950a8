package detect

import "testing"

func TestUTF8Shape(t *testing.T) {
	for _, tc := range []struct {
		in          string
		over, other int32
		ok          bool
	}{
		{"\xC1\xAA\xCD\xA8", 1, 1, true},           // 联通 in GBK
		{"\xC1\xAA\xCD\xA8\r\n", 1, 1, true},       // with a line end
		{"a\xC0\x80b\xDF\xBF\xC2\x80", 1, 2, true}, // ASCII between units
		{"\xC0\xAF", 1, 0, true},
		{"\xC2\xA9", 0, 1, false},             // valid UTF-8: no overlong lead
		{"\xC1\xAA\xCD", 0, 0, false},         // a lead without its trail
		{"\xC1\xAA\xE4\xB8\xAD", 0, 0, false}, // a three-byte lead
		{"\xC1\xC1", 0, 0, false},             // trail out of range
		{"\xC1\x41", 0, 0, false},             // ASCII trail
		{"\xA1\xC1\xAA", 0, 0, false},         // a stray trail byte
		{"abc", 0, 0, false},
		{"", 0, 0, false},
	} {
		b := []byte(tc.in)
		var c0c1 uint32
		for _, c := range b {
			if c == 0xC0 || c == 0xC1 {
				c0c1++
			}
		}
		got := utf8Shape(b, c0c1)
		want := shape{tc.over, tc.other, tc.ok}
		if !tc.ok {
			want = shape{}
		}
		if got.ok != want.ok || (got.ok && got != want) {
			t.Errorf("utf8Shape(% x) = %+v, want %+v", b, got, want)
		}
	}
}

// TestShapeCosts checks the shape costs derived from the models against
// what the layouts of the encodings imply: GB 2312 puts frequent
// characters at UTF-8-shaped codes, Big5 few, and Shift_JIS none (its bytes
// C0–DF are single half-width katakana, a unit two of them).
func TestShapeCosts(t *testing.T) {
	tb := getTables()
	get := func(name string) shapeCosts {
		e := tb.readings().encs[name]
		if e == nil || e.kind != kindMulti {
			t.Skipf("no %s codec", name)
		}
		return e.table().shape
	}
	gbk, big5, sjis, eucjp := get("gbk"), get("big5"), get("shift_jis"), get("euc-jp")
	for k := range gbk {
		if !(gbk[k] < big5[k] && big5[k] < sjis[k]) {
			t.Errorf("unit kind %d: costs gbk %d, big5 %d, shift_jis %d: want increasing", k, gbk[k], big5[k], sjis[k])
		}
	}
	if gbk[unitOther] >= eucjp[unitOther] {
		t.Errorf("unit C2-DF: gbk %d, euc-jp %d: want gbk cheaper", gbk[unitOther], eucjp[unitOther])
	}
	inRange := func(what string, c shapeCosts) {
		for k, v := range c {
			if v < 0 || v > maxShapeCost {
				t.Errorf("%s: unit kind %d costs %d, outside [0, %d]", what, k, v, maxShapeCost)
			}
		}
	}
	for _, e := range tb.readings().multis {
		inRange(e.name, e.table().shape)
	}
	for _, e := range tb.readings().singles {
		for _, p := range e.pairs {
			inRange(e.name+"/"+p.m.tag, p.shape)
		}
	}
	for _, m := range tb.models {
		inRange("utf-16le/"+m.tag, tb.readings().shape16[m.idx][0])
		inRange("utf-16be/"+m.tag, tb.readings().shape16[m.idx][1])
	}
	s := shapeCosts{unitOther: 10, unitOver: 20}
	if got := s.cost(shape{over: 2, other: 3, ok: true}); got != 70 {
		t.Errorf("cost of 2 overlong and 3 other units = %d, want 70", got)
	}
	if got := s.cost(shape{over: 2, other: 3}); got != 0 {
		t.Errorf("cost of an input that is not UTF-8-shaped = %d, want 0", got)
	}
}
