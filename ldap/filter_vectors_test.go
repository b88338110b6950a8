package ldap

import (
	"encoding/hex"
	"errors"
	"testing"
)

// filterDifferences lists the rows of filters.jsonl where ucs differs on
// purpose, with the RFC section that justifies it. Empty: every row passes.
var filterDifferences = map[string]string{}

func TestFilterVectors(t *testing.T) {
	rows := readVectors(t, "filters.jsonl")
	pass := 0
	for i, r := range rows {
		in, _ := r["filter"].(string)
		if h, ok := r["filter_hex"].(string); ok {
			b, err := hex.DecodeString(h)
			if err != nil {
				t.Fatalf("row %d: bad filter_hex", i+1)
			}
			in = string(b)
		}
		if why, ok := filterDifferences[in]; ok {
			t.Logf("row %d %q: known difference: %s", i+1, in, why)
			continue
		}
		ok := checkFilterRow(t, i+1, in, r)
		if ok {
			pass++
		}
	}
	t.Logf("filters.jsonl: %d of %d rows pass, %d listed differences", pass, len(rows), len(filterDifferences))
}

func checkFilterRow(t *testing.T, line int, in string, r map[string]any) bool {
	t.Helper()
	ok := true
	f, err := ParseFilter(in)
	valid := r["valid"].(bool)
	if (err == nil) != valid {
		t.Errorf("line %d %q: valid=%v, want %v (err %v)", line, in, err == nil, valid, err)
		return false
	}
	if valid {
		if want, _ := r["canonical"].(string); f.String() != want {
			t.Errorf("line %d %q: canonical %q, want %q", line, in, f.String(), want)
			ok = false
		}
		if want, _ := r["ber_hex"].(string); hex.EncodeToString(f.BER()) != want {
			t.Errorf("line %d %q: BER %x, want %s", line, in, f.BER(), want)
			ok = false
		}
		g, err := DecodeFilterBER(f.BER())
		if err != nil || !g.Equal(f) {
			t.Errorf("line %d %q: BER round trip: %v, %v", line, in, g, err)
			ok = false
		}
		h, err := ParseFilter(f.String())
		if err != nil || !h.Equal(f) {
			t.Errorf("line %d %q: String round trip %q: %v", line, in, f.String(), err)
			ok = false
		}
	} else {
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("line %d %q: error %T, want *SyntaxError", line, in, err)
			return false
		}
		if want, has := r["error_byte_offset"].(float64); has && se.Offset != int(want) {
			t.Errorf("line %d %q: error at byte %d, want %d (%v; reference says %v)", line, in, se.Offset, int(want), se, r["error"])
			ok = false
		}
	}
	for key, d := range map[string]Dialect{"valid_rfc4526": RFC4526, "valid_rfc1558": RFC1558} {
		want, has := r[key].(bool)
		if !has {
			continue
		}
		_, err := FilterParser{Dialect: d}.Parse(in)
		if (err == nil) != want {
			t.Errorf("line %d %q: %s valid=%v, want %v (%v)", line, in, d, err == nil, want, err)
			ok = false
		}
	}
	return ok
}
