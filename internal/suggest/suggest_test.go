package suggest

import (
	"reflect"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "abc", 0}, {"utf8", "utf-8", 1}, {"kitten", "sitting", 3}, {"", "abc", 3}} {
		if got := Distance(tc.a, tc.b); got != tc.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.d)
		}
	}
}

func TestClosest(t *testing.T) {
	names := []string{"convert", "validate", "list", "detect", "inspect"}
	if got := Closest("convrt", names, 2); !reflect.DeepEqual(got, []string{"convert"}) {
		t.Errorf("Closest(convrt) = %v", got)
	}
	if got := Closest("insp", names, 3); len(got) == 0 || got[0] != "inspect" {
		t.Errorf("Closest(insp) = %v", got)
	}
	if got := Closest("zzzzzzzz", names, 3); len(got) != 0 {
		t.Errorf("Closest(zzzzzzzz) = %v", got)
	}
}
